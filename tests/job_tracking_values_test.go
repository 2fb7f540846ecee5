package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
	"mos/internal/tenancy"
)

// In-process tracking values recorded on job operations, at the job routing ipts paths.

// tvJob is a job making the jobs fixture's item (Cut, then Weld) whose item routing assigned,
// before the job copied it, tracking fields at Cut's phases and one at Weld's setup. The
// assignments are the job routing's copies, by the name used below.
type tvJob struct {
	ID         string
	Route      jobRouting
	Cut, Weld  string
	Assigned   map[string]string // name → the job routing's assignment id
	FieldNames map[string]string // name → the tracking field's name
}

// The assignments of tvJob: at Cut's setup one of each data type; at inProcess a number
// every 5 units and a text once; at final a boolean; at Weld's setup a number.
const (
	tvBool   = "setup boolean"
	tvNumber = "setup number"
	tvText   = "setup text"
	tvDrop   = "setup dropDown"
	tvDate   = "setup date"
	tvEvery  = "inProcess number every 5"
	tvOnce   = "inProcess text once"
	tvFinal  = "final boolean"
	tvWeld   = "Weld setup number"
)

// newTVJob builds a tvJob; status is the job's status at creation ("released" or "" for planned).
func newTVJob(t *testing.T, te *tenantEnv, status string) tvJob {
	t.Helper()
	f := newJobFixture(t, te, "")
	suffix := ids.New()[16:]
	field := func(name string, dt client.TrackingFieldDataType, options ...string) string {
		w := client.InProcessTrackingFieldWrite{Name: name + " " + suffix, DataType: dt}
		if len(options) > 0 {
			w.DropDownOptions = &options
		}
		return createTrackingField(t, te, w)
	}
	boolean, number := field("Deburred", client.TrackingFieldDataTypeBoolean), field("Bore", client.TrackingFieldDataTypeNumber)
	text, date := field("Operator note", client.TrackingFieldDataTypeText), field("Gauge calibrated", client.TrackingFieldDataTypeDate)
	drop := field("Finish", client.TrackingFieldDataTypeDropDown, "Red", "Green")
	cut, weld := f.Operations[0], f.Operations[1]
	type assignment struct {
		name, op, field string
		phase           client.TrackingPhase
		frequency       *int32
	}
	plan := []assignment{
		{tvBool, cut, boolean, client.TrackingPhaseSetup, nil}, {tvNumber, cut, number, client.TrackingPhaseSetup, nil},
		{tvText, cut, text, client.TrackingPhaseSetup, nil}, {tvDrop, cut, drop, client.TrackingPhaseSetup, nil},
		{tvDate, cut, date, client.TrackingPhaseSetup, nil},
		{tvEvery, cut, number, client.TrackingPhaseInProcess, ptr(int32(5))}, {tvOnce, cut, text, client.TrackingPhaseInProcess, nil},
		{tvFinal, cut, boolean, client.TrackingPhaseFinal, nil}, {tvWeld, weld, number, client.TrackingPhaseSetup, nil},
	}
	itemAssignment := map[string]string{} // the item routing's assignment id → name
	for _, a := range plan {
		itemAssignment[a.op+"/"+string(a.phase)+"/"+a.field] = a.name
		createTracking(t, te, f.Item, a.op, a.phase, client.RoutingTrackingWrite{TrackingFieldId: a.field, Frequency: a.frequency})
	}
	body := map[string]any{"itemsToMake": []any{jobMake(f.Item, "10")}}
	if status != "" {
		body["status"] = status
	}
	j := tvJob{ID: createJob(t, te, body), Assigned: map[string]string{}, FieldNames: map[string]string{}}
	j.Route = jobRoutings(t, te, j.ID)[0]
	whole := jobGetRouting(t, te, j.Route)
	j.Cut, j.Weld = whole.Operations[0].Id, whole.Operations[1].Id
	itemOp := map[string]string{j.Cut: cut, j.Weld: weld}
	for _, tr := range whole.Trackings {
		name := itemAssignment[itemOp[tr.RoutingOperationId]+"/"+string(tr.Phase)+"/"+tr.TrackingFieldId]
		j.Assigned[name] = tr.Id
	}
	if len(j.Assigned) != len(plan) {
		t.Fatalf("the job routing's assignments %s do not match the item's %v", mustJSON(t, whole.Trackings), plan)
	}
	for _, a := range plan {
		j.FieldNames[a.name] = map[string]string{boolean: "Deburred", number: "Bore", text: "Operator note", date: "Gauge calibrated", drop: "Finish"}[a.field] + " " + suffix
	}
	return j
}

