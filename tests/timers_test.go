package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
	"mos/internal/tenancy"
)

const (
	timersPath         = "/api/timers"
	trackingTimersPath = "/api/job-tracking-timers"
)

func timerPath(id string) string { return timersPath + "/" + id }

// fromNow is an instant d from now, as the API takes it.
func fromNow(d time.Duration) string { return time.Now().UTC().Add(d).Format(time.RFC3339Nano) }

const day = 24 * time.Hour

// timerUser creates a user of te holding View Job and answers its id and token.
func timerUser(t *testing.T, te *tenantEnv, name string) (id, token string) {
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

// timerJob is a released job making an item through Cut (work center wc, its rates) and Weld
// (work center wc, labor rate 50 and machine rate 20 overriding it; library operation
// SystemOp).
type timerJob struct {
	ID, ItemToMake, Item, WorkCenter, SystemOp string
	Cut, Weld                                  string
}

// newTimerJob creates the job; the work center costs labor 40, machine 12 and setup 30 an hour.
func newTimerJob(t *testing.T, te *tenantEnv) timerJob {
	t.Helper()
	suffix := ids.New()[16:]
	wc := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Timed " + suffix, LaborRate: ptr(num("40")),
		MachineRate: ptr(num("12")), SetupRate: ptr(num("30"))})
	sys := createOperation(t, te, client.OperationWrite{Name: "Weld " + suffix})
	item := createItem(t, te, newItem("TIMED-"+suffix))
	createRoutingOperation(t, te, item, client.RoutingOperationWrite{Name: ptr("Cut"), Sequence: ptr(int32(10)), WorkCenterId: &wc})
	createRoutingOperation(t, te, item, client.RoutingOperationWrite{Name: ptr("Weld"), Sequence: ptr(int32(20)), WorkCenterId: &wc,
		LaborRate: ptr(num("50")), MachineRate: ptr(num("20")), OperationId: &sys})
	jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(item, "4")}})
	it := getJob(t, te, jobID).ItemsToMake[0].Id
	ops, names := jobItemRouting(t, te, it)
	if len(ops) != 2 || names[0] != "Cut" {
		t.Fatalf("the job's operations %v", names)
	}
	return timerJob{ID: jobID, ItemToMake: it, Item: item, WorkCenter: wc, SystemOp: sys, Cut: ops[0], Weld: ops[1]}
}

// block is a createTimer body for user on the job's operation op from started to stopped.
func (j timerJob) block(user, op, typ, started, stopped string) map[string]any {
	return map[string]any{"userId": user, "type": typ, "jobId": j.ID, "jobOperationId": op, "startedOnUtc": started, "stoppedOnUtc": stopped}
}

// sendJSON sends body (JSON of it; none when nil) with token.
func sendJSON(t *testing.T, method, path, token string, body any) (rawResponse, []byte) {
	t.Helper()
	if m, ok := body.(map[string]any); body == nil || (ok && m == nil) {
		return rawRequest(t, method, path, token, "", "")
	}
	return rawRequest(t, method, path, token, "application/json", jobJSON(t, body))
}

// decodeOK requires a 200 and decodes the answer.
func decodeOK[T any](t *testing.T, res rawResponse, b []byte) T {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return out
}

func createTimer(t *testing.T, token string, body map[string]any) string {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, timersPath, token, body)
	return createdID(t, res, b)
}

func getTimer(t *testing.T, token, id string) client.Timer {
	t.Helper()
	res, b := sendJSON(t, http.MethodGet, timerPath(id), token, nil)
	return decodeOK[client.Timer](t, res, b)
}

func listTimers(t *testing.T, token, path string, filter any) client.TimerPage {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, path+"/list", token, filter)
	return decodeOK[client.TimerPage](t, res, b)
}

func startTimer(t *testing.T, token string, body map[string]any) client.JobTrackingTimerStarted {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, body)
	return decodeOK[client.JobTrackingTimerStarted](t, res, b)
}

func stopTimers(t *testing.T, token string, body map[string]any) []client.Timer {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/stop", token, body)
	return decodeOK[[]client.Timer](t, res, b)
}

