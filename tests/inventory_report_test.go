package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// The inventory report (POST /api/reporting/inventory/list): one row per item that has or
// had stock, summed over its balances, checked against the receipts, picks and reservations
// the tests make.

const inventoryReportPath = "/api/reporting/inventory/list"

func inventoryReportRaw(t *testing.T, token, query, filter string) (rawResponse, []byte) {
	t.Helper()
	path := inventoryReportPath
	if query != "" {
		path += "?" + query
	}
	return rawRequest(t, http.MethodPost, path, token, "application/json", filter)
}

// inventoryReport answers the report for query ("Sort.Field=value&Take=2" or "") and filter.
func inventoryReport(t *testing.T, te *tenantEnv, query, filter string) client.InventoryReportPage {
	t.Helper()
	res, b := inventoryReportRaw(t, te.Token, query, filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.InventoryReportPage](t, b)
}

// reportNumbers lists the item numbers of a page, in order.
func reportNumbers(p client.InventoryReportPage) string {
	var out []string
	for _, r := range p.Data {
		out = append(out, r.Number)
	}
	return strings.Join(out, ",")
}

func mustReportRow(t *testing.T, got client.InventoryReportRow, onHand, reserved, available, value string, average *string) {
	t.Helper()
	ok := got.OnHand.Equal(num(onHand).Decimal) && got.Reserved.Equal(num(reserved).Decimal) &&
		got.Available.Equal(num(available).Decimal) && got.Value.Equal(num(value).Decimal)
	if average == nil {
		ok = ok && got.AverageUnitCost == nil
	} else {
		ok = ok && got.AverageUnitCost != nil && got.AverageUnitCost.Equal(num(*average).Decimal)
	}
	if !ok {
		t.Fatalf("%s: want on hand %s, reserved %s, available %s, value %s, average %s; got %s",
			got.Number, onHand, reserved, available, value, textOf(average), mustJSON(t, got))
	}
}

func TestInventoryReportSumsOnHandReservedAvailableAndValuePerItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	aisle1, aisle2 := createLocation(t, te, "Aisle 1"), createLocation(t, te, "Aisle 2")
	bolt := createItem(t, te, newItem("BOLT"))
	receiveStock(t, te, client.InventoryReceive{ItemId: bolt, Quantity: num("10"), LocationId: &aisle1, MaterialValue: ptr(num("2"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: bolt, Quantity: num("5"), LocationId: &aisle2, MaterialValue: ptr(num("4")), LaborValue: ptr(num("1"))})
	// The pick takes its share of the value at Aisle 1: 3 × 2.
	picked := pickStock(t, te, client.InventoryPick{ItemId: bolt, Quantity: num("3"), LocationId: &aisle1})
	// A released job holds 2 components per unit it makes: 6 of the 20 on hand.
	f := newJobFixture(t, te, "0")
	received := receiveStock(t, te, client.InventoryReceive{ItemId: f.Component, Quantity: num("20"), MaterialValue: ptr(num("1"))})
	createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})

	page := inventoryReport(t, te, "", `{}`)
	// The item the job makes never held stock: it has no row.
	if page.TotalCount != 2 || reportNumbers(page) != "BOLT,"+itemNumber(t, te, f.Component) {
		t.Fatalf("want BOLT and the component, got %s", mustJSON(t, page))
	}
	b, c := page.Data[0], page.Data[1]
	mustReportRow(t, b, "12", "0", "12", "39", ptr("3.25"))
	mustReportRow(t, c, "20", "6", "14", "20", ptr("1"))
	if b.ItemId != bolt || b.UnitOfMeasureName == nil || *b.UnitOfMeasureName != "Each" || b.MinimumStockOnHand != nil || b.BelowMinimum ||
		b.LastMovementUtc == nil || !b.LastMovementUtc.Equal(picked.CreatedUtc) {
		t.Fatalf("bolt row (last movement the pick at %s): %s", picked.CreatedUtc, mustJSON(t, b))
	}
	// Reserving moves nothing on hand: the last movement is the receipt.
	if c.LastMovementUtc == nil || !c.LastMovementUtc.Equal(received.CreatedUtc) {
		t.Fatalf("component's last movement: want %s, got %s", received.CreatedUtc, mustJSON(t, c))
	}
	// Narrowed to Aisle 2, only its balance counts.
	at2 := inventoryReport(t, te, "", fmt.Sprintf(`{"locationIds":[%q]}`, aisle2))
	if len(at2.Data) != 1 {
		t.Fatalf("at Aisle 2: %s", mustJSON(t, at2))
	}
	mustReportRow(t, at2.Data[0], "5", "0", "5", "25", ptr("5"))
}

