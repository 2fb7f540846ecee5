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

func itemRoutingMaterialsPath(itemID string) string {
	return itemRoutingPath(itemID) + "/input-materials"
}
func itemRoutingMaterialPath(itemID, id string) string {
	return itemRoutingMaterialsPath(itemID) + "/" + id
}
func itemRoutingNestingsPath(itemID, materialID string) string {
	return itemRoutingMaterialPath(itemID, materialID) + "/nesting"
}
func itemRoutingNestingPath(itemID, materialID, id string) string {
	return itemRoutingNestingsPath(itemID, materialID) + "/" + id
}

// catalogueShapes picks an activated planar and an activated linear shape of the tenant's
// seeded catalogue.
func catalogueShapes(t *testing.T, te *tenantEnv) (planar, linear client.MaterialShape) {
	t.Helper()
	pick := func(types ...client.MaterialShapeType) client.MaterialShape {
		list := listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{ShapeTypes: &types, IsActivated: ptr(true)})
		if len(list) == 0 {
			t.Fatalf("the catalogue has no activated %v shape", types)
		}
		return list[0]
	}
	return pick(client.MaterialShapeTypeSheet, client.MaterialShapeTypePlate), pick(client.MaterialShapeTypeBar)
}

func createInputMaterial(t *testing.T, te *tenantEnv, itemID string, w client.RoutingInputMaterialWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingInputMaterialWithResponse(context.Background(), itemID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getInputMaterial(t *testing.T, te *tenantEnv, itemID, id string) (client.RoutingInputMaterial, string) {
	t.Helper()
	res, err := te.API.GetItemRoutingInputMaterialWithResponse(context.Background(), itemID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200, res.HTTPResponse.Header.Get("ETag")
}

func createNesting(t *testing.T, te *tenantEnv, itemID, materialID string, w client.RoutingMaterialNestingWrite) string {
	t.Helper()
	res, err := te.API.CreateItemRoutingMaterialNestingWithResponse(context.Background(), itemID, materialID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// barMaterial is the smallest valid write of a material cut from a linear shape.
func barMaterial(shapeID string) client.RoutingInputMaterialWrite {
	return client.RoutingInputMaterialWrite{MaterialShapeId: shapeID, BlankLength: num("10")}
}

// writeMaterialBoth sends body as a create on the item's routing and as a full update of id.
func writeMaterialBoth(t *testing.T, te *tenantEnv, itemID, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, itemRoutingMaterialsPath(itemID), http.MethodPut, itemRoutingMaterialPath(itemID, id), body)
}

func materialIDs(list []client.RoutingInputMaterial) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Id
	}
	return out
}

func TestRoutingInputMaterialStoresEveryMemberExactlyAndShowsItsShapeAndItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, stock := createItem(t, te, newItem("RM-1")), createItem(t, te, newItem("SHEET-STOCK"))
	planar, linear := catalogueShapes(t, te)
	opID := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Laser")})
	id := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{
		MaterialShapeId: planar.Id, BlankLength: num("123456789.123456789012"), BlankWidth: ptr(num("0.000000000000000001")),
		PiecesPerBlank: ptr(int32(4)), ItemId: &stock, RoutingOperationId: &opID, Notes: ptr("  grain along length "),
	})
	if len(id) != 36 {
		t.Fatalf("id %q is not a 36-character sub-record id", id)
	}
	got, _ := getInputMaterial(t, te, itemID, id)
	if got.Id != id || got.MaterialShapeId != planar.Id || got.MaterialShapeName != planar.Name || got.MaterialName != planar.MaterialName || got.ShapeType != planar.ShapeType {
		t.Fatalf("shape members: %s", mustJSON(t, got))
	}
	if got.ItemId == nil || *got.ItemId != stock || got.ItemNumber == nil || *got.ItemNumber != "SHEET-STOCK" {
		t.Fatalf("item members: %s", mustJSON(t, got))
	}
	mustRate(t, "blankLength", got.BlankLength, "123456789.123456789012")
	if got.BlankWidth == nil {
		t.Fatalf("blankWidth: %s", mustJSON(t, got))
	}
	mustRate(t, "blankWidth", *got.BlankWidth, "0.000000000000000001")
	if got.PiecesPerBlank != 4 || got.RoutingOperationId == nil || *got.RoutingOperationId != opID {
		t.Fatalf("pieces and operation: %s", mustJSON(t, got))
	}
	if got.Notes == nil || *got.Notes != "grain along length" || got.Nestings == nil || len(got.Nestings) != 0 || got.CreatedUtc.IsZero() {
		t.Fatalf("notes, nestings and times: %s", mustJSON(t, got))
	}
	// Omitted members default: one piece per blank, no item, operation or notes.
	got, _ = getInputMaterial(t, te, itemID, createInputMaterial(t, te, itemID, barMaterial(linear.Id)))
	if got.PiecesPerBlank != 1 || got.ItemId != nil || got.ItemNumber != nil || got.RoutingOperationId != nil || got.Notes != nil || got.BlankWidth != nil {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
	if got.ShapeType != client.MaterialShapeTypeBar || got.MaterialShapeName != linear.Name {
		t.Fatalf("linear shape: %s", mustJSON(t, got))
	}
	// A full update replaces every member: omitted ones return to their defaults.
	res, b := rawRequest(t, http.MethodPut, itemRoutingMaterialPath(itemID, id), te.Token, "application/json",
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":7.250,"blankWidth":3}`, planar.Id))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var put client.RoutingInputMaterial
	mustUnmarshal(t, b, &put)
	if put.ItemId != nil || put.RoutingOperationId != nil || put.Notes != nil || put.PiecesPerBlank != 1 || put.MaterialShapeName != planar.Name {
		t.Fatalf("update answer: %s", mustJSON(t, put))
	}
	mustRate(t, "blankLength", put.BlankLength, "7.25")
	if res.Header.Get("ETag") == "" {
		t.Fatal("the update answers no ETag")
	}
}

func TestRoutingInputMaterialWidthFollowsTheShapesForm(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("RM-1"))
	planar, linear := catalogueShapes(t, te)
	id := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
	for _, body := range []string{
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10}`, planar.Id),
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10,"blankWidth":null}`, planar.Id),
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10,"blankWidth":2}`, linear.Id),
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10,"blankWidth":0}`, planar.Id),
		fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10,"blankWidth":-1}`, planar.Id),
	} {
		for _, r := range writeMaterialBoth(t, te, itemID, id, body) {
			mustProblemNaming(t, r.res, r.body, "blankWidth")
		}
	}
	for _, c := range []struct{ field, body string }{
		{"blankLength", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":0}`, linear.Id)},
		{"blankLength", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":-2.5}`, linear.Id)},
		{"blankLength", fmt.Sprintf(`{"materialShapeId":%q}`, linear.Id)},
		{"piecesPerBlank", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":1,"piecesPerBlank":0}`, linear.Id)},
		{"notes", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":1,"notes":%q}`, linear.Id, strings.Repeat("n", 2001))},
		{"materialShapeId", `{"blankLength":1}`},
	} {
		for _, r := range writeMaterialBoth(t, te, itemID, id, c.body) {
			mustProblemNaming(t, r.res, r.body, c.field)
		}
	}
	// Planar with a width, linear without: both fine.
	createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{MaterialShapeId: planar.Id, BlankLength: num("10"), BlankWidth: ptr(num("5"))})
	if got, _ := getInputMaterial(t, te, itemID, id); got.MaterialShapeId != linear.Id || got.BlankWidth != nil {
		t.Fatalf("a refused update changed the material: %s", mustJSON(t, got))
	}
}