// recordOperationTime records tm on job operation opID of job jobID through the timers API:
// one completed block per kind of time, ending a minute ago, for a timekeeper user. Its cost
// is the operation's rates' (the routing operation's, else its work center's).
func recordOperationTime(t *testing.T, te *tenantEnv, jobID, opID string, tm operationTime) {
	t.Helper()
	user := createUser(t, te, "Timekeeper")
	end := time.Now().UTC().Add(-time.Minute)
	for typ, seconds := range map[string]int64{"setup": tm.SetupSeconds, "labor": tm.LaborSeconds, "machine": tm.MachineSeconds} {
		if seconds == 0 {
			continue
		}
		createTimer(t, te.Token, map[string]any{"userId": user, "type": typ, "jobId": jobID, "jobOperationId": opID,
			"startedOnUtc": end.Add(-time.Duration(seconds) * time.Second).Format(time.RFC3339Nano), "stoppedOnUtc": end.Format(time.RFC3339Nano)})
	}
}

// Timers start at most 30 days back and never in the future, and stop after they start and
// never in the future: just inside each edge passes, just outside answers 400 naming the
// member, for create, update and patch.
func TestTimerBoundsAtTheirEdges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, _ := timerUser(t, te, "Edge")
	inside := fromNow(-30*day + time.Minute)
	id := createTimer(t, te.Token, j.block(user, j.Cut, "labor", inside, fromNow(-30*day+2*time.Minute)))
	for _, c := range []struct {
		name, started, stopped, field string
	}{
		{"started beyond 30 days", fromNow(-30*day - time.Minute), fromNow(-29 * day), "startedOnUtc"},
		{"started in the future", fromNow(time.Minute), fromNow(2 * time.Minute), "startedOnUtc"},
		{"stopped in the future", fromNow(-time.Hour), fromNow(time.Minute), "stoppedOnUtc"},
		{"stopped before started", fromNow(-time.Hour), fromNow(-2 * time.Hour), "stoppedOnUtc"},
		{"stopped when started", fromNow(-time.Hour), "", "stoppedOnUtc"},
	} {
		stopped := c.stopped
		if stopped == "" {
			stopped = c.started
		}
		res, b := sendJSON(t, http.MethodPost, timersPath, te.Token, j.block(user, j.Cut, "labor", c.started, stopped))
		mustProblemNaming(t, res, b, c.field)
		res, b = sendJSON(t, http.MethodPut, timerPath(id), te.Token, map[string]any{"startedOnUtc": c.started, "stoppedOnUtc": stopped})
		mustProblemNaming(t, res, b, c.field)
		res, b = rawRequest(t, http.MethodPatch, timerPath(id), te.Token, "application/json-patch+json",
			fmt.Sprintf(`[{"op":"replace","path":"/startedOnUtc","value":%q},{"op":"replace","path":"/stoppedOnUtc","value":%q}]`, c.started, stopped))
		mustProblemNaming(t, res, b, c.field)
	}
	// Just inside the edges, update and patch pass.
	res, b := sendJSON(t, http.MethodPut, timerPath(id), te.Token, map[string]any{"startedOnUtc": fromNow(-30*day + time.Minute), "stoppedOnUtc": fromNow(-time.Second)})
	decodeOK[client.Timer](t, res, b)
	res, b = rawRequest(t, http.MethodPatch, timerPath(id), te.Token, "application/json-patch+json",
		fmt.Sprintf(`[{"op":"replace","path":"/stoppedOnUtc","value":%q}]`, fromNow(-time.Minute)))
	decodeOK[client.Timer](t, res, b)
	// A patch of a read-only member answers 400.
	res, b = rawRequest(t, http.MethodPatch, timerPath(id), te.Token, "application/json-patch+json", `[{"op":"replace","path":"/type","value":"machine"}]`)
	mustProblem(t, res, b, http.StatusBadRequest)
	// An integration token names whose time it is.
	body := j.block(user, j.Cut, "labor", fromNow(-time.Hour), fromNow(-time.Minute))
	delete(body, "userId")
	res, b = sendJSON(t, http.MethodPost, timersPath, te.Token, body)
	mustProblemNaming(t, res, b, "userId")
}

