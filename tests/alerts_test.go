package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
	"mos/internal/tenancy"
)

const alertsPath = "/api/alerts"

func alertPath(id int64) string { return fmt.Sprintf("%s/%d", alertsPath, id) }

// alertShop is a job making an item (described "Welded bracket") through a routing of two
// operations: Mill at a work center on equipment, and Deburr at neither.
type alertShop struct {
	Item, ItemNumber          string
	WorkCenter, Equipment     string
	Job, ItemToMake           string
	Mill, Deburr              string
	WorkCenterName, EquipName string
}

// newAlertShop creates the shop's records and a job making the item, in status ("released"
// or "planned"), with its item to make due on itemDue ("" for none) and the job due on jobDue
// ("" for none).
func newAlertShop(t *testing.T, te *tenantEnv, status, itemDue, jobDue string) alertShop {
	t.Helper()
	suffix := ids.New()[16:]
	s := alertShop{ItemNumber: "BRK-" + suffix, WorkCenterName: "Mill cell " + suffix, EquipName: "Haas " + suffix}
	dep := newShopDepartment(t, te, "Machining "+suffix)
	s.WorkCenter = createWorkCenter(t, te, client.WorkCenterWrite{Name: s.WorkCenterName, DepartmentId: &dep.ID})
	s.Equipment = addShopEquipment(t, te, shopDepartment{ID: dep.ID, WorkCenterID: s.WorkCenter}, s.EquipName)
	item := newItem(s.ItemNumber)
	item.Description = ptr("Welded bracket")
	s.Item = createItem(t, te, item)
	createRoutingOperation(t, te, s.Item, client.RoutingOperationWrite{Name: ptr("Mill"), Sequence: ptr(int32(10)),
		WorkCenterId: &s.WorkCenter, EquipmentId: &s.Equipment})
	createRoutingOperation(t, te, s.Item, client.RoutingOperationWrite{Name: ptr("Deburr"), Sequence: ptr(int32(20))})
	s.Job, s.ItemToMake, s.Mill, s.Deburr = alertJob(t, te, s.Item, status, itemDue, jobDue)
	return s
}

// alertJob creates a job making itemID (two operations) and answers it, its item to make and
// the two operations by sequence.
func alertJob(t *testing.T, te *tenantEnv, itemID, status, itemDue, jobDue string) (job, itemToMake, first, second string) {
	t.Helper()
	it := jobMake(itemID, "2")
	if itemDue != "" {
		it["dueDate"] = itemDue
	}
	body := map[string]any{"status": status, "itemsToMake": []any{it}}
	if jobDue != "" {
		body["dueDate"] = jobDue
	}
	job = createJob(t, te, body)
	itemToMake = getJob(t, te, job).ItemsToMake[0].Id
	ops, _ := jobItemRouting(t, te, itemToMake)
	if len(ops) != 2 {
		t.Fatalf("the job's item to make has %d operations, want 2", len(ops))
	}
	return job, itemToMake, ops[0], ops[1]
}

func postAlert(t *testing.T, token string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, alertsPath, token, "application/json", jobJSON(t, body))
}

// raiseAlert raises name on operation op of job and answers the alert's id.
func raiseAlert(t *testing.T, te *tenantEnv, job, op, name string) int64 {
	t.Helper()
	res, b := postAlert(t, te.Token, map[string]any{"jobId": job, "jobOperationId": op, "alertName": name})
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var c client.AlertCreated
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c.Id
}

func getAlertRaw(t *testing.T, token string, id int64) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, alertPath(id), token, "", "")
}

func mustAlert(t *testing.T, res rawResponse, b []byte) client.Alert {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var a client.Alert
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func getAlert(t *testing.T, te *tenantEnv, id int64) client.Alert {
	t.Helper()
	res, b := getAlertRaw(t, te.Token, id)
	return mustAlert(t, res, b)
}

func clearAlert(t *testing.T, te *tenantEnv, id int64) client.Alert {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, alertPath(id)+"/clear", te.Token, "", "")
	return mustAlert(t, res, b)
}

func listAlertsRaw(t *testing.T, token, query, filter string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, alertsPath+"/list"+query, token, "application/json", filter)
}