// itemNumber reads an item's number.
func itemNumber(t *testing.T, te *tenantEnv, id string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, "/api/items/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.Item](t, b).Number
}

func TestInventoryReportFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	aisle1, aisle2 := createLocation(t, te, "Aisle 1"), createLocation(t, te, "Aisle 2")
	withMinimum := func(number, minimum string) string {
		w := newItem(number)
		w.MinimumStockOnHand = ptr(num(minimum))
		return createItem(t, te, w)
	}
	ax100 := createItem(t, te, newItem("AX-100"))
	ax200 := createItem(t, te, newItem("ax-200"))
	bx300 := createItem(t, te, newItem("BX-300"))
	cx400 := withMinimum("CX-400", "1")
	lt500 := lotTrackedItem(t, te, "LT-500")
	min600 := withMinimum("MIN-600", "10")
	never := createItem(t, te, newItem("NS-700"))
	receiveStock(t, te, client.InventoryReceive{ItemId: ax100, Quantity: num("5"), LocationId: &aisle1, MaterialValue: ptr(num("1"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: ax200, Quantity: num("1"), LocationId: &aisle2, MaterialValue: ptr(num("100"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: bx300, Quantity: num("50"), MaterialValue: ptr(num("0.5"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: cx400, Quantity: num("2")})
	pickStock(t, te, client.InventoryPick{ItemId: cx400, Quantity: num("2")})
	receiveStock(t, te, client.InventoryReceive{ItemId: lt500, Quantity: num("3"), LotNumber: ptr("L1")})
	l2 := receiveStock(t, te, client.InventoryReceive{ItemId: lt500, Quantity: num("4"), LotNumber: ptr("L2")}).LotId
	receiveStock(t, te, client.InventoryReceive{ItemId: min600, Quantity: num("4"), MaterialValue: ptr(num("2"))})

	for _, c := range []struct{ query, filter, want string }{
		{"", `{}`, "AX-100,ax-200,BX-300,LT-500,MIN-600"},
		{"", `{"includeZero":false}`, "AX-100,ax-200,BX-300,LT-500,MIN-600"},
		{"", `{"includeZero":true}`, "AX-100,ax-200,BX-300,CX-400,LT-500,MIN-600"},
		{"", fmt.Sprintf(`{"itemIds":[%q,%q],"includeZero":true}`, bx300, never), "BX-300"},
		{"", fmt.Sprintf(`{"locationIds":[%q],"includeZero":true}`, aisle2), "ax-200"},
		{"", fmt.Sprintf(`{"lotIds":[%q]}`, *l2), "LT-500"},
		{"", `{"itemNumber":"x-"}`, "AX-100,ax-200,BX-300"},
		{"", `{"itemNumber":"AX"}`, "AX-100,ax-200"},
		{"", `{"itemNumber":"x-","includeZero":true}`, "AX-100,ax-200,BX-300,CX-400"},
		// Below minimum takes empty items whatever includeZero says.
		{"", `{"belowMinimum":true}`, "CX-400,MIN-600"},
		{"", `{"belowMinimum":false}`, "AX-100,ax-200,BX-300,LT-500"},
		{"Sort.Field=onHand", `{}`, "ax-200,MIN-600,AX-100,LT-500,BX-300"},
		{"Sort.Field=value&Sort.Dir=descending", `{}`, "ax-200,BX-300,MIN-600,AX-100,LT-500"},
		{"Sort.Field=number&Sort.Dir=descending", `{}`, "MIN-600,LT-500,BX-300,ax-200,AX-100"},
		{"Sort.Dir=descending", `{}`, "MIN-600,LT-500,BX-300,ax-200,AX-100"},
		{"Skip=1&Take=2", `{}`, "ax-200,BX-300"},
		{"Skip=5&Take=2", `{}`, ""},
	} {
		if got := reportNumbers(inventoryReport(t, te, c.query, c.filter)); got != c.want {
			t.Errorf("%s %s: got %s, want %s", c.query, c.filter, got, c.want)
		}
	}
	lots := inventoryReport(t, te, "", fmt.Sprintf(`{"lotIds":[%q]}`, *l2))
	mustReportRow(t, lots.Data[0], "4", "0", "4", "0", ptr("0"))
	zero := inventoryReport(t, te, "", `{"belowMinimum":true}`)
	mustReportRow(t, zero.Data[0], "0", "0", "0", "0", nil)
	if !zero.Data[0].BelowMinimum || zero.Data[0].MinimumStockOnHand == nil || !zero.Data[0].MinimumStockOnHand.Equal(num("1").Decimal) || zero.Data[0].LastMovementUtc == nil {
		t.Fatalf("empty item below its minimum: %s", mustJSON(t, zero.Data[0]))
	}
	paged := inventoryReport(t, te, "Skip=1&Take=2", `{}`)
	if paged.TotalCount != 5 || paged.Page != 1 || paged.TotalPages != 3 || !paged.HasPreviousPage || !paged.HasNextPage {
		t.Fatalf("paged envelope: %s", mustJSON(t, paged))
	}
	res, b := inventoryReportRaw(t, te.Token, "Sort.Field=reserved", `{}`)
	mustProblemNaming(t, res, b, "Sort.Field")
	tooMany := make([]string, 501)
	for i := range tooMany {
		tooMany[i] = fmt.Sprintf("%q", ax100)
	}
	res, b = inventoryReportRaw(t, te.Token, "", `{"itemIds":[`+strings.Join(tooMany, ",")+`]}`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
}

func TestInventoryReportNeedsViewInventory(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := inventoryReportRaw(t, te.userToken(t, "View Job"), "", `{}`)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = inventoryReportRaw(t, te.userToken(t, "View Inventory"), "", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// inventoryReportIsolation: tenant B's report never answers tenant A's item, even asked by
// its id.
func inventoryReportIsolation() isolationRow {
	return isolationRow{name: "inventory report", arrange: func(t *testing.T, a, _ *tenantEnv) isolated {
		item := createItem(t, a, newItem("REPORTED"))
		receiveStock(t, a, client.InventoryReceive{ItemId: item, Quantity: num("3")})
		return isolated{ID: item, Lists: []isoList{
			{Path: inventoryReportPath, Body: `{}`},
			{Path: inventoryReportPath, Body: fmt.Sprintf(`{"itemIds":[%q],"includeZero":true}`, item)},
		}}
	}}
}

// arrangeInventoryReport: one item with stock in the small tenant, manySubs in the large one,
// each with stock at two locations, so a page sums balances, names units and finds the last
// movements in a fixed number of statements.
func arrangeInventoryReport(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) {
		here, there := createLocation(t, te, "Here"), createLocation(t, te, "There")
		for k := range n {
			item := createItem(t, te, newItem(fmt.Sprintf("STOCKED-%02d", k)))
			receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3"), LocationId: &here, MaterialValue: ptr(num("2"))})
			receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), LocationId: &there})
		}
	}
	build(small, 1)
	build(large, manySubs)
	return []readCase{listRead("listInventoryReport", inventoryReportPath, inventoryReportPath, `{}`)}
}
