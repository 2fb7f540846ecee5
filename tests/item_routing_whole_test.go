package tests

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// fullRouting is an item whose routing holds one of everything: two operations, an item
// consumed at the first and tracking at the second, an input item at the first and one
// detached, and a material at the second with two nestings.
type fullRouting struct {
	itemID, component, blank, field string
	cut, bend                       string
	operationItem, tracking         string
	inputAtCut, inputFree, material string
	nestings                        []string
}

func arrangeFullRouting(t *testing.T, te *tenantEnv, number string) fullRouting {
	t.Helper()
	r := fullRouting{itemID: createItem(t, te, newItem(number))}
	r.component, r.blank = createItem(t, te, newItem(number+"-PART")), createItem(t, te, newItem(number+"-BLANK"))
	r.field = createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: number + " bore", DataType: client.TrackingFieldDataTypeNumber})
	r.cut = createRoutingOperation(t, te, r.itemID, client.RoutingOperationWrite{Sequence: ptr(int32(10)), Name: ptr("Cut")})
	r.bend = createRoutingOperation(t, te, r.itemID, client.RoutingOperationWrite{Sequence: ptr(int32(20)), Name: ptr("Bend")})
	r.operationItem = createOperationItem(t, te, r.itemID, r.cut, client.RoutingOperationItemWrite{ItemId: r.component, Quantity: num("0.25")})
	r.tracking = createTracking(t, te, r.itemID, r.bend, client.TrackingPhaseInProcess,
		client.RoutingTrackingWrite{TrackingFieldId: r.field, Frequency: ptr(int32(5))})
	in := inputOf(r.component, "2.5")
	in.RoutingOperationId = &r.cut
	r.inputAtCut = createRoutingInputItem(t, te, r.itemID, in)
	r.inputFree = createRoutingInputItem(t, te, r.itemID, inputOf(r.component, "0.125"))
	_, linear := catalogueShapes(t, te)
	m := barMaterial(linear.Id)
	m.ItemId, m.RoutingOperationId, m.PiecesPerBlank = &r.blank, &r.bend, ptr(int32(4))
	r.material = createInputMaterial(t, te, r.itemID, m)
	for _, name := range []string{"Bar 144", "Bar 240"} {
		r.nestings = append(r.nestings, createNesting(t, te, r.itemID, r.material,
			client.RoutingMaterialNestingWrite{Name: name, StockLength: num("240"), BlanksPerStock: 19}))
	}
	return r
}

func TestItemRoutingReadsTheWholeRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	r := arrangeFullRouting(t, te, "WHOLE")
	got := getItemRouting(t, te, r.itemID)
	if ids := []string{got.Operations[0].Id, got.Operations[1].Id}; !slices.Equal(ids, []string{r.cut, r.bend}) {
		t.Fatalf("operations %v, want cut then bend", ids)
	}
	if len(got.OperationItems) != 1 || got.OperationItems[0].Id != r.operationItem || got.OperationItems[0].RoutingOperationId != r.cut ||
		got.OperationItems[0].ItemNumber != "WHOLE-PART" {
		t.Fatalf("operation items: %s", mustJSON(t, got.OperationItems))
	}
	if len(got.Trackings) != 1 || got.Trackings[0].Id != r.tracking || got.Trackings[0].RoutingOperationId != r.bend ||
		got.Trackings[0].TrackingFieldName != "WHOLE bore" {
		t.Fatalf("trackings: %s", mustJSON(t, got.Trackings))
	}
	if len(got.InputItems) != 2 || got.InputItems[0].Id != r.inputAtCut || got.InputItems[1].Id != r.inputFree ||
		got.InputItems[0].RoutingOperationId == nil || *got.InputItems[0].RoutingOperationId != r.cut ||
		got.InputItems[1].RoutingOperationId != nil || got.InputItems[0].ItemNumber != "WHOLE-PART" {
		t.Fatalf("input items: %s", mustJSON(t, got.InputItems))
	}
	mustRate(t, "quantityPerUnit", got.InputItems[1].QuantityPerUnit, "0.125")
	if len(got.InputMaterials) != 1 || got.InputMaterials[0].Id != r.material || len(got.InputMaterials[0].Nestings) != 2 ||
		got.InputMaterials[0].ItemNumber == nil || *got.InputMaterials[0].ItemNumber != "WHOLE-BLANK" {
		t.Fatalf("input materials: %s", mustJSON(t, got.InputMaterials))
	}
	// Each sub-record reads the same in the whole routing as on its own.
	if one := getOperationItem(t, te, r.itemID, r.cut, r.operationItem); mustJSON(t, one) != mustJSON(t, got.OperationItems[0]) {
		t.Fatalf("operation item %s differs from its own read %s", mustJSON(t, got.OperationItems[0]), mustJSON(t, one))
	}
	if one, _ := getInputMaterial(t, te, r.itemID, r.material); mustJSON(t, one) != mustJSON(t, got.InputMaterials[0]) {
		t.Fatalf("material %s differs from its own read %s", mustJSON(t, got.InputMaterials[0]), mustJSON(t, one))
	}

	// An item without a routing answers every array empty, never null.
	res, b := rawRequest(t, http.MethodGet, itemRoutingPath(r.component), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	for _, member := range []string{`"operations":[]`, `"operationItems":[]`, `"trackings":[]`, `"inputItems":[]`, `"inputMaterials":[]`} {
		if !strings.Contains(string(b), member) {
			t.Fatalf("empty routing lacks %s: %s", member, b)
		}
	}
}

func TestItemRoutingCopyTakesEverySubRecordAlong(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	src := arrangeFullRouting(t, te, "SOURCE")
	target := createItem(t, te, newItem("TARGET"))
	got := copyItemRouting(t, te, target, src.itemID)
	before := getItemRouting(t, te, src.itemID)
	if len(got.Operations) != 2 || len(got.OperationItems) != 1 || len(got.Trackings) != 1 || len(got.InputItems) != 2 ||
		len(got.InputMaterials) != 1 || len(got.InputMaterials[0].Nestings) != 2 {
		t.Fatalf("copy lacks records: %s", mustJSON(t, got))
	}
	newCut, newBend := got.Operations[0].Id, got.Operations[1].Id
	old := map[string]bool{src.cut: true, src.bend: true, src.operationItem: true, src.tracking: true, src.inputAtCut: true,
		src.inputFree: true, src.material: true, src.nestings[0]: true, src.nestings[1]: true}
	for _, id := range []string{newCut, newBend, got.OperationItems[0].Id, got.Trackings[0].Id, got.InputItems[0].Id,
		got.InputItems[1].Id, got.InputMaterials[0].Id, got.InputMaterials[0].Nestings[0].Id, got.InputMaterials[0].Nestings[1].Id} {
		if old[id] {
			t.Fatalf("the copy reuses id %s of the source", id)
		}
	}
	// Sub-records point at the copies of their operations.
	if got.OperationItems[0].RoutingOperationId != newCut || got.Trackings[0].RoutingOperationId != newBend ||
		got.InputItems[0].RoutingOperationId == nil || *got.InputItems[0].RoutingOperationId != newCut ||
		got.InputItems[1].RoutingOperationId != nil ||
		got.InputMaterials[0].RoutingOperationId == nil || *got.InputMaterials[0].RoutingOperationId != newBend {
		t.Fatalf("sub-records do not follow their copied operations: %s", mustJSON(t, got))
	}
	mustRate(t, "quantityPerUnit", got.InputItems[0].QuantityPerUnit, "2.5")
	// Deleting the copy's operation leaves the source's records alone.
	res, b := rawRequest(t, http.MethodDelete, itemRoutingOperationPath(target, newCut), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if after := getItemRouting(t, te, src.itemID); mustJSON(t, after) != mustJSON(t, before) {
		t.Fatalf("changing the copy changed the source: %s", mustJSON(t, after))
	}
}