// A block's time is costed into its item to make at the work center's rates (labor, machine,
// setup counted as labor) unless the routing operation overrides labor or machine; the item
// to make's hours and inProgressJob cost breakdown follow, the job starts, and an update that
// shortens a block takes the difference off.
func TestTimerCostsTheItemToMakeAtTheWorkCenterRates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, _ := timerUser(t, te, "Costed")
	end := time.Now().UTC().Add(-time.Hour)
	block := func(op, typ string, d time.Duration) string {
		return createTimer(t, te.Token, j.block(user, op, typ, end.Add(-d).Format(time.RFC3339Nano), end.Format(time.RFC3339Nano)))
	}
	block(j.Cut, "setup", 15*time.Minute)               // 0.25 h × 30 = 7.5 labor
	cutLabor := block(j.Cut, "labor", time.Hour)        // 1 h × 40 = 40 labor
	block(j.Cut, "machine", 30*time.Minute)             // 0.5 h × 12 = 6 machine
	weldLabor := block(j.Weld, "labor", 30*time.Minute) // 0.5 h × 50 (override) = 25 labor
	block(j.Weld, "machine", time.Hour)                 // 1 h × 20 (override) = 20 machine
	tm := getTimer(t, te.Token, weldLabor)
	mustDec(t, "Weld labor rate", tm.Rate, "50")
	mustDec(t, "Weld labor cost", tm.Cost, "25")
	if tm.Seconds != 1800 || tm.Running || tm.Source != client.TimerSourceManual || tm.ItemId != j.Item || tm.JobOperationSystemOperationId != nil {
		t.Fatalf("timer %+v", tm)
	}
	b := jobCostBreakdown(t, te, j.ID, j.ItemToMake)
	mustDec(t, "labor", b.ItemCost.Labor.Total, "72.5") // 7.5 + 40 + 25
	mustDec(t, "machine", b.ItemCost.Machine.Total, "26")
	mustDec(t, "setup hours", b.Time.Setup, "0.25")
	mustDec(t, "labor hours", b.Time.Labor, "1.5")
	mustDec(t, "machine hours", b.Time.Machine, "1.5")
	if job := getJob(t, te, j.ID); job.Status != client.JobStatusInProgress {
		t.Fatalf("job %s, want inProgress once time is recorded", job.Status)
	}
	inProgress := func() client.ItemCostBreakdown {
		for _, cb := range itemCostBreakdowns(t, te, j.Item) {
			if cb.Type == client.ItemCostBreakdownTypeInProgressJob {
				return cb
			}
		}
		t.Fatal("no inProgressJob cost breakdown")
		return client.ItemCostBreakdown{}
	}
	mustDec(t, "breakdown labor", inProgress().ItemCost.Labor.Total, "72.5")
	// Cut's labor shrinks to half an hour: 20 comes off.
	res, body := sendJSON(t, http.MethodPut, timerPath(cutLabor), te.Token, map[string]any{
		"startedOnUtc": end.Add(-30 * time.Minute).Format(time.RFC3339Nano), "stoppedOnUtc": end.Format(time.RFC3339Nano), "notes": "shortened"})
	updated := decodeOK[client.Timer](t, res, body)
	mustDec(t, "shortened cost", updated.Cost, "20")
	if updated.Notes == nil || *updated.Notes != "shortened" || updated.JobOperationSystemOperationId != nil {
		t.Fatalf("updated %+v", updated)
	}
	b = jobCostBreakdown(t, te, j.ID, j.ItemToMake)
	mustDec(t, "labor after the update", b.ItemCost.Labor.Total, "52.5")
	mustDec(t, "labor hours after the update", b.Time.Labor, "1")
	mustDec(t, "breakdown labor after the update", inProgress().ItemCost.Labor.Total, "52.5")
	// A later rate change does not rewrite recorded time.
	res, body = sendJSON(t, http.MethodPut, "/api/work-centers/"+j.WorkCenter, te.Token, map[string]any{"name": "Repriced " + ids.New(), "laborRate": 99})
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	mustDec(t, "rate kept", getTimer(t, te.Token, cutLabor).Rate, "40")
}

