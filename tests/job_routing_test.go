package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// routedJob is routedJobItem (the parent job's first item to make, whose routing records the
// lists' fill writes) with the routing id its paths carry: the job routing lists of
// TestEveryListFilterAndDefaultSortUsesAnIndex read it.
var routedJob = struct{ JobID, ItemToMakeID, RoutingID string }{
	routedJobItem.JobID, routedJobItem.ItemToMakeID, fmt.Sprintf("30000000-0000-7000-8000-%012x", subRow(1)),
}

// routedJobRecord is the number of the k-th record of routedJob's routing in a routing table.
func routedJobRecord(k int) int { return jobRecord(k) }

// routedJobPath fills the path parameters of routedJob's routing lists, and operationId when
// given.
func routedJobPath(operationID string) map[string]string {
	p := map[string]string{"jobId": routedJob.JobID, "routingId": routedJob.RoutingID}
	if operationID != "" {
		p["operationId"] = operationID
	}
	return p
}

// jobRouting is an item to make's routing as its paths name it.
type jobRouting struct{ JobID, ItemToMakeID, RoutingID string }

func (r jobRouting) routingPath() string            { return jobPath(r.JobID) + "/routing/" + r.RoutingID }
func (r jobRouting) operationsPath() string         { return r.routingPath() + "/operations" }
func (r jobRouting) operationPath(id string) string { return r.operationsPath() + "/" + id }
func (r jobRouting) operationItemsPath(opID string) string {
	return r.operationPath(opID) + "/items"
}
func (r jobRouting) inputItemsPath() string         { return r.routingPath() + "/input-items" }
func (r jobRouting) inputItemPath(id string) string { return r.inputItemsPath() + "/" + id }
func (r jobRouting) inputMaterialsPath() string     { return r.routingPath() + "/input-materials" }

// jobRoutings answers the routings of the job's items to make, by position.
func jobRoutings(t *testing.T, te *tenantEnv, jobID string) []jobRouting {
	t.Helper()
	j := getJob(t, te, jobID)
	out := make([]jobRouting, len(j.ItemsToMake))
	for i, it := range j.ItemsToMake {
		out[i] = jobRouting{JobID: jobID, ItemToMakeID: it.Id, RoutingID: it.RoutingId}
	}
	return out
}

// jobRequest sends body (none when "") to path and answers the raw answer.
func jobRequest(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	return rawRequest(t, method, path, te.Token, ct, body)
}