func TestRoutingInputMaterialReferencesMustExistBelongToTheTenantAndBeUsable(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, sibling := createItem(t, te, newItem("RM-1")), createItem(t, te, newItem("RM-2"))
	_, linear := catalogueShapes(t, te)
	_, foreignShape := catalogueShapes(t, other)
	id := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
	foreignItem := createItem(t, other, newItem("FOREIGN"))
	siblingOp := createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Saw")})
	foreignOp := createRoutingOperation(t, other, foreignItem, client.RoutingOperationWrite{Name: ptr("Saw")})
	deleted := createMaterialShape(t, te.API, flatBar("Doomed bar"))
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE material_shapes SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, deleted); err != nil {
		t.Fatal(err)
	}
	bar := func(extra string) string {
		return fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10%s}`, linear.Id, extra)
	}
	for _, c := range []struct{ field, body string }{
		{"materialShapeId", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10}`, foreignShape.Id)},
		{"materialShapeId", `{"materialShapeId":"000000000000000000000000","blankLength":10}`},
		{"materialShapeId", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10}`, deleted)},
		{"itemId", bar(fmt.Sprintf(`,"itemId":%q`, foreignItem))},
		{"itemId", bar(`,"itemId":"000000000000000000000000"`)},
		{"routingOperationId", bar(fmt.Sprintf(`,"routingOperationId":%q`, siblingOp))},
		{"routingOperationId", bar(fmt.Sprintf(`,"routingOperationId":%q`, foreignOp))},
		{"routingOperationId", bar(`,"routingOperationId":"00000000-0000-7000-8000-000000000000"`)},
	} {
		for _, r := range writeMaterialBoth(t, te, itemID, id, c.body) {
			p := mustProblem(t, r.res, r.body, http.StatusNotFound)
			if !strings.Contains(p.Detail, c.field) {
				t.Fatalf("404 detail %q does not name %s", p.Detail, c.field)
			}
		}
	}
	// A deactivated shape, an archived item and the item the routing makes answer 400 naming
	// them.
	off := flatBar("Unstocked bar")
	off.IsActivated = ptr(false)
	offID := createMaterialShape(t, te.API, off)
	archived := createItem(t, te, newItem("OLD-STOCK"))
	archiveItem(t, te, archived)
	for _, c := range []struct{ field, body string }{
		{"materialShapeId", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":10}`, offID)},
		{"itemId", bar(fmt.Sprintf(`,"itemId":%q`, archived))},
		{"itemId", bar(fmt.Sprintf(`,"itemId":%q`, itemID))},
	} {
		for _, r := range writeMaterialBoth(t, te, itemID, id, c.body) {
			mustProblemNaming(t, r.res, r.body, c.field)
		}
	}
	if got, _ := getInputMaterial(t, te, itemID, id); got.ItemId != nil || got.RoutingOperationId != nil {
		t.Fatalf("a refused write changed the material: %s", mustJSON(t, got))
	}
}