// The timer lists filter by the item made and are the only answers that carry the job
// operation's system operation; the job-tracking list holds job-tracking timers only.
func TestTimerListFiltersByItemAndCarriesTheSystemOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, other := newTimerJob(t, te), newTimerJob(t, te)
	user, token := timerUser(t, te, "Lister")
	mine := createTimer(t, te.Token, a.block(user, a.Weld, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
	createTimer(t, te.Token, other.block(user, other.Weld, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
	clockIn(t, token, nil)
	started := startTimer(t, token, map[string]any{"type": "machine", "jobId": a.ID, "jobOperationId": a.Cut})
	if started.Timer.JobOperationSystemOperationId != nil || !started.Timer.Running || started.Timer.UserId != user {
		t.Fatalf("start answer %+v", started.Timer)
	}
	page := listTimers(t, te.Token, timersPath, map[string]any{"itemId": a.Item})
	if page.TotalCount != 2 {
		t.Fatalf("item filter: %d timers, want 2", page.TotalCount)
	}
	for _, row := range page.Data {
		if row.ItemId != a.Item || row.WorkOrderId != nil || row.WorkOrderOperationName != nil {
			t.Fatalf("row %+v", row)
		}
		switch row.Id {
		case mine:
			if row.JobOperationSystemOperationId == nil || *row.JobOperationSystemOperationId != a.SystemOp {
				t.Fatalf("Weld's row carries %v, want %s", row.JobOperationSystemOperationId, a.SystemOp)
			}
		case started.Timer.Id:
			if row.JobOperationSystemOperationId != nil {
				t.Fatalf("Cut names no system operation, its row carries %v", *row.JobOperationSystemOperationId)
			}
		default:
			t.Fatalf("unexpected row %s", row.Id)
		}
	}
	if g := getTimer(t, te.Token, mine); g.JobOperationSystemOperationId != nil {
		t.Fatalf("get carries the system operation %v", *g.JobOperationSystemOperationId)
	}
	tracked := listTimers(t, te.Token, trackingTimersPath, map[string]any{"itemId": a.Item})
	if tracked.TotalCount != 1 || tracked.Data[0].Id != started.Timer.Id || tracked.Data[0].Source != client.TimerSourceJobTracking {
		t.Fatalf("job-tracking list %+v", tracked.Data)
	}
	if running := listTimers(t, te.Token, timersPath, map[string]any{"running": true, "userIds": []string{user}}); running.TotalCount != 1 {
		t.Fatalf("running filter: %d", running.TotalCount)
	}
	res, b := sendJSON(t, http.MethodPost, timersPath+"/list?Sort.Field=notes", te.Token, map[string]any{})
	mustProblem(t, res, b, http.StatusBadRequest)
}

// Starting a timer while one of the same user and type runs stops it at the new start and
// switches; another type runs beside it. Stop by id, by user and type.
func TestJobTrackingStartStopsTheRunningTimerOfTheSameType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	_, token := timerUser(t, te, "Switcher")
	clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-3 * time.Hour)})
	first := startTimer(t, token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": fromNow(-2 * time.Hour)})
	if len(first.StoppedTimers) != 0 {
		t.Fatalf("nothing ran, yet %d stopped", len(first.StoppedTimers))
	}
	if job := getJob(t, te, j.ID); job.Status != client.JobStatusInProgress {
		t.Fatalf("job %s after a start, want inProgress (starting marks it started)", job.Status)
	}
	machine := startTimer(t, token, map[string]any{"type": "machine", "jobId": j.ID, "jobOperationId": j.Cut})
	if len(machine.StoppedTimers) != 0 {
		t.Fatal("a machine timer stopped the labor timer")
	}
	switchAt := fromNow(-time.Hour)
	second := startTimer(t, token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Weld, "startedOnUtc": switchAt})
	if len(second.StoppedTimers) != 1 || second.StoppedTimers[0].Id != first.Timer.Id || second.StoppedTimers[0].Running {
		t.Fatalf("stopped %+v, want the first labor timer", second.StoppedTimers)
	}
	if s := second.StoppedTimers[0]; s.StoppedOnUtc == nil || !s.StoppedOnUtc.Equal(second.Timer.StartedOnUtc) || s.Seconds < 3599 {
		t.Fatalf("stopped at %v after %d s, want at the new start after an hour", s.StoppedOnUtc, s.Seconds)
	}
	// A start before the running timer's start is refused.
	res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": fromNow(-90 * time.Minute)})
	mustProblemNaming(t, res, b, "startedOnUtc")
	stopped := stopTimers(t, token, map[string]any{"timerId": machine.Timer.Id})
	if len(stopped) != 1 || stopped[0].Running {
		t.Fatalf("stop by id %+v", stopped)
	}
	res, b = sendJSON(t, http.MethodPost, trackingTimersPath+"/stop", token, map[string]any{"timerId": machine.Timer.Id})
	mustProblem(t, res, b, http.StatusConflict)
	res, b = sendJSON(t, http.MethodPost, trackingTimersPath+"/stop", token, map[string]any{"timerId": machine.Timer.Id, "type": "labor"})
	mustProblemNaming(t, res, b, "timerId")
	if left := stopTimers(t, token, map[string]any{"type": "labor"}); len(left) != 1 || left[0].Id != second.Timer.Id {
		t.Fatalf("stop by type %+v", left)
	}
	if none := stopTimers(t, token, nil); len(none) != 0 {
		t.Fatalf("nothing runs, yet stopped %+v", none)
	}
}