// listAlerts answers the alert list for query and filter.
func listAlerts(t *testing.T, te *tenantEnv, query, filter string) []client.Alert {
	t.Helper()
	res, b := listAlertsRaw(t, te.Token, query, filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var out []client.Alert
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// alertIDs are the ids of alerts, in order.
func alertIDs(alerts []client.Alert) []int64 {
	out := make([]int64, len(alerts))
	for i, a := range alerts {
		out[i] = a.Id
	}
	return out
}

func mustAlertIDs(t *testing.T, what string, got []client.Alert, want ...int64) {
	t.Helper()
	if fmt.Sprint(alertIDs(got)) != fmt.Sprint(want) {
		t.Fatalf("%s: alerts %v, want %v", what, alertIDs(got), want)
	}
}

func TestAlertRaisedByHandReadsWithItsJobItemToMakeAndOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	user, token := alertUser(t, te, "Ana")
	before := time.Now().Add(-time.Second)
	res, b := postAlert(t, token, map[string]any{
		"jobId": s.Job, "jobOperationId": s.Mill, "alertName": "  Tool broken  ", "note": " Spindle 2 chipped ",
	})
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.AlertCreated
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	a := getAlert(t, te, created.Id)
	job := getJob(t, te, s.Job)
	if a.Id != created.Id || a.AlertName != "Tool broken" || !a.Active || a.Source != client.AlertSourceJob || a.WorkOrder != nil ||
		a.Rule != nil || a.Note == nil || *a.Note != "Spindle 2 chipped" || a.RaisedByUserId == nil || *a.RaisedByUserId != user ||
		a.ClearedUtc != nil || a.ClearedByUserId != nil {
		t.Fatalf("alert reads %+v", a)
	}
	if at := a.RaisedAtUtc; at.Before(before) || at.After(time.Now().Add(time.Second)) {
		t.Fatalf("raisedAtUtc %s is not the instant of the request", at)
	}
	if a.Job.Id != s.Job || a.Job.Number != job.Number || a.Job.Name != nil {
		t.Fatalf("job reads %+v, want %s number %d", a.Job, s.Job, job.Number)
	}
	if a.ItemToMake.Id != s.ItemToMake || a.ItemToMake.ItemId != s.Item || a.ItemToMake.ItemNumber != s.ItemNumber ||
		a.ItemToMake.ItemName != "Welded bracket" {
		t.Fatalf("item to make reads %+v", a.ItemToMake)
	}
	op := a.Operation
	if op.Id != s.Mill || op.Name != "Mill" || op.WorkCenter == nil || op.WorkCenter.Id != s.WorkCenter ||
		op.WorkCenter.Name == nil || *op.WorkCenter.Name != s.WorkCenterName || op.Equipment == nil ||
		op.Equipment.Id != s.Equipment || op.Equipment.Name == nil || *op.Equipment.Name != s.EquipName {
		t.Fatalf("operation reads %+v", op)
	}

	// An operation at no work center names none; an item without a description is named by
	// its number; an integration token raises as no user.
	f := newJobFixture(t, te, "")
	plain, plainItem, cut, _ := alertJob(t, te, f.Item, "planned", "", "")
	b2 := getAlert(t, te, raiseAlert(t, te, plain, cut, "Material short"))
	if b2.Operation.Name != "Cut" || b2.Operation.WorkCenter != nil || b2.Operation.Equipment != nil || b2.RaisedByUserId != nil ||
		b2.ItemToMake.Id != plainItem || b2.ItemToMake.ItemName != b2.ItemToMake.ItemNumber || !strings.HasPrefix(b2.ItemToMake.ItemNumber, "MADE-") {
		t.Fatalf("alert on a plain operation reads %+v", b2)
	}
}

// alertUser creates a user of te holding View Job and answers its id and token.
func alertUser(t *testing.T, te *tenantEnv, name string) (string, string) {
	t.Helper()
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, UserName: name, Permissions: []string{"View Job"}})
	if err != nil {
		t.Fatalf("issue user token: %v", err)
	}
	res, err := newClient(t, tok.Secret).ValidateTokenWithResponse(context.Background())
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.User.Id, tok.Secret
}

