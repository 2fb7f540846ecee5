package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// Helpers of the job operation tests (operations, picks, completion, assembly).

func jobOperationsPath(jobID, itemToMakeID string) string {
	return jobItemToMakePath(jobID, itemToMakeID) + "/operations"
}

func jobOperationPath(jobID, itemToMakeID, opID string) string {
	return jobOperationsPath(jobID, itemToMakeID) + "/" + opID
}

// jobItems answers the job's items to make by position.
func jobItems(t *testing.T, te *tenantEnv, jobID string) []client.JobItemToMake {
	t.Helper()
	return getJob(t, te, jobID).ItemsToMake
}

// jobOps lists every operation of the job.
func jobOps(t *testing.T, te *tenantEnv, jobID string) []client.JobOperation {
	t.Helper()
	res, err := te.API.ListJobOperationsWithResponse(context.Background(), jobID, client.JobOperationFilter{})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// jobOp reads one operation of the job.
func jobOp(t *testing.T, te *tenantEnv, jobID, itemToMakeID, opID string) client.JobOperation {
	t.Helper()
	res, err := te.API.GetJobOperationWithResponse(context.Background(), jobID, itemToMakeID, opID)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// postJobOp sends body to sub-path action of the operation ("" for the update) and answers
// the raw answer.
func postJobOp(t *testing.T, te *tenantEnv, jobID, itemToMakeID, opID, action string, body any) (rawResponse, []byte) {
	t.Helper()
	path := jobOperationPath(jobID, itemToMakeID, opID)
	if action != "" {
		path += "/" + action
	}
	return rawRequest(t, http.MethodPost, path, te.Token, "application/json", jobJSON(t, body))
}

// mustJobOp sends body to action of the operation, expects 200 and answers the operation.
func mustJobOp(t *testing.T, te *tenantEnv, jobID, itemToMakeID, opID, action string, body any) client.JobOperation {
	t.Helper()
	res, b := postJobOp(t, te, jobID, itemToMakeID, opID, action, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var op client.JobOperation
	if err := json.Unmarshal(b, &op); err != nil {
		t.Fatal(err)
	}
	return op
}

// pickFor picks quantity of itemID for the operation and answers the pick.
func pickFor(t *testing.T, te *tenantEnv, jobID, itemToMakeID, opID, itemID, quantity string) client.JobPick {
	t.Helper()
	res, b := postJobOp(t, te, jobID, itemToMakeID, opID, "pick", map[string]any{"itemId": itemID, "quantity": json.Number(quantity)})
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var p client.JobPick
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// requiredOf lists what the operation needs: "items-required" or "materials-required".
func requiredOf(t *testing.T, te *tenantEnv, jobID, itemToMakeID, opID, list string) []client.JobRequirement {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, jobOperationPath(jobID, itemToMakeID, opID)+"/"+list+"/list", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var out []client.JobRequirement
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func mustEqualNum(t *testing.T, what string, got interface{ String() string }, want string) {
	t.Helper()
	if !num(got.String()).Equal(num(want).Decimal) {
		t.Fatalf("%s is %s, want %s", what, got, want)
	}
}

// The job operations are the item to make's routing operations (same ids) with their
// production state: read-only quantities (the item to make's quantity to make and made, the
// operation's completed and scrapped), the audit flags, time and cost, by item to make then
// sequence; the item to make's list filters and sorts, and reads of other records are 404.
func TestJobOperationsShowTheRoutingWithTheirReadOnlyProductionState(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	id := createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(f.Item, "5"), jobMake(f.Item, "2")}})
	items := jobItems(t, te, id)
	ops := jobOps(t, te, id)
	if len(ops) != 4 {
		t.Fatalf("%d operations, want 4: %s", len(ops), mustJSON(t, ops))
	}
	for i, op := range ops {
		it := items[i/2]
		if op.ItemToMakeId != it.Id || op.JobId != id || op.RoutingId != it.RoutingId || op.Name != []string{"Cut", "Weld"}[i%2] ||
			op.Sequence != int32(10*(i%2+1)) || op.Status != client.JobOperationStatusNotStarted {
			t.Fatalf("operation %d: %s", i, mustJSON(t, op))
		}
		mustEqualNum(t, "quantityToMake", op.QuantityToMake, it.Quantity.String())
		mustEqualNum(t, "quantityMade", op.QuantityMade, "0")
		mustEqualNum(t, "quantityCompleted", op.QuantityCompleted, "0")
		mustEqualNum(t, "setupTimeMinutes", op.SetupTimeMinutes, "15")
		if op.ExcludeSetupTimeFromAudit || op.ExcludeLaborTimeFromAudit || op.ExcludeMachineTimeFromAudit ||
			op.Time.SetupSeconds != 0 || op.StartedUtc != nil || op.CompletedUtc != nil || len(op.CustomFields) != 0 {
			t.Fatalf("operation %d state: %s", i, mustJSON(t, op))
		}
	}
	first := items[0]
	res, err := te.API.ListJobItemToMakeOperationsWithResponse(context.Background(), id, first.Id,
		&client.ListJobItemToMakeOperationsParams{SortField: ptr("name"), SortDir: ptr(client.SortDirectionDescending)}, client.JobOperationFilter{})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if got := *res.JSON200; len(got) != 2 || got[0].Name != "Weld" || got[1].Name != "Cut" {
		t.Fatalf("sorted by name descending: %s", mustJSON(t, got))
	}
	res, err = te.API.ListJobItemToMakeOperationsWithResponse(context.Background(), id, first.Id, nil,
		client.JobOperationFilter{Statuses: &[]client.JobOperationStatus{client.JobOperationStatusStarted}})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if len(*res.JSON200) != 0 {
		t.Fatalf("started operations of a new job: %s", mustJSON(t, *res.JSON200))
	}
	got := jobOp(t, te, id, first.Id, ops[1].Id)
	if got.Id != ops[1].Id || got.Name != "Weld" {
		t.Fatalf("get: %s", mustJSON(t, got))
	}
	// An operation of the other item to make, and another tenant's job, are not found.
	r, b := rawRequest(t, http.MethodGet, jobOperationPath(id, first.Id, ops[2].Id), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusNotFound, b)
	other := newTenant(t)
	r, b = rawRequest(t, http.MethodGet, jobOperationPath(id, first.Id, ops[1].Id), other.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusNotFound, b)
	r, b = rawRequest(t, http.MethodPost, jobPath(id)+"/operations/list", other.Token, "application/json", "{}")
	mustStatus(t, r.StatusCode, http.StatusNotFound, b)
}

// An update changes the operation's custom fields (module job_Operation) and ignores the
// read-only members sent with them.
func TestJobOperationUpdateKeepsCustomFieldsAndIgnoresReadOnlyMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("Fixture", client.CustomFieldModuleJobOperation))
	f := newJobFixture(t, te, "")
	id := createJobMaking(t, te, f.Item, "3")
	it := jobItems(t, te, id)[0]
	ops := jobOps(t, te, id)
	got := mustJobOp(t, te, id, it.Id, ops[0].Id, "", map[string]any{
		"customFields": map[string]any{"Fixture": "F-12"}, "quantityCompleted": 99, "status": "complete",
	})
	if got.CustomFields["Fixture"] != "F-12" || got.Status != client.JobOperationStatusNotStarted || !got.QuantityCompleted.IsZero() {
		t.Fatalf("updated: %s", mustJSON(t, got))
	}
	if again := jobOp(t, te, id, it.Id, ops[0].Id); again.CustomFields["Fixture"] != "F-12" {
		t.Fatalf("read back: %s", mustJSON(t, again))
	}
	res, b := postJobOp(t, te, id, it.Id, ops[0].Id, "", map[string]any{"customFields": map[string]any{"Unknown": "x"}})
	mustProblemNaming(t, res, b, "customFields.Unknown")
}