func TestRoutingMaterialNestingsShowInTheMaterialAndChangeItsETag(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("RM-1"))
	planar, linear := catalogueShapes(t, te)
	sheet := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{MaterialShapeId: planar.Id, BlankLength: num("10"), BlankWidth: ptr(num("5"))})
	before, etag := getInputMaterial(t, te, itemID, sheet)
	first := createNesting(t, te, itemID, sheet, client.RoutingMaterialNestingWrite{
		Name: "  48 x 96 sheet ", StockLength: num("96.0001"), StockWidth: ptr(num("48.125")), BlanksPerStock: 84, Notes: ptr(" 0.25 kerf "),
	})
	second := createNesting(t, te, itemID, sheet, client.RoutingMaterialNestingWrite{Name: "60 x 120 sheet", StockLength: num("120"), StockWidth: ptr(num("60")), BlanksPerStock: 130})
	got, etag2 := getInputMaterial(t, te, itemID, sheet)
	if len(got.Nestings) != 2 || got.Nestings[0].Id != first || got.Nestings[1].Id != second {
		t.Fatalf("nestings oldest first: %s", mustJSON(t, got))
	}
	n := got.Nestings[0]
	if n.Name != "48 x 96 sheet" || n.BlanksPerStock != 84 || n.Notes == nil || *n.Notes != "0.25 kerf" || n.StockWidth == nil || n.CreatedUtc.IsZero() {
		t.Fatalf("nesting members: %s", mustJSON(t, n))
	}
	mustRate(t, "stockLength", n.StockLength, "96.0001")
	mustRate(t, "stockWidth", *n.StockWidth, "48.125")
	if etag2 == etag || !got.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatalf("adding nestings kept the material's ETag %s or modifiedUtc %v", etag, got.ModifiedUtc)
	}
	// A nesting's delete is part of its material: If-Match takes the material's ETag.
	res, b := sendWithIfMatch(t, http.MethodDelete, itemRoutingNestingPath(itemID, sheet, first), te.Token, etag)
	mustProblem(t, res, b, http.StatusPreconditionFailed)
	res, b = sendWithIfMatch(t, http.MethodDelete, itemRoutingNestingPath(itemID, sheet, first), te.Token, etag2)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	got, etag3 := getInputMaterial(t, te, itemID, sheet)
	if len(got.Nestings) != 1 || got.Nestings[0].Id != second || etag3 == etag2 {
		t.Fatalf("after deleting a nesting (ETag %s → %s): %s", etag2, etag3, mustJSON(t, got))
	}
	res, b = rawRequest(t, http.MethodDelete, itemRoutingNestingPath(itemID, sheet, first), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if _, etag4 := getInputMaterial(t, te, itemID, sheet); etag4 != etag3 {
		t.Fatalf("a 204 changed the material's ETag %s → %s", etag3, etag4)
	}
	// Stock width follows the shape's form; name, length and blanks are bounded.
	bar := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
	for _, c := range []struct{ material, field, body string }{
		{sheet, "stockWidth", `{"name":"A","stockLength":96,"blanksPerStock":1}`},
		{sheet, "stockWidth", `{"name":"A","stockLength":96,"stockWidth":0,"blanksPerStock":1}`},
		{bar, "stockWidth", `{"name":"A","stockLength":240,"stockWidth":2,"blanksPerStock":1}`},
		{bar, "name", `{"name":"   ","stockLength":240,"blanksPerStock":1}`},
		{bar, "name", `{"stockLength":240,"blanksPerStock":1}`},
		{bar, "stockLength", `{"name":"A","stockLength":0,"blanksPerStock":1}`},
		{bar, "blanksPerStock", `{"name":"A","stockLength":240,"blanksPerStock":0}`},
		{bar, "notes", `{"name":"A","stockLength":240,"blanksPerStock":1,"notes":"` + strings.Repeat("n", 2001) + `"}`},
	} {
		res, b := rawRequest(t, http.MethodPost, itemRoutingNestingsPath(itemID, c.material), te.Token, "application/json", c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	barNesting := createNesting(t, te, itemID, bar, client.RoutingMaterialNestingWrite{Name: "20 ft bar", StockLength: num("240"), BlanksPerStock: 23})
	if got, _ := getInputMaterial(t, te, itemID, bar); len(got.Nestings) != 1 || got.Nestings[0].Id != barNesting || got.Nestings[0].StockWidth != nil {
		t.Fatalf("bar nesting: %s", mustJSON(t, got))
	}
	// A nesting is reached only through its own material.
	res, b = rawRequest(t, http.MethodDelete, itemRoutingNestingPath(itemID, sheet, barNesting), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = rawRequest(t, http.MethodPost, itemRoutingNestingsPath(itemID, "00000000-0000-7000-8000-000000000000"), te.Token, "application/json",
		`{"name":"A","stockLength":240,"blanksPerStock":1}`)
	mustProblem(t, res, b, http.StatusNotFound)
}

// sendWithIfMatch sends a bodiless request with If-Match.
func sendWithIfMatch(t *testing.T, method, path, token, etag string) (rawResponse, []byte) {
	t.Helper()
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	h.Set("If-Match", etag)
	return sendVia(t, specChecker{t: t}, method, srv.URL+path, h, nil)
}

func TestRoutingInputMaterialDeleteTakesItsNestingsAndOperationDeleteDetachesIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("RM-1"))
	_, linear := catalogueShapes(t, te)
	opID := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Saw")})
	w := barMaterial(linear.Id)
	w.RoutingOperationId = &opID
	kept, gone := createInputMaterial(t, te, itemID, w), createInputMaterial(t, te, itemID, w)
	createNesting(t, te, itemID, gone, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 20})
	res, b := rawRequest(t, http.MethodDelete, itemRoutingMaterialPath(itemID, gone), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var left int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM routing_material_nestings WHERE tenant_id = $1 AND input_material_id = $2`,
		te.ID, gone).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d nestings outlived their material", left)
	}
	res, b = rawRequest(t, http.MethodGet, itemRoutingMaterialPath(itemID, gone), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, itemRoutingMaterialPath(itemID, gone), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	// Deleting the operation a material names keeps the material, detached.
	res, b = rawRequest(t, http.MethodDelete, itemRoutingOperationPath(itemID, opID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got, _ := getInputMaterial(t, te, itemID, kept); got.RoutingOperationId != nil {
		t.Fatalf("the material still names the deleted operation: %s", mustJSON(t, got))
	}
}

func TestRoutingInputMaterialChangesAdvanceTheItemAndRecordItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("RM-1"))
	_, linear := catalogueShapes(t, te)
	step := func(what string, change func()) {
		t.Helper()
		before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
		change()
		after := getItem(t, te, itemID).ModifiedUtc
		if !after.After(before) || itemEvents(t, te, itemID) != events+1 {
			t.Fatalf("%s: modifiedUtc %v → %v, events %d → %d", what, before, after, events, itemEvents(t, te, itemID))
		}
	}
	var id, nesting string
	step("create", func() { id = createInputMaterial(t, te, itemID, barMaterial(linear.Id)) })
	step("update", func() {
		res, b := rawRequest(t, http.MethodPut, itemRoutingMaterialPath(itemID, id), te.Token, "application/json",
			fmt.Sprintf(`{"materialShapeId":%q,"blankLength":12}`, linear.Id))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	step("create nesting", func() {
		nesting = createNesting(t, te, itemID, id, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 20})
	})
	step("delete nesting", func() {
		res, b := rawRequest(t, http.MethodDelete, itemRoutingNestingPath(itemID, id, nesting), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	step("delete", func() {
		res, b := rawRequest(t, http.MethodDelete, itemRoutingMaterialPath(itemID, id), te.Token, "", "")
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
	// Refused writes and 204s change nothing.
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	res, b := rawRequest(t, http.MethodDelete, itemRoutingMaterialPath(itemID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = rawRequest(t, http.MethodPost, itemRoutingMaterialsPath(itemID), te.Token, "application/json", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":1,"blankWidth":1}`, linear.Id))
	mustProblemNaming(t, res, b, "blankWidth")
	if after := getItem(t, te, itemID).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, itemID) != events {
		t.Fatalf("a 204 or a refused write changed the item: %v → %v", before, after)
	}
}