// tvJobs keeps one released tvJob per tenant for walks that need a job operation's values
// paths (tvOnce).
var tvJobs sync.Map

// tvWalkJob answers te's walk tvJob, built the first time.
func tvWalkJob(t *testing.T, te *tenantEnv) tvJob {
	t.Helper()
	if j, ok := tvJobs.Load(te.ID); ok {
		return j.(tvJob)
	}
	j := newTVJob(t, te, "released")
	tvJobs.Store(te.ID, j)
	return j
}

func (j tvJob) valuesPath(opID, phase string) string {
	return j.Route.operationPath(opID) + "/ipts/" + phase
}

// tvPost records body at the operation's phase and answers the raw answer.
func tvPost(t *testing.T, te *tenantEnv, j tvJob, opID, phase string, body map[string]any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, j.valuesPath(opID, phase), te.Token, "application/json", jobJSON(t, body))
}

// tvRecord records value against the named assignment (at its operation and phase) and
// answers the value id; more adds members to the body.
func tvRecord(t *testing.T, te *tenantEnv, j tvJob, name string, value any, more ...any) string {
	t.Helper()
	op, phase := j.placeOf(name)
	body := map[string]any{"trackingId": j.Assigned[name], "value": value}
	for i := 0; i+1 < len(more); i += 2 {
		body[more[i].(string)] = more[i+1]
	}
	res, b := tvPost(t, te, j, op, phase, body)
	return createdID(t, res, b)
}

// placeOf answers the operation and phase of the named assignment.
func (j tvJob) placeOf(name string) (string, string) {
	switch name {
	case tvEvery, tvOnce:
		return j.Cut, "inProcess"
	case tvFinal:
		return j.Cut, "final"
	case tvWeld:
		return j.Weld, "setup"
	}
	return j.Cut, "setup"
}

// tvGet reads a value through the generated client.
func tvGet(t *testing.T, te *tenantEnv, j tvJob, opID, phase, id string) client.JobTrackingValue {
	t.Helper()
	res, err := te.API.GetJobRoutingOperationTrackingValueWithResponse(context.Background(), j.ID, j.Route.RoutingID, opID,
		client.TrackingPhase(phase), id)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// tvList lists the values of the operation's phase with query and filter.
func tvList(t *testing.T, te *tenantEnv, j tvJob, opID, phase, query, filter string) client.JobTrackingValuePage {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, j.valuesPath(opID, phase)+"/list"+query, te.Token, "application/json", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var page client.JobTrackingValuePage
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	return page
}

func tvIDs(page client.JobTrackingValuePage) []string {
	out := make([]string, len(page.Data))
	for i, v := range page.Data {
		out[i] = v.Id
	}
	return out
}

// Every data type takes its values at their edges, and reads them back with the field's name
// and data type: booleans, numbers (negative, zero, large, fractional), text of 1 and 2000
// characters (trimmed), a drop-down option, real calendar days (a leap day).
func TestJobTrackingValueAcceptsEveryDataTypeAtItsEdges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	long := strings.Repeat("é", 2000)
	cases := []struct {
		name     string
		value    any
		want     any
		wantType string
	}{
		{tvBool, true, true, "boolean"},
		{tvBool, false, false, "boolean"},
		{tvNumber, json.Number("0"), 0.0, "number"},
		{tvNumber, json.Number("-12.5"), -12.5, "number"},
		{tvNumber, json.Number("1e300"), 1e300, "number"},
		{tvNumber, json.Number("0.000001"), 0.000001, "number"},
		{tvText, "x", "x", "text"},
		{tvText, long, long, "text"},
		{tvText, "  padded  ", "padded", "text"},
		{tvDrop, "Green", "Green", "dropDown"},
		{tvDate, "2024-02-29", "2024-02-29", "date"},
		{tvDate, "2026-12-31", "2026-12-31", "date"},
	}
	for _, c := range cases {
		id := tvRecord(t, te, j, c.name, c.value)
		got := tvGet(t, te, j, j.Cut, "setup", id)
		if got.Value != c.want || got.DataType != c.wantType || got.TrackingFieldName != j.FieldNames[c.name] ||
			got.TrackingId != j.Assigned[c.name] || got.Phase != client.TrackingPhaseSetup || got.OperationId != j.Cut ||
			got.JobId != j.ID || got.ItemToMakeId != j.Route.ItemToMakeID || got.UnitNumber != nil || got.RecordedByUserId != nil {
			t.Fatalf("%s %v reads back %s, want value %v of type %s", c.name, c.value, mustJSON(t, got), c.want, c.wantType)
		}
	}
}

