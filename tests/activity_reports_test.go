package tests

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// The shop-floor reports (tag Reports): job activity, job activity by operator and the time
// clock, over whole days of the tenant's shop timezone.

const (
	jobActivityPath = "/api/reporting/job-activity/list"
	byOperatorPath  = "/api/reporting/job-activity-by-operator/list"
	timeClockReport = "/api/reporting/time-clock/list"
	activityZone    = "America/Chicago"
)

// activityShop is a tenant in Chicago where two users recorded time on two jobs (two work
// centers) on shop day D and the day after, with blocks and a clock entry crossing the
// shop's midnight, and a third user clocked in now with a timer running:
//
//	Avery: setup j1.Cut D 09:00–09:30, labor j1.Cut D 10:00–12:00, labor j2.Weld D 23:00–D+1 01:00;
//	       clocked D 08:00–D+1 02:00.
//	Blake: machine j1.Cut D 13:00–16:00, labor j2.Cut D+1 08:00–08:45;
//	       clocked D 12:00–18:00 and D+1 08:00–12:00.
//	Casey: clocked in an hour ago (open), labor on j1.Weld running since ten minutes ago.
//
// Cut costs at its work center's rates (labor 40, machine 12, setup 30 an hour); Weld's labor
// at 50 an hour (the routing operation's override).
type activityShop struct {
	te                   *tenantEnv
	j1, j2               timerJob
	avery, blake, casey  string
	d                    time.Time // D, a calendar day (midnight UTC)
	loc                  *time.Location
	dayD, dayD1, dayLast string
}

// at is hour:minute of day D+plus in the shop timezone.
func (s activityShop) at(plus, hour, minute int) time.Time {
	return time.Date(s.d.Year(), s.d.Month(), s.d.Day()+plus, hour, minute, 0, 0, s.loc)
}