// Adding a quantity completed needs a job that accepts work; it marks the operation and the
// job started; negative amounts correct, never below 0 (400 naming the member); a complete
// operation refuses more.
func TestJobOperationAddQuantityCompletedCorrectsButNeverBelowZero(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	id := createJobMaking(t, te, f.Item, "5")
	it := jobItems(t, te, id)[0]
	cut := jobOps(t, te, id)[0]
	res, b := postJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": 3})
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
	mustMoveJob(t, te, id, "released")
	got := mustJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": 3, "quantityScrapped": 1})
	if got.Status != client.JobOperationStatusStarted || got.StartedUtc == nil {
		t.Fatalf("after adding: %s", mustJSON(t, got))
	}
	mustEqualNum(t, "quantityCompleted", got.QuantityCompleted, "3")
	mustEqualNum(t, "quantityScrapped", got.QuantityScrapped, "1")
	if j := getJob(t, te, id); j.Status != client.JobStatusInProgress || j.StartedUtc == nil {
		t.Fatalf("job after work: %s %v", j.Status, j.StartedUtc)
	}
	res, b = postJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": -4})
	mustProblemNaming(t, res, b, "quantity")
	res, b = postJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": 0, "quantityScrapped": -2})
	mustProblemNaming(t, res, b, "quantityScrapped")
	got = mustJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": -1.5})
	mustEqualNum(t, "corrected quantityCompleted", got.QuantityCompleted, "1.5")
	mustJobOp(t, te, id, it.Id, cut.Id, "complete", map[string]any{})
	res, b = postJobOp(t, te, id, it.Id, cut.Id, "add-quantity-completed", map[string]any{"quantity": 1})
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
	if after := jobOp(t, te, id, it.Id, cut.Id); !after.QuantityCompleted.Equal(num("1.5").Decimal) || after.Status != client.JobOperationStatusComplete {
		t.Fatalf("complete operation changed: %s", mustJSON(t, after))
	}
}