// A value that does not suit its field's data type answers 400 naming value, and nothing is
// recorded: a boolean takes only JSON booleans, a number only JSON numbers, text a string of
// 1 to 2000 characters after trimming, a drop-down one of its options exactly (case
// included), a date a real YYYY-MM-DD day; null never.
func TestJobTrackingValueRefusesValuesThatDoNotSuitTheFieldsDataType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	cases := []struct {
		name  string
		value any
	}{
		{tvBool, "true"}, {tvBool, 1}, {tvBool, nil},
		{tvNumber, "12"}, {tvNumber, true}, {tvNumber, nil},
		{tvText, ""}, {tvText, "   "}, {tvText, strings.Repeat("a", 2001)}, {tvText, 5}, {tvText, false},
		{tvDrop, "green"}, {tvDrop, "Blue"}, {tvDrop, "Green "}, {tvDrop, 1},
		{tvDate, "2026-02-29"}, {tvDate, "2026-2-01"}, {tvDate, "20260201"}, {tvDate, "2026-02-01T00:00:00Z"}, {tvDate, 20260201},
	}
	for _, c := range cases {
		res, b := tvPost(t, te, j, j.Cut, "setup", map[string]any{"trackingId": j.Assigned[c.name], "value": c.value})
		if c.value == nil {
			// null is refused by the schema (value is no nullable member).
			mustProblem(t, res, b, http.StatusBadRequest)
			continue
		}
		mustProblemNaming(t, res, b, "value")
	}
	for _, v := range []any{map[string]any{"a": 1}, []any{1}} {
		res, b := tvPost(t, te, j, j.Cut, "setup", map[string]any{"trackingId": j.Assigned[tvNumber], "value": v})
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	if page := tvList(t, te, j, j.Cut, "setup", "", `{}`); page.TotalCount != 0 {
		t.Fatalf("refused values were recorded: %s", mustJSON(t, page))
	}
}

