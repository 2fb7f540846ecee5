package tests

import (
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// The documented limits on every write that carries the member: number and revision
// [1..200], description [0..2000], internalNotes [1..2000], dimensions and minimums >= 0.
func TestItemLimitsOnEveryWrite(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("LIMITS"))
	path := "/api/items/" + id
	long := strings.Repeat("x", 201)
	base := `"unitTypeName":"Pieces","unitOfMeasureName":"Each"`

	for _, c := range []struct{ method, path, body, field string }{
		{http.MethodPost, path + "/revision", `{"revision":"` + long + `"}`, "revision"},
		{http.MethodPut, path, `{"number":"` + long + `"}`, "number"},
		{http.MethodPatch, path, `[{"op":"replace","path":"/number","value":"` + long + `"}]`, "number"},
		{http.MethodPost, "/api/items", `{"number":"N-H",` + base + `,"height":-1}`, "height"},
		{http.MethodPost, "/api/items", `{"number":"N-L",` + base + `,"length":-0.5}`, "length"},
		{http.MethodPost, "/api/items", `{"number":"N-W",` + base + `,"weight":-2}`, "weight"},
		{http.MethodPost, "/api/items", `{"number":"N-M",` + base + `,"minimumProductionQuantity":-1}`, "minimumProductionQuantity"},
		{http.MethodPut, path, `{"height":-1}`, "height"},
		{http.MethodPut, path, `{"length":-1}`, "length"},
		{http.MethodPut, path, `{"weight":-0.001}`, "weight"},
		{http.MethodPut, path, `{"minimumProductionQuantity":-3}`, "minimumProductionQuantity"},
		{http.MethodPatch, path, `[{"op":"add","path":"/height","value":-1}]`, "height"},
		{http.MethodPatch, path, `[{"op":"add","path":"/minimumProductionQuantity","value":-1}]`, "minimumProductionQuantity"},
		{http.MethodPost, "/api/items", `{"number":"N-NOTES",` + base + `,"internalNotes":"   "}`, "internalNotes"},
		{http.MethodPost, "/api/items", `{"number":"N-NOTES",` + base + `,"internalNotes":""}`, "internalNotes"},
		{http.MethodPut, path, `{"internalNotes":"   "}`, "internalNotes"},
		{http.MethodPatch, path, `[{"op":"add","path":"/internalNotes","value":" \t "}]`, "internalNotes"},
	} {
		res, body := itemRequest(t, te, c.method, c.path, c.body)
		mustItemField(t, res, body, c.field)
	}
	if it := getItem(t, te, id); it.Number != "LIMITS" || it.Height != nil || it.InternalNotes != nil {
		t.Fatalf("refused writes changed the item: %+v", it)
	}
	if n := len(listItemsV2(t, te, client.ItemFilterV2{})); n != 1 {
		t.Fatalf("%d items after refused creates, want 1", n)
	}

	// At the bounds: 200 characters, zeros, an empty description (none).
	at := strings.Repeat("y", 200)
	it := itemSaved(t, te, http.MethodPut, path, `{"number":"`+at+`","description":"","height":0,"length":0,"weight":0,"minimumProductionQuantity":0,"internalNotes":" n "}`)
	if it.Number != at || it.Description != nil || !it.Height.IsZero() || optText(it.InternalNotes) != "n" {
		t.Fatalf("saved at the bounds: %+v", it)
	}
	res, body := itemRequest(t, te, http.MethodPost, path+"/revision", `{"revision":"`+at+`"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = itemRequest(t, te, http.MethodPost, "/api/items", `{"number":"N-DESC",`+base+`,"description":""}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	it = itemSaved(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/description","value":""},{"op":"replace","path":"/internalNotes","value":null}]`)
	if it.Description != nil || it.InternalNotes != nil {
		t.Fatalf("patched description %v notes %v, want none", it.Description, it.InternalNotes)
	}
}
