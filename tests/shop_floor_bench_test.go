package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

// sfJob is a released job of the benchmark's tenant making an item through one routing
// operation at a work center with rates, and a user of the tenant who is clocked in.
type sfJob struct {
	c                  *client.ClientWithResponses
	jobID, operationID string
	userID             string
}

// newSFJob sets up the benchmark's job and user.
func newSFJob(b *testing.B) sfJob {
	b.Helper()
	c, tenantID := benchTenantClient(b)
	ctx := context.Background()
	wc, err := c.CreateWorkCenterWithResponse(ctx, nil, client.WorkCenterWrite{Name: "Bench cell",
		LaborRate: ptr(num("40")), MachineRate: ptr(num("12")), SetupRate: ptr(num("30"))})
	if err != nil || wc.StatusCode() != http.StatusOK {
		b.Fatalf("create work center: %v %s", err, wc.Body)
	}
	item := jbItem(b, c, "BENCH-SHOP-FLOOR")
	op, err := c.CreateItemRoutingOperationWithResponse(ctx, item, nil, client.RoutingOperationWrite{
		Name: ptr("Cut"), Sequence: ptr(int32(10)), WorkCenterId: &wc.JSON200.Id, RunTimeMinutesPerUnit: ptr(num("1"))})
	if err != nil || op.StatusCode() != http.StatusOK {
		b.Fatalf("create routing operation: %v %s", err, op.Body)
	}
	j := jbJob(b, c, jbCreateJob(b, c, fmt.Sprintf(`{"status":"released","itemsToMake":[{"itemId":%q,"quantity":100}]}`, item)))
	ops, err := c.ListJobOperationsWithResponse(ctx, j.Id, client.JobOperationFilter{})
	if err != nil || ops.StatusCode() != http.StatusOK || len(*ops.JSON200) != 1 {
		b.Fatalf("job operations: %v %s", err, ops.Body)
	}
	user, err := srv.Tenancy.CreateUser(ctx, tenantID, "Bench operator")
	if err != nil {
		b.Fatal(err)
	}
	in, err := c.ClockInWithResponse(ctx, nil, client.TimeClockIn{UserId: &user, ClockedInUtc: ptr(time.Now().UTC().Add(-20 * 24 * time.Hour))})
	if err != nil || in.StatusCode() != http.StatusOK {
		b.Fatalf("clock in: %v %s", err, in.Body)
	}
	return sfJob{c: c, jobID: j.Id, operationID: (*ops.JSON200)[0].Id, userID: user}
}

// BenchmarkJobTrackingStartAndStop starts a labor timer for a clocked-in user on a released
// job's operation, then stops it: the stop costs the block at the work center's rate into the
// operation and its item to make and rewrites the in-progress cost breakdown.
func BenchmarkJobTrackingStartAndStop(b *testing.B) {
	sf := newSFJob(b)
	ctx := context.Background()
	start := client.JobTrackingTimerStart{UserId: &sf.userID, Type: client.TimerTypeLabor, JobId: sf.jobID, JobOperationId: sf.operationID}
	b.ReportAllocs()
	for b.Loop() {
		started, err := sf.c.StartJobTrackingTimerWithResponse(ctx, nil, start)
		if err != nil || started.StatusCode() != http.StatusOK {
			b.Fatalf("start: %v %s", err, started.Body)
		}
		stopped, err := sf.c.StopJobTrackingTimerWithResponse(ctx, nil, client.JobTrackingTimerStop{TimerId: &started.JSON200.Timer.Id})
		if err != nil || stopped.StatusCode() != http.StatusOK {
			b.Fatalf("stop: %v %s", err, stopped.Body)
		}
	}
}

// BenchmarkListTimersPage lists a page of 100 stopped timers with their job, item and
// library operation.
func BenchmarkListTimersPage(b *testing.B) {
	sf := newSFJob(b)
	ctx := context.Background()
	at := time.Now().UTC().Add(-10 * 24 * time.Hour)
	for k := range 100 {
		started := at.Add(time.Duration(k) * time.Hour)
		res, err := sf.c.CreateTimerWithResponse(ctx, nil, client.TimerCreate{UserId: &sf.userID, Type: client.TimerTypeLabor,
			JobId: sf.jobID, JobOperationId: sf.operationID, StartedOnUtc: started, StoppedOnUtc: started.Add(30 * time.Minute)})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create timer: %v %s", err, res.Body)
		}
	}
	take := int32(100)
	b.ReportAllocs()
	for b.Loop() {
		res, err := sf.c.ListTimersWithResponse(ctx, &client.ListTimersParams{Take: &take}, client.TimerFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(res.JSON200.Data) != 100 {
			b.Fatalf("list timers: %v %s", err, res.Body)
		}
	}
}

// BenchmarkListAlertsPage lists 100 active alerts with their job, item to make, item and
// operation (the past-due rule is evaluated first, in the same transaction).
func BenchmarkListAlertsPage(b *testing.B) {
	sf := newSFJob(b)
	ctx := context.Background()
	for k := range 100 {
		res, err := sf.c.RaiseAlertWithResponse(ctx, nil, client.AlertRaise{JobId: sf.jobID, JobOperationId: sf.operationID,
			AlertName: fmt.Sprintf("Check %03d", k)})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("raise alert: %v %s", err, res.Body)
		}
	}
	take := int32(100)
	b.ReportAllocs()
	for b.Loop() {
		res, err := sf.c.ListAlertsWithResponse(ctx, &client.ListAlertsParams{Take: &take}, client.AlertFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 100 {
			b.Fatalf("list alerts: %v %s", err, res.Body)
		}
	}
}
