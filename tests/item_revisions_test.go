package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// addRevision posts an add revision that must succeed and answers the new item's id.
func addRevision(t *testing.T, te *tenantEnv, sourceID, body string) string {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+sourceID+"/revision", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	return created.Id
}

// The latest revision is the newest active item of a number: an archived later revision
// does not take it from an active one.
func TestItemLatestRevisionIgnoresArchivedLaterRevisions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("LATEST")
	w.Revision = ptr("A")
	a := createItem(t, te, w)
	b := addRevision(t, te, a, `{"revision":"B"}`)
	// Archive B (the later revision): A, active, is the latest again.
	archiveItem(t, te, b)
	latest := func(id string) bool { return getItem(t, te, id).Revision.IsLatestRevision }
	if !latest(a) || latest(b) {
		t.Fatalf("after archiving B: A latest %v, B latest %v; want A only", latest(a), latest(b))
	}
	if got := itemIDs(listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"latest"}, LatestRevision: ptr(true)})); !sameIDs(got, []string{a}) {
		t.Fatalf("latestRevision true lists %v, want A", got)
	}
	if got := itemIDs(listItemsV1(t, te, client.ItemFilter{Number: ptr("LATEST"), LatestRevision: ptr(false)})); !sameIDs(got, []string{b}) {
		t.Fatalf("latestRevision false lists %v, want B", got)
	}
	// With every item of the number archived, the newest is latest, so one always is.
	archiveItem(t, te, a)
	if latest(a) || !latest(b) {
		t.Fatalf("all archived: A latest %v, B latest %v; want B only", latest(a), latest(b))
	}
	// A new active revision takes it from every archived one.
	c := addRevision(t, te, a, `{"revision":"C"}`)
	if latest(a) || latest(b) || !latest(c) {
		t.Fatalf("after C: latest A %v B %v C %v; want C only", latest(a), latest(b), latest(c))
	}
}

// archiveItem archives an item directly: no operation archives an item except add
// revision, which also adds one.
func archiveItem(t *testing.T, te *tenantEnv, id string) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(t.Context(), `UPDATE items SET is_archived = true WHERE tenant_id = $1 AND id = $2`, te.ID, id); err != nil {
		t.Fatal(err)
	}
}

func TestItemAddRevisionValidatesCopiedCustomFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("REV-CF")
	w.CustomFields = ptr(client.CustomFields{"color": "red"})
	createCustomField(t, te, textField("color", client.CustomFieldModuleItem))
	source := createItem(t, te, w)
	inspector := textField("inspector", client.CustomFieldModuleItem)
	inspector.Required = ptr(true)
	createCustomField(t, te, inspector) // the source now lacks a required value

	res, body := itemRequest(t, te, http.MethodPost, "/api/items/"+source+"/revision", `{"revision":"B"}`)
	mustItemField(t, res, body, "customFields.inspector")
	if got := listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"REV-CF"}}); len(got) != 1 {
		t.Fatalf("%d items numbered REV-CF after a refused revision, want 1", len(got))
	}
	// With the source updated the revision copies its values.
	itemSaved(t, te, http.MethodPut, "/api/items/"+source+"/custom-fields", `{"color":"red","inspector":"Ann"}`)
	rev := getItem(t, te, addRevision(t, te, source, `{"revision":"B"}`))
	if rev.CustomFields["color"] != "red" || rev.CustomFields["inspector"] != "Ann" {
		t.Fatalf("copied custom fields %v", rev.CustomFields)
	}
}

func TestItemAddRevisionKeepsMaterialShapeLinkAndRemnantSync(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate REV"))
	for _, remnant := range []bool{false, true} {
		source := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":%d,"width":5,"isRemnant":%v}`, shapeID, map[bool]int{false: 10, true: 11}[remnant], remnant))
		rev := getItem(t, te, addRevision(t, te, source, `{"revision":"B"}`))
		if rev.MaterialDetails == nil || rev.MaterialDetails.MaterialId != shapeID || rev.MaterialDetails.IsRemnant != remnant {
			t.Fatalf("remnant %v: revision material details %+v", remnant, rev.MaterialDetails)
		}
		if rev.EnableRemnantSync == remnant {
			t.Fatalf("remnant %v: revision enableRemnantSync %v", remnant, rev.EnableRemnantSync)
		}
		if gotShape, gotRemnant := shapeLink(t, te, rev.Id); gotShape != shapeID || gotRemnant != remnant {
			t.Fatalf("stored link %s %v", gotShape, gotRemnant)
		}
	}
}

// enableRemnantSync is on exactly for pieces cut from a material shape that are not
// remnants, on get and on both lists.
func TestItemEnableRemnantSyncForCutPiecesThatAreNotRemnants(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate SYNC"))
	piece := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, shapeID))
	remnant := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":3,"width":2,"isRemnant":true}`, shapeID))
	plain := createItem(t, te, newItem("PLAIN-SYNC"))
	want := map[string]bool{piece: true, remnant: false, plain: false}
	for id, sync := range want {
		if got := getItem(t, te, id).EnableRemnantSync; got != sync {
			t.Errorf("get %s: enableRemnantSync %v, want %v", id, got, sync)
		}
	}
	for _, list := range [][]client.Item{listItemsV2(t, te, client.ItemFilterV2{}), listItemsV1(t, te, client.ItemFilter{})} {
		if len(list) != len(want) {
			t.Fatalf("listed %v", itemIDs(list))
		}
		for _, it := range list {
			if it.EnableRemnantSync != want[it.Id] {
				t.Errorf("list %s: enableRemnantSync %v, want %v", it.Number, it.EnableRemnantSync, want[it.Id])
			}
		}
	}
}

// A vendor detail priced only by breaks prices a quantity below its smallest break at that
// break; with no primary detail, the first by vendor name is used.
func TestItemInputUnitCostBelowTheSmallestBreakAndWithoutPrimary(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := buyItem(t, te, "IUC-BREAKS")
	zeta, alpha := createVendor(t, te, "Zeta Supply"), createVendor(t, te, "Alpha Supply")
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"price":1}`, zeta))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":100,"price":3},{"quantity":10,"price":4}]}`, alpha))
	for _, c := range []struct {
		quantity, unitCost string
		breakQty           int
	}{
		{"1", "4", 10}, // below every break: the smallest one
		{"9.5", "4", 10},
		{"10", "4", 10},
		{"100", "3", 100},
	} {
		res, b, got := inputUnitCost(t, te, itemID, c.quantity)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		// No detail is primary: Alpha Supply comes first by name, although Zeta is cheaper.
		if got.UnitCost == nil || got.UnitCost.String() != c.unitCost || got.Basis != "vendorPriceBreak" ||
			got.PriceBreakQuantity == nil || *got.PriceBreakQuantity != c.breakQty || got.Vendor == nil || got.Vendor.Id != alpha {
			t.Fatalf("quantity %s: %s, want %s at break %d from Alpha", c.quantity, b, c.unitCost, c.breakQty)
		}
	}
}
