package tests

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"mos/gen/client"
)

func itemCostEstimatePath(itemID string) string {
	return "/api/items/" + itemID + "/cost-breakdowns/estimate"
}
func itemCanMakePath(itemID string) string { return "/api/items/" + itemID + "/can-make" }

func estimateItemCost(t *testing.T, te *tenantEnv, itemID, quantity string) client.ItemCostBreakdown {
	t.Helper()
	res, err := te.API.EstimateItemCostWithResponse(context.Background(), itemID, nil, client.ItemCostEstimateRequest{Quantity: num(quantity)})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func getItemCanMake(t *testing.T, te *tenantEnv, itemID string) client.ItemCanMake {
	t.Helper()
	res, err := te.API.GetItemCanMakeWithResponse(context.Background(), itemID)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// TestItemCostEstimateCostsTheRoutingOperationsAndIsListed proves the estimate of an item whose
// routing has only operations, with the tenant's overhead method, and that it is stored
// without changing the item.
func TestItemCostEstimateCostsTheRoutingOperationsAndIsListed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	putCosting(t, te, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
	wc := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Mill", LaborRate: ptr(num("30")), MachineRate: ptr(num("20")), OverheadRate: ptr(num("10"))})
	itemID := createItem(t, te, newItem("E-1"))
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{
		Name: ptr("Mill"), WorkCenterId: &wc, SetupTimeMinutes: ptr(num("30")), RunTimeMinutesPerUnit: ptr(num("6")),
	})
	// An outside operation: 1.25 × 10 = 12.5, and its times count nothing.
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{
		Name: ptr("Plate"), IsOutsideProcessing: ptr(true), OutsideCost: ptr(num("1.25")), SetupTimeMinutes: ptr(num("60")),
	})
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)
	got := estimateItemCost(t, te, itemID, "10")
	// S = 0.5 h, R = 6 × 10 / 60 = 1 h: labor 1.5 × 30 = 45, machine 1 × 20 = 20, overhead
	// (machine burdened) 10 × 1 = 10; total 45 + 20 + 10 + 12.5 = 87.5, 8.75 per unit.
	if got.Type != client.ItemCostBreakdownTypeEstimated || len(got.Id) != 24 || got.CalculatedOn.IsZero() {
		t.Fatalf("breakdown: %s", mustJSON(t, got))
	}
	mustRate(t, "quantity", got.Quantity, "10")
	mustRate(t, "quantityScrapped", got.QuantityScrapped, "0")
	for _, c := range []struct{ name, part string }{{"itemCost", "item"}, {"cumulativeCost", "cumulative"}} {
		k := got.ItemCost
		if c.part == "cumulative" {
			k = got.CumulativeCost
		}
		mustRate(t, c.name+".labor", k.Labor.Total, "45")
		mustRate(t, c.name+".machine", k.Machine.Total, "20")
		mustRate(t, c.name+".overhead", k.Overhead.Total, "10")
		mustRate(t, c.name+".outsideProcessing", k.OutsideProcessing.Total, "12.5")
		mustRate(t, c.name+".material", k.Material.Total, "0")
		mustRate(t, c.name+".total", k.Total.Total, "87.5")
		mustRate(t, c.name+".total.perUnit", k.Total.PerUnit, "8.75")
	}
	mustRate(t, "time.setup", got.Time.Setup, "0.5")
	mustRate(t, "time.labor", got.Time.Labor, "1.5")
	mustRate(t, "time.machine", got.Time.Machine, "1")
	if after := getItem(t, te, itemID).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, itemID) != events {
		t.Fatalf("estimating changed the item: modifiedUtc %v → %v, events %d → %d", before, after, events, itemEvents(t, te, itemID))
	}
	res, err := te.API.ListItemCostBreakdownsWithResponse(context.Background(), itemID, nil, client.ListItemCostBreakdownsJSONRequestBody{})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if len(res.JSON200.Data) != 1 || mustJSON(t, res.JSON200.Data[0]) != mustJSON(t, got) {
		t.Fatalf("listed %s, want the estimate %s", mustJSON(t, res.JSON200.Data), mustJSON(t, got))
	}
}