// The value names an assignment of this operation at this phase: one of another phase, of
// another operation, or an unknown id answers 400 naming trackingId. The other members are
// checked too: unitNumber only at inProcess, and required there when the assignment has a
// frequency; notes at most 2000 characters after trimming (blank is none).
func TestJobTrackingValueNeedsAnAssignmentOfThisOperationAndPhase(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	for _, c := range []struct {
		op, phase, tracking string
	}{
		{j.Cut, "inProcess", j.Assigned[tvNumber]}, // Cut's setup assignment at inProcess
		{j.Cut, "setup", j.Assigned[tvWeld]},       // Weld's assignment at Cut
		{j.Weld, "setup", j.Assigned[tvNumber]},    // Cut's assignment at Weld
		{j.Cut, "setup", ids.NewSub()},             // none
	} {
		res, b := tvPost(t, te, j, c.op, c.phase, map[string]any{"trackingId": c.tracking, "value": 1})
		mustProblemNaming(t, res, b, "trackingId")
	}
	res, b := tvPost(t, te, j, j.Cut, "setup", map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1, "unitNumber": 2})
	mustProblemNaming(t, res, b, "unitNumber")
	res, b = tvPost(t, te, j, j.Cut, "inProcess", map[string]any{"trackingId": j.Assigned[tvEvery], "value": 1})
	mustProblemNaming(t, res, b, "unitNumber")
	res, b = tvPost(t, te, j, j.Cut, "inProcess", map[string]any{"trackingId": j.Assigned[tvEvery], "value": 1, "unitNumber": 0})
	mustProblem(t, res, b, http.StatusBadRequest)
	res, b = tvPost(t, te, j, j.Cut, "setup", map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1, "notes": strings.Repeat("n", 2001)})
	mustProblem(t, res, b, http.StatusBadRequest)
	// Blank notes are none.
	if got := tvGet(t, te, j, j.Cut, "setup", tvRecord(t, te, j, tvNumber, 1, "notes", "   ")); got.Notes != nil {
		t.Fatalf("blank notes read %q, want null", *got.Notes)
	}

	// Within the rules: a unit on the every-5 assignment, none on the once assignment, notes.
	every := tvRecord(t, te, j, tvEvery, 3.25, "unitNumber", 5, "notes", "  second check  ")
	once := tvRecord(t, te, j, tvOnce, "ok")
	if got := tvGet(t, te, j, j.Cut, "inProcess", every); got.UnitNumber == nil || *got.UnitNumber != 5 || got.Notes == nil || *got.Notes != "second check" {
		t.Fatalf("the every-5 value reads %s", mustJSON(t, got))
	}
	if got := tvGet(t, te, j, j.Cut, "inProcess", once); got.UnitNumber != nil || got.Notes != nil {
		t.Fatalf("the once value reads %s", mustJSON(t, got))
	}
}