func rfc(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func newActivityShop(t *testing.T) activityShop {
	t.Helper()
	loc, err := time.LoadLocation(activityZone)
	if err != nil {
		t.Fatal(err)
	}
	te := newTenant(t, activityZone)
	y, m, d := time.Now().In(loc).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	s := activityShop{te: te, loc: loc, d: today.AddDate(0, 0, -3)}
	s.dayD, s.dayD1 = s.d.Format(time.DateOnly), s.d.AddDate(0, 0, 1).Format(time.DateOnly)
	s.dayLast = today.AddDate(0, 0, 1).Format(time.DateOnly)
	s.j1, s.j2 = newTimerJob(t, te), newTimerJob(t, te)
	s.avery, s.blake, s.casey = createUser(t, te, "Avery"), createUser(t, te, "Blake"), createUser(t, te, "Casey")
	block := func(user string, j timerJob, op, typ string, from, to time.Time) {
		createTimer(t, te.Token, j.block(user, op, typ, rfc(from), rfc(to)))
	}
	block(s.avery, s.j1, s.j1.Cut, "setup", s.at(0, 9, 0), s.at(0, 9, 30))
	block(s.avery, s.j1, s.j1.Cut, "labor", s.at(0, 10, 0), s.at(0, 12, 0))
	block(s.avery, s.j2, s.j2.Weld, "labor", s.at(0, 23, 0), s.at(1, 1, 0))
	block(s.blake, s.j1, s.j1.Cut, "machine", s.at(0, 13, 0), s.at(0, 16, 0))
	block(s.blake, s.j2, s.j2.Cut, "labor", s.at(1, 8, 0), s.at(1, 8, 45))
	clock := func(user string, in, out time.Time) {
		clockIn(t, te.Token, map[string]any{"userId": user, "clockedInUtc": rfc(in)})
		clockOut(t, te.Token, map[string]any{"userId": user, "clockedOutUtc": rfc(out)})
	}
	clock(s.avery, s.at(0, 8, 0), s.at(1, 2, 0))
	clock(s.blake, s.at(0, 12, 0), s.at(0, 18, 0))
	clock(s.blake, s.at(1, 8, 0), s.at(1, 12, 0))
	clockIn(t, te.Token, map[string]any{"userId": s.casey, "clockedInUtc": fromNow(-time.Hour)})
	startTimer(t, te.Token, map[string]any{"userId": s.casey, "type": "labor", "jobId": s.j1.ID, "jobOperationId": s.j1.Weld,
		"startedOnUtc": fromNow(-10 * time.Minute)})
	return s
}

// window is a report body over days from to to with more members.
func window(from, to string, more ...any) map[string]any {
	b := map[string]any{"from": from, "to": to}
	for i := 0; i+1 < len(more); i += 2 {
		b[more[i].(string)] = more[i+1]
	}
	return b
}

func listReport[T any](t *testing.T, token, path, query string, body map[string]any) T {
	t.Helper()
	res, b := sendJSON(t, http.MethodPost, path+query, token, body)
	return decodeOK[T](t, res, b)
}

func activityOps(p client.JobActivityReportPage) []string {
	out := make([]string, len(p.Data))
	for i, r := range p.Data {
		out[i] = r.Operation.Id
	}
	return out
}

// userDays names rows as user@day with the shop's user names.
func (s activityShop) userDay(user, day string) string {
	name := map[string]string{s.avery: "Avery", s.blake: "Blake", s.casey: "Casey"}[user]
	return name + "@" + day
}

func operatorDays(s activityShop, p client.JobActivityByOperatorReportPage) []string {
	out := make([]string, len(p.Data))
	for i, r := range p.Data {
		out[i] = s.userDay(r.User.Id, r.Day.Format(time.DateOnly))
	}
	return out
}

func clockDays(s activityShop, p client.TimeClockReportPage) []string {
	out := make([]string, len(p.Data))
	for i, r := range p.Data {
		out[i] = s.userDay(r.User.Id, r.Day.Format(time.DateOnly))
	}
	return out
}

func mustOrder(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !sameIDs(got, want) {
		t.Fatalf("%s: %v, want %v", what, got, want)
	}
}

// The job activity report: one row per job operation with time in the window, the parts of
// blocks inside it (a block crossing the shop's midnight split at it), costed at the rates
// the blocks were recorded at, with its job, item, operation, work center and quantities.
func TestJobActivityReportCountsTheTimeInsideTheWindow(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	p := listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "", window(s.dayD, s.dayD1))
	mustOrder(t, "rows, last activity newest first", activityOps(p), []string{s.j2.Cut, s.j2.Weld, s.j1.Cut})
	if p.TotalCount != 3 {
		t.Fatalf("totalCount %d, want 3", p.TotalCount)
	}
	cut := p.Data[2]
	if cut.Job.Id != s.j1.ID || cut.ItemToMake.Id != s.j1.ItemToMake || cut.ItemToMake.ItemId != s.j1.Item ||
		!strings.HasPrefix(cut.ItemToMake.ItemNumber, "TIMED-") || cut.Operation.Name != "Cut" ||
		cut.Operation.WorkCenter == nil || cut.Operation.WorkCenter.Id != s.j1.WorkCenter ||
		cut.Operation.WorkCenter.Name == nil || !strings.HasPrefix(*cut.Operation.WorkCenter.Name, "Timed ") {
		t.Fatalf("j1 Cut names %+v", cut)
	}
	if cut.SetupSeconds != 1800 || cut.LaborSeconds != 7200 || cut.MachineSeconds != 10800 || cut.Operators != 2 || cut.Running {
		t.Fatalf("j1 Cut time %+v", cut)
	}
	mustDec(t, "setupHours", cut.SetupHours, "0.5")
	mustDec(t, "laborHours", cut.LaborHours, "2")
	mustDec(t, "machineHours", cut.MachineHours, "3")
	mustDec(t, "laborCost (setup at 30, labor at 40)", cut.LaborCost, "95")
	mustDec(t, "machineCost", cut.MachineCost, "36")
	mustDec(t, "cost", cut.Cost, "131")
	mustDec(t, "quantityCompleted", cut.QuantityCompleted, "0")
	mustDec(t, "quantityScrapped", cut.QuantityScrapped, "0")
	if !cut.FirstStartUtc.Equal(s.at(0, 9, 0)) || cut.LastStopUtc == nil || !cut.LastStopUtc.Equal(s.at(0, 16, 0)) ||
		!cut.LastActivityUtc.Equal(s.at(0, 16, 0)) || cut.Status != client.JobOperationStatusStarted {
		t.Fatalf("j1 Cut instants and status %+v", cut)
	}
	weld := p.Data[1]
	if weld.LaborSeconds != 7200 || weld.Operators != 1 || weld.Job.Number <= cut.Job.Number {
		t.Fatalf("j2 Weld %+v", weld)
	}
	mustDec(t, "Weld laborCost at the override", weld.LaborCost, "100")
	mustDec(t, "j2 Cut laborCost", p.Data[0].LaborCost, "30")
	mustDec(t, "j2 Cut laborHours", p.Data[0].LaborHours, "0.75")

	// Day D alone: the Weld block counts up to the shop's midnight only.
	p = listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "", window(s.dayD, s.dayD))
	// The Weld block's last stop is after the window: its last activity is still the newest.
	mustOrder(t, "day D", activityOps(p), []string{s.j2.Weld, s.j1.Cut})
	if w := p.Data[0]; w.LaborSeconds != 3600 || w.LastStopUtc == nil || !w.LastStopUtc.Equal(s.at(1, 1, 0)) {
		t.Fatalf("Weld on day D %+v", w)
	}
	mustDec(t, "Weld cost on day D", p.Data[0].LaborCost, "50")
	p = listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "", window(s.dayD1, s.dayD1))
	mustOrder(t, "day D+1", activityOps(p), []string{s.j2.Cut, s.j2.Weld})
	mustDec(t, "Weld hours on day D+1", p.Data[1].LaborHours, "1")

	// A running timer counts up to now and is flagged.
	p = listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "", window(s.dayD, s.dayLast, "userIds", []string{s.casey}))
	if len(p.Data) != 1 || p.Data[0].Operation.Id != s.j1.Weld || !p.Data[0].Running || p.Data[0].LastStopUtc != nil || p.Data[0].LaborSeconds < 600 {
		t.Fatalf("running timer rows %+v", p.Data)
	}
}

