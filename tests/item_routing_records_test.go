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

// Records of a routing operation: the items consumed at it and its in-process tracking.

func operationItemsPath(itemID, operationID string) string {
	return itemRoutingOperationPath(itemID, operationID) + "/items"
}
func operationItemPath(itemID, operationID, id string) string {
	return operationItemsPath(itemID, operationID) + "/" + id
}

func createOperationItem(t *testing.T, te *tenantEnv, itemID, operationID string, w client.RoutingOperationItemWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingOperationItemWithResponse(context.Background(), itemID, operationID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getOperationItem(t *testing.T, te *tenantEnv, itemID, operationID, id string) client.RoutingOperationItem {
	t.Helper()
	res, err := te.API.GetItemRoutingOperationItemWithResponse(context.Background(), itemID, operationID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// routingWithOperation is an item with one routing operation, and a second item (a tool) to
// consume at it.
func routingWithOperation(t *testing.T, te *tenantEnv) (itemID, operationID, toolID string) {
	t.Helper()
	itemID = createItem(t, te, newItem("RR-1"))
	operationID = createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Mill")})
	toolID = createItem(t, te, newItem("TOOL-1"))
	return itemID, operationID, toolID
}

// writeOperationItemBoth sends body as a create at the operation and as a full update of id.
func writeOperationItemBoth(t *testing.T, te *tenantEnv, itemID, operationID, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, operationItemsPath(itemID, operationID), http.MethodPut, operationItemPath(itemID, operationID, id), body)
}

// mustAdvanceItem runs change and fails unless it advanced the item's modifiedUtc and
// recorded exactly one ItemUpdated with change routingChanged.
func mustAdvanceItem(t *testing.T, te *tenantEnv, itemID, what string, change func()) {
	t.Helper()
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	change()
	after := getItem(t, te, itemID).ModifiedUtc
	if !after.After(before) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("%s: modifiedUtc %v → %v, events %d → %d", what, before, after, events, itemEvents(t, te, itemID))
	}
	var recorded string
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT payload->>'change' FROM event_outbox
        WHERE tenant_id = $1 AND aggregate_id = $2 AND event_type = 'ItemUpdated' ORDER BY id DESC LIMIT 1`, te.ID, itemID).Scan(&recorded)
	if err != nil {
		t.Fatal(err)
	}
	if recorded != "routingChanged" {
		t.Fatalf("%s: change %q, want routingChanged", what, recorded)
	}
}

// mustNotChangeItem runs change and fails if it advanced the item or recorded an event.
func mustNotChangeItem(t *testing.T, te *tenantEnv, itemID, what string, change func()) {
	t.Helper()
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	change()
	if after := getItem(t, te, itemID).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, itemID) != events {
		t.Fatalf("%s changed the item: %v → %v, events %d → %d", what, before, after, events, itemEvents(t, te, itemID))
	}
}

func TestRoutingOperationItemStoresEveryMemberExactlyAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	w := newItem("INSERT-7")
	w.Revision = ptr("B")
	insertID := createItem(t, te, w)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{
		ItemId: toolID, Quantity: num("0.0125"), Per: ptr(client.RoutingOperationItemPerSetup), Notes: ptr("  change every shift "),
	})
	if len(id) != 36 {
		t.Fatalf("id %q is not a 36-character sub-record id", id)
	}
	got := getOperationItem(t, te, itemID, opID, id)
	if got.Id != id || got.RoutingOperationId != opID || got.ItemId != toolID || got.ItemNumber != "TOOL-1" || got.ItemRevision != nil {
		t.Fatalf("identity members: %s", mustJSON(t, got))
	}
	if got.UnitName == nil || *got.UnitName != "Each" || got.Per != client.RoutingOperationItemPerSetup {
		t.Fatalf("unit and per: %s", mustJSON(t, got))
	}
	if got.Notes == nil || *got.Notes != "change every shift" || got.CreatedUtc.IsZero() || got.ModifiedUtc.IsZero() {
		t.Fatalf("notes and times: %s", mustJSON(t, got))
	}
	mustRate(t, "quantity", got.Quantity, "0.0125")
	// A full update replaces every member; an omitted per is unit, blank notes none.
	res, err := te.API.UpdateItemRoutingOperationItemWithResponse(context.Background(), itemID, opID, id, nil,
		client.RoutingOperationItemWrite{ItemId: insertID, Quantity: num("12345678901234.123456789"), Notes: ptr("   ")})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	up := *res.JSON200
	if up.ItemId != insertID || up.ItemNumber != "INSERT-7" || up.ItemRevision == nil || *up.ItemRevision != "B" ||
		up.Per != client.RoutingOperationItemPerUnit || up.Notes != nil || !up.CreatedUtc.Equal(got.CreatedUtc) {
		t.Fatalf("update answer: %s", mustJSON(t, up))
	}
	mustRate(t, "quantity", up.Quantity, "12345678901234.123456789")
	again := getOperationItem(t, te, itemID, opID, id)
	mustRate(t, "quantity read back", again.Quantity, "12345678901234.123456789")
	if again.ItemId != insertID || again.Per != client.RoutingOperationItemPerUnit {
		t.Fatalf("read after update: %s", mustJSON(t, again))
	}
}

func TestRoutingOperationItemQuantityPerAndNotesAreChecked(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	for _, c := range []struct{ field, body string }{
		{"quantity", fmt.Sprintf(`{"itemId":%q,"quantity":0}`, toolID)},
		{"quantity", fmt.Sprintf(`{"itemId":%q,"quantity":-0.5}`, toolID)},
		{"quantity", fmt.Sprintf(`{"itemId":%q}`, toolID)},
		{"itemId", `{"quantity":1}`},
		{"per", fmt.Sprintf(`{"itemId":%q,"quantity":1,"per":"batch"}`, toolID)},
		{"notes", fmt.Sprintf(`{"itemId":%q,"quantity":1,"notes":%q}`, toolID, strings.Repeat("n", 2001))},
	} {
		for _, r := range writeOperationItemBoth(t, te, itemID, opID, id, c.body) {
			mustProblemNaming(t, r.res, r.body, c.field)
		}
	}
	if got := getOperationItem(t, te, itemID, opID, id); got.Quantity.String() != "1" {
		t.Fatalf("a refused write changed the record: %s", mustJSON(t, got))
	}
}

func TestRoutingOperationItemMustBeALiveItemOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	foreign := createItem(t, other, newItem("FOREIGN"))
	for _, target := range []string{foreign, "000000000000000000000000"} {
		for _, r := range writeOperationItemBoth(t, te, itemID, opID, id, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, target)) {
			p := mustProblem(t, r.res, r.body, http.StatusNotFound)
			if !strings.Contains(p.Detail, "itemId") {
				t.Fatalf("404 detail %q does not name itemId", p.Detail)
			}
		}
	}
	archived := createItem(t, te, newItem("OLD-TOOL"))
	archiveItem(t, te, archived)
	for _, r := range writeOperationItemBoth(t, te, itemID, opID, id, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, archived)) {
		mustProblemNaming(t, r.res, r.body, "itemId")
	}
	// A record whose item was archived afterwards stays editable while it keeps that item.
	archiveItem(t, te, toolID)
	res, b := rawRequest(t, http.MethodPut, operationItemPath(itemID, opID, id), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":2}`, toolID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := getOperationItem(t, te, itemID, opID, id); got.Quantity.String() != "2" {
		t.Fatalf("update keeping an archived item: %s", mustJSON(t, got))
	}
}

func TestRoutingOperationItemLivesAtAnOperationOfTheItemsRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	sibling := createItem(t, te, newItem("RR-2"))
	siblingOp := createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Turn")})
	secondOp := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Deburr")})
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, toolID)
	// An operation of another item's routing, or none, is not found at this item.
	for _, op := range []string{siblingOp, "00000000-0000-0000-0000-000000000000"} {
		for _, c := range []struct{ method, path, body string }{
			{http.MethodPost, operationItemsPath(itemID, op), body},
			{http.MethodPost, operationItemsPath(itemID, op) + "/list", `{}`},
			{http.MethodGet, operationItemPath(itemID, op, id), ""},
			{http.MethodPut, operationItemPath(itemID, op, id), body},
			{http.MethodDelete, operationItemPath(itemID, op, id), ""},
		} {
			res, b := rawRequest(t, c.method, c.path, te.Token, "application/json", c.body)
			mustProblem(t, res, b, http.StatusNotFound)
		}
	}
	// The sibling's own operation does not reach this item's record either.
	res, b := rawRequest(t, http.MethodGet, operationItemPath(sibling, siblingOp, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	// Another operation of the same routing does not have the record: 404 to read or update it,
	// 204 to delete it.
	res, b = rawRequest(t, http.MethodGet, operationItemPath(itemID, secondOp, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, operationItemPath(itemID, secondOp, id), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	mustNotChangeItem(t, te, itemID, "a delete at another operation", func() {
		res, b = rawRequest(t, http.MethodDelete, operationItemPath(itemID, secondOp, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	})
	if got := getOperationItem(t, te, itemID, opID, id); got.RoutingOperationId != opID {
		t.Fatalf("record moved: %s", mustJSON(t, got))
	}
}

func TestRoutingOperationItemChangeAdvancesTheItemAndRecordsOneItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	var id string
	mustAdvanceItem(t, te, itemID, "create", func() {
		id = createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	})
	mustAdvanceItem(t, te, itemID, "update", func() {
		res, b := rawRequest(t, http.MethodPut, operationItemPath(itemID, opID, id), te.Token, "application/json",
			fmt.Sprintf(`{"itemId":%q,"quantity":3}`, toolID))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	mustAdvanceItem(t, te, itemID, "delete", func() {
		res, b := rawRequest(t, http.MethodDelete, operationItemPath(itemID, opID, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	mustNotChangeItem(t, te, itemID, "a delete of what the operation does not have", func() {
		res, b := rawRequest(t, http.MethodDelete, operationItemPath(itemID, opID, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	})
	mustNotChangeItem(t, te, itemID, "a refused write", func() {
		res, b := rawRequest(t, http.MethodPost, operationItemsPath(itemID, opID), te.Token, "application/json",
			fmt.Sprintf(`{"itemId":%q,"quantity":0}`, toolID))
		mustProblemNaming(t, res, b, "quantity")
	})
	res, b := rawRequest(t, http.MethodGet, operationItemPath(itemID, opID, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestRoutingOperationItemGoesWithItsOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	a := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	b := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("2")})
	res, body := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(itemID, opID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, id := range []string{a, b} {
		res, body = rawRequest(t, http.MethodGet, operationItemPath(itemID, opID, id), te.Token, "", "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM routing_operation_items WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("%d operation items outlived their operation", n)
	}
}

func TestRoutingOperationItemIsTheTenantsOwn(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	otherTool := createItem(t, other, newItem("TOOL-1"))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":5}`, otherTool)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, operationItemsPath(itemID, opID), body},
		{http.MethodPost, operationItemsPath(itemID, opID) + "/list", `{}`},
		{http.MethodGet, operationItemPath(itemID, opID, id), ""},
		{http.MethodPut, operationItemPath(itemID, opID, id), body},
		{http.MethodDelete, operationItemPath(itemID, opID, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	if got := getOperationItem(t, te, itemID, opID, id); got.Quantity.String() != "1" || got.ItemId != toolID {
		t.Fatalf("changed by another tenant: %s", mustJSON(t, got))
	}
}

func TestRoutingOperationItemPermissionsAreViewItemAndEditItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	viewer, editor, none := te.userToken(t, "View Item"), te.userToken(t, "Edit Item"), te.userToken(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, operationItemPath(itemID, opID, id)},
		{http.MethodPost, operationItemsPath(itemID, opID) + "/list"},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", "{}")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", "{}")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	body := fmt.Sprintf(`{"itemId":%q,"quantity":2}`, toolID)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, operationItemsPath(itemID, opID), body},
		{http.MethodPut, operationItemPath(itemID, opID, id), body},
		{http.MethodDelete, operationItemPath(itemID, opID, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestRoutingOperationItemHonoursIfMatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	res, b := rawRequest(t, http.MethodGet, operationItemPath(itemID, opID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	etag := res.Header.Get("ETag")
	if etag == "" {
		t.Fatal("get answered no ETag")
	}
	put := func(ifMatch string) (rawResponse, []byte) {
		h := http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + te.Token}, "If-Match": {ifMatch}}
		return sendVia(t, specChecker{t: t}, http.MethodPut, srv.URL+operationItemPath(itemID, opID, id), h,
			strings.NewReader(fmt.Sprintf(`{"itemId":%q,"quantity":2}`, toolID)))
	}
	res, b = put(etag)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if res.Header.Get("ETag") == "" || res.Header.Get("ETag") == etag {
		t.Fatalf("update answered ETag %q after %q", res.Header.Get("ETag"), etag)
	}
	res, b = put(etag)
	mustProblem(t, res, b, http.StatusPreconditionFailed)
}

func TestRoutingOperationItemListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, toolID := routingWithOperation(t, te)
	insert := createItem(t, te, newItem("INSERT-1"))
	otherOp := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Deburr")})
	a := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
	b := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: insert, Quantity: num("2")})
	c := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("3")})
	createOperationItem(t, te, itemID, otherOp, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("4")})
	list := func(query, body string) []string {
		t.Helper()
		res, raw := rawRequest(t, http.MethodPost, operationItemsPath(itemID, opID)+"/list"+query, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, raw)
		var got []client.RoutingOperationItem
		mustUnmarshal(t, raw, &got)
		out := make([]string, len(got))
		for i, it := range got {
			out[i] = it.Id
			if it.ItemNumber == "" || it.UnitName == nil {
				t.Fatalf("list answer lacks item names: %s", raw)
			}
		}
		return out
	}
	for _, tc := range []struct {
		query, body string
		want        []string
	}{
		{"", `{}`, []string{a, b, c}},
		{"?Sort.Field=createdUtc&Sort.Dir=descending", `{}`, []string{c, b, a}},
		{"?Skip=1&Take=1", `{}`, []string{b}},
		{"", mustJSON(t, map[string]any{"ids": []string{c, a}}), []string{a, c}},
		{"", mustJSON(t, map[string]any{"itemIds": []string{insert}}), []string{b}},
	} {
		if got := list(tc.query, tc.body); !slices.Equal(got, tc.want) {
			t.Fatalf("%s %s: %v, want %v", tc.query, tc.body, got, tc.want)
		}
	}
	res, raw := rawRequest(t, http.MethodPost, operationItemsPath(itemID, opID)+"/list?Sort.Field=quantity", te.Token, "application/json", `{}`)
	mustProblem(t, res, raw, http.StatusBadRequest)
}

func trackingsPath(itemID, operationID, phase string) string {
	return itemRoutingOperationPath(itemID, operationID) + "/ipts/" + phase
}
func trackingPath(itemID, operationID, phase, id string) string {
	return trackingsPath(itemID, operationID, phase) + "/" + id
}

func createTracking(t *testing.T, te *tenantEnv, itemID, operationID string, phase client.TrackingPhase, w client.RoutingTrackingWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingOperationTrackingWithResponse(context.Background(), itemID, operationID, phase, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getTracking(t *testing.T, te *tenantEnv, itemID, operationID string, phase client.TrackingPhase, id string) client.RoutingTracking {
	t.Helper()
	res, err := te.API.GetItemRoutingOperationTrackingWithResponse(context.Background(), itemID, operationID, phase, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// trackedRouting is an item with one routing operation and a number tracking field.
func trackedRouting(t *testing.T, te *tenantEnv) (itemID, operationID, fieldID string) {
	t.Helper()
	itemID = createItem(t, te, newItem("TR-1"))
	operationID = createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Bore")})
	fieldID = createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore diameter", DataType: client.TrackingFieldDataTypeNumber})
	return itemID, operationID, fieldID
}

func TestRoutingTrackingStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	id := createTracking(t, te, itemID, opID, client.TrackingPhaseInProcess, client.RoutingTrackingWrite{
		TrackingFieldId: fieldID, IsRequired: ptr(false), Frequency: ptr(int32(25)), Instructions: ptr("  air gauge  "),
	})
	if len(id) != 36 {
		t.Fatalf("id %q is not a 36-character sub-record id", id)
	}
	got := getTracking(t, te, itemID, opID, client.TrackingPhaseInProcess, id)
	if got.Id != id || got.RoutingOperationId != opID || got.Phase != client.TrackingPhaseInProcess || got.TrackingFieldId != fieldID ||
		got.TrackingFieldName != "Bore diameter" || got.DataType != client.TrackingFieldDataTypeNumber || got.IsRequired {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	if got.Frequency == nil || *got.Frequency != 25 || got.Instructions == nil || *got.Instructions != "air gauge" || got.CreatedUtc.IsZero() {
		t.Fatalf("frequency, instructions and times: %s", mustJSON(t, got))
	}
	// Defaults: required, once in the phase, no instructions (blank is none).
	for _, phase := range []client.TrackingPhase{client.TrackingPhaseSetup, client.TrackingPhaseFinal} {
		d := getTracking(t, te, itemID, opID, phase, createTracking(t, te, itemID, opID, phase,
			client.RoutingTrackingWrite{TrackingFieldId: fieldID, Instructions: ptr("   ")}))
		if !d.IsRequired || d.Frequency != nil || d.Instructions != nil || d.Phase != phase {
			t.Fatalf("defaults at %s: %s", phase, mustJSON(t, d))
		}
	}
}

func TestRoutingTrackingFrequencyOnlyInProcessAndInstructionsBounded(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	for _, c := range []struct{ phase, field, body string }{
		{"setup", "frequency", fmt.Sprintf(`{"trackingFieldId":%q,"frequency":5}`, fieldID)},
		{"final", "frequency", fmt.Sprintf(`{"trackingFieldId":%q,"frequency":1}`, fieldID)},
		{"inProcess", "frequency", fmt.Sprintf(`{"trackingFieldId":%q,"frequency":0}`, fieldID)},
		{"inProcess", "instructions", fmt.Sprintf(`{"trackingFieldId":%q,"instructions":%q}`, fieldID, strings.Repeat("i", 2001))},
		{"inProcess", "trackingFieldId", `{}`},
	} {
		res, b := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, c.phase), te.Token, "application/json", c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	res, b := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "running"), te.Token, "application/json",
		fmt.Sprintf(`{"trackingFieldId":%q}`, fieldID))
	mustProblem(t, res, b, http.StatusBadRequest)
	// A null frequency is once in the phase, at any phase.
	res, b = rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "setup"), te.Token, "application/json",
		fmt.Sprintf(`{"trackingFieldId":%q,"frequency":null}`, fieldID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestRoutingTrackingFieldMustBeTheTenantsAndOncePerOperationAndPhase(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	foreign := createTrackingField(t, other, client.InProcessTrackingFieldWrite{Name: "Foreign", DataType: client.TrackingFieldDataTypeText})
	for _, target := range []string{foreign, "000000000000000000000000"} {
		res, b := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "setup"), te.Token, "application/json",
			fmt.Sprintf(`{"trackingFieldId":%q}`, target))
		p := mustProblem(t, res, b, http.StatusNotFound)
		if !strings.Contains(p.Detail, "trackingFieldId") {
			t.Fatalf("404 detail %q does not name trackingFieldId", p.Detail)
		}
	}
	createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	mustNotChangeItem(t, te, itemID, "a field assigned twice", func() {
		res, b := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "setup"), te.Token, "application/json",
			fmt.Sprintf(`{"trackingFieldId":%q}`, fieldID))
		mustProblemNaming(t, res, b, "trackingFieldId")
	})
	// Another phase, or another operation, may record the same field.
	createTracking(t, te, itemID, opID, client.TrackingPhaseFinal, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	second := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Ream")})
	createTracking(t, te, itemID, second, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
}

func TestRoutingTrackingConcurrentAssignmentsOfOneFieldOneWins(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	counts := atOnce(t, 4, func(int) (int, error) {
		res, err := te.API.CreateItemRoutingOperationTrackingWithResponse(context.Background(), itemID, opID, client.TrackingPhaseInProcess, nil,
			client.RoutingTrackingWrite{TrackingFieldId: fieldID})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 3 {
		t.Fatalf("statuses %v, want one 200 and three 400", counts)
	}
	res, b := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "inProcess")+"/list", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.RoutingTracking
	mustUnmarshal(t, b, &list)
	if len(list) != 1 {
		t.Fatalf("%d trackings, want 1", len(list))
	}
}

func TestRoutingTrackingLivesAtItsOperationAndPhase(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	sibling := createItem(t, te, newItem("TR-2"))
	siblingOp := createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Turn")})
	id := createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	body := fmt.Sprintf(`{"trackingFieldId":%q}`, fieldID)
	for _, op := range []string{siblingOp, "00000000-0000-0000-0000-000000000000"} {
		for _, c := range []struct{ method, path, body string }{
			{http.MethodPost, trackingsPath(itemID, op, "setup"), body},
			{http.MethodPost, trackingsPath(itemID, op, "setup") + "/list", `{}`},
			{http.MethodGet, trackingPath(itemID, op, "setup", id), ""},
			{http.MethodDelete, trackingPath(itemID, op, "setup", id), ""},
		} {
			res, b := rawRequest(t, c.method, c.path, te.Token, "application/json", c.body)
			mustProblem(t, res, b, http.StatusNotFound)
		}
	}
	// A tracking of another phase is not found at this one, and a delete there changes nothing.
	res, b := rawRequest(t, http.MethodGet, trackingPath(itemID, opID, "final", id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	mustNotChangeItem(t, te, itemID, "a delete at another phase", func() {
		res, b = rawRequest(t, http.MethodDelete, trackingPath(itemID, opID, "inProcess", id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	})
	res, b = rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "final")+"/list", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.RoutingTracking
	mustUnmarshal(t, b, &list)
	if len(list) != 0 {
		t.Fatalf("another phase lists %s", b)
	}
	if got := getTracking(t, te, itemID, opID, client.TrackingPhaseSetup, id); got.Id != id {
		t.Fatalf("tracking: %s", mustJSON(t, got))
	}
}

func TestRoutingTrackingChangeAdvancesTheItemAndGoesWithItsOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	var id string
	mustAdvanceItem(t, te, itemID, "create", func() {
		id = createTracking(t, te, itemID, opID, client.TrackingPhaseFinal, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	})
	mustAdvanceItem(t, te, itemID, "delete", func() {
		res, b := rawRequest(t, http.MethodDelete, trackingPath(itemID, opID, "final", id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	mustNotChangeItem(t, te, itemID, "a delete of what the phase does not have", func() {
		res, b := rawRequest(t, http.MethodDelete, trackingPath(itemID, opID, "final", id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	})
	// Deleting the operation removes its tracking and its items.
	kept := createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	opItem := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: createItem(t, te, newItem("TR-TOOL")), Quantity: num("1")})
	res, b := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(itemID, opID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodGet, trackingPath(itemID, opID, "setup", kept), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, operationItemPath(itemID, opID, opItem), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM routing_operation_ipts WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("%d trackings outlived their operation", n)
	}
}

func TestRoutingTrackingIsTheTenantsOwnAndNeedsViewOrEditItem(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, opID, fieldID := trackedRouting(t, te)
	id := createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
	otherField := createTrackingField(t, other, client.InProcessTrackingFieldWrite{Name: "Other", DataType: client.TrackingFieldDataTypeText})
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, trackingsPath(itemID, opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q}`, otherField)},
		{http.MethodPost, trackingsPath(itemID, opID, "setup") + "/list", `{}`},
		{http.MethodGet, trackingPath(itemID, opID, "setup", id), ""},
		{http.MethodDelete, trackingPath(itemID, opID, "setup", id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	viewer, editor, none := te.userToken(t, "View Item"), te.userToken(t, "Edit Item"), te.userToken(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, trackingPath(itemID, opID, "setup", id)},
		{http.MethodPost, trackingsPath(itemID, opID, "setup") + "/list"},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", "{}")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", "{}")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, trackingsPath(itemID, opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q}`, fieldID)},
		{http.MethodDelete, trackingPath(itemID, opID, "setup", id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestRoutingTrackingListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, opID, bore := trackedRouting(t, te)
	finish := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Finish ok", DataType: client.TrackingFieldDataTypeBoolean})
	depth := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Depth", DataType: client.TrackingFieldDataTypeNumber})
	a := createTracking(t, te, itemID, opID, client.TrackingPhaseInProcess, client.RoutingTrackingWrite{TrackingFieldId: bore})
	b := createTracking(t, te, itemID, opID, client.TrackingPhaseInProcess, client.RoutingTrackingWrite{TrackingFieldId: finish})
	c := createTracking(t, te, itemID, opID, client.TrackingPhaseInProcess, client.RoutingTrackingWrite{TrackingFieldId: depth})
	createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: bore})
	list := func(query, body string) []string {
		t.Helper()
		res, raw := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "inProcess")+"/list"+query, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, raw)
		var got []client.RoutingTracking
		mustUnmarshal(t, raw, &got)
		out := make([]string, len(got))
		for i, tr := range got {
			out[i] = tr.Id
			if tr.TrackingFieldName == "" || tr.Phase != client.TrackingPhaseInProcess {
				t.Fatalf("list answer: %s", raw)
			}
		}
		return out
	}
	for _, tc := range []struct {
		query, body string
		want        []string
	}{
		{"", `{}`, []string{a, b, c}},
		{"?Sort.Field=createdUtc&Sort.Dir=descending", `{}`, []string{c, b, a}},
		{"?Skip=1&Take=1", `{}`, []string{b}},
		{"", mustJSON(t, map[string]any{"ids": []string{c, a}}), []string{a, c}},
		{"", mustJSON(t, map[string]any{"trackingFieldIds": []string{finish}}), []string{b}},
	} {
		if got := list(tc.query, tc.body); !slices.Equal(got, tc.want) {
			t.Fatalf("%s %s: %v, want %v", tc.query, tc.body, got, tc.want)
		}
	}
	res, raw := rawRequest(t, http.MethodPost, trackingsPath(itemID, opID, "inProcess")+"/list?Sort.Field=frequency", te.Token, "application/json", `{}`)
	mustProblem(t, res, raw, http.StatusBadRequest)
}