// The phase is setup, inProcess or final (400 otherwise); a routing id that is none of the
// job's items to make's, an unknown job, or an operation not in the routing answers 404 on
// every path.
func TestJobTrackingValuePathsNeedAKnownPhaseRoutingAndOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	other := newTVJob(t, te, "released")
	id := tvRecord(t, te, j, tvNumber, 1)
	body := jobJSON(t, map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1})
	unknownRouting := jobRouting{JobID: j.ID, ItemToMakeID: j.Route.ItemToMakeID, RoutingID: other.Route.RoutingID}
	unknownJob := jobRouting{JobID: ids.New(), ItemToMakeID: j.Route.ItemToMakeID, RoutingID: j.Route.RoutingID}
	for _, c := range []struct {
		what, base string
		status     int
	}{
		{"an unknown phase", j.Route.operationPath(j.Cut) + "/ipts/middle", http.StatusBadRequest},
		{"another job's routing", unknownRouting.operationPath(j.Cut) + "/ipts/setup", http.StatusNotFound},
		{"an unknown job", unknownJob.operationPath(j.Cut) + "/ipts/setup", http.StatusNotFound},
		{"another job's operation", j.Route.operationPath(other.Cut) + "/ipts/setup", http.StatusNotFound},
	} {
		for _, call := range []struct{ method, path, body string }{
			{http.MethodPost, c.base, body},
			{http.MethodPost, c.base + "/list", `{}`},
			{http.MethodGet, c.base + "/" + id, ""},
			{http.MethodDelete, c.base + "/" + id, ""},
		} {
			res, b := jobRequest(t, te, call.method, call.path, call.body)
			if res.StatusCode != c.status {
				t.Fatalf("%s: %s %s answered %d, want %d: %s", c.what, call.method, call.path, res.StatusCode, c.status, b)
			}
			mustProblem(t, res, b, c.status)
		}
	}
	// The value is there, at its own phase only.
	tvGet(t, te, j, j.Cut, "setup", id)
	res, b := jobRequest(t, te, http.MethodGet, j.valuesPath(j.Cut, "final")+"/"+id, "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// Values are recorded while the job is released or in progress and the operation is not
// complete (400 otherwise, nothing recorded): a planned job, a complete operation and a
// cancelled job refuse them, and so do their deletes.
func TestJobTrackingValueNeedsAJobThatAcceptsWorkAndAnOpenOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	planned := newTVJob(t, te, "")
	res, b := tvPost(t, te, planned, planned.Cut, "setup", map[string]any{"trackingId": planned.Assigned[tvNumber], "value": 1})
	mustProblem(t, res, b, http.StatusBadRequest)
	if got := getJob(t, te, planned.ID); got.Status != client.JobStatusPlanned {
		t.Fatalf("a refused value moved the job to %s", got.Status)
	}

	j := newTVJob(t, te, "released")
	final := tvRecord(t, te, j, tvFinal, true)
	mustJobOp(t, te, j.ID, j.Route.ItemToMakeID, j.Cut, "complete", map[string]any{})
	res, b = tvPost(t, te, j, j.Cut, "final", map[string]any{"trackingId": j.Assigned[tvFinal], "value": false})
	mustProblem(t, res, b, http.StatusBadRequest)
	res, b = jobRequest(t, te, http.MethodDelete, j.valuesPath(j.Cut, "final")+"/"+final, "")
	mustProblem(t, res, b, http.StatusBadRequest)
	// Weld is still open.
	weld := tvRecord(t, te, j, tvWeld, 2)

	r, body := cancelJob(t, te, j.ID)
	mustStatus(t, r.StatusCode, http.StatusOK, body)
	res, b = tvPost(t, te, j, j.Weld, "setup", map[string]any{"trackingId": j.Assigned[tvWeld], "value": 3})
	mustProblem(t, res, b, http.StatusBadRequest)
	res, b = jobRequest(t, te, http.MethodDelete, j.valuesPath(j.Weld, "setup")+"/"+weld, "")
	mustProblem(t, res, b, http.StatusBadRequest)
	// Values stay readable in every status.
	if page := tvList(t, te, j, j.Cut, "final", "", `{}`); page.TotalCount != 1 || page.Data[0].Id != final {
		t.Fatalf("the complete operation's final values read %s", mustJSON(t, page))
	}
}

// Recording a value is work on the operation: it starts the operation and a released job
// (in progress), and so locks the routing operation and its assignments: deleting the routing
// operation, and with it an assignment that has values, answers 400 and changes nothing.
// The recording user is the token's; an integration token records none.
func TestJobTrackingValueStartsTheOperationAndLocksItsAssignments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	userID, userClient := messageUser(t, te, "Operator "+ids.New()[18:])
	res, err := userClient.CreateJobRoutingOperationTrackingValueWithResponse(context.Background(), j.ID, j.Route.RoutingID, j.Cut,
		client.TrackingPhaseSetup, nil, client.JobTrackingValueCreate{TrackingId: j.Assigned[tvBool], Value: true})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	got := tvGet(t, te, j, j.Cut, "setup", res.JSON200.Id)
	if got.RecordedByUserId == nil || *got.RecordedByUserId != userID {
		t.Fatalf("a user's value reads recordedByUserId %v, want %s", got.RecordedByUserId, userID)
	}
	if age := time.Since(got.RecordedUtc); age < -time.Minute || age > time.Minute {
		t.Fatalf("recordedUtc %s is not now", got.RecordedUtc)
	}
	if job := getJob(t, te, j.ID); job.Status != client.JobStatusInProgress {
		t.Fatalf("the job is %s after a value, want inProgress", job.Status)
	}
	if op := jobOp(t, te, j.ID, j.Route.ItemToMakeID, j.Cut); op.Status != client.JobOperationStatusStarted {
		t.Fatalf("the operation is %s after a value, want started", op.Status)
	}
	r, b := jobRequest(t, te, http.MethodDelete, j.Route.operationPath(j.Cut), "")
	mustProblem(t, r, b, http.StatusBadRequest)
	whole := jobGetRouting(t, te, j.Route)
	if len(whole.Operations) != 2 || len(whole.Trackings) != 9 {
		t.Fatalf("a refused delete changed the routing: %s", mustJSON(t, whole))
	}
	// Deleting the value leaves the operation started: its assignments stay locked.
	r, b = jobRequest(t, te, http.MethodDelete, j.valuesPath(j.Cut, "setup")+"/"+got.Id, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = jobRequest(t, te, http.MethodDelete, j.Route.operationPath(j.Cut), "")
	mustProblem(t, r, b, http.StatusBadRequest)
}