// Every filter member of the job activity report narrows the blocks counted.
func TestJobActivityReportFilters(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	cutoff := rfc(s.at(0, 12, 30))
	for _, c := range []struct {
		name string
		body map[string]any
		want []string
	}{
		{"jobIds", window(s.dayD, s.dayD1, "jobIds", []string{s.j2.ID}), []string{s.j2.Cut, s.j2.Weld}},
		{"workCenterIds", window(s.dayD, s.dayD1, "workCenterIds", []string{s.j1.WorkCenter}), []string{s.j1.Cut}},
		{"userIds", window(s.dayD, s.dayD1, "userIds", []string{s.blake}), []string{s.j2.Cut, s.j1.Cut}},
		{"types", window(s.dayD, s.dayD1, "types", []string{"setup"}), []string{s.j1.Cut}},
		{"startedAfterUtc", window(s.dayD, s.dayD1, "startedAfterUtc", cutoff), []string{s.j2.Cut, s.j2.Weld, s.j1.Cut}},
		{"startedBeforeUtc", window(s.dayD, s.dayD1, "startedBeforeUtc", cutoff), []string{s.j1.Cut}},
	} {
		p := listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "", c.body)
		mustOrder(t, c.name, activityOps(p), c.want)
		last := p.Data[len(p.Data)-1]
		switch c.name {
		case "userIds", "startedAfterUtc":
			if last.MachineSeconds != 10800 || last.LaborSeconds != 0 || last.Operators != 1 {
				t.Fatalf("%s: j1 Cut counts Blake's machine time only: %+v", c.name, last)
			}
		case "types":
			if last.SetupSeconds != 1800 || last.LaborSeconds != 0 || last.MachineSeconds != 0 {
				t.Fatalf("types: %+v", last)
			}
		case "startedBeforeUtc":
			if last.SetupSeconds != 1800 || last.LaborSeconds != 7200 || last.MachineSeconds != 0 {
				t.Fatalf("startedBeforeUtc: %+v", last)
			}
		}
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"from after to", window(s.dayD1, s.dayD), "from"},
		{"longer than 366 days", window("2025-01-01", "2026-01-02"), "to"},
		{"before 2000", window("1999-12-31", "2000-01-02"), "from"},
		{"an unknown type", window(s.dayD, s.dayD1, "types", []string{"lunch"}), "types"},
	} {
		res, b := sendJSON(t, http.MethodPost, jobActivityPath, s.te.Token, c.body)
		if c.name == "an unknown type" {
			mustProblem(t, res, b, http.StatusBadRequest)
			continue
		}
		mustProblemNaming(t, res, b, c.field)
	}
	res, b := sendJSON(t, http.MethodPost, jobActivityPath, s.te.Token, map[string]any{"to": s.dayD})
	mustProblemNaming(t, res, b, "from")
	res, b = sendJSON(t, http.MethodPost, jobActivityPath, s.te.Token, nil)
	mustProblemNaming(t, res, b, "to")
}

