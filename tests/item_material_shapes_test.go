package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
)

func TestItemMaterialShapeCreateDerivesNumberAndCreatesBuyPieceItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plateID := createMaterialShape(t, te.API, plate("Plate 1/4 A36"))
	barID := createMaterialShape(t, te.API, flatBar("Flat Bar 2 x 1/4"))

	id := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":96.00,"width":48,"isRemnant":true}`, plateID))
	it := getItem(t, te, id)
	if it.Number != "Plate 1/4 A36 48 x 96" || it.Revision.Revision != nil || it.ItemOrigin != client.ItemOriginBuy {
		t.Fatalf("number %q revision %v origin %s", it.Number, it.Revision.Revision, it.ItemOrigin)
	}
	if *it.UnitTypeName != "Pieces" || *it.UnitOfMeasureName != "Each" || decString(it.Width) != "48" || decString(it.Length) != "96" {
		t.Fatalf("unit %s/%s width %s length %s", *it.UnitTypeName, *it.UnitOfMeasureName, decString(it.Width), decString(it.Length))
	}
	if shape, remnant := shapeLink(t, te, id); shape != plateID || !remnant {
		t.Fatalf("link %s remnant %v", shape, remnant)
	}
	if n := itemEvents(t, te, id); n != 1 {
		t.Fatalf("events %d, want 1", n)
	}

	barItem := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":120.5}`, barID))
	if got := getItem(t, te, barItem); got.Number != "Flat Bar 2 x 1/4 x 120.5" || got.Width != nil {
		t.Fatalf("linear number %q width %v", got.Number, got.Width)
	}
	if _, remnant := shapeLink(t, te, barItem); remnant {
		t.Fatal("isRemnant defaults to false")
	}
}

func TestItemMaterialShapeCreateWidthFollowsShapeFormAndLengthPositive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plateID := createMaterialShape(t, te.API, plate("Plate W"))
	barID := createMaterialShape(t, te.API, flatBar("Bar W"))
	cases := []struct{ name, body, field string }{
		{"planar needs width", fmt.Sprintf(`{"materialShapeId":%q,"length":10}`, plateID), "width"},
		{"planar null width", fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":null}`, plateID), "width"},
		{"linear refuses width", fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":2}`, barID), "width"},
		{"length zero", fmt.Sprintf(`{"materialShapeId":%q,"length":0}`, barID), "length"},
		{"length negative", fmt.Sprintf(`{"materialShapeId":%q,"length":-1,"width":2}`, plateID), "length"},
		{"length missing", fmt.Sprintf(`{"materialShapeId":%q,"width":2}`, plateID), "length"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := postCut(t, te.Token, c.body)
			mustItemField(t, res, body, c.field)
		})
	}
	if list := listItemsV2(t, te, client.ItemFilterV2{}); len(list) != 0 {
		t.Fatalf("refused requests created %d items", len(list))
	}
}

func TestItemMaterialShapeCreateNeedsAnActivatedShapeOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	off := plate("Plate Off")
	off.IsActivated = ptr(false)
	offID := createMaterialShape(t, te.API, off)
	res, body := postCut(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, offID))
	mustItemField(t, res, body, "materialShapeId")

	res, body = postCut(t, te.Token, `{"materialShapeId":"000000000000000000000000","length":10,"width":5}`)
	mustStatus(t, res.StatusCode, http.StatusNotFound, body)

	// Tenant isolation: another tenant's shape is unknown.
	mine := createMaterialShape(t, te.API, plate("Plate Mine"))
	res, body = postCut(t, other.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, mine))
	mustStatus(t, res.StatusCode, http.StatusNotFound, body)
}

func TestItemMaterialShapeCreateResolvesExistingNumberUnchanged(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate E"))
	first := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, shapeID))
	before := getItem(t, te, first)

	// Same cut, trailing zeros and isRemnant differing: the same item, untouched.
	again := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10.0,"width":5.00,"isRemnant":true}`, shapeID))
	if again != first {
		t.Fatalf("resolved to %s, want %s", again, first)
	}
	after := getItem(t, te, first)
	if !after.ModifiedUtc.Equal(before.ModifiedUtc) || itemEvents(t, te, first) != 1 {
		t.Fatalf("existing item changed: modified %v → %v, events %d", before.ModifiedUtc, after.ModifiedUtc, itemEvents(t, te, first))
	}
	if _, remnant := shapeLink(t, te, first); remnant {
		t.Fatal("isRemnant applied to an existing item")
	}

	// An item created by hand with the derived number (any case) is resolved too.
	manual := createItem(t, te, newItem("PLATE E 7 X 3"))
	got := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":3,"width":7}`, shapeID))
	if got != manual {
		t.Fatalf("resolved to %s, want the existing %s", got, manual)
	}
}

func TestItemMaterialShapeCreateConcurrentIdenticalRequestsMakeOneItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate C"))
	body := fmt.Sprintf(`{"materialShapeId":%q,"length":20,"width":10}`, shapeID)
	var mu sync.Mutex
	got := map[string]bool{}
	counts := concurrently(t, 8, func() (int, error) {
		res, b := postCut(t, te.Token, body)
		var created struct {
			ID string `json:"id"`
		}
		if res.StatusCode == http.StatusOK {
			if err := json.Unmarshal(b, &created); err != nil {
				return 0, err
			}
			mu.Lock()
			got[created.ID] = true
			mu.Unlock()
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 8 || len(got) != 1 {
		t.Fatalf("statuses %v, ids %v", counts, got)
	}
	if list := listItemsV2(t, te, client.ItemFilterV2{}); len(list) != 1 {
		t.Fatalf("%d items, want 1", len(list))
	}
}

func TestItemMaterialShapeCreateTakesCustomFieldsForRequiredDefinitions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate CF"))
	heat := textField("heatNumber", client.CustomFieldModuleItemBuy)
	heat.Required = ptr(true)
	createCustomField(t, te, heat)

	// Without the required value nothing can be created: 400 naming the field, no item.
	res, body := postCut(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, shapeID))
	mustItemField(t, res, body, "customFields.heatNumber")
	res, body = postCut(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5,"customFields":{"heatNumber":"  "}}`, shapeID))
	mustItemField(t, res, body, "customFields.heatNumber")
	res, body = postCut(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5,"customFields":{"heatNumber":"H1","nope":"x"}}`, shapeID))
	mustItemField(t, res, body, "customFields.nope")
	if got := listItemsV2(t, te, client.ItemFilterV2{}); len(got) != 0 {
		t.Fatalf("refused cuts created %v", itemIDs(got))
	}

	id := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5,"customFields":{"heatNumber":" H-77 "}}`, shapeID))
	if got := getItem(t, te, id).CustomFields["heatNumber"]; got != "H-77" {
		t.Fatalf("custom field read back as %v", got)
	}
	// An existing item is resolved unchanged: its fields are neither validated nor replaced.
	for _, cf := range []string{`{}`, `{"heatNumber":"H-99"}`, `{"unknown":1}`} {
		again := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5,"customFields":%s}`, shapeID, cf))
		if again != id {
			t.Fatalf("resolved to %s, want %s", again, id)
		}
	}
	if got := getItem(t, te, id).CustomFields["heatNumber"]; got != "H-77" || itemEvents(t, te, id) != 1 {
		t.Fatalf("existing item changed: heatNumber %v, events %d", got, itemEvents(t, te, id))
	}
}