// TestItemCostEstimateQuantityMustBeAboveZeroAndAtMostAMillion proves the quantity's bounds.
func TestItemCostEstimateQuantityMustBeAboveZeroAndAtMostAMillion(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("E-1"))
	for _, body := range []string{`{"quantity":0}`, `{"quantity":-1}`, `{"quantity":1000000.5}`, `{}`, `{"quantity":"1"}`} {
		res, b := rawRequest(t, http.MethodPost, itemCostEstimatePath(itemID), te.Token, "application/json", body)
		mustProblemNaming(t, res, b, "quantity")
	}
	res, b := rawRequest(t, http.MethodPost, itemCostEstimatePath(itemID), te.Token, "application/json", `{"quantity":1000000}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// TestItemCostEstimateAndCanMakeOfAnUnknownItemAre404 proves unknown and other tenants' items
// are not found.
func TestItemCostEstimateAndCanMakeOfAnUnknownItemAre404(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	theirs := createItem(t, other, newItem("E-1"))
	for _, id := range []string{theirs, "6745f0a2c81e4b0012ab34cd"} {
		res, b := rawRequest(t, http.MethodPost, itemCostEstimatePath(id), te.Token, "application/json", `{"quantity":1}`)
		mustProblem(t, res, b, http.StatusNotFound)
		res, b = rawRequest(t, http.MethodGet, itemCanMakePath(id), te.Token, "", "")
		mustProblem(t, res, b, http.StatusNotFound)
	}
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM item_cost_breakdowns WHERE item_id = $1`, theirs).Scan(&n); err != nil || n != 0 {
		t.Fatalf("another tenant's item got %d breakdowns (%v)", n, err)
	}
}

// TestItemCostEstimateNeedsEditItemAndCanMakeViewItem proves the permissions.
func TestItemCostEstimateNeedsEditItemAndCanMakeViewItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("E-1"))
	viewer, editor, none := te.userToken(t, "View Item"), te.userToken(t, "Edit Item"), te.userToken(t)
	res, b := rawRequest(t, http.MethodPost, itemCostEstimatePath(itemID), viewer, "application/json", `{"quantity":1}`)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, itemCostEstimatePath(itemID), editor, "application/json", `{"quantity":1}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodGet, itemCanMakePath(itemID), none, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, itemCanMakePath(itemID), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// TestItemCanMakeIsNullWhenNothingConsumesStock proves a routing without inputs answers a
// null quantity and no limiting inputs.
func TestItemCanMakeIsNullWhenNothingConsumesStock(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("E-1"))
	for range 2 { // without a routing, then with operations only
		got := getItemCanMake(t, te, itemID)
		if got.ItemId != itemID || got.Quantity != nil || got.LimitingInputs == nil || len(got.LimitingInputs) != 0 {
			t.Fatalf("can make: %s", mustJSON(t, got))
		}
		createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Cut")})
	}
	res, b := rawRequest(t, http.MethodGet, itemCanMakePath(itemID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || string(raw["quantity"]) != "null" || string(raw["limitingInputs"]) != "[]" {
		t.Fatalf("body %s: quantity must be null and limitingInputs []", b)
	}
}

// TestItemCanMakeCountsTheInputsOnHand proves can-make through the input items API and the
// stock received: 7 of A at 2 per unit make 3, and making 4 takes 8 of A.
func TestItemCanMakeCountsTheInputsOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a := buyItem(t, te, "A-1")
	receiveStock(t, te, client.InventoryReceive{ItemId: a, Quantity: num("7")})
	itemID := createItem(t, te, newItem("E-1"))
	createRoutingInputItem(t, te, itemID, inputOf(a, "2"))
	got := getItemCanMake(t, te, itemID)
	if got.Quantity == nil || *got.Quantity != 3 || len(got.LimitingInputs) != 1 {
		t.Fatalf("can make: %s", mustJSON(t, got))
	}
	l := got.LimitingInputs[0]
	if l.ItemId != a || l.ItemNumber != "A-1" {
		t.Fatalf("limiting input: %s", mustJSON(t, l))
	}
	mustRate(t, "requiredForNext", l.RequiredForNext, "8")
	mustRate(t, "available", l.Available, "7")
}