// The job activity report sorts by job number, labor hours and cost (ties on the operation
// id), refuses other fields, and pages.
func TestJobActivityReportSortsAndPages(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	j2 := []string{s.j2.Cut, s.j2.Weld}
	sort.Strings(j2)
	tied := []string{s.j1.Cut, s.j2.Weld}
	sort.Strings(tied)
	body := window(s.dayD, s.dayD1)
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"?Sort.Field=job.number", append([]string{s.j1.Cut}, j2...)},
		{"?Sort.Field=jobNumber&Sort.Dir=descending", []string{j2[1], j2[0], s.j1.Cut}},
		{"?Sort.Field=laborHours", append([]string{s.j2.Cut}, tied...)},
		{"?Sort.Field=cost", []string{s.j2.Cut, s.j2.Weld, s.j1.Cut}},
		{"?Sort.Field=cost&Sort.Dir=descending", []string{s.j1.Cut, s.j2.Weld, s.j2.Cut}},
		{"?Sort.Dir=ascending", []string{s.j1.Cut, s.j2.Weld, s.j2.Cut}},
	} {
		p := listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, c.query, body)
		mustOrder(t, c.query, activityOps(p), c.want)
	}
	res, b := sendJSON(t, http.MethodPost, jobActivityPath+"?Sort.Field=operators", s.te.Token, body)
	mustProblemNaming(t, res, b, "Sort.Field")
	p := listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "?Skip=1&Take=1", body)
	if p.TotalCount != 3 || p.TotalPages != 3 || p.Page != 2 || !p.HasPreviousPage || !p.HasNextPage || len(p.Data) != 1 || p.Data[0].Operation.Id != s.j2.Weld {
		t.Fatalf("second page %+v", p)
	}
	p = listReport[client.JobActivityReportPage](t, s.te.Token, jobActivityPath, "?Skip=5&Take=1", body)
	if p.TotalCount != 3 || len(p.Data) != 0 || p.HasNextPage {
		t.Fatalf("past the end %+v", p)
	}
}

