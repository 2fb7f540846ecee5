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

func itemRoutingInputItemsPath(itemID string) string {
	return itemRoutingPath(itemID) + "/input-items"
}
func itemRoutingInputItemPath(itemID, id string) string {
	return itemRoutingInputItemsPath(itemID) + "/" + id
}

// inputOf is a write of component as an input of quantity per unit.
func inputOf(component, quantity string) client.RoutingInputItemWrite {
	return client.RoutingInputItemWrite{ItemId: component, QuantityPerUnit: num(quantity)}
}

func createRoutingInputItem(t *testing.T, te *tenantEnv, itemID string, w client.RoutingInputItemWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingInputItemWithResponse(context.Background(), itemID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getRoutingInputItem(t *testing.T, te *tenantEnv, itemID, id string) client.RoutingInputItem {
	t.Helper()
	res, err := te.API.GetItemRoutingInputItemWithResponse(context.Background(), itemID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// writeInputItemBoth sends body as a create on the item's routing and as a full update of id.
func writeInputItemBoth(t *testing.T, te *tenantEnv, itemID, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, itemRoutingInputItemsPath(itemID), http.MethodPut, itemRoutingInputItemPath(itemID, id), body)
}

// mustNotFoundNaming checks a 404 problem whose detail names field.
func mustNotFoundNaming(t *testing.T, res rawResponse, body []byte, field string) problemBody {
	t.Helper()
	p := mustProblem(t, res, body, http.StatusNotFound)
	if !strings.Contains(p.Detail, field) {
		t.Fatalf("404 detail %q does not name %s", p.Detail, field)
	}
	return p
}

// inputItemCount counts the tenant's input items of item routings (every owner).
func inputItemCount(t *testing.T, te *tenantEnv) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM routing_input_items WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestItemRoutingInputItemStoresEveryMemberExactlyAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent := createItem(t, te, newItem("ASSY-1"))
	w := newItem("BOLT-1")
	w.UnitTypeName, w.UnitOfMeasureName, w.Revision = "Length", "Foot", ptr("B")
	bolt := createItem(t, te, w)
	op := createRoutingOperation(t, te, parent, client.RoutingOperationWrite{Name: ptr("Assemble")})
	id := createRoutingInputItem(t, te, parent, client.RoutingInputItemWrite{
		ItemId: bolt, QuantityPerUnit: num("0.000125"), RoutingOperationId: &op, Notes: ptr("  torque to spec "),
	})
	if len(id) != 36 {
		t.Fatalf("id %q is not a 36-character sub-record id", id)
	}
	got := getRoutingInputItem(t, te, parent, id)
	if got.Id != id || got.ItemId != bolt || got.ItemNumber != "BOLT-1" || optText(got.ItemRevision) != "B" || optText(got.UnitName) != "Foot" {
		t.Fatalf("identity members: %s", mustJSON(t, got))
	}
	mustRate(t, "quantityPerUnit", got.QuantityPerUnit, "0.000125")
	if optText(got.RoutingOperationId) != op || optText(got.Notes) != "torque to spec" || got.CreatedUtc.IsZero() || got.ModifiedUtc.IsZero() {
		t.Fatalf("operation, notes and times: %s", mustJSON(t, got))
	}
	// A full update replaces every member: omitted ones become none; blank notes are none.
	res, b := rawRequest(t, http.MethodPut, itemRoutingInputItemPath(parent, id), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":12345678901234.123456789,"notes":"   "}`, bolt))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var saved client.RoutingInputItem
	mustUnmarshal(t, b, &saved)
	if saved.RoutingOperationId != nil || saved.Notes != nil || saved.ItemNumber != "BOLT-1" {
		t.Fatalf("update answer: %s", b)
	}
	got = getRoutingInputItem(t, te, parent, id)
	mustRate(t, "quantityPerUnit", got.QuantityPerUnit, "12345678901234.123456789")
	if got.RoutingOperationId != nil || got.Notes != nil || !got.ModifiedUtc.After(got.CreatedUtc) {
		t.Fatalf("after update: %s", mustJSON(t, got))
	}
}

func TestItemRoutingInputItemRulesNameTheField(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	parent, sibling := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("ASSY-2"))
	part := createItem(t, te, newItem("PART-1"))
	id := createRoutingInputItem(t, te, parent, inputOf(part, "1"))
	archived := createItem(t, te, newItem("OLD-1"))
	archiveItem(t, te, archived)
	foreign := createItem(t, other, newItem("FOREIGN-1"))
	siblingOp := createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Elsewhere")})
	for _, c := range []struct {
		body   string
		status int
		field  string
	}{
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":0}`, part), http.StatusBadRequest, "quantityPerUnit"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":-0.5}`, part), http.StatusBadRequest, "quantityPerUnit"},
		{fmt.Sprintf(`{"itemId":%q}`, part), http.StatusBadRequest, "quantityPerUnit"},
		{`{"quantityPerUnit":1}`, http.StatusBadRequest, "itemId"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1,"notes":%q}`, part, strings.Repeat("n", 2001)), http.StatusBadRequest, "notes"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, archived), http.StatusBadRequest, "itemId"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, foreign), http.StatusNotFound, "itemId"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, strings.Repeat("f", 24)), http.StatusNotFound, "itemId"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1,"routingOperationId":%q}`, part, siblingOp), http.StatusNotFound, "routingOperationId"},
		{fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1,"routingOperationId":%q}`, part, "00000000-0000-4000-8000-000000000000"), http.StatusNotFound, "routingOperationId"},
	} {
		for _, r := range writeInputItemBoth(t, te, parent, id, c.body) {
			if c.status == http.StatusBadRequest {
				mustProblemNaming(t, r.res, r.body, c.field)
			} else {
				mustNotFoundNaming(t, r.res, r.body, c.field)
			}
		}
	}
	if got := getRoutingInputItem(t, te, parent, id); got.ItemId != part || got.QuantityPerUnit.String() != "1" {
		t.Fatalf("a refused write changed the input: %s", mustJSON(t, got))
	}
	if n := inputItemCount(t, te); n != 1 {
		t.Fatalf("refused creates added inputs: %d, want 1", n)
	}
}

