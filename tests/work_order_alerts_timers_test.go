package tests

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

func TestAlertsOnGroupedOperationsCarryTheWorkOrderUntilItIsDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	before := raiseAlert(t, te, s.Job, s.Mill, "Raised before grouping")
	onDeburr := raiseAlert(t, te, s.Job, s.Deburr, "Not grouped")
	body := woBody(woOp(s.Job, s.Mill))
	body["name"] = "Laser nest"
	wo := createWorkOrder(t, te, body)
	number := getWorkOrder(t, te, wo).Number
	after := raiseAlert(t, te, s.Job, s.Mill, "Raised after grouping")
	for _, id := range []int64{before, after} {
		a := getAlert(t, te, id)
		if a.Source != client.AlertSourceWorkOrder || a.WorkOrder == nil || a.WorkOrder.Id != wo || a.WorkOrder.Number != number ||
			a.WorkOrder.Name == nil || *a.WorkOrder.Name != "Laser nest" {
			t.Fatalf("alert %d on a grouped operation reads %s", id, mustJSON(t, a))
		}
	}
	if a := getAlert(t, te, onDeburr); a.Source != client.AlertSourceJob || a.WorkOrder != nil {
		t.Fatalf("alert on an operation not grouped reads %s", mustJSON(t, a))
	}
	mustAlertIDs(t, "alerts of the work order", listAlerts(t, te, "", fmt.Sprintf(`{"workOrderIds":[%q]}`, wo)), before, after)
	res, b := deleteWorkOrder(t, te.Token, wo)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustAlertIDs(t, "alerts after the work order was deleted", listAlerts(t, te, "", `{}`), onDeburr)
	if a := getAlert(t, te, before); a.WorkOrder == nil || a.WorkOrder.Id != wo {
		t.Fatalf("an omitted alert of a deleted work order reads %s", mustJSON(t, a))
	}
	// The freed operation's new alerts are the job's again.
	free := raiseAlert(t, te, s.Job, s.Mill, "Raised after the delete")
	if a := getAlert(t, te, free); a.Source != client.AlertSourceJob || a.WorkOrder != nil {
		t.Fatalf("alert on a freed operation reads %s", mustJSON(t, a))
	}
}

func TestPastDueAlertsOnGroupedOperationsCarryTheWorkOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "2026-01-05", "")
	wo := createWorkOrder(t, te, woBody(woOp(s.Job, s.Deburr)))
	got := listAlerts(t, te, "", fmt.Sprintf(`{"workOrderIds":[%q]}`, wo))
	if len(got) != 1 || got[0].Operation.Id != s.Deburr || got[0].Source != client.AlertSourceWorkOrder {
		t.Fatalf("past-due alerts of the work order: %s", mustJSON(t, got))
	}
}

func TestTimersCarryTheWorkOrderOfTheirJobOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, _ := timerUser(t, te, "Welder")
	onCut := createTimer(t, te.Token, j.block(user, j.Cut, "labor", fromNow(-3*time.Hour), fromNow(-2*time.Hour)))
	onWeld := createTimer(t, te.Token, j.block(user, j.Weld, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
	body := woBody(woOp(j.ID, j.Weld))
	body["name"] = "Weld cell"
	wo := createWorkOrder(t, te, body)
	op := getWorkOrder(t, te, wo).Operations[0]
	got := getTimer(t, te.Token, onWeld)
	if got.WorkOrderId == nil || *got.WorkOrderId != wo || got.WorkOrderName == nil || *got.WorkOrderName != "Weld cell" ||
		got.WorkOrderOperationId == nil || *got.WorkOrderOperationId != op.Id || got.WorkOrderOperationName == nil ||
		*got.WorkOrderOperationName != "Weld" {
		t.Fatalf("timer on a grouped operation reads %s", mustJSON(t, got))
	}
	if got := getTimer(t, te.Token, onCut); got.WorkOrderId != nil || got.WorkOrderOperationId != nil {
		t.Fatalf("timer on an operation not grouped reads %s", mustJSON(t, got))
	}
	page := listTimers(t, te.Token, timersPath, map[string]any{"jobIds": []string{j.ID}})
	seen := 0
	for _, tm := range page.Data {
		grouped := tm.JobOperationId == j.Weld
		if grouped != (tm.WorkOrderId != nil && *tm.WorkOrderId == wo && tm.WorkOrderOperationName != nil) {
			t.Fatalf("listed timer %s reads %s", tm.Id, mustJSON(t, tm))
		}
		seen++
	}
	if seen != 2 {
		t.Fatalf("the list shows %d timers, want 2", seen)
	}
	res, b := deleteWorkOrder(t, te.Token, wo)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
}