// The job activity by operator report: one row per user and shop day, job time split at the
// shop's midnight, clocked hours from the time clock the same way, utilisation the setup and
// labor hours over the clocked ones.
func TestJobActivityByOperatorReportSplitsDaysAndComparesTheClock(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	p := listReport[client.JobActivityByOperatorReportPage](t, s.te.Token, byOperatorPath, "", window(s.dayD, s.dayD1))
	mustOrder(t, "day newest first, then user name", operatorDays(s, p), []string{
		s.userDay(s.avery, s.dayD1), s.userDay(s.blake, s.dayD1), s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD)})
	type want struct {
		setup, labor, machine, tracked, cost, clocked string
		utilization                                   *string
		jobs, operations                              int
	}
	util := func(s string) *string { return &s }
	for i, w := range []want{
		{"0", "1", "0", "1", "50", "2", util("0.5"), 1, 1},
		{"0", "0.75", "0", "0.75", "30", "4", util("0.1875"), 1, 1},
		{"0.5", "3", "0", "3.5", "145", "16", util("0.2188"), 2, 2},
		{"0", "0", "3", "0", "36", "6", util("0"), 1, 1},
	} {
		r := p.Data[i]
		what := operatorDays(s, p)[i]
		mustDec(t, what+" setupHours", r.SetupHours, w.setup)
		mustDec(t, what+" laborHours", r.LaborHours, w.labor)
		mustDec(t, what+" machineHours", r.MachineHours, w.machine)
		mustDec(t, what+" trackedHours", r.TrackedHours, w.tracked)
		mustDec(t, what+" cost", r.Cost, w.cost)
		mustDec(t, what+" clockedHours", r.ClockedHours, w.clocked)
		if r.Utilization == nil {
			t.Fatalf("%s: utilization null", what)
		}
		mustDec(t, what+" utilization", *r.Utilization, *w.utilization)
		if r.Jobs != w.jobs || r.Operations != w.operations || r.User.Name == "" {
			t.Fatalf("%s: %+v", what, r)
		}
	}
	mustDec(t, "Avery's labor cost on D", p.Data[2].LaborCost, "145")
	mustDec(t, "Blake's machine cost on D", p.Data[3].MachineCost, "36")

	// Filters.
	for _, c := range []struct {
		name string
		body map[string]any
		want []string
	}{
		{"userIds", window(s.dayD, s.dayD1, "userIds", []string{s.avery}), []string{s.userDay(s.avery, s.dayD1), s.userDay(s.avery, s.dayD)}},
		{"jobIds", window(s.dayD, s.dayD1, "jobIds", []string{s.j1.ID}), []string{s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD)}},
		{"workCenterIds", window(s.dayD, s.dayD1, "workCenterIds", []string{s.j2.WorkCenter}),
			[]string{s.userDay(s.avery, s.dayD1), s.userDay(s.blake, s.dayD1), s.userDay(s.avery, s.dayD)}},
	} {
		p := listReport[client.JobActivityByOperatorReportPage](t, s.te.Token, byOperatorPath, "", c.body)
		mustOrder(t, c.name, operatorDays(s, p), c.want)
		if c.name == "jobIds" {
			mustDec(t, "Avery's j1 hours on D", p.Data[0].TrackedHours, "2.5")
			mustDec(t, "clocked hours are not narrowed by job", p.Data[0].ClockedHours, "16")
		}
	}
	// Sorts.
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"?Sort.Field=cost", []string{s.userDay(s.blake, s.dayD1), s.userDay(s.blake, s.dayD), s.userDay(s.avery, s.dayD1), s.userDay(s.avery, s.dayD)}},
		{"?Sort.Field=utilization&Sort.Dir=descending", []string{s.userDay(s.avery, s.dayD1), s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD1), s.userDay(s.blake, s.dayD)}},
		{"?Sort.Field=trackedHours", []string{s.userDay(s.blake, s.dayD), s.userDay(s.blake, s.dayD1), s.userDay(s.avery, s.dayD1), s.userDay(s.avery, s.dayD)}},
		{"?Sort.Dir=ascending", []string{s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD), s.userDay(s.avery, s.dayD1), s.userDay(s.blake, s.dayD1)}},
		{"?Sort.Field=day&Take=2", []string{s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD)}},
	} {
		p := listReport[client.JobActivityByOperatorReportPage](t, s.te.Token, byOperatorPath, c.query, window(s.dayD, s.dayD1))
		got := operatorDays(s, p)
		if c.query == "?Sort.Field=day&Take=2" {
			sort.Strings(got)
			if p.TotalCount != 4 || !p.HasNextPage {
				t.Fatalf("first page by day %+v", p)
			}
		}
		mustOrder(t, c.query, got, c.want)
	}
	p = listReport[client.JobActivityByOperatorReportPage](t, s.te.Token, byOperatorPath, "?Sort.Field=user.name", window(s.dayD, s.dayD1))
	if names := operatorDays(s, p); !strings.HasPrefix(names[0], "Avery") || !strings.HasPrefix(names[1], "Avery") || !strings.HasPrefix(names[3], "Blake") {
		t.Fatalf("by user name: %v", names)
	}
	res, b := sendJSON(t, http.MethodPost, byOperatorPath+"?Sort.Field=jobs", s.te.Token, window(s.dayD, s.dayD1))
	mustProblemNaming(t, res, b, "Sort.Field")
	res, b = sendJSON(t, http.MethodPost, byOperatorPath, s.te.Token, window(s.dayD1, s.dayD))
	mustProblemNaming(t, res, b, "from")
}