// Two starts of one user at once: both succeed, one after the other, and one labor timer
// runs afterwards (the later start stopped the earlier one).
func TestJobTrackingConcurrentStartsLeaveOneRunningTimer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, token := timerUser(t, te, "Racer")
	clockIn(t, token, nil)
	start := make(chan struct{})
	var wg sync.WaitGroup
	codes := make([]int, 2)
	bodies := make([][]byte, 2)
	for i, op := range []string{j.Cut, j.Weld} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": op})
			codes[i], bodies[i] = res.StatusCode, b
		}()
	}
	close(start)
	wg.Wait()
	stoppedCount := 0
	for i := range codes {
		mustStatus(t, codes[i], http.StatusOK, bodies[i])
		var s client.JobTrackingTimerStarted
		if err := json.Unmarshal(bodies[i], &s); err != nil {
			t.Fatal(err)
		}
		stoppedCount += len(s.StoppedTimers)
	}
	if stoppedCount != 1 {
		t.Fatalf("%d timers stopped by the two starts, want 1", stoppedCount)
	}
	if running := listTimers(t, te.Token, trackingTimersPath, map[string]any{"userIds": []string{user}, "running": true}); running.TotalCount != 1 {
		t.Fatalf("%d running labor timers, want 1", running.TotalCount)
	}
}

// Completing a job operation closes its open timers at the completion instant, costed.
func TestOperationCompleteClosesOpenTimers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	_, token := timerUser(t, te, "Closer")
	clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-2 * time.Hour)})
	started := startTimer(t, token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": fromNow(-time.Hour)})
	op := mustJobOp(t, te, j.ID, j.ItemToMake, j.Cut, "complete", map[string]any{})
	closed := getTimer(t, te.Token, started.Timer.Id)
	if closed.Running || closed.StoppedOnUtc == nil || op.CompletedUtc == nil || closed.StoppedOnUtc.Sub(*op.CompletedUtc).Abs() > time.Millisecond {
		t.Fatalf("timer %+v after the operation completed at %v", closed, op.CompletedUtc)
	}
	if closed.Seconds < 3600 || closed.Cost.IsZero() {
		t.Fatalf("closed block %d s costing %s", closed.Seconds, closed.Cost)
	}
	b := jobCostBreakdown(t, te, j.ID, j.ItemToMake)
	mustDec(t, "labor from the closed timer", b.ItemCost.Labor.Total, closed.Cost.String())
	// The complete operation accepts no more time.
	res, body := sendJSON(t, http.MethodPost, timersPath, te.Token, j.block(closed.UserId, j.Cut, "labor", fromNow(-time.Hour), fromNow(-time.Minute)))
	mustProblemNaming(t, res, body, "jobOperationId")
	res, body = sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut})
	mustProblemNaming(t, res, body, "jobOperationId")
}

// Unknown operations are 404 naming the member, another job's 400 naming jobId, a planned
// job's 400; a user token without View Job is refused.
func TestTimerReferencesAndPermission(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j, other := newTimerJob(t, te), newTimerJob(t, te)
	user, _ := timerUser(t, te, "Refs")
	res, b := sendJSON(t, http.MethodPost, timersPath, te.Token, j.block(user, ids.NewSub(), "labor", fromNow(-time.Hour), fromNow(-time.Minute)))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "jobOperationId")
	res, b = sendJSON(t, http.MethodPost, timersPath, te.Token, j.block(user, other.Cut, "labor", fromNow(-time.Hour), fromNow(-time.Minute)))
	mustProblemNaming(t, res, b, "jobId")
	res, b = sendJSON(t, http.MethodPost, timersPath, te.Token, j.block(unknownUserID, j.Cut, "labor", fromNow(-time.Hour), fromNow(-time.Minute)))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "userId")
	f := newJobFixture(t, te, "")
	planned := createJobMaking(t, te, f.Item, "1")
	ops, _ := jobItemRouting(t, te, getJob(t, te, planned).ItemsToMake[0].Id)
	res, b = sendJSON(t, http.MethodPost, timersPath, te.Token, map[string]any{"userId": user, "type": "labor", "jobId": planned,
		"jobOperationId": ops[0], "startedOnUtc": fromNow(-time.Hour), "stoppedOnUtc": fromNow(-time.Minute)})
	mustProblemNaming(t, res, b, "jobOperationId")
	noPerm := te.userToken(t)
	res, b = sendJSON(t, http.MethodPost, timersPath+"/list", noPerm, map[string]any{})
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = sendJSON(t, http.MethodPost, "/api/time-clock-timers/clock-in", noPerm, nil)
	mustProblem(t, res, b, http.StatusForbidden)
}