// jobDecode sends the request, requires status and decodes the answer into out (when not nil).
func jobDecode(t *testing.T, te *tenantEnv, method, path, body string, status int, out any) {
	t.Helper()
	res, b := jobRequest(t, te, method, path, body)
	mustStatus(t, res.StatusCode, status, b)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// jobCreated posts body to path and answers the created id.
func jobCreated(t *testing.T, te *tenantEnv, path, body string) string {
	t.Helper()
	var created struct{ Id string }
	jobDecode(t, te, http.MethodPost, path, body, http.StatusOK, &created)
	return created.Id
}

// mustFieldProblem requires a 400 naming field.
func mustFieldProblem(t *testing.T, res rawResponse, body []byte, field string) {
	t.Helper()
	mustProblem(t, res, body, http.StatusBadRequest)
	if !strings.Contains(string(body), `"`+field+`"`) {
		t.Fatalf("the problem does not name %s: %s", field, body)
	}
}

// An item to make's routing reads at its job's routing paths, as a copy of its item's routing
// owned by the item to make; a routing id that is none of the job's items to make, an
// unknown job and another tenant's job answer 404.
func TestJobRoutingPathsServeTheItemToMakeRouting(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := newJobFixture(t, te, "")
	jobID := createJobMaking(t, te, f.Item, "4")
	r := jobRoutings(t, te, jobID)[0]
	var whole client.Routing
	jobDecode(t, te, http.MethodGet, r.routingPath(), "", http.StatusOK, &whole)
	if whole.OwnerType != "jobItemToMake" || whole.OwnerId != r.ItemToMakeID {
		t.Fatalf("owner %s %s, want jobItemToMake %s", whole.OwnerType, whole.OwnerId, r.ItemToMakeID)
	}
	if len(whole.Operations) != 2 || whole.Operations[0].Name != "Cut" || whole.Operations[1].Name != "Weld" {
		t.Fatalf("operations %+v, want the item's Cut and Weld", whole.Operations)
	}
	if whole.Operations[0].Id == f.Operations[0] {
		t.Fatal("the item to make's routing shares the item's operation ids: it must be a copy")
	}
	if len(whole.InputItems) != 1 || whole.InputItems[0].ItemId != f.Component {
		t.Fatalf("input items %+v, want the component", whole.InputItems)
	}
	opID := whole.Operations[1].Id
	var ops []client.RoutingOperation
	jobDecode(t, te, http.MethodPost, r.operationsPath()+"/list", "{}", http.StatusOK, &ops)
	if len(ops) != 2 {
		t.Fatalf("listed %d operations, want 2", len(ops))
	}
	var op client.RoutingOperation
	jobDecode(t, te, http.MethodGet, r.operationPath(opID), "", http.StatusOK, &op)
	if op.Name != "Weld" {
		t.Fatalf("operation %s, want Weld", op.Name)
	}
	var inputs []client.RoutingInputItem
	jobDecode(t, te, http.MethodPost, r.inputItemsPath()+"/list", "{}", http.StatusOK, &inputs)
	if len(inputs) != 1 || inputs[0].RoutingOperationId == nil || *inputs[0].RoutingOperationId != opID {
		t.Fatalf("input items %+v, want the component at the copied Weld", inputs)
	}
	var in client.RoutingInputItem
	jobDecode(t, te, http.MethodGet, r.inputItemPath(inputs[0].Id), "", http.StatusOK, &in)
	var mats []client.RoutingInputMaterial
	jobDecode(t, te, http.MethodPost, r.inputMaterialsPath()+"/list", "{}", http.StatusOK, &mats)
	var opItems []client.RoutingOperationItem
	jobDecode(t, te, http.MethodPost, r.operationItemsPath(opID)+"/list", "{}", http.StatusOK, &opItems)
	if len(mats) != 0 || len(opItems) != 0 {
		t.Fatalf("materials %d, operation items %d: want none", len(mats), len(opItems))
	}

	// Another job's routing id, an unknown job, the item's routing and another tenant's job.
	another := jobRoutings(t, te, createJobMaking(t, te, f.Item, "1"))[0]
	for _, path := range []string{
		jobPath(jobID) + "/routing/" + another.RoutingID,
		jobPath(ids.New()) + "/routing/" + r.RoutingID,
		jobPath(jobID) + "/routing/" + r.ItemToMakeID,
	} {
		res, body := jobRequest(t, te, http.MethodGet, path, "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
	for _, call := range []struct{ method, path, body string }{
		{http.MethodGet, r.routingPath(), ""},
		{http.MethodPost, r.operationsPath() + "/list", "{}"},
		{http.MethodGet, r.operationPath(opID), ""},
		{http.MethodPost, r.operationsPath(), `{"name":"Theirs"}`},
		{http.MethodPost, r.operationPath(opID), `{"name":"Theirs"}`},
		{http.MethodDelete, r.operationPath(opID), ""},
		{http.MethodPost, r.inputItemsPath() + "/list", "{}"},
		{http.MethodDelete, r.inputItemPath(inputs[0].Id), ""},
		{http.MethodPost, r.inputMaterialsPath() + "/list", "{}"},
		{http.MethodPost, r.operationItemsPath(opID) + "/list", "{}"},
	} {
		res, body := jobRequest(t, other, call.method, call.path, call.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	jobDecode(t, te, http.MethodGet, r.operationPath(opID), "", http.StatusOK, &op) // untouched
}

// Editing a job operation that has not started works, and the job's operations follow the
// routing: an added operation is a new job operation (notStarted) in the job's tracking, a
// deleted one leaves it. Input items edit under the routing rules.
func TestJobRoutingEditsOfNotStartedOperationsFollowTheJobOperations(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	jobID := createJobMaking(t, te, f.Item, "4")
	r := jobRoutings(t, te, jobID)[0]
	before := getJob(t, te, jobID).ModifiedUtc
	added := jobCreated(t, te, r.operationsPath(), `{"name":"Paint","sequence":30}`)
	if !slices.Contains(jobOperationRows(t, te, jobID), added) {
		t.Fatal("the added routing operation has no job operation row")
	}
	tr := jobTracking(t, te, jobID)
	ops := tr.ItemsToMake[0].Operations
	if len(ops) != 3 || ops[2].Id != added || ops[2].Name != "Paint" || ops[2].Status != client.JobOperationStatusNotStarted {
		t.Fatalf("tracked operations %+v, want Cut, Weld and the new Paint not started", ops)
	}
	if !getJob(t, te, jobID).ModifiedUtc.After(before) {
		t.Fatal("a routing change did not advance the job's modifiedUtc")
	}
	var op client.RoutingOperation
	jobDecode(t, te, http.MethodPost, r.operationPath(added), `{"name":"Powder coat","sequence":40}`, http.StatusOK, &op)
	if op.Name != "Powder coat" || op.Sequence != 40 {
		t.Fatalf("updated operation %s at %d", op.Name, op.Sequence)
	}
	weld := tr.ItemsToMake[0].Operations[1].Id
	in := jobCreated(t, te, r.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1,"routingOperationId":%q}`, f.Component, added))
	jobDecode(t, te, http.MethodPost, r.inputItemPath(in), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":3,"routingOperationId":%q}`, f.Component, weld), http.StatusOK, nil)
	jobDecode(t, te, http.MethodDelete, r.inputItemPath(in), "", http.StatusOK, nil)
	jobDecode(t, te, http.MethodDelete, r.operationPath(added), "", http.StatusOK, nil)
	if slices.Contains(jobOperationRows(t, te, jobID), added) {
		t.Fatal("the deleted routing operation kept its job operation row")
	}
	res, body := jobRequest(t, te, http.MethodDelete, r.operationPath(added), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	// The item's own routing is untouched.
	if _, names := jobItemRouting(t, te, r.ItemToMakeID); len(names) != 2 {
		t.Fatalf("the item to make's routing has %v after the edits, want Cut and Weld", names)
	}
}

// A job operation is editable until it has started: once work is recorded on it (started with
// nothing yet, complete, a quantity completed or scrapped, material picked for it), updating
// or deleting it, or changing what is attached to it, answers 400 naming the operation; the
// job's other operations stay editable. Each way of starting it runs on a job of its own.
func TestJobRoutingOperationIsEditableUntilItHasStarted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	// Pack after Weld, so that completing Weld leaves its item to make (and the job) open.
	createRoutingOperation(t, te, f.Item, client.RoutingOperationWrite{Name: ptr("Pack"), Sequence: ptr(int32(30))})
	starts := []struct {
		name, action string
		body         map[string]any
	}{
		{"started", "add-quantity-completed", map[string]any{"quantity": 0}},
		{"complete", "complete", map[string]any{"quantityCompleted": 0}},
		{"quantity completed", "add-quantity-completed", map[string]any{"quantity": 1}},
		{"quantity scrapped", "add-quantity-completed", map[string]any{"quantity": 0, "quantityScrapped": 1}},
		{"picked", "pick", map[string]any{"itemId": f.Component, "quantity": 2}},
	}
	for _, s := range starts {
		jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "4")}})
		r := jobRoutings(t, te, jobID)[0]
		whole := jobGetRouting(t, te, r)
		cut, weld := whole.Operations[0].Id, whole.Operations[1].Id
		input := whole.InputItems[0].Id // consumed at Weld
		res, body := postJobOp(t, te, jobID, r.ItemToMakeID, weld, s.action, s.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		for _, call := range []struct{ method, path, body, field string }{
			{http.MethodPost, r.operationPath(weld), `{"name":"Weld again"}`, "operationId"},
			{http.MethodDelete, r.operationPath(weld), "", "operationId"},
			{http.MethodPost, r.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1,"routingOperationId":%q}`, f.Component, weld), "routingOperationId"},
			{http.MethodPost, r.inputItemPath(input), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":5}`, f.Component), "routingOperationId"},
			{http.MethodDelete, r.inputItemPath(input), "", "routingOperationId"},
		} {
			res, body := jobRequest(t, te, call.method, call.path, call.body)
			if res.StatusCode != http.StatusBadRequest {
				t.Fatalf("%s: %s %s answered %d, want 400: %s", s.name, call.method, call.path, res.StatusCode, body)
			}
			mustFieldProblem(t, res, body, call.field)
			if !strings.Contains(string(body), weld) {
				t.Fatalf("%s: the problem does not name the operation %s: %s", s.name, weld, body)
			}
		}
		// Nothing changed, and Cut (not started) is still editable.
		after := jobGetRouting(t, te, r)
		if len(after.Operations) != 3 || after.Operations[1].Name != "Weld" || len(after.InputItems) != 1 || after.InputItems[0].QuantityPerUnit.String() != "2" {
			t.Fatalf("%s: a refused edit changed the routing: %+v", s.name, after)
		}
		jobDecode(t, te, http.MethodPost, r.operationPath(cut), `{"name":"Saw","sequence":10}`, http.StatusOK, nil)
	}
}