// The time clock report: one row per user and shop day, entries clipped to the day (an
// entry crossing the shop's midnight split at it), the setup and labor hours tracked that
// day and the idle rest; an open entry is flagged.
func TestTimeClockReportSplitsEntriesAtTheShopsMidnight(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	p := listReport[client.TimeClockReportPage](t, s.te.Token, timeClockReport, "", window(s.dayD, s.dayD1))
	mustOrder(t, "day newest first, then user name", clockDays(s, p), []string{
		s.userDay(s.avery, s.dayD1), s.userDay(s.blake, s.dayD1), s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD)})
	for i, w := range []struct {
		clocked, tracked, idle string
		in, out                time.Time
	}{
		{"2", "1", "1", s.at(0, 8, 0), s.at(1, 2, 0)},
		{"4", "0.75", "3.25", s.at(1, 8, 0), s.at(1, 12, 0)},
		{"16", "3.5", "12.5", s.at(0, 8, 0), s.at(1, 2, 0)},
		{"6", "0", "6", s.at(0, 12, 0), s.at(0, 18, 0)},
	} {
		r := p.Data[i]
		what := clockDays(s, p)[i]
		mustDec(t, what+" clockedHours", r.ClockedHours, w.clocked)
		mustDec(t, what+" trackedHours", r.TrackedHours, w.tracked)
		mustDec(t, what+" idleHours", r.IdleHours, w.idle)
		if r.Open || r.Entries != 1 || !r.FirstClockInUtc.Equal(w.in) || r.LastClockOutUtc == nil || !r.LastClockOutUtc.Equal(w.out) {
			t.Fatalf("%s: %+v", what, r)
		}
	}
	// Filters: users, and open entries (Casey's, clocked in an hour ago, counts up to now).
	p = listReport[client.TimeClockReportPage](t, s.te.Token, timeClockReport, "", window(s.dayD, s.dayD1, "userIds", []string{s.blake}))
	mustOrder(t, "userIds", clockDays(s, p), []string{s.userDay(s.blake, s.dayD1), s.userDay(s.blake, s.dayD)})
	p = listReport[client.TimeClockReportPage](t, s.te.Token, timeClockReport, "", window(s.dayD, s.dayLast, "open", true))
	if len(p.Data) == 0 {
		t.Fatal("open: no rows")
	}
	for _, r := range p.Data {
		if r.User.Id != s.casey || !r.Open || r.LastClockOutUtc != nil || r.ClockedHours.Sign() <= 0 {
			t.Fatalf("open rows %+v", p.Data)
		}
	}
	p = listReport[client.TimeClockReportPage](t, s.te.Token, timeClockReport, "", window(s.dayD, s.dayLast, "open", false))
	if p.TotalCount != 4 {
		t.Fatalf("closed user-days %v", clockDays(s, p))
	}
	// Sorts and paging.
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"?Sort.Field=clockedHours", []string{s.userDay(s.avery, s.dayD1), s.userDay(s.blake, s.dayD1), s.userDay(s.blake, s.dayD), s.userDay(s.avery, s.dayD)}},
		{"?Sort.Field=idleHours&Sort.Dir=descending", []string{s.userDay(s.avery, s.dayD), s.userDay(s.blake, s.dayD), s.userDay(s.blake, s.dayD1), s.userDay(s.avery, s.dayD1)}},
		{"?Skip=3&Take=2", []string{s.userDay(s.blake, s.dayD)}},
	} {
		p := listReport[client.TimeClockReportPage](t, s.te.Token, timeClockReport, c.query, window(s.dayD, s.dayD1))
		mustOrder(t, c.query, clockDays(s, p), c.want)
	}
	res, b := sendJSON(t, http.MethodPost, timeClockReport+"?Sort.Field=entries", s.te.Token, window(s.dayD, s.dayD1))
	mustProblemNaming(t, res, b, "Sort.Field")
}