// A value racing the delete of its routing operation: the job's lock orders them, so either
// the value is recorded and the delete refused (400), or the operation is deleted and the
// value finds no operation (404); never both, never a value whose assignment is gone.
func TestJobTrackingValueRacingItsRoutingOperationsDeleteNeverOrphans(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	statuses := make([]int, 2)
	atOnce(t, 2, func(i int) (int, error) {
		var res rawResponse
		if i == 0 {
			res, _ = tvPost(t, te, j, j.Weld, "setup", map[string]any{"trackingId": j.Assigned[tvWeld], "value": 7})
		} else {
			res, _ = jobRequest(t, te, http.MethodDelete, j.Route.operationPath(j.Weld), "")
		}
		statuses[i] = res.StatusCode
		return res.StatusCode, nil
	})
	whole := jobGetRouting(t, te, j.Route)
	switch {
	case statuses[0] == http.StatusOK && statuses[1] == http.StatusBadRequest:
		if len(whole.Operations) != 2 {
			t.Fatalf("the refused delete removed the operation: %s", mustJSON(t, whole))
		}
		if page := tvList(t, te, j, j.Weld, "setup", "", `{}`); page.TotalCount != 1 {
			t.Fatalf("the recorded value reads %s", mustJSON(t, page))
		}
	case statuses[0] == http.StatusNotFound && statuses[1] == http.StatusOK:
		if len(whole.Operations) != 1 {
			t.Fatalf("the deleted operation is still there: %s", mustJSON(t, whole))
		}
	default:
		t.Fatalf("value %d, delete %d: want 200 and 400, or 404 and 200", statuses[0], statuses[1])
	}
	var orphans int
	if err := srv.Pool.GetContext(context.Background(), &orphans, `SELECT count(*) FROM job_operation_tracking_values v
		WHERE v.tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM routing_operation_ipts ip WHERE ip.tenant_id = v.tenant_id AND ip.id = v.tracking_id)`, te.ID); err != nil {
		t.Fatal(err)
	}
	if orphans != 0 {
		t.Fatalf("%d values lost their assignment", orphans)
	}
}

