package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

func itemRoutingPath(itemID string) string { return "/api/items/" + itemID + "/routing" }
func itemRoutingOperationsPath(itemID string) string {
	return itemRoutingPath(itemID) + "/operations"
}
func itemRoutingOperationPath(itemID, id string) string {
	return itemRoutingOperationsPath(itemID) + "/" + id
}

func createRoutingOperation(t *testing.T, te *tenantEnv, itemID string, w client.RoutingOperationWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingOperationWithResponse(context.Background(), itemID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getRoutingOperation(t *testing.T, te *tenantEnv, itemID, id string) client.RoutingOperation {
	t.Helper()
	res, err := te.API.GetItemRoutingOperationWithResponse(context.Background(), itemID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func getItemRouting(t *testing.T, te *tenantEnv, itemID string) client.Routing {
	t.Helper()
	res, err := te.API.GetItemRoutingWithResponse(context.Background(), itemID, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func routingSequences(r client.Routing) []int32 {
	out := make([]int32, len(r.Operations))
	for i, op := range r.Operations {
		out[i] = op.Sequence
	}
	return out
}

// writeRoutingBoth sends body as a create on the item's routing and as a full update of id.
func writeRoutingBoth(t *testing.T, te *tenantEnv, itemID, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, itemRoutingOperationsPath(itemID), http.MethodPut, itemRoutingOperationPath(itemID, id), body)
}

func TestItemRoutingOperationStoresEveryMemberExactlyAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	dep := newShopDepartment(t, te, "Machining")
	mill := addShopEquipment(t, te, dep, "Mill")
	vendor := createVendor(t, te, "Platers Inc")
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{
		Sequence: ptr(int32(5)), Name: ptr("  Mill pocket  "), WorkCenterId: &dep.WorkCenterID, EquipmentId: &mill,
		SetupTimeMinutes: ptr(num("12.125")), RunTimeMinutesPerUnit: ptr(num("0.0001")),
		LaborRate: ptr(num("42.50")), MachineRate: ptr(num("0")), IsOutsideProcessing: ptr(true),
		OutsideVendorId: &vendor, OutsideCost: ptr(num("3.333")), OutsideLeadDays: ptr(int32(4)), Notes: ptr("  keep burrs low "),
	})
	if len(id) != 36 {
		t.Fatalf("id %q is not a 36-character sub-record id", id)
	}
	got := getRoutingOperation(t, te, itemID, id)
	if got.Id != id || got.Sequence != 5 || got.Name != "Mill pocket" || got.OperationId != nil {
		t.Fatalf("identity members: %s", mustJSON(t, got))
	}
	if got.WorkCenterId == nil || *got.WorkCenterId != dep.WorkCenterID || got.EquipmentId == nil || *got.EquipmentId != mill {
		t.Fatalf("resources: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "12.125")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0.0001")
	mustRate(t, "outsideCost", got.OutsideCost, "3.333")
	if got.LaborRate == nil || got.MachineRate == nil {
		t.Fatalf("rates: %s", mustJSON(t, got))
	}
	mustRate(t, "laborRate", *got.LaborRate, "42.50")
	mustRate(t, "machineRate", *got.MachineRate, "0")
	if !got.IsOutsideProcessing || got.OutsideVendorId == nil || *got.OutsideVendorId != vendor || got.OutsideLeadDays != 4 {
		t.Fatalf("outside processing: %s", mustJSON(t, got))
	}
	if got.Notes == nil || *got.Notes != "keep burrs low" || got.CreatedUtc.IsZero() {
		t.Fatalf("notes and times: %s", mustJSON(t, got))
	}
	r := getItemRouting(t, te, itemID)
	if r.OwnerType != "item" || r.OwnerId != itemID || len(r.Operations) != 1 || r.Operations[0].Id != id {
		t.Fatalf("routing: %s", mustJSON(t, r))
	}
}

func TestItemRoutingOperationOmittedMembersDefaultFromTheLibraryOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	dep, other := newShopDepartment(t, te, "Finishing"), newShopDepartment(t, te, "Assembly")
	tumbler := addShopEquipment(t, te, dep, "Tumbler")
	libID := createOperation(t, te, client.OperationWrite{
		Name: "Deburr", WorkCenterId: &dep.WorkCenterID, EquipmentId: &tumbler,
		SetupTimeMinutes: ptr(num("5.5")), RunTimeMinutesPerUnit: ptr(num("0.75")), IsOutsideProcessing: ptr(true),
	})
	got := getRoutingOperation(t, te, itemID, createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{OperationId: &libID}))
	if got.OperationId == nil || *got.OperationId != libID || got.Name != "Deburr" || !got.IsOutsideProcessing {
		t.Fatalf("library defaults: %s", mustJSON(t, got))
	}
	if got.WorkCenterId == nil || *got.WorkCenterId != dep.WorkCenterID || got.EquipmentId == nil || *got.EquipmentId != tumbler {
		t.Fatalf("library work center and equipment: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "5.5")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0.75")
	// What the write sends wins over the library; a work center sent drops the library's equipment.
	got = getRoutingOperation(t, te, itemID, createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{
		OperationId: &libID, Name: ptr("Deburr by hand"), WorkCenterId: &other.WorkCenterID,
		SetupTimeMinutes: ptr(num("0")), IsOutsideProcessing: ptr(false),
	}))
	if got.Name != "Deburr by hand" || *got.WorkCenterId != other.WorkCenterID || got.EquipmentId != nil || got.IsOutsideProcessing {
		t.Fatalf("sent members: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "0")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0.75")
	// Without a library operation, a name is required and the rest defaults to none, 0, false.
	res, b := rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID), te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, b, "name")
	got = getRoutingOperation(t, te, itemID, createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Inspect")}))
	if got.WorkCenterId != nil || got.LaborRate != nil || got.MachineRate != nil || got.OutsideVendorId != nil || got.Notes != nil || got.IsOutsideProcessing || got.OutsideLeadDays != 0 {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
	mustRate(t, "outsideCost", got.OutsideCost, "0")
}

func TestItemRoutingOrdersBySequenceAndAnOmittedSequenceIsLastPlusTen(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	if r := getItemRouting(t, te, itemID); r.Operations == nil || len(r.Operations) != 0 {
		t.Fatalf("an empty routing answers operations []: %s", mustJSON(t, r))
	}
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("First")})
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Late"), Sequence: ptr(int32(35))})
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Early"), Sequence: ptr(int32(3))})
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Last")})
	r := getItemRouting(t, te, itemID)
	if seq := routingSequences(r); !slices.Equal(seq, []int32{3, 10, 35, 45}) {
		t.Fatalf("sequences %v", seq)
	}
	if r.Operations[0].Name != "Early" || r.Operations[3].Name != "Last" {
		t.Fatalf("order: %s", mustJSON(t, r))
	}
}

func TestItemRoutingSequenceIsUniqueWithinTheRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, otherItem := createItem(t, te, newItem("R-1")), createItem(t, te, newItem("R-2"))
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut"), Sequence: ptr(int32(10))})
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Bend"), Sequence: ptr(int32(20))})
	for _, r := range writeRoutingBoth(t, te, itemID, id, `{"name":"Weld","sequence":10}`) {
		mustProblemNaming(t, r.res, r.body, "sequence")
	}
	// Another item's routing has its own sequences; an update keeping its own sequence is fine.
	createRoutingOperation(t, te, otherItem, client.RoutingOperationWrite{Name: ptr("Cut"), Sequence: ptr(int32(10))})
	res, b := rawRequest(t, http.MethodPut, itemRoutingOperationPath(itemID, id), te.Token, "application/json", `{"name":"Weld"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := getRoutingOperation(t, te, itemID, id); got.Sequence != 20 || got.Name != "Weld" {
		t.Fatalf("an omitted sequence keeps the current one: %s", mustJSON(t, got))
	}
	for _, r := range writeRoutingBoth(t, te, itemID, id, `{"name":"Weld","sequence":0}`) {
		mustProblemNaming(t, r.res, r.body, "sequence")
	}
}

func TestItemRoutingConcurrentCreatesWithTheSameSequenceOneWins(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	counts := atOnce(t, 4, func(i int) (int, error) {
		res, err := te.API.CreateItemRoutingOperationWithResponse(context.Background(), itemID, nil,
			client.RoutingOperationWrite{Name: ptr(fmt.Sprintf("Op %d", i)), Sequence: ptr(int32(10))})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 3 {
		t.Fatalf("statuses %v, want one 200 and three 400", counts)
	}
	if r := getItemRouting(t, te, itemID); len(r.Operations) != 1 {
		t.Fatalf("routing: %s", mustJSON(t, r))
	}
}

func TestItemRoutingReferencesMustExistAndBelongToTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	foreignDep := newShopDepartment(t, other, "Foreign")
	foreignEq := addShopEquipment(t, other, foreignDep, "Foreign saw")
	foreignOp := createOperation(t, other, client.OperationWrite{Name: "Foreign op"})
	foreignVendor := createVendor(t, other, "Foreign vendor")
	dep := newShopDepartment(t, te, "Home")
	cases := []struct {
		field string
		body  map[string]any
	}{
		{"operationId", map[string]any{"operationId": foreignOp}},
		{"operationId", map[string]any{"operationId": unknownSchedulingID}},
		{"workCenterId", map[string]any{"name": "A", "workCenterId": foreignDep.WorkCenterID}},
		{"workCenterId", map[string]any{"name": "A", "workCenterId": unknownSchedulingID}},
		{"equipmentId", map[string]any{"name": "A", "workCenterId": dep.WorkCenterID, "equipmentId": foreignEq}},
		{"outsideVendorId", map[string]any{"name": "A", "outsideVendorId": foreignVendor}},
		{"outsideVendorId", map[string]any{"name": "A", "outsideVendorId": unknownSchedulingID}},
	}
	for _, c := range cases {
		for _, r := range writeRoutingBoth(t, te, itemID, id, mustJSON(t, c.body)) {
			p := mustProblem(t, r.res, r.body, http.StatusNotFound)
			if !strings.Contains(p.Detail, c.field) {
				t.Fatalf("404 detail %q does not name %s", p.Detail, c.field)
			}
		}
	}
	if r := getItemRouting(t, te, itemID); len(r.Operations) != 1 || r.Operations[0].Name != "Cut" {
		t.Fatalf("a refused write changed the routing: %s", mustJSON(t, r))
	}
}

func TestItemRoutingEquipmentMustBelongToTheOperationsWorkCenter(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	a, b := newShopDepartment(t, te, "A"), newShopDepartment(t, te, "B")
	saw := addShopEquipment(t, te, b, "Saw")
	for _, body := range []map[string]any{
		{"name": "Cut", "workCenterId": a.WorkCenterID, "equipmentId": saw},
		{"name": "Cut", "equipmentId": saw},
	} {
		for _, r := range writeRoutingBoth(t, te, itemID, id, mustJSON(t, body)) {
			mustProblemNaming(t, r.res, r.body, "equipmentId")
		}
	}
}

func TestItemRoutingTimesRatesAndCostsMustNotBeNegative(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	for _, field := range []string{"setupTimeMinutes", "runTimeMinutesPerUnit", "laborRate", "machineRate", "outsideCost", "outsideLeadDays"} {
		for _, r := range writeRoutingBoth(t, te, itemID, id, fmt.Sprintf(`{"name":"Cut",%q:-1}`, field)) {
			mustProblemNaming(t, r.res, r.body, field)
		}
	}
	for _, r := range writeRoutingBoth(t, te, itemID, id, `{"name":"Cut","notes":"`+strings.Repeat("n", 2001)+`"}`) {
		mustProblemNaming(t, r.res, r.body, "notes")
	}
}

func TestItemRoutingChangeAdvancesTheItemAndRecordsOneItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	step := func(what string, change func()) {
		t.Helper()
		before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
		change()
		after := getItem(t, te, itemID).ModifiedUtc
		if !after.After(before) || itemEvents(t, te, itemID) != events+1 {
			t.Fatalf("%s: modifiedUtc %v → %v, events %d → %d", what, before, after, events, itemEvents(t, te, itemID))
		}
	}
	var id string
	step("create", func() { id = createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")}) })
	step("update", func() {
		res, b := rawRequest(t, http.MethodPut, itemRoutingOperationPath(itemID, id), te.Token, "application/json", `{"name":"Saw"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	step("delete", func() {
		res, b := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(itemID, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	var change string
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT payload->>'change' FROM event_outbox
        WHERE tenant_id = $1 AND aggregate_id = $2 AND event_type = 'ItemUpdated' ORDER BY id DESC LIMIT 1`, te.ID, itemID).Scan(&change)
	if err != nil {
		t.Fatal(err)
	}
	if change != "routingChanged" {
		t.Fatalf("change %q, want routingChanged", change)
	}
	// A delete of what the routing does not have changes nothing.
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	res, b := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(itemID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if after := getItem(t, te, itemID).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, itemID) != events {
		t.Fatalf("a 204 changed the item: %v → %v", before, after)
	}
	res, b = rawRequest(t, http.MethodGet, itemRoutingOperationPath(itemID, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestItemRoutingIsTheTenantsAndTheItemsOwn(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, sibling := createItem(t, te, newItem("R-1")), createItem(t, te, newItem("R-2"))
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, itemRoutingPath(itemID), ""},
		{http.MethodPost, itemRoutingOperationsPath(itemID), `{"name":"Saw"}`},
		{http.MethodPost, itemRoutingOperationsPath(itemID) + "/batch", `{"operations":[{"name":"Saw"}]}`},
		{http.MethodGet, itemRoutingOperationPath(itemID, id), ""},
		{http.MethodPut, itemRoutingOperationPath(itemID, id), `{"name":"Saw"}`},
		{http.MethodDelete, itemRoutingOperationPath(itemID, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// Another item of the tenant does not reach this item's operation.
	res, b := rawRequest(t, http.MethodGet, itemRoutingOperationPath(sibling, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, itemRoutingOperationPath(sibling, id), te.Token, "application/json", `{"name":"Saw"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, itemRoutingOperationPath(sibling, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if got := getRoutingOperation(t, te, itemID, id); got.Name != "Cut" {
		t.Fatalf("changed through another item or tenant: %s", mustJSON(t, got))
	}
}

func TestItemRoutingPermissionsAreViewItemAndEditItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	viewer, editor := te.userToken(t, "View Item"), te.userToken(t, "Edit Item")
	none := te.userToken(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, itemRoutingPath(itemID)},
		{http.MethodGet, itemRoutingOperationPath(itemID, id)},
		{http.MethodPost, itemRoutingOperationsPath(itemID) + "/list"},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", "{}")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", "{}")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, itemRoutingOperationsPath(itemID), `{"name":"Saw"}`},
		{http.MethodPost, itemRoutingOperationsPath(itemID) + "/batch", `{"operations":[{"name":"Bend"}]}`},
		{http.MethodPut, itemRoutingOperationPath(itemID, id), `{"name":"Cut"}`},
		{http.MethodDelete, itemRoutingOperationPath(itemID, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestItemRoutingBatchAddsEveryOperationInOrderOrNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("R-1"))
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Existing"), Sequence: ptr(int32(30))})
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	res, err := te.API.CreateItemRoutingOperationsWithResponse(context.Background(), itemID, nil, client.RoutingOperationBatch{
		Operations: []client.RoutingOperationWrite{{Name: ptr("A")}, {Name: ptr("B"), Sequence: ptr(int32(5))}, {Name: ptr("C")}},
	})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	ids := res.JSON200.Ids
	if len(ids) != 3 {
		t.Fatalf("ids %v", ids)
	}
	r := getItemRouting(t, te, itemID)
	if seq := routingSequences(r); !slices.Equal(seq, []int32{5, 30, 40, 50}) {
		t.Fatalf("sequences %v", seq)
	}
	if r.Operations[0].Id != ids[1] || r.Operations[2].Id != ids[0] || r.Operations[3].Id != ids[2] {
		t.Fatalf("ids %v do not answer the operations in the order sent: %s", ids, mustJSON(t, r))
	}
	if after := getItem(t, te, itemID).ModifiedUtc; !after.After(before) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("a batch records one ItemUpdated: events %d → %d", events, itemEvents(t, te, itemID))
	}
	// A failing write names its index and nothing of the batch is added.
	dep := newShopDepartment(t, te, "A")
	for _, c := range []struct {
		body   string
		status int
		field  string
	}{
		{`{"operations":[{"name":"X"},{"name":"Y","setupTimeMinutes":-1}]}`, http.StatusBadRequest, "operations.1.setupTimeMinutes"},
		{`{"operations":[{"name":"X"},{}]}`, http.StatusBadRequest, "operations.1.name"},
		{`{"operations":[{"name":"X","sequence":7},{"name":"Y","sequence":7}]}`, http.StatusBadRequest, "operations.1.sequence"},
		{`{"operations":[{"name":"X","sequence":30}]}`, http.StatusBadRequest, "operations.0.sequence"},
		{fmt.Sprintf(`{"operations":[{"name":"X"},{"name":"Y"},{"name":"Z","workCenterId":%q}]}`, unknownSchedulingID), http.StatusNotFound, "operations.2.workCenterId"},
		{fmt.Sprintf(`{"operations":[{"name":"X","workCenterId":%q,"equipmentId":%q}]}`, dep.WorkCenterID, addShopEquipment(t, te, newShopDepartment(t, te, "B"), "Saw")), http.StatusBadRequest, "operations.0.equipmentId"},
	} {
		res, b := rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID)+"/batch", te.Token, "application/json", c.body)
		p := mustProblem(t, res, b, c.status)
		if c.status == http.StatusBadRequest {
			mustNameField(t, p, c.field)
		} else if !strings.Contains(p.Detail, c.field) {
			t.Fatalf("404 detail %q does not name %s", p.Detail, c.field)
		}
	}
	if n := len(getItemRouting(t, te, itemID).Operations); n != 4 {
		t.Fatalf("a refused batch added operations: %d, want 4", n)
	}
	if itemEvents(t, te, itemID) != events+1 {
		t.Fatal("a refused batch recorded an ItemUpdated")
	}
}

func TestItemRoutingListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, sibling := createItem(t, te, newItem("R-1")), createItem(t, te, newItem("R-2"))
	dep := newShopDepartment(t, te, "A")
	lib := createOperation(t, te, client.OperationWrite{Name: "Deburr"})
	cut := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut"), Sequence: ptr(int32(20)), SetupTimeMinutes: ptr(num("9"))})
	deburr := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{OperationId: &lib, Sequence: ptr(int32(10))})
	mill := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Mill"), WorkCenterId: &dep.WorkCenterID, SetupTimeMinutes: ptr(num("1"))})
	createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Other item")})
	list := func(query, body string) []string {
		t.Helper()
		res, b := rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID)+"/list"+query, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var ops []client.RoutingOperation
		mustUnmarshal(t, b, &ops)
		out := make([]string, len(ops))
		for i, op := range ops {
			out[i] = op.Id
		}
		return out
	}
	for _, c := range []struct {
		query, body string
		want        []string
	}{
		{"", `{}`, []string{deburr, cut, mill}},
		{"?Sort.Field=setupTimeMinutes&Sort.Dir=descending", `{}`, []string{cut, mill, deburr}},
		{"?Skip=1&Take=1", `{}`, []string{cut}},
		{"", mustJSON(t, map[string]any{"ids": []string{mill, cut}}), []string{cut, mill}},
		{"", mustJSON(t, map[string]any{"operationIds": []string{lib}}), []string{deburr}},
		{"", mustJSON(t, map[string]any{"workCenterIds": []string{dep.WorkCenterID}}), []string{mill}},
	} {
		if got := list(c.query, c.body); !slices.Equal(got, c.want) {
			t.Fatalf("%s %s: %v, want %v", c.query, c.body, got, c.want)
		}
	}
	res, b := rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID)+"/list?Sort.Field=notes", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
	other := newTenant(t)
	res, b = rawRequest(t, http.MethodPost, itemRoutingOperationsPath(itemID)+"/list", other.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
}