// arrangeTimers: in the small tenant one user clocked in with one running timer and one
// block; in the large one manySubs such users (the first running a timer of every type), so
// that the timer lists, the time clock and the user statuses hold many rows.
func arrangeTimers(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, users int) (timerID, userID string) {
		j := newTimerJob(t, te)
		for k := range users {
			user, token := timerUser(t, te, fmt.Sprintf("Operator %02d", k))
			clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-3 * time.Hour)})
			timerID = createTimer(t, te.Token, j.block(user, j.Weld, "labor", fromNow(-3*time.Hour), fromNow(-2*time.Hour)))
			types := []string{"labor"}
			if k == 0 {
				types, userID = []string{"labor", "machine", "setup"}, user
			}
			for _, typ := range types {
				startTimer(t, token, map[string]any{"type": typ, "jobId": j.ID, "jobOperationId": j.Cut})
			}
		}
		return timerID, userID
	}
	st, su := build(small, 1)
	lt, lu := build(large, manySubs)
	return []readCase{
		getRead("getTimer", timerPath(st), timerPath(lt)),
		listRead("listTimers", timersPath+"/list", timersPath+"/list", `{}`),
		listRead("listJobTrackingTimers", trackingTimersPath+"/list", trackingTimersPath+"/list", `{}`),
		listRead("listTimeClockEntries", timeClockPath+"/list", timeClockPath+"/list", `{}`),
		listRead("listUserStatuses", "/api/users/status", "/api/users/status", `{}`),
		getRead("getUserStatus", userPath(su)+"/status", userPath(lu)+"/status"),
	}
}

// timersIsolation: tenant A's timer, user and job operation, as tenant B meets them.
func timersIsolation() isolationRow {
	return isolationRow{name: "timers", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		j := newTimerJob(t, a)
		user, _ := timerUser(t, a, "Isolated")
		id := createTimer(t, a.Token, j.block(user, j.Cut, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
		bUser, _ := timerUser(t, b, "Isolated")
		theirs := jobJSON(t, j.block(bUser, j.Cut, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
		return isolated{
			ID: id, Get: timerPath(id),
			Put:   &isoCall{Body: jobJSON(t, map[string]any{"startedOnUtc": fromNow(-3 * time.Hour), "stoppedOnUtc": fromNow(-time.Hour)})},
			Patch: &isoCall{Body: `[{"op":"replace","path":"/notes","value":"theirs"}]`},
			Lists: []isoList{
				{Path: timersPath + "/list", Body: `{}`},
				{Path: timersPath + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
				{Path: timersPath + "/list", Body: fmt.Sprintf(`{"userIds":[%q]}`, user)},
			},
			Refused: []isoCall{
				// A's job operation is no operation of B's; A's timer and user none of B's.
				{Method: http.MethodPost, Path: timersPath, Body: theirs, Field: "jobOperationId"},
				{Method: http.MethodPost, Path: trackingTimersPath + "/stop", Body: fmt.Sprintf(`{"timerId":%q}`, id)},
				{Method: http.MethodPost, Path: trackingTimersPath + "/stop", Body: fmt.Sprintf(`{"userId":%q}`, user), Field: "userId"},
				{Method: http.MethodPost, Path: timeClockPath + "/clock-in", Body: fmt.Sprintf(`{"userId":%q}`, user), Field: "userId"},
				{Method: http.MethodGet, Path: userPath(user) + "/status"},
			},
		}
	}}
}

// walkTimer is a timer of te for the malformed-request walk.
func walkTimer(t *testing.T, te *tenantEnv) string {
	j := newTimerJob(t, te)
	user, _ := timerUser(t, te, "Walk timekeeper")
	return createTimer(t, te.Token, j.block(user, j.Cut, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
}