// The list pages the values of one operation's phase oldest first (then id), sorts by
// recordedUtc or unitNumber (any other field 400), and filters by ids, assignments, fields
// and exclusive recorded bounds (in the years 2000 to 2099, else 400 naming the bound).
func TestJobTrackingValueListPagesSortsAndFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	var every []string
	for _, unit := range []int{15, 5, 10} {
		every = append(every, tvRecord(t, te, j, tvEvery, unit, "unitNumber", unit))
	}
	once := tvRecord(t, te, j, tvOnce, "steady")
	tvRecord(t, te, j, tvNumber, 9) // another phase: never listed here
	all := append(slices.Clone(every), once)

	whole := tvList(t, te, j, j.Cut, "inProcess", "", `{}`)
	if !slices.Equal(tvIDs(whole), all) || whole.TotalCount != 4 {
		t.Fatalf("default order %v, want recording order %v", tvIDs(whole), all)
	}
	page := tvList(t, te, j, j.Cut, "inProcess", "?Skip=1&Take=2", `{}`)
	if !slices.Equal(tvIDs(page), all[1:3]) || page.TotalCount != 4 || page.PageSize != 2 || !page.HasNextPage || !page.HasPreviousPage {
		t.Fatalf("page 2 of 2: %s", mustJSON(t, page))
	}
	byUnit := tvList(t, te, j, j.Cut, "inProcess", "?Sort.Field=unitNumber", `{}`)
	if want := []string{every[1], every[2], every[0], once}; !slices.Equal(tvIDs(byUnit), want) {
		t.Fatalf("by unit %v, want %v (no unit last)", tvIDs(byUnit), want)
	}
	byUnitDown := tvList(t, te, j, j.Cut, "inProcess", "?Sort.Field=unitNumber&Sort.Dir=descending", `{}`)
	if want := []string{once, every[0], every[2], every[1]}; !slices.Equal(tvIDs(byUnitDown), want) {
		t.Fatalf("by unit descending %v, want %v", tvIDs(byUnitDown), want)
	}
	res, b := rawRequest(t, http.MethodPost, j.valuesPath(j.Cut, "inProcess")+"/list?Sort.Field=value", te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, b, "Sort.Field")

	second := tvGet(t, te, j, j.Cut, "inProcess", every[1])
	filters := []struct {
		filter string
		want   []string
	}{
		{fmt.Sprintf(`{"ids":[%q,%q]}`, every[2], once), []string{every[2], once}},
		{fmt.Sprintf(`{"trackingIds":[%q]}`, j.Assigned[tvOnce]), []string{once}},
		{fmt.Sprintf(`{"trackingFieldIds":[%q]}`, second.TrackingFieldId), every},
		{fmt.Sprintf(`{"recordedAfterUtc":%q}`, second.RecordedUtc.Format(time.RFC3339Nano)), []string{every[2], once}},
		{fmt.Sprintf(`{"recordedBeforeUtc":%q}`, second.RecordedUtc.Format(time.RFC3339Nano)), []string{every[0]}},
		{fmt.Sprintf(`{"trackingIds":[%q],"ids":[%q]}`, j.Assigned[tvEvery], once), []string{}},
	}
	for _, f := range filters {
		if got := tvIDs(tvList(t, te, j, j.Cut, "inProcess", "", f.filter)); !slices.Equal(got, f.want) {
			t.Fatalf("filter %s: %v, want %v", f.filter, got, f.want)
		}
	}
	for _, member := range []string{"recordedAfterUtc", "recordedBeforeUtc"} {
		res, b := rawRequest(t, http.MethodPost, j.valuesPath(j.Cut, "inProcess")+"/list", te.Token, "application/json",
			fmt.Sprintf(`{%q:"1999-12-31T23:59:59Z"}`, member))
		mustProblemNaming(t, res, b, member)
	}
}

