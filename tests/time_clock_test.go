package tests

import (
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

const timeClockPath = "/api/time-clock-timers"

// clockIn clocks the token's user in (body nil: now) and answers the entry.
func clockIn(t *testing.T, token string, body map[string]any) client.TimeClockEntry {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, timeClockPath+"/clock-in", token, body)
	return decodeOK[client.TimeClockEntry](t, res, b)
}

func clockOut(t *testing.T, token string, body map[string]any) client.TimeClockEntry {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, timeClockPath+"/clock-out", token, body)
	return decodeOK[client.TimeClockEntry](t, res, b)
}

func userStatus(t *testing.T, te *tenantEnv, userID string) client.UserStatus {
	t.Helper()
	res, b := sendJSON(t, http.MethodGet, userPath(userID)+"/status", te.Token, nil)
	return decodeOK[client.UserStatus](t, res, b)
}

// Clock-in and job-tracking starts take instants at most 30 days back and never in the
// future: just inside passes, just outside answers 400 naming the member.
func TestClockInAndStartBoundsAtTheirEdges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	_, token := timerUser(t, te, "Early")
	for _, c := range []struct{ name, when string }{
		{"beyond 30 days", fromNow(-30*day - time.Minute)}, {"in the future", fromNow(time.Minute)},
	} {
		res, b := sendJSON(t, http.MethodPost, timeClockPath+"/clock-in", token, map[string]any{"clockedInUtc": c.when})
		mustProblemNaming(t, res, b, "clockedInUtc")
	}
	clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-30*day + time.Minute)})
	for _, c := range []struct{ name, when string }{
		{"beyond 30 days", fromNow(-30*day - time.Minute)}, {"in the future", fromNow(time.Minute)},
	} {
		res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": c.when})
		mustProblemNaming(t, res, b, "startedOnUtc")
	}
	s := startTimer(t, token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": fromNow(-30*day + 2*time.Minute)})
	// A running timer may move its start, within the same bounds; it may not stop by update.
	res, b := sendJSON(t, http.MethodPut, timerPath(s.Timer.Id), te.Token, map[string]any{"startedOnUtc": fromNow(-30*day - time.Minute)})
	mustProblemNaming(t, res, b, "startedOnUtc")
	res, b = sendJSON(t, http.MethodPut, timerPath(s.Timer.Id), te.Token, map[string]any{"startedOnUtc": fromNow(-time.Hour), "stoppedOnUtc": fromNow(-time.Minute)})
	mustProblemNaming(t, res, b, "stoppedOnUtc")
	res, b = sendJSON(t, http.MethodPut, timerPath(s.Timer.Id), te.Token, map[string]any{"startedOnUtc": fromNow(-time.Hour)})
	if moved := decodeOK[client.Timer](t, res, b); !moved.Running || moved.Seconds != 0 {
		t.Fatalf("moved running timer %+v", moved)
	}
}

// A clocked-out user cannot start job timers (400 naming userId): neither before the first
// clock-in nor after clocking out. Clocking in twice, or out when not in, is a 409.
func TestClockedOutUserCannotStartJobTimers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, token := timerUser(t, te, "Outside")
	body := map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut}
	res, b := sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, body)
	mustProblemNaming(t, res, b, "userId")
	res, b = sendJSON(t, http.MethodPost, timeClockPath+"/clock-out", token, nil)
	mustProblem(t, res, b, http.StatusConflict)
	in := clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-time.Hour)})
	if !in.Open || in.UserId != user || in.ClockedOutUtc != nil || in.Seconds != nil {
		t.Fatalf("entry %+v", in)
	}
	res, b = sendJSON(t, http.MethodPost, timeClockPath+"/clock-in", token, nil)
	mustProblem(t, res, b, http.StatusConflict)
	// The integration token names the user.
	res, b = sendJSON(t, http.MethodPost, timeClockPath+"/clock-out", te.Token, nil)
	mustProblemNaming(t, res, b, "userId")
	out := clockOut(t, te.Token, map[string]any{"userId": user})
	if out.Open || out.Seconds == nil || *out.Seconds < 3600 {
		t.Fatalf("closed entry %+v", out)
	}
	res, b = sendJSON(t, http.MethodPost, trackingTimersPath+"/start", token, body)
	mustProblemNaming(t, res, b, "userId")
	// Not before the last clock-out.
	res, b = sendJSON(t, http.MethodPost, timeClockPath+"/clock-in", token, map[string]any{"clockedInUtc": fromNow(-2 * time.Hour)})
	mustProblemNaming(t, res, b, "clockedInUtc")
	page := decodeOK[client.TimeClockEntryPage](sendJSONT(t, http.MethodPost, timeClockPath+"/list", te.Token, map[string]any{"userIds": []string{user}, "open": false}))
	if page.TotalCount != 1 || page.Data[0].Id != in.Id {
		t.Fatalf("closed entries %+v", page.Data)
	}
}