func TestItemRoutingInputItemNoItemIsAnInputOfItself(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b, c := createItem(t, te, newItem("CYC-A")), createItem(t, te, newItem("CYC-B")), createItem(t, te, newItem("CYC-C"))
	d := createItem(t, te, newItem("CYC-D"))
	// Directly.
	res, body := rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(a), te.Token, "application/json", mustJSON(t, inputOf(a, "1")))
	mustProblemNaming(t, res, body, "itemId")
	// Through three levels: A is made from B, B from C; C may not be made from A (nor from B).
	createRoutingInputItem(t, te, a, inputOf(b, "2"))
	createRoutingInputItem(t, te, b, inputOf(c, "3"))
	for _, up := range []string{a, b} {
		res, body = rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(c), te.Token, "application/json", mustJSON(t, inputOf(up, "1")))
		p := mustProblem(t, res, body, http.StatusBadRequest)
		mustNameField(t, p, "itemId")
		if up == a && !strings.Contains(p.Detail, "CYC-A") {
			t.Fatalf("the refusal does not name the item: %q", p.Detail)
		}
	}
	// The same component twice, or a diamond, is no cycle.
	createRoutingInputItem(t, te, a, inputOf(c, "1"))
	createRoutingInputItem(t, te, c, inputOf(d, "1"))
	// An update into a cycle is refused; the input keeps what it had.
	dInput := createRoutingInputItem(t, te, d, inputOf(createItem(t, te, newItem("CYC-E")), "1"))
	res, body = rawRequest(t, http.MethodPut, itemRoutingInputItemPath(d, dInput), te.Token, "application/json", mustJSON(t, inputOf(b, "1")))
	mustProblemNaming(t, res, body, "itemId")
	res, body = rawRequest(t, http.MethodPut, itemRoutingInputItemPath(d, dInput), te.Token, "application/json", mustJSON(t, inputOf(d, "1")))
	mustProblemNaming(t, res, body, "itemId")
	if got := getRoutingInputItem(t, te, d, dInput); got.ItemNumber != "CYC-E" {
		t.Fatalf("a refused update changed the input: %s", mustJSON(t, got))
	}
	// A batch is refused whole, naming the offending write; within the batch itself too.
	for _, batch := range []struct {
		writes []client.RoutingInputItemWrite
		field  string
	}{
		{[]client.RoutingInputItemWrite{inputOf(createItem(t, te, newItem("CYC-F")), "1"), inputOf(a, "1")}, "inputItems.1.itemId"},
		{[]client.RoutingInputItemWrite{inputOf(createItem(t, te, newItem("CYC-G")), "1"), inputOf(d, "1")}, "inputItems.1.itemId"},
	} {
		res, err := te.API.CreateItemRoutingInputItemsWithResponse(context.Background(), d, nil, client.RoutingInputItemBatch{InputItems: batch.writes})
		failOnTransportError(t, err)
		p := mustProblem(t, rawResponse{StatusCode: res.StatusCode(), Header: res.HTTPResponse.Header}, res.Body, http.StatusBadRequest)
		mustNameField(t, p, batch.field)
	}
	if n := inputItemCount(t, te); n != 5 {
		t.Fatalf("inputs %d, want 5: a refused write added one", n)
	}
	mustHaveNoInputCycle(t, te)
}