func TestRoutingInputMaterialsAreTheTenantsAndTheItemsOwn(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID, sibling := createItem(t, te, newItem("RM-1")), createItem(t, te, newItem("RM-2"))
	_, linear := catalogueShapes(t, te)
	_, otherLinear := catalogueShapes(t, other)
	opID := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Saw")})
	id := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
	nesting := createNesting(t, te, itemID, id, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 20})
	write := fmt.Sprintf(`{"materialShapeId":%q,"blankLength":3}`, otherLinear.Id)
	nest := `{"name":"B","stockLength":100,"blanksPerStock":2}`
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, itemRoutingMaterialsPath(itemID), write},
		{http.MethodPost, itemRoutingMaterialsPath(itemID) + "/list", `{}`},
		{http.MethodGet, itemRoutingMaterialPath(itemID, id), ""},
		{http.MethodPut, itemRoutingMaterialPath(itemID, id), write},
		{http.MethodDelete, itemRoutingMaterialPath(itemID, id), ""},
		{http.MethodPost, itemRoutingNestingsPath(itemID, id), nest},
		{http.MethodDelete, itemRoutingNestingPath(itemID, id, nesting), ""},
		{http.MethodPost, itemRoutingOperationPath(itemID, opID) + "/materials/list", `{}`},
	} {
		res, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// Another item of the tenant does not reach this item's material or its nestings.
	siblingWrite := fmt.Sprintf(`{"materialShapeId":%q,"blankLength":3}`, linear.Id)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, itemRoutingMaterialPath(sibling, id), ""},
		{http.MethodPut, itemRoutingMaterialPath(sibling, id), siblingWrite},
		{http.MethodPost, itemRoutingNestingsPath(sibling, id), nest},
		{http.MethodDelete, itemRoutingNestingPath(sibling, id, nesting), ""},
		{http.MethodPost, itemRoutingOperationPath(sibling, opID) + "/materials/list", `{}`},
	} {
		res, b := rawRequest(t, c.method, c.path, te.Token, "application/json", c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	res, b := rawRequest(t, http.MethodDelete, itemRoutingMaterialPath(sibling, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	got, _ := getInputMaterial(t, te, itemID, id)
	mustRate(t, "blankLength", got.BlankLength, "10")
	if len(got.Nestings) != 1 {
		t.Fatalf("changed through another item or tenant: %s", mustJSON(t, got))
	}
}

func TestRoutingInputMaterialPermissionsAreViewItemAndEditItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("RM-1"))
	_, linear := catalogueShapes(t, te)
	opID := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Saw")})
	id := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
	nesting := createNesting(t, te, itemID, id, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 20})
	viewer, editor := te.userToken(t, "View Item"), te.userToken(t, "Edit Item")
	none := te.userToken(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, itemRoutingMaterialPath(itemID, id)},
		{http.MethodPost, itemRoutingMaterialsPath(itemID) + "/list"},
		{http.MethodPost, itemRoutingOperationPath(itemID, opID) + "/materials/list"},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", "{}")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", "{}")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	write := fmt.Sprintf(`{"materialShapeId":%q,"blankLength":3}`, linear.Id)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, itemRoutingMaterialsPath(itemID), write},
		{http.MethodPut, itemRoutingMaterialPath(itemID, id), write},
		{http.MethodPost, itemRoutingNestingsPath(itemID, id), `{"name":"B","stockLength":100,"blanksPerStock":2}`},
		{http.MethodDelete, itemRoutingNestingPath(itemID, id, nesting), ""},
		{http.MethodDelete, itemRoutingMaterialPath(itemID, id), ""},
	} {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestRoutingInputMaterialListsFilterSortAndPage(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, sibling := createItem(t, te, newItem("RM-1")), createItem(t, te, newItem("RM-2"))
	stock := createItem(t, te, newItem("BAR-STOCK"))
	planar, linear := catalogueShapes(t, te)
	saw := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Saw")})
	laser := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Laser")})
	a := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{MaterialShapeId: linear.Id, BlankLength: num("30"), RoutingOperationId: &saw, ItemId: &stock})
	b := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{MaterialShapeId: planar.Id, BlankLength: num("10"), BlankWidth: ptr(num("2")), RoutingOperationId: &laser})
	c := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{MaterialShapeId: linear.Id, BlankLength: num("20"), RoutingOperationId: &saw})
	createInputMaterial(t, te, sibling, barMaterial(linear.Id))
	createNesting(t, te, itemID, a, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 8})
	list := func(path, query, body string) []client.RoutingInputMaterial {
		t.Helper()
		res, raw := rawRequest(t, http.MethodPost, path+query, te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, raw)
		var out []client.RoutingInputMaterial
		mustUnmarshal(t, raw, &out)
		return out
	}
	all := itemRoutingMaterialsPath(itemID) + "/list"
	atSaw := itemRoutingOperationPath(itemID, saw) + "/materials/list"
	for _, k := range []struct {
		path, query, body string
		want              []string
	}{
		{all, "", `{}`, []string{a, b, c}},
		{all, "?Sort.Field=blankLength&Sort.Dir=descending", `{}`, []string{a, c, b}},
		{all, "?Skip=1&Take=1", `{}`, []string{b}},
		{all, "", mustJSON(t, map[string]any{"ids": []string{c, a}}), []string{a, c}},
		{all, "", mustJSON(t, map[string]any{"materialShapeIds": []string{planar.Id}}), []string{b}},
		{all, "", mustJSON(t, map[string]any{"itemIds": []string{stock}}), []string{a}},
		{all, "", mustJSON(t, map[string]any{"routingOperationIds": []string{laser}}), []string{b}},
		{atSaw, "", `{}`, []string{a, c}},
		{atSaw, "", mustJSON(t, map[string]any{"ids": []string{b, c}}), []string{c}},
		{itemRoutingOperationPath(itemID, laser) + "/materials/list", "", `{}`, []string{b}},
	} {
		if got := materialIDs(list(k.path, k.query, k.body)); !slices.Equal(got, k.want) {
			t.Fatalf("%s%s %s: %v, want %v", k.path, k.query, k.body, got, k.want)
		}
	}
	// Lists answer the read shape, nestings included.
	if got := list(all, "", mustJSON(t, map[string]any{"ids": []string{a}})); len(got) != 1 || len(got[0].Nestings) != 1 || got[0].ItemNumber == nil || *got[0].ItemNumber != "BAR-STOCK" {
		t.Fatalf("list read shape: %s", mustJSON(t, got))
	}
	res, raw := rawRequest(t, http.MethodPost, all+"?Sort.Field=notes", te.Token, "application/json", `{}`)
	mustProblem(t, res, raw, http.StatusBadRequest)
	// An operation that is not in this routing answers 404.
	siblingOp := createRoutingOperation(t, te, sibling, client.RoutingOperationWrite{Name: ptr("Other")})
	res, raw = rawRequest(t, http.MethodPost, itemRoutingOperationPath(itemID, siblingOp)+"/materials/list", te.Token, "application/json", `{}`)
	mustProblem(t, res, raw, http.StatusNotFound)
}