func TestAlertRaiseNeedsAnOperationOfTheOpenJobNamed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	other := newAlertShop(t, te, "planned", "", "")
	raise := func(job, op, name string) (rawResponse, []byte) {
		return postAlert(t, te.Token, map[string]any{"jobId": job, "jobOperationId": op, "alertName": name})
	}
	res, b := raise(s.Job, other.Mill, "Tool broken")
	mustProblemNaming(t, res, b, "jobOperationId")
	res, b = raise(s.Job, "00000000-0000-7000-8000-000000000000", "Tool broken")
	mustProblemNaming(t, res, b, "jobOperationId")
	res, b = raise("ffffffffffffffffffffff00", s.Mill, "Tool broken")
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "jobId")
	res, b = raise(s.Job, s.Mill, "   ")
	mustProblemNaming(t, res, b, "alertName")
	res, b = raise(s.Job, s.Mill, strings.Repeat("x", 201))
	mustProblemNaming(t, res, b, "alertName")

	// A cancelled or complete job takes no alerts.
	res, b = cancelJob(t, te, other.Job)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = raise(other.Job, other.Mill, "Tool broken")
	mustProblemNaming(t, res, b, "jobId")
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Mill, "complete", map[string]any{})
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Deburr, "complete", map[string]any{"addItemsToInventory": false})
	if got := getJob(t, te, s.Job).Status; got != "complete" {
		t.Fatalf("the job is %s after its operations completed, want complete", got)
	}
	res, b = raise(s.Job, s.Mill, "Tool broken")
	mustProblemNaming(t, res, b, "jobId")
	if got := listAlerts(t, te, "", `{}`); len(got) != 0 {
		t.Fatalf("refused raises stored alerts: %v", alertIDs(got))
	}
}

func TestAlertListFiltersByEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	o := newAlertShop(t, te, "released", "", "")
	atMill := raiseAlert(t, te, s.Job, s.Mill, "Tool broken")
	atDeburr := raiseAlert(t, te, s.Job, s.Deburr, "Material short")
	otherJob := raiseAlert(t, te, o.Job, o.Deburr, "Material short")
	// Work orders do not exist yet: an alert of an operation grouped into one is written as
	// they will write it.
	grouped := raiseAlert(t, te, o.Job, o.Deburr, "Grouped")
	workOrder := ids.New()
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE alerts SET work_order_id = $3 WHERE tenant_id = $1 AND id = $2`,
		te.ID, grouped, workOrder); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		filter string
		want   []int64
	}{
		{`{}`, []int64{atMill, atDeburr, otherJob, grouped}},
		{fmt.Sprintf(`{"jobIds":[%q]}`, s.Job), []int64{atMill, atDeburr}},
		{fmt.Sprintf(`{"jobIds":[%q]}`, ids.New()), []int64{}},
		{fmt.Sprintf(`{"workOrderIds":[%q]}`, workOrder), []int64{grouped}},
		{fmt.Sprintf(`{"workOrderIds":[%q]}`, ids.New()), []int64{}},
		{fmt.Sprintf(`{"workCenterIds":[%q]}`, s.WorkCenter), []int64{atMill}},
		{fmt.Sprintf(`{"workCenterIds":[%q]}`, ids.New()), []int64{}},
		{fmt.Sprintf(`{"equipmentIds":[%q]}`, s.Equipment), []int64{atMill}},
		{fmt.Sprintf(`{"equipmentIds":[%q]}`, o.Equipment), []int64{}},
		{`{"alertNames":["Material short"]}`, []int64{atDeburr, otherJob}},
		{`{"alertNames":["material short"]}`, []int64{}},
		{fmt.Sprintf(`{"jobIds":[%q],"alertNames":["Material short"]}`, s.Job), []int64{atDeburr}},
	} {
		mustAlertIDs(t, c.filter, listAlerts(t, te, "", c.filter), c.want...)
	}
	g := getAlert(t, te, grouped)
	if g.Source != client.AlertSourceWorkOrder || g.WorkOrder == nil || g.WorkOrder.Id != workOrder {
		t.Fatalf("an alert of a grouped operation reads source %s, work order %+v", g.Source, g.WorkOrder)
	}
	if a := getAlert(t, te, atMill); a.Source != client.AlertSourceJob || a.WorkOrder != nil {
		t.Fatalf("an alert of an ungrouped operation reads source %s, work order %+v", a.Source, a.WorkOrder)
	}
}

// pastDueShop is a released job whose item to make was due on due (the shop in UTC unless te
// says otherwise): listing alerts raises operationPastDue on both its operations.
func pastDueShop(t *testing.T, te *tenantEnv, due string) alertShop {
	t.Helper()
	return newAlertShop(t, te, "released", due, "")
}

func TestAlertListRaisedAfterAndBeforeAreExclusiveAndADateIsMidnightUTC(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// Due on 10 March: raised at the start of 11 March (midnight UTC in a UTC shop), once on
	// each of its two operations; 20 March: raised at the start of 21 March.
	early := pastDueShop(t, te, "2026-03-10")
	late := pastDueShop(t, te, "2026-03-20")
	all := listAlerts(t, te, "", `{}`)
	if len(all) != 4 {
		t.Fatalf("past-due jobs raise %d alerts, want 4", len(all))
	}
	byJob := map[string][]int64{}
	for _, a := range all {
		byJob[a.Job.Id] = append(byJob[a.Job.Id], a.Id)
	}
	e, l := byJob[early.Job], byJob[late.Job]
	for _, c := range []struct {
		filter string
		want   []int64
	}{
		{`{"raisedAfterUtc":"2026-03-11"}`, l},
		{`{"raisedAfterUtc":"2026-03-11T00:00:00Z"}`, l},
		{`{"raisedAfterUtc":"2026-03-10T23:59:59.999999Z"}`, append(append([]int64{}, e...), l...)},
		{`{"raisedAfterUtc":"2026-03-10"}`, append(append([]int64{}, e...), l...)},
		{`{"raisedBeforeUtc":"2026-03-11"}`, []int64{}},
		{`{"raisedBeforeUtc":"2026-03-11T00:00:00.000001Z"}`, e},
		{`{"raisedBeforeUtc":"2026-03-11T01:00:00+01:00"}`, []int64{}},
		{`{"raisedBeforeUtc":"2026-03-21"}`, e},
		{`{"raisedBeforeUtc":"2026-03-22"}`, append(append([]int64{}, e...), l...)},
		{`{"raisedAfterUtc":"2026-03-11","raisedBeforeUtc":"2026-03-21"}`, []int64{}},
		{`{"raisedAfterUtc":"2026-03-10","raisedBeforeUtc":"2026-03-21"}`, e},
	} {
		mustAlertIDs(t, c.filter, listAlerts(t, te, "", c.filter), c.want...)
	}
	for _, bad := range []string{`{"raisedAfterUtc":"2026-02-30"}`, `{"raisedAfterUtc":"1999-12-31"}`, `{"raisedAfterUtc":"2026-03-11T00:00:00"}`} {
		res, b := listAlertsRaw(t, te.Token, "", bad)
		mustProblemNaming(t, res, b, "raisedAfterUtc")
	}
	res, b := listAlertsRaw(t, te.Token, "", `{"raisedBeforeUtc":"11 March"}`)
	mustProblemNaming(t, res, b, "raisedBeforeUtc")
}

func TestAlertListSortsByRaisedAtOldestFirstOrByIDOnly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	first := raiseAlert(t, te, s.Job, s.Mill, "First")
	second := raiseAlert(t, te, s.Job, s.Deburr, "Second")
	// Raised by the rule after the two (a higher id) but at an older instant.
	old := newAlertShop(t, te, "released", "2026-02-01", "")
	listAlerts(t, te, "", `{}`)
	ruled := listAlerts(t, te, "", fmt.Sprintf(`{"jobIds":[%q]}`, old.Job))
	if len(ruled) != 2 || ruled[0].Id < second {
		t.Fatalf("the rule raised %v, want two alerts after %d", alertIDs(ruled), second)
	}
	r1, r2 := ruled[0].Id, ruled[1].Id
	mustAlertIDs(t, "default", listAlerts(t, te, "", `{}`), r1, r2, first, second)
	mustAlertIDs(t, "raisedAtUtc", listAlerts(t, te, "?Sort.Field=raisedAtUtc", `{}`), r1, r2, first, second)
	mustAlertIDs(t, "raisedAtUtc descending", listAlerts(t, te, "?Sort.Field=raisedAtUtc&Sort.Dir=descending", `{}`), second, first, r2, r1)
	mustAlertIDs(t, "id", listAlerts(t, te, "?Sort.Field=id", `{}`), first, second, r1, r2)
	mustAlertIDs(t, "id descending", listAlerts(t, te, "?Sort.Field=Id&Sort.Dir=descending", `{}`), r2, r1, second, first)
	mustAlertIDs(t, "paged", listAlerts(t, te, "?Skip=1&Take=2", `{}`), r2, first)
	for _, field := range []string{"alertName", "job.number", "active", "nope"} {
		res, b := listAlertsRaw(t, te.Token, "?Sort.Field="+field, `{}`)
		mustProblemNaming(t, res, b, "Sort.Field")
	}
}

func TestAlertListFilterArraysHoldOneTo500Values(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf("%024x", i)
	}
	for _, member := range []string{"jobIds", "workOrderIds", "workCenterIds", "equipmentIds", "alertNames"} {
		res, b := listAlertsRaw(t, te.Token, "", fmt.Sprintf(`{%q:[]}`, member))
		mustProblemNaming(t, res, b, member)
		res, b = listAlertsRaw(t, te.Token, "", jobJSON(t, map[string]any{member: many}))
		mustProblemNaming(t, res, b, member)
		if got := listAlerts(t, te, "", jobJSON(t, map[string]any{member: many[:500]})); len(got) != 0 {
			t.Fatalf("%s of 500 values answers %v", member, alertIDs(got))
		}
	}
}

func TestClearedAlertLeavesTheListButStaysReadableAndClearsOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	kept := raiseAlert(t, te, s.Job, s.Mill, "Kept")
	cleared := raiseAlert(t, te, s.Job, s.Mill, "Cleared")
	user, token := alertUser(t, te, "Bo")
	res, b := rawRequest(t, http.MethodPost, alertPath(cleared)+"/clear", token, "", "")
	c := mustAlert(t, res, b)
	if c.Active || c.ClearedUtc == nil || c.ClearedByUserId == nil || *c.ClearedByUserId != user {
		t.Fatalf("a cleared alert reads %+v", c)
	}
	mustAlertIDs(t, "after the clear", listAlerts(t, te, "", `{}`), kept)
	if g := getAlert(t, te, cleared); g.Active || g.ClearedUtc == nil || !g.ClearedUtc.Equal(*c.ClearedUtc) {
		t.Fatalf("the cleared alert reads %+v", g)
	}
	// Clearing again answers it unchanged: the first clear's instant and user stay.
	again := clearAlert(t, te, cleared)
	if again.Active || !again.ClearedUtc.Equal(*c.ClearedUtc) || again.ClearedByUserId == nil || *again.ClearedByUserId != user {
		t.Fatalf("a second clear changed the alert: %+v, was %+v", again, c)
	}
	res, b = rawRequest(t, http.MethodPost, alertPath(cleared+1_000_000_000)+"/clear", te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = getAlertRaw(t, te.Token, cleared+1_000_000_000)
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestAlertsOfACancelledJobAreOmittedFromTheList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	o := newAlertShop(t, te, "released", "", "")
	gone := raiseAlert(t, te, s.Job, s.Mill, "On a job to cancel")
	kept := raiseAlert(t, te, o.Job, o.Mill, "On a live job")
	mustAlertIDs(t, "before the cancel", listAlerts(t, te, "", `{}`), gone, kept)
	res, b := cancelJob(t, te, s.Job)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustAlertIDs(t, "after the cancel", listAlerts(t, te, "", `{}`), kept)
	mustAlertIDs(t, "by the cancelled job", listAlerts(t, te, "", fmt.Sprintf(`{"jobIds":[%q]}`, s.Job)))
	if a := getAlert(t, te, gone); !a.Active || a.Job.Id != s.Job {
		t.Fatalf("the cancelled job's alert reads %+v", a)
	}
}

func TestPastDueOperationRaisesOnceAtTheShopDayBoundary(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "Europe/Berlin")
	// The item to make was due on 10 January: the rule raises at the start of 11 January in
	// Berlin, 10 January 23:00 UTC.
	s := pastDueShop(t, te, "2026-01-10")
	// No item-to-make due date: the job's counts (20 July: raised at the start of 21 July in
	// Berlin summer time, 20 July 22:00 UTC).
	byJob := newAlertShop(t, te, "released", "", "2026-07-20")
	// Not yet due, not released, or without any due date: no alert.
	newAlertShop(t, te, "released", "2099-01-01", "")
	newAlertShop(t, te, "planned", "2026-01-10", "")
	newAlertShop(t, te, "released", "", "")
	// A complete operation is not past due.
	done := pastDueShop(t, te, "2026-01-10")
	mustJobOp(t, te, done.Job, done.ItemToMake, done.Mill, "complete", map[string]any{})

	got := listAlerts(t, te, "", `{}`)
	if len(got) != 5 {
		t.Fatalf("the rule raised %d alerts, want 5: %+v", len(got), got)
	}
	wantAt := map[string]time.Time{
		s.Job:     time.Date(2026, 1, 10, 23, 0, 0, 0, time.UTC),
		byJob.Job: time.Date(2026, 7, 20, 22, 0, 0, 0, time.UTC),
		done.Job:  time.Date(2026, 1, 10, 23, 0, 0, 0, time.UTC),
	}
	ops := map[string]bool{}
	for _, a := range got {
		want, ok := wantAt[a.Job.Id]
		if !ok || !a.RaisedAtUtc.Equal(want) || a.AlertName != "operationPastDue" || a.Rule == nil || *a.Rule != "operationPastDue" ||
			!a.Active || a.RaisedByUserId != nil || a.Source != client.AlertSourceJob || a.WorkOrder != nil {
			t.Fatalf("rule alert reads %+v, want raised at %s", a, want)
		}
		ops[a.Operation.Id] = true
	}
	if ops[done.Mill] || !ops[done.Deburr] || !ops[s.Mill] || !ops[s.Deburr] {
		t.Fatalf("the rule raised on operations %v", ops)
	}
	mill := got[0]
	for _, a := range got {
		if a.Operation.Id == s.Mill {
			mill = a
		}
	}
	if mill.Operation.WorkCenter == nil || mill.Operation.WorkCenter.Id != s.WorkCenter || mill.Operation.Equipment == nil {
		t.Fatalf("the rule alert does not keep the operation's work center and equipment: %+v", mill.Operation)
	}
	// Reading again raises nothing more; a cleared rule alert is not raised again.
	mustAlertIDs(t, "read again", listAlerts(t, te, "", `{}`), alertIDs(got)...)
	clearAlert(t, te, mill.Id)
	again := listAlerts(t, te, "", `{}`)
	if len(again) != 4 {
		t.Fatalf("after clearing one, the list holds %d alerts, want 4", len(again))
	}
	for _, a := range again {
		if a.Id == mill.Id || a.Operation.Id == s.Mill {
			t.Fatalf("the cleared rule alert came back: %+v", a)
		}
	}
	if g := getAlert(t, te, mill.Id); g.Active {
		t.Fatalf("reading by id raised the cleared alert again: %+v", g)
	}
}

func TestPastDueRuleRaisesOnceUnderConcurrentReads(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	pastDueShop(t, te, "2026-02-01")
	const readers = 6
	counts := atOnce(t, readers, func(int) (int, error) {
		res, b := listAlertsRaw(t, te.Token, "", `{}`)
		if res.StatusCode == http.StatusOK {
			var got []client.Alert
			if err := json.Unmarshal(b, &got); err != nil || len(got) != 2 {
				return 0, fmt.Errorf("a concurrent read answered %s", b)
			}
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != readers {
		t.Fatalf("concurrent reads answered %v, want %d × 200", counts, readers)
	}
	var n int
	if err := srv.Pool.GetContext(context.Background(), &n, `SELECT count(*) FROM alerts WHERE tenant_id = $1`, te.ID); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("concurrent reads stored %d alerts, want 2 (one per operation)", n)
	}
}

func TestCompletingAnOperationClearsItsAlerts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	a1 := raiseAlert(t, te, s.Job, s.Mill, "Tool broken")
	a2 := raiseAlert(t, te, s.Job, s.Mill, "Coolant low")
	other := raiseAlert(t, te, s.Job, s.Deburr, "Material short")
	op := mustJobOp(t, te, s.Job, s.ItemToMake, s.Mill, "complete", map[string]any{})
	mustAlertIDs(t, "after the complete", listAlerts(t, te, "", `{}`), other)
	for _, id := range []int64{a1, a2} {
		a := getAlert(t, te, id)
		if a.Active || a.ClearedUtc == nil || a.ClearedByUserId != nil || op.CompletedUtc == nil || !a.ClearedUtc.Equal(*op.CompletedUtc) {
			t.Fatalf("alert %d after its operation completed reads %+v (operation completed %v)", id, a, op.CompletedUtc)
		}
	}
}

func TestAlertsNeedViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	id := raiseAlert(t, te, s.Job, s.Mill, "Tool broken")
	without := te.userToken(t, "View Item")
	with := te.userToken(t, "View Job")
	calls := []struct{ method, path, body string }{
		{http.MethodPost, alertsPath, jobJSON(t, map[string]any{"jobId": s.Job, "jobOperationId": s.Mill, "alertName": "x"})},
		{http.MethodPost, alertsPath + "/list", `{}`},
		{http.MethodGet, alertPath(id), ""},
		{http.MethodPost, alertPath(id) + "/clear", ""},
	}
	for _, c := range calls {
		ct := ""
		if c.body != "" {
			ct = "application/json"
		}
		res, b := rawRequest(t, c.method, c.path, without, ct, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, with, ct, c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestAlertsAreIsolatedBetweenTenants(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	s := newAlertShop(t, a, "released", "2026-01-05", "")
	id := raiseAlert(t, a, s.Job, s.Mill, "Tool broken")
	own := newAlertShop(t, b, "released", "", "")
	theirs := raiseAlert(t, b, own.Job, own.Mill, "Tool broken")
	res, body := getAlertRaw(t, b.Token, id)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodPost, alertPath(id)+"/clear", b.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = postAlert(t, b.Token, map[string]any{"jobId": s.Job, "jobOperationId": s.Mill, "alertName": "x"})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "jobId")
	res, body = postAlert(t, b.Token, map[string]any{"jobId": own.Job, "jobOperationId": s.Mill, "alertName": "x"})
	mustProblemNaming(t, res, body, "jobOperationId")
	mustAlertIDs(t, "tenant B's list", listAlerts(t, b, "", `{}`), theirs)
	mustAlertIDs(t, "tenant B's list of A's job", listAlerts(t, b, "", fmt.Sprintf(`{"jobIds":[%q]}`, s.Job)))
	if got := getAlert(t, a, id); !got.Active {
		t.Fatalf("tenant B's calls changed A's alert: %+v", got)
	}
	if got := listAlerts(t, a, "", `{}`); len(got) != 3 {
		t.Fatalf("tenant A lists %v, want its own alert and its two past-due ones", alertIDs(got))
	}
}

// arrangeAlerts: in each tenant a job past due (the rule raises two alerts on reading) and a
// job with one hand-raised alert in the small tenant and manySubs in the large one, all at
// the operation with a work center and equipment.
func arrangeAlerts(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) int64 {
		due := pastDueShop(t, te, "2026-02-01")
		// Both operations fall due at one instant, in no fixed id order: clear Deburr's (at
		// neither work center nor equipment) so that the small page's one alert is Mill's,
		// which names both, as the large page's alerts do.
		for _, a := range listAlerts(t, te, "", fmt.Sprintf(`{"jobIds":[%q]}`, due.Job)) {
			if a.Operation.Id == due.Deburr {
				clearAlert(t, te, a.Id)
			}
		}
		s := newAlertShop(t, te, "released", "", "")
		var id int64
		for k := range n {
			id = raiseAlert(t, te, s.Job, s.Mill, fmt.Sprintf("Alert %d", k))
		}
		return id
	}
	sm, lg := build(small, 1), build(large, manySubs)
	return []readCase{
		listRead("listAlerts", alertsPath+"/list", alertsPath+"/list", `{}`),
		getRead("getAlert", alertPath(sm), alertPath(lg)),
	}
}

// alertsIsolation: tenant A's alert is none of tenant B's.
func alertsIsolation() isolationRow {
	return isolationRow{name: "alerts", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		s := newAlertShop(t, a, "released", "", "")
		id := raiseAlert(t, a, s.Job, s.Mill, "Isolated alert")
		own := newAlertShop(t, b, "released", "", "")
		return isolated{
			ID: fmt.Sprintf(`"id":%d,`, id), Get: alertPath(id),
			Lists: []isoList{
				{Path: alertsPath + "/list", Body: `{}`},
				{Path: alertsPath + "/list", Body: fmt.Sprintf(`{"jobIds":[%q]}`, s.Job)},
			},
			Refused: []isoCall{
				{Method: http.MethodPost, Path: alertPath(id) + "/clear"},
				{Method: http.MethodPost, Path: alertsPath, Body: fmt.Sprintf(`{"jobId":%q,"jobOperationId":%q,"alertName":"x"}`, s.Job, s.Mill),
					Field: "jobId"},
				{Method: http.MethodPost, Path: alertsPath, Body: fmt.Sprintf(`{"jobId":%q,"jobOperationId":%q,"alertName":"x"}`, own.Job, s.Mill),
					Status: http.StatusBadRequest, Field: "jobOperationId"},
			},
		}
	}}
}