// mustHaveNoInputCycle fails t when some item of the tenant reaches itself through the input
// items of item routings.
func mustHaveNoInputCycle(t *testing.T, te *tenantEnv) {
	t.Helper()
	var cycles int
	err := srv.Pool.QueryRowContext(context.Background(), `
WITH RECURSIVE reach (origin, item_id) AS (
    SELECT owner_id, item_id FROM routing_input_items WHERE tenant_id = $1 AND owner_type = 'item'
  UNION
    SELECT reach.origin, i.item_id FROM reach JOIN routing_input_items i
      ON i.tenant_id = $1 AND i.owner_type = 'item' AND i.owner_id = reach.item_id
)
SELECT count(*) FROM reach WHERE origin = item_id`, te.ID).Scan(&cycles)
	if err != nil {
		t.Fatal(err)
	}
	if cycles != 0 {
		t.Fatalf("%d items are inputs of themselves", cycles)
	}
}

func TestItemRoutingInputItemOppositeConcurrentAddsOneWins(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const pairs = 8
	items := make([][2]string, pairs)
	for i := range items {
		items[i] = [2]string{createItem(t, te, newItem(fmt.Sprintf("PAIR-%d-A", i))), createItem(t, te, newItem(fmt.Sprintf("PAIR-%d-B", i)))}
	}
	statuses := make([][2]int, pairs)
	fns := make([]func() error, 0, 2*pairs)
	for i := range items {
		for side := range 2 {
			fns = append(fns, func() error {
				parent, component := items[i][side], items[i][1-side]
				res, err := te.API.CreateItemRoutingInputItemWithResponse(context.Background(), parent, nil, inputOf(component, "1"))
				if err != nil {
					return err
				}
				statuses[i][side] = res.StatusCode()
				return nil
			})
		}
	}
	together(t, fns...)
	for i, s := range statuses {
		if !slices.Contains(s[:], http.StatusOK) || !slices.Contains(s[:], http.StatusBadRequest) {
			t.Fatalf("pair %d answered %v; want one 200 and one 400", i, s)
		}
	}
	if n := inputItemCount(t, te); n != pairs {
		t.Fatalf("inputs %d, want %d", n, pairs)
	}
	mustHaveNoInputCycle(t, te)
}