// The reports need View Job on user tokens, and show a tenant only its own time.
func TestActivityReportsNeedViewJobAndKeepTenantsApart(t *testing.T) {
	t.Parallel()
	s := newActivityShop(t)
	body := window(s.dayD, s.dayD1)
	noPerm, viewer := s.te.userToken(t), s.te.userToken(t, "View Job")
	other := newTenant(t, activityZone)
	for path, rows := range map[string]int{jobActivityPath: 3, byOperatorPath: 4, timeClockReport: 4} {
		res, b := sendJSON(t, http.MethodPost, path, noPerm, body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = sendJSON(t, http.MethodPost, path, viewer, body)
		if decodeOK[client.TimeClockReportPage](t, res, b).TotalCount != rows {
			t.Fatalf("%s: View Job sees %s, want %d rows", path, b, rows)
		}
		for _, theirs := range []map[string]any{body, window(s.dayD, s.dayD1, "userIds", []string{s.avery})} {
			res, b = sendJSON(t, http.MethodPost, path, other.Token, theirs)
			if p := decodeOK[client.TimeClockReportPage](t, res, b); p.TotalCount != 0 || len(p.Data) != 0 {
				t.Fatalf("%s: another tenant sees %s", path, b)
			}
		}
	}
	res, b := sendJSON(t, http.MethodPost, jobActivityPath, other.Token, window(s.dayD, s.dayD1, "jobIds", []string{s.j1.ID}))
	if p := decodeOK[client.JobActivityReportPage](t, res, b); p.TotalCount != 0 {
		t.Fatalf("another tenant's job: %s", b)
	}
}

// arrangeActivityReports: in the small tenant one user with one block and one clock entry;
// in the large one manySubs users, each with a block on an operation of its own (of eleven
// jobs) and a clock entry, so that each report's page holds manySubs rows.
func arrangeActivityReports(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, users int) {
		first := newTimerJob(t, te)
		ops := []struct{ job, op string }{{first.ID, first.Cut}, {first.ID, first.Weld}}
		for len(ops) < users {
			jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(first.Item, "1")}})
			opIDs, _ := jobItemRouting(t, te, getJob(t, te, jobID).ItemsToMake[0].Id)
			for _, op := range opIDs {
				ops = append(ops, struct{ job, op string }{jobID, op})
			}
		}
		for k := range users {
			user := createUser(t, te, fmt.Sprintf("Reported %02d", k))
			clockIn(t, te.Token, map[string]any{"userId": user, "clockedInUtc": fromNow(-4 * time.Hour)})
			clockOut(t, te.Token, map[string]any{"userId": user, "clockedOutUtc": fromNow(-time.Hour)})
			createTimer(t, te.Token, map[string]any{"userId": user, "type": "labor", "jobId": ops[k].job, "jobOperationId": ops[k].op,
				"startedOnUtc": fromNow(-3 * time.Hour), "stoppedOnUtc": fromNow(-2 * time.Hour)})
		}
	}
	build(small, 1)
	build(large, manySubs)
	now := time.Now().UTC()
	body := jobJSON(t, window(now.AddDate(0, 0, -2).Format(time.DateOnly), now.AddDate(0, 0, 1).Format(time.DateOnly)))
	return []readCase{
		listRead("listJobActivityReport", jobActivityPath, jobActivityPath, body),
		listRead("listJobActivityByOperatorReport", byOperatorPath, byOperatorPath, body),
		listRead("listTimeClockReport", timeClockReport, timeClockReport, body),
	}
}