// The routing of a complete or cancelled job is read-only (400), and still reads.
func TestJobRoutingIsReadOnlyOnceTheJobIsCancelled(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	jobID := createJobMaking(t, te, f.Item, "4")
	r := jobRoutings(t, te, jobID)[0]
	res, body := cancelJob(t, te, jobID)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = jobRequest(t, te, http.MethodPost, r.operationsPath(), `{"name":"Late"}`)
	mustProblem(t, res, body, http.StatusBadRequest)
	if got := jobGetRouting(t, te, r); len(got.Operations) != 2 {
		t.Fatalf("the cancelled job's routing has %d operations, want 2", len(got.Operations))
	}
}

// A user token needs View Job for the job routing paths and the job's reads.
func TestJobRoutingAndReadsNeedViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	jobID := createJobMaking(t, te, f.Item, "4")
	r := jobRoutings(t, te, jobID)[0]
	viewer, stranger := te.userToken(t, "View Job"), te.userToken(t, "View Item")
	for _, path := range []string{r.routingPath(), jobPath(jobID) + "/make-summary", jobPath(jobID) + "/tracking",
		jobItemToMakePath(jobID, r.ItemToMakeID) + "/cost-breakdown"} {
		res, body := rawRequest(t, http.MethodGet, path, viewer, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		res, body = rawRequest(t, http.MethodGet, path, stranger, "", "")
		mustProblem(t, res, body, http.StatusForbidden)
	}
	res, body := rawRequest(t, http.MethodPost, r.operationsPath(), viewer, "application/json", `{"name":"Deburr"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

func jobGetRouting(t *testing.T, te *tenantEnv, r jobRouting) client.Routing {
	t.Helper()
	var out client.Routing
	jobDecode(t, te, http.MethodGet, r.routingPath(), "", http.StatusOK, &out)
	return out
}