func TestItemRoutingInputItemBatchAddsEveryInputInOrderOrNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent := createItem(t, te, newItem("ASSY-1"))
	p1, p2, p3 := createItem(t, te, newItem("P-1")), createItem(t, te, newItem("P-2")), createItem(t, te, newItem("P-3"))
	before, events := getItem(t, te, parent).ModifiedUtc, itemEvents(t, te, parent)
	res, err := te.API.CreateItemRoutingInputItemsWithResponse(context.Background(), parent, nil, client.RoutingInputItemBatch{
		InputItems: []client.RoutingInputItemWrite{inputOf(p2, "2"), inputOf(p1, "1.5"), inputOf(p3, "0.001")},
	})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	ids := res.JSON200.Ids
	if len(ids) != 3 {
		t.Fatalf("ids %v", ids)
	}
	for i, want := range []struct{ item, qty string }{{p2, "2"}, {p1, "1.5"}, {p3, "0.001"}} {
		got := getRoutingInputItem(t, te, parent, ids[i])
		if got.ItemId != want.item {
			t.Fatalf("id %d answers %s, want item %s", i, mustJSON(t, got), want.item)
		}
		mustRate(t, "quantityPerUnit", got.QuantityPerUnit, want.qty)
	}
	if after := getItem(t, te, parent).ModifiedUtc; !after.After(before) || itemEvents(t, te, parent) != events+1 {
		t.Fatalf("a batch records one ItemUpdated: events %d → %d", events, itemEvents(t, te, parent))
	}
	archived := createItem(t, te, newItem("OLD-1"))
	archiveItem(t, te, archived)
	for _, c := range []struct {
		body   string
		status int
		field  string
	}{
		{fmt.Sprintf(`{"inputItems":[{"itemId":%q,"quantityPerUnit":1},{"itemId":%q,"quantityPerUnit":0}]}`, p1, p2), http.StatusBadRequest, "inputItems.1.quantityPerUnit"},
		{fmt.Sprintf(`{"inputItems":[{"itemId":%q,"quantityPerUnit":1},{"itemId":%q,"quantityPerUnit":1}]}`, p1, archived), http.StatusBadRequest, "inputItems.1.itemId"},
		{fmt.Sprintf(`{"inputItems":[{"itemId":%q,"quantityPerUnit":1},{"itemId":%q,"quantityPerUnit":1},{"itemId":%q,"quantityPerUnit":1}]}`, p1, p2, strings.Repeat("f", 24)), http.StatusNotFound, "inputItems.2.itemId"},
		{fmt.Sprintf(`{"inputItems":[{"itemId":%q,"quantityPerUnit":1,"routingOperationId":%q}]}`, p1, "00000000-0000-4000-8000-000000000000"), http.StatusNotFound, "inputItems.0.routingOperationId"},
		{fmt.Sprintf(`{"inputItems":[{"itemId":%q,"quantityPerUnit":1},{"itemId":%q,"quantityPerUnit":1}]}`, p1, parent), http.StatusBadRequest, "inputItems.1.itemId"},
	} {
		res, b := rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(parent)+"/batch", te.Token, "application/json", c.body)
		p := mustProblem(t, res, b, c.status)
		if c.status == http.StatusBadRequest {
			mustNameField(t, p, c.field)
		} else if !strings.Contains(p.Detail, c.field) {
			t.Fatalf("404 detail %q does not name %s", p.Detail, c.field)
		}
	}
	if n := inputItemCount(t, te); n != 3 {
		t.Fatalf("a refused batch added inputs: %d, want 3", n)
	}
	if itemEvents(t, te, parent) != events+1 {
		t.Fatal("a refused batch recorded an ItemUpdated")
	}
}