// A value reads back at its operation and phase; delete answers 200 when it deleted it and
// 204 when there was none (a second delete, an unknown id), after which it reads 404.
func TestJobTrackingValueGetAndDelete(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	keep := tvRecord(t, te, j, tvDrop, "Red", "notes", "first coat")
	gone := tvRecord(t, te, j, tvDrop, "Green")
	got := tvGet(t, te, j, j.Cut, "setup", keep)
	if got.Value != "Red" || got.Notes == nil || *got.Notes != "first coat" || got.DataType != "dropDown" {
		t.Fatalf("the value reads %s", mustJSON(t, got))
	}
	path := j.valuesPath(j.Cut, "setup") + "/" + gone
	res, b := jobRequest(t, te, http.MethodDelete, path, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = jobRequest(t, te, http.MethodDelete, path, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = jobRequest(t, te, http.MethodDelete, j.valuesPath(j.Cut, "setup")+"/"+ids.NewSub(), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	// A value of another phase is not this phase's: 204, and it stays.
	res, b = jobRequest(t, te, http.MethodDelete, j.valuesPath(j.Cut, "final")+"/"+keep, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = jobRequest(t, te, http.MethodGet, path, "")
	mustProblem(t, res, b, http.StatusNotFound)
	if ids := tvIDs(tvList(t, te, j, j.Cut, "setup", "", `{}`)); !slices.Equal(ids, []string{keep}) {
		t.Fatalf("after the deletes the values are %v, want %v", ids, []string{keep})
	}
}

// Every values path needs View Job of a user token; with it the call goes through.
func TestJobTrackingValuesNeedViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newTVJob(t, te, "released")
	id := tvRecord(t, te, j, tvNumber, 4)
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, UserName: "No jobs " + ids.New()[18:], Permissions: []string{"View Item"}})
	if err != nil {
		t.Fatal(err)
	}
	base := j.valuesPath(j.Cut, "setup")
	body := jobJSON(t, map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1})
	for _, call := range []struct{ method, path, body string }{
		{http.MethodPost, base, body},
		{http.MethodPost, base + "/list", `{}`},
		{http.MethodGet, base + "/" + id, ""},
		{http.MethodDelete, base + "/" + id, ""},
	} {
		ct := ""
		if call.body != "" {
			ct = "application/json"
		}
		res, b := rawRequest(t, call.method, call.path, tok.Secret, ct, call.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	_, viewer := messageUser(t, te, "Viewer "+ids.New()[18:])
	res, err := viewer.GetJobRoutingOperationTrackingValueWithResponse(context.Background(), j.ID, j.Route.RoutingID, j.Cut, client.TrackingPhaseSetup, id)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
}

// Another tenant's job, routing, operation and values are unknown (404) on every values
// path, and its lists never show them.
func TestJobTrackingValuesAreIsolatedByTenant(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	j := newTVJob(t, a, "released")
	id := tvRecord(t, a, j, tvNumber, 4)
	base := j.valuesPath(j.Cut, "setup")
	body := jobJSON(t, map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1})
	for _, call := range []struct{ method, path, body string }{
		{http.MethodPost, base, body},
		{http.MethodPost, base + "/list", `{}`},
		{http.MethodGet, base + "/" + id, ""},
		{http.MethodDelete, base + "/" + id, ""},
	} {
		res, raw := jobRequest(t, b, call.method, call.path, call.body)
		mustProblem(t, res, raw, http.StatusNotFound)
	}
	// B's own job cannot name A's assignment either.
	mine := newTVJob(t, b, "released")
	res, raw := tvPost(t, b, mine, mine.Cut, "setup", map[string]any{"trackingId": j.Assigned[tvNumber], "value": 1})
	mustProblemNaming(t, res, raw, "trackingId")
	if page := tvList(t, a, j, j.Cut, "setup", "", `{}`); page.TotalCount != 1 || page.Data[0].Id != id {
		t.Fatalf("A's values after B's calls: %s", mustJSON(t, page))
	}
}

// arrangeJobTrackingValues: one value against many at one phase of a job operation (the list)
// and a value read alone (the get), each over several tracking fields.
func arrangeJobTrackingValues(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) (tvJob, string) {
		j := newTVJob(t, te, "released")
		names := []string{tvBool, tvNumber, tvText, tvDrop, tvDate}
		values := []any{true, 1.5, "fine", "Red", "2026-11-25"}
		var first string
		for k := range n {
			id := tvRecord(t, te, j, names[k%len(names)], values[k%len(values)], "notes", fmt.Sprintf("check %d", k))
			if first == "" {
				first = id
			}
		}
		return j, first
	}
	s, sid := build(small, 1)
	l, lid := build(large, manySubs)
	return []readCase{
		listRead("listJobRoutingOperationTrackingValues", s.valuesPath(s.Cut, "setup")+"/list", l.valuesPath(l.Cut, "setup")+"/list", `{}`),
		getRead("getJobRoutingOperationTrackingValue", s.valuesPath(s.Cut, "setup")+"/"+sid, l.valuesPath(l.Cut, "setup")+"/"+lid),
	}
}