// sendJSONT is sendJSON whose answer feeds decodeOK.
func sendJSONT(t *testing.T, method, path, token string, body any) (*testing.T, rawResponse, []byte) {
	t.Helper()
	res, b := sendJSON(t, method, path, token, body)
	return t, res, b
}

// Clocking out stops the user's running job timers at the clock-out instant, costed; a
// clock-out before a running timer's start is refused.
func TestClockOutStopsRunningTimers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, token := timerUser(t, te, "Leaver")
	clockIn(t, token, map[string]any{"clockedInUtc": fromNow(-3 * time.Hour)})
	labor := startTimer(t, token, map[string]any{"type": "labor", "jobId": j.ID, "jobOperationId": j.Cut, "startedOnUtc": fromNow(-2 * time.Hour)})
	machine := startTimer(t, token, map[string]any{"type": "machine", "jobId": j.ID, "jobOperationId": j.Weld, "startedOnUtc": fromNow(-time.Hour)})
	res, b := sendJSON(t, http.MethodPost, timeClockPath+"/clock-out", token, map[string]any{"clockedOutUtc": fromNow(-90 * time.Minute)})
	mustProblemNaming(t, res, b, "clockedOutUtc")
	out := clockOut(t, token, nil)
	for _, id := range []string{labor.Timer.Id, machine.Timer.Id} {
		tm := getTimer(t, te.Token, id)
		if tm.Running || tm.StoppedOnUtc == nil || !tm.StoppedOnUtc.Equal(*out.ClockedOutUtc) || tm.Cost.IsZero() {
			t.Fatalf("timer %+v after clocking out at %v", tm, out.ClockedOutUtc)
		}
	}
	if st := userStatus(t, te, user); st.ClockedIn || len(st.RunningTimers) != 0 {
		t.Fatalf("status after clock-out %+v", st)
	}
}

// A user's status shows whether they are clocked in and what runs for them; the status
// list answers the users named (or every user), by name.
func TestUserStatusFollowsClockInAndStart(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTimerJob(t, te)
	user, token := timerUser(t, te, "Ana")
	idle, _ := timerUser(t, te, "Bo")
	if st := userStatus(t, te, user); st.ClockedIn || st.ClockedInUtc != nil || len(st.RunningTimers) != 0 || st.UserName != "Ana" {
		t.Fatalf("before: %+v", st)
	}
	in := clockIn(t, token, nil)
	if st := userStatus(t, te, user); !st.ClockedIn || st.ClockedInUtc == nil || !st.ClockedInUtc.Equal(in.ClockedInUtc) {
		t.Fatalf("clocked in: %+v", st)
	}
	s := startTimer(t, token, map[string]any{"type": "setup", "jobId": j.ID, "jobOperationId": j.Weld})
	st := userStatus(t, te, user)
	if len(st.RunningTimers) != 1 {
		t.Fatalf("running %+v", st.RunningTimers)
	}
	r := st.RunningTimers[0]
	job := getJob(t, te, j.ID)
	if r.TimerId != s.Timer.Id || r.JobId != j.ID || r.JobNumber != job.Number || r.OperationName != "Weld" || r.Type != client.TimerTypeSetup {
		t.Fatalf("running timer %+v", r)
	}
	list := decodeOK[[]client.UserStatus](sendJSONT(t, http.MethodPost, "/api/users/status", te.Token, map[string]any{"userIds": []string{idle, user, unknownUserID}}))
	if len(list) != 2 || list[0].UserId != user || list[1].UserId != idle || list[1].ClockedIn || len(list[0].RunningTimers) != 1 {
		t.Fatalf("statuses %+v", list)
	}
	res, b := sendJSON(t, http.MethodGet, userPath(unknownUserID)+"/status", te.Token, nil)
	mustProblem(t, res, b, http.StatusNotFound)
	other := newTenant(t)
	res, b = sendJSON(t, http.MethodGet, userPath(user)+"/status", other.Token, nil)
	mustProblem(t, res, b, http.StatusNotFound)
}