func TestItemRoutingInputItemChangeAdvancesTheItemAndRecordsOneItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent, part := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("PART-1"))
	step := func(what string, change func()) {
		t.Helper()
		before, events := getItem(t, te, parent).ModifiedUtc, itemEvents(t, te, parent)
		change()
		after := getItem(t, te, parent).ModifiedUtc
		if !after.After(before) || itemEvents(t, te, parent) != events+1 {
			t.Fatalf("%s: modifiedUtc %v → %v, events %d → %d", what, before, after, events, itemEvents(t, te, parent))
		}
	}
	partEvents := itemEvents(t, te, part)
	var id string
	step("create", func() { id = createRoutingInputItem(t, te, parent, inputOf(part, "1")) })
	step("update", func() {
		res, b := rawRequest(t, http.MethodPut, itemRoutingInputItemPath(parent, id), te.Token, "application/json", mustJSON(t, inputOf(part, "2")))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	step("delete", func() {
		res, b := rawRequest(t, http.MethodDelete, itemRoutingInputItemPath(parent, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	var change string
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT payload->>'change' FROM event_outbox
        WHERE tenant_id = $1 AND aggregate_id = $2 AND event_type = 'ItemUpdated' ORDER BY id DESC LIMIT 1`, te.ID, parent).Scan(&change)
	if err != nil {
		t.Fatal(err)
	}
	if change != "routingChanged" {
		t.Fatalf("change %q, want routingChanged", change)
	}
	// The component is not changed by being used.
	if n := itemEvents(t, te, part); n != partEvents {
		t.Fatalf("the component recorded %d ItemUpdated, want %d", n, partEvents)
	}
	// A delete of what the routing does not have changes nothing.
	before, events := getItem(t, te, parent).ModifiedUtc, itemEvents(t, te, parent)
	res, b := rawRequest(t, http.MethodDelete, itemRoutingInputItemPath(parent, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if after := getItem(t, te, parent).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, parent) != events {
		t.Fatalf("a 204 changed the item: %v → %v", before, after)
	}
	res, b = rawRequest(t, http.MethodGet, itemRoutingInputItemPath(parent, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestItemRoutingInputItemIsTheTenantsAndTheItemsOwn(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	parent, sibling, part := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("ASSY-2")), createItem(t, te, newItem("PART-1"))
	id := createRoutingInputItem(t, te, parent, inputOf(part, "1"))
	body := mustJSON(t, inputOf(part, "2"))
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, itemRoutingInputItemsPath(parent), body},
		{http.MethodPost, itemRoutingInputItemsPath(parent) + "/batch", `{"inputItems":[` + body + `]}`},
		{http.MethodPost, itemRoutingInputItemsPath(parent) + "/list", `{}`},
		{http.MethodGet, itemRoutingInputItemPath(parent, id), ""},
		{http.MethodPut, itemRoutingInputItemPath(parent, id), body},
		{http.MethodDelete, itemRoutingInputItemPath(parent, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// Another item of the tenant does not reach this item's input.
	res, b := rawRequest(t, http.MethodGet, itemRoutingInputItemPath(sibling, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, itemRoutingInputItemPath(sibling, id), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, itemRoutingInputItemPath(sibling, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(sibling)+"/list", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if strings.Contains(string(b), id) {
		t.Fatalf("another item's list shows the input: %s", b)
	}
	if got := getRoutingInputItem(t, te, parent, id); got.QuantityPerUnit.String() != "1" {
		t.Fatalf("changed through another item or tenant: %s", mustJSON(t, got))
	}
}

func TestItemRoutingInputItemPermissionsAreViewItemAndEditItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent, part := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("PART-1"))
	id := createRoutingInputItem(t, te, parent, inputOf(part, "1"))
	viewer, editor := te.userToken(t, "View Item"), te.userToken(t, "Edit Item")
	none := te.userToken(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, itemRoutingInputItemPath(parent, id)},
		{http.MethodPost, itemRoutingInputItemsPath(parent) + "/list"},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", "{}")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", "{}")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	body := mustJSON(t, inputOf(part, "2"))
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, itemRoutingInputItemsPath(parent), body},
		{http.MethodPost, itemRoutingInputItemsPath(parent) + "/batch", `{"inputItems":[` + body + `]}`},
		{http.MethodPut, itemRoutingInputItemPath(parent, id), body},
		{http.MethodDelete, itemRoutingInputItemPath(parent, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestItemRoutingInputItemListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent, sibling := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("ASSY-2"))
	p1, p2 := createItem(t, te, newItem("P-1")), createItem(t, te, newItem("P-2"))
	op := createRoutingOperation(t, te, parent, client.RoutingOperationWrite{Name: ptr("Assemble")})
	first := createRoutingInputItem(t, te, parent, inputOf(p1, "5"))
	second := createRoutingInputItem(t, te, parent, client.RoutingInputItemWrite{ItemId: p2, QuantityPerUnit: num("0.5"), RoutingOperationId: &op})
	third := createRoutingInputItem(t, te, parent, inputOf(p2, "2"))
	createRoutingInputItem(t, te, sibling, inputOf(p1, "1"))
	list := func(query, body string) []string {
		t.Helper()
		res, b := rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(parent)+"/list"+query, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var got []client.RoutingInputItem
		mustUnmarshal(t, b, &got)
		out := make([]string, len(got))
		for i, it := range got {
			out[i] = it.Id
		}
		return out
	}
	for _, c := range []struct {
		query, body string
		want        []string
	}{
		{"", `{}`, []string{first, second, third}},
		{"?Sort.Field=quantityPerUnit&Sort.Dir=descending", `{}`, []string{first, third, second}},
		{"?Skip=1&Take=1", `{}`, []string{second}},
		{"", mustJSON(t, map[string]any{"ids": []string{third, first}}), []string{first, third}},
		{"", mustJSON(t, map[string]any{"itemIds": []string{p2}}), []string{second, third}},
		{"", mustJSON(t, map[string]any{"routingOperationIds": []string{op}}), []string{second}},
	} {
		if got := list(c.query, c.body); !slices.Equal(got, c.want) {
			t.Fatalf("%s %s: %v, want %v", c.query, c.body, got, c.want)
		}
	}
	res, b := rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(parent)+"/list?Sort.Field=notes", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestItemRoutingInputItemStaysWhenItsOperationIsDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	parent, part := createItem(t, te, newItem("ASSY-1")), createItem(t, te, newItem("PART-1"))
	op := createRoutingOperation(t, te, parent, client.RoutingOperationWrite{Name: ptr("Assemble")})
	id := createRoutingInputItem(t, te, parent, client.RoutingInputItemWrite{ItemId: part, QuantityPerUnit: num("3"), RoutingOperationId: &op})
	res, b := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(parent, op), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	got := getRoutingInputItem(t, te, parent, id)
	if got.RoutingOperationId != nil || got.ItemId != part {
		t.Fatalf("after its operation was deleted: %s", mustJSON(t, got))
	}
	mustRate(t, "quantityPerUnit", got.QuantityPerUnit, "3")
}

func TestItemUsedInAnotherItemsRoutingKeepsItsUnitOfMeasure(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rod := func(number string) string {
		w := newItem(number)
		w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
		return createItem(t, te, w)
	}
	parent, part := rod("ASSY-1"), rod("ROD-1")
	id := createRoutingInputItem(t, te, parent, inputOf(part, "1.5"))
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+part, `{"unitOfMeasureName":"Inch"}`)
	p := mustProblem(t, res, b, http.StatusBadRequest)
	mustNameField(t, p, "unitOfMeasureName")
	if !strings.Contains(p.Detail+strings.Join(p.Errors["unitOfMeasureName"], " "), "another item's routing") {
		t.Fatalf("the refusal does not name the routing: %s", b)
	}
	res, b = itemRequest(t, te, http.MethodPatch, "/api/items/"+part, `[{"op":"replace","path":"/unitOfMeasureName","value":"Inch"}]`)
	mustItemField(t, res, b, "unitOfMeasureName")
	// The item's own routing does not keep its unit.
	if got := optText(itemSaved(t, te, http.MethodPut, "/api/items/"+parent, `{"unitOfMeasureName":"Inch"}`).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("parent unit %q, want Inch", got)
	}
	// Once no other routing uses it, it may change.
	res, b = rawRequest(t, http.MethodDelete, itemRoutingInputItemPath(parent, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := optText(itemSaved(t, te, http.MethodPut, "/api/items/"+part, `{"unitOfMeasureName":"Inch"}`).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("unit %q after the input was deleted, want Inch", got)
	}
}

func TestItemRoutingCopyRefusesInputsThatMakeACycle(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b, c := createItem(t, te, newItem("CP-A")), createItem(t, te, newItem("CP-B")), createItem(t, te, newItem("CP-C"))
	// A is made from B; copying A's routing onto B would make B an input of itself.
	createRoutingInputItem(t, te, a, inputOf(b, "2"))
	mine := createRoutingInputItem(t, te, b, inputOf(c, "1"))
	res, body := rawRequest(t, http.MethodPost, itemRoutingPath(b), te.Token, "application/json", copyRoutingBody(a))
	mustProblemNaming(t, res, body, "sourceItemId")
	if got := getRoutingInputItem(t, te, b, mine); got.ItemId != c {
		t.Fatalf("a refused copy changed the routing: %s", mustJSON(t, got))
	}
	// Onto C they would too (C is made from B, B from C); onto D they make no cycle and are
	// copied by value.
	res, body = rawRequest(t, http.MethodPost, itemRoutingPath(c), te.Token, "application/json", copyRoutingBody(a))
	mustProblemNaming(t, res, body, "sourceItemId")
	d := createItem(t, te, newItem("CP-D"))
	copyItemRouting(t, te, d, a)
	res, body = rawRequest(t, http.MethodPost, itemRoutingInputItemsPath(d)+"/list", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var got []client.RoutingInputItem
	mustUnmarshal(t, body, &got)
	if len(got) != 1 || got[0].ItemId != b || got[0].QuantityPerUnit.String() != "2" {
		t.Fatalf("copied inputs: %s", body)
	}
	mustHaveNoInputCycle(t, te)
}