// arrangeJobOperations: a released job making an item whose routing has one operation (small)
// or many (large), each operation with an input item and an input material, and all of them
// at the first operation, so the operation lists and the required lists read every kind of
// record in a fixed number of statements.
func arrangeJobOperations(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ job, itemToMake, op string }
	build := func(te *tenantEnv, n int) built {
		_, linear := catalogueShapes(t, te)
		made := createItem(t, te, newItem("JOB-COUNTED"))
		var first string
		for k := range n {
			op := createRoutingOperation(t, te, made, client.RoutingOperationWrite{Name: ptr(fmt.Sprintf("Step %02d", k)), Sequence: ptr(int32(10 * (k + 1)))})
			if k == 0 {
				first = op
			}
			part := createItem(t, te, newItem(fmt.Sprintf("JOB-PART-%02d", k)))
			in := inputOf(part, "2")
			in.RoutingOperationId = &first
			createRoutingInputItem(t, te, made, in)
			createInputMaterial(t, te, made, client.RoutingInputMaterialWrite{
				MaterialShapeId: linear.Id, BlankLength: num("10"), PiecesPerBlank: ptr(int32(2)), ItemId: &part, RoutingOperationId: &first,
			})
			receiveStock(t, te, client.InventoryReceive{ItemId: part, Quantity: num("5")})
		}
		id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(made, "3")}})
		it := jobItems(t, te, id)[0]
		return built{job: id, itemToMake: it.Id, op: jobOps(t, te, id)[0].Id}
	}
	s, l := build(small, 1), build(large, manySubs)
	post := func(op string, path func(b built) string) readCase {
		return readCase{op: op, list: true,
			small: readCall{http.MethodPost, path(s), ""}, large: readCall{http.MethodPost, path(l), ""}}
	}
	return []readCase{
		post("listJobOperations", func(b built) string { return jobPath(b.job) + "/operations/list" }),
		listRead("listJobItemToMakeOperations", jobOperationsPath(s.job, s.itemToMake)+"/list", jobOperationsPath(l.job, l.itemToMake)+"/list", `{}`),
		getRead("getJobOperation", jobOperationPath(s.job, s.itemToMake, s.op), jobOperationPath(l.job, l.itemToMake, l.op)),
		post("listJobOperationItemsRequired", func(b built) string { return jobOperationPath(b.job, b.itemToMake, b.op) + "/items-required/list" }),
		post("listJobOperationMaterialsRequired", func(b built) string {
			return jobOperationPath(b.job, b.itemToMake, b.op) + "/materials-required/list"
		}),
	}
}

// jobOperationsIsolation is the isolation row of job operations: tenant B neither reads,
// lists, changes nor records work on tenant A's job operations.
func jobOperationsIsolation() isolationRow {
	return isolationRow{name: "job operations", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		f := newJobFixture(t, a, "20")
		id := createJob(t, a, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "2")}})
		it := jobItems(t, a, id)[0]
		op := jobOps(t, a, id)[1]
		path := jobOperationPath(id, it.Id, op.Id)
		return isolated{
			ID: op.Id, Get: path,
			Refused: []isoCall{
				{Method: http.MethodPost, Path: jobPath(id) + "/operations/list", Body: `{}`},
				{Method: http.MethodPost, Path: jobOperationsPath(id, it.Id) + "/list", Body: `{}`},
				{Method: http.MethodPost, Path: path, Body: `{"customFields":{}}`},
				{Method: http.MethodPost, Path: path + "/add-quantity-completed", Body: `{"quantity":1}`},
				{Method: http.MethodPost, Path: path + "/items-required/list"},
				{Method: http.MethodPost, Path: path + "/materials-required/list"},
				{Method: http.MethodPost, Path: path + "/pick", Body: fmt.Sprintf(`{"itemId":%q,"quantity":1}`, f.Component)},
				{Method: http.MethodPost, Path: path + "/complete", Body: `{}`},
			},
		}
	}}
}
