package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The part lines of sales orders: an item in a quantity of one of its units, priced from the
// item's sales price breaks or from the line's routing (a copy of the item's) and a margin,
// delivered on a calendar day; written while the order is draft, needsApproval or approved.

func soPartLinesPath(orderID string) string {
	return "/api/sales-orders/" + orderID + "/part-line-items"
}

func soPartLinePath(orderID, lineID string) string { return soPartLinesPath(orderID) + "/" + lineID }

// soOrderFor creates a sales order through the API for customerID (a new customer when
// empty) and answers its id.
func soOrderFor(t *testing.T, te *tenantEnv, customerID string) string {
	t.Helper()
	if customerID == "" {
		customerID = createCustomer(t, te, client.CustomerWrite{Name: "Order customer " + ids.New()})
	}
	return soCreate(t, te, map[string]any{"customerId": customerID})
}

// soSetOrder sets a column of the order's row directly: the status and deleted flag the
// line rules depend on, whatever the header's own operations allow.
func soSetOrder(t *testing.T, te *tenantEnv, orderID, column string, value any) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE sales_orders SET `+column+` = $3 WHERE tenant_id = $1 AND id = $2`,
		te.ID, orderID, value); err != nil {
		t.Fatal(err)
	}
}

// soPartLine is the read shape the tests check, decoded loosely so decimals compare as text.
type soPartLine struct {
	partLine
	SalesOrderID        string      `json:"salesOrderId"`
	DeliveryDate        *string     `json:"deliveryDate"`
	QuotePartLineItemID *string     `json:"quotePartLineItemId"`
	BlanketLineItemID   *string     `json:"blanketLineItemId"`
	ShippedQuantity     json.Number `json:"shippedQuantity"`
	InvoicedQuantity    json.Number `json:"invoicedQuantity"`
}

func soDecodeLine(t *testing.T, body []byte) soPartLine {
	t.Helper()
	var l soPartLine
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&l); err != nil {
		t.Fatalf("decode sales order part line: %v: %s", err, body)
	}
	return l
}

// soAddLine creates a part line from a JSON body and answers its id.
func soAddLine(t *testing.T, te *tenantEnv, orderID, body string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, soPartLinesPath(orderID), te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.ID) != 36 {
		t.Fatalf("create answered %s", b)
	}
	return created.ID
}

func soGetLine(t *testing.T, te *tenantEnv, orderID, lineID string) soPartLine {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, soPartLinePath(orderID, lineID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return soDecodeLine(t, b)
}

func soListLines(t *testing.T, te *tenantEnv, orderID, query, filter string) []soPartLine {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, soPartLinesPath(orderID)+"/list"+query, te.Token, "application/json", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]soPartLine, len(raw))
	for i, r := range raw {
		out[i] = soDecodeLine(t, r)
	}
	return out
}

// soWrite sends a write of the line and answers the raw answer.
func soWrite(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	ct := "application/json"
	switch {
	case body == "":
		ct = ""
	case method == http.MethodPatch:
		ct = "application/json-patch+json"
	}
	return rawRequest(t, method, path, te.Token, ct, body)
}

// soMustTotals fails t unless the order's lineSubTotal, subTotal and total are as given.
func soMustTotals(t *testing.T, te *tenantEnv, orderID, lineSubTotal, subTotal, total string) {
	t.Helper()
	o := soGet(t, te, orderID)
	mustDec(t, "lineSubTotal", o.LineSubTotal, lineSubTotal)
	mustDec(t, "subTotal", o.SubTotal, subTotal)
	mustDec(t, "total", o.Total, total)
}

func TestSalesOrderPartLineCreateTakesTheItemsDefaults(t *testing.T) {
	te := newTenant(t)
	desc := "Bracket, zinc plated"
	w := newItem("SO-BRKT-1")
	w.Description = &desc
	w.IsTaxable = ptr(true)
	itemID := createItem(t, te, w)
	orderID := soOrderFor(t, te, "")

	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.5}`, itemID))
	l := soGetLine(t, te, orderID, lineID)
	if l.ID != lineID || l.SalesOrderID != orderID || l.ItemID != itemID || l.LineNumber != 1 {
		t.Fatalf("line %+v", l)
	}
	if optText(l.Description) != desc || l.UnitOfMeasureName != "Each" || !l.IsTaxable {
		t.Errorf("defaults from the item: description %v, unit %q, taxable %v", optText(l.Description), l.UnitOfMeasureName, l.IsTaxable)
	}
	if l.PricingScheme != "price" || l.Margin != nil || l.EstimatedUnitCost != nil || l.Discount != nil || l.TaxRateID != nil {
		t.Errorf("pricing defaults: %+v", l)
	}
	if l.DeliveryDate != nil || l.QuotePartLineItemID != nil || l.BlanketLineItemID != nil {
		t.Errorf("deliveryDate %v, quotePartLineItemId %v, blanketLineItemId %v: want null", l.DeliveryDate, l.QuotePartLineItemID, l.BlanketLineItemID)
	}
	mustNum(t, "shippedQuantity", l.ShippedQuantity, "0")
	mustNum(t, "invoicedQuantity", l.InvoicedQuantity, "0")
	mustNum(t, "unitPrice kept as sent", l.UnitPrice, "12.5")
	mustNum(t, "preDiscountSubTotal", l.PreDiscountSubTotal, "37.50")
	if len(l.RoutingID) != 36 || l.RoutingID == l.ID {
		t.Errorf("routingId %q", l.RoutingID)
	}

	// The next line takes the next number; a line number sent is kept, and the one after it
	// follows the highest.
	second := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"lineNumber":7,"description":"  ","isTaxable":false}`, itemID))
	third := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	if l2 := soGetLine(t, te, orderID, second); l2.LineNumber != 7 || l2.Description != nil || l2.IsTaxable {
		t.Errorf("second line %+v", l2)
	}
	if l3 := soGetLine(t, te, orderID, third); l3.LineNumber != 8 {
		t.Errorf("third line number %d, want 8", l3.LineNumber)
	}
	list := soListLines(t, te, orderID, "", `{}`)
	if len(list) != 3 || list[0].ID != lineID || list[1].ID != second || list[2].ID != third {
		t.Fatalf("list by line number: %+v", list)
	}
	if got := soListLines(t, te, orderID, "?Sort.Field=lineNumber&Sort.Dir=descending", `{}`); got[0].ID != third {
		t.Errorf("descending list starts with %s", got[0].ID)
	}
	if got := soListLines(t, te, orderID, "", fmt.Sprintf(`{"ids":[%q]}`, second)); len(got) != 1 || got[0].ID != second {
		t.Errorf("ids filter: %+v", got)
	}
	other := createItem(t, te, newItem("SO-OTHER"))
	soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, other))
	if got := soListLines(t, te, orderID, "", fmt.Sprintf(`{"itemIds":[%q]}`, other)); len(got) != 1 || got[0].ItemID != other {
		t.Errorf("itemIds filter: %+v", got)
	}
}

// TestSalesOrderPartLineDeliveryDateIsTheDateAsWritten: the date part as written, whatever
// the time and offset; years 2000 to 2099; a full update without it clears it.
func TestSalesOrderPartLineDeliveryDateIsTheDateAsWritten(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-DATE-1"))
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"deliveryDate":"2026-03-01T23:30:00-08:00"}`, itemID))
	if l := soGetLine(t, te, orderID, lineID); optText(l.DeliveryDate) != "2026-03-01T00:00:00Z" {
		t.Errorf("deliveryDate %q, want March 1st at midnight UTC", optText(l.DeliveryDate))
	}
	for name, date := range map[string]string{
		"before 2000":        "1999-12-31",
		"after 2099":         "2100-01-01",
		"a day that is none": "2026-02-30",
	} {
		t.Run(name, func(t *testing.T) {
			res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1,"deliveryDate":%q}`, itemID, date))
			mustProblemNaming(t, res, b, "deliveryDate")
		})
	}
	res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID)+"/batch",
		fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1,"deliveryDate":"2026-05-05"},{"itemId":%[1]q,"quantity":1,"deliveryDate":"1999-01-01"}]}`, itemID))
	mustProblemNaming(t, res, b, "partLineItems.1.deliveryDate")
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":1,"deliveryDate":"2099-12-31"}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if l := soDecodeLine(t, b); optText(l.DeliveryDate) != "2099-12-31T00:00:00Z" {
		t.Errorf("updated deliveryDate %q", optText(l.DeliveryDate))
	}
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if l := soDecodeLine(t, b); l.DeliveryDate != nil {
		t.Errorf("a full update without deliveryDate kept %q", *l.DeliveryDate)
	}
	if got := soListLines(t, te, orderID, "", `{}`); len(got) != 1 {
		t.Errorf("refused writes stored lines: %d", len(got))
	}
}

func TestSalesOrderPartLineRefusesBadMembers(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-BAD-1"))
	orderID := soOrderFor(t, te, "")
	line := func(edit map[string]any) string {
		return editedBody(t, map[string]any{"itemId": itemID, "quantity": 2, "unitPrice": 10}, edit)
	}
	for name, c := range map[string]struct {
		body, field string
	}{
		"quantity 0":              {line(map[string]any{"quantity": 0}), "quantity"},
		"negative quantity":       {line(map[string]any{"quantity": -1}), "quantity"},
		"unit of another type":    {line(map[string]any{"unitOfMeasureName": "Foot"}), "unitOfMeasureName"},
		"unknown unit":            {line(map[string]any{"unitOfMeasureName": "Barrel"}), "unitOfMeasureName"},
		"discount above amount":   {line(map[string]any{"discount": map[string]any{"isPercentage": false, "value": 20.01}}), "discount"},
		"discount above 100 %":    {line(map[string]any{"discount": map[string]any{"isPercentage": true, "value": 101}}), "discount"},
		"margin 100":              {line(map[string]any{"margin": 100}), "margin"},
		"negative lead time":      {line(map[string]any{"leadTimeDays": -1}), "leadTimeDays"},
		"line number 0":           {line(map[string]any{"lineNumber": 0}), "lineNumber"},
		"unknown custom field":    {line(map[string]any{"customFields": map[string]any{"nope": "x"}}), "customFields.nope"},
		"margin with a new price": {line(map[string]any{"pricingScheme": "margin", "margin": 20, "unitPrice": 5}), "unitPrice"},
	} {
		t.Run(name, func(t *testing.T) {
			res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	if got := soListLines(t, te, orderID, "", `{}`); len(got) != 0 {
		t.Fatalf("refused creates stored lines: %d", len(got))
	}
	soMustTotals(t, te, orderID, "0", "0", "0")
}

func TestSalesOrderPartLineReferencesMustExist(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-REF-1"))
	orderID := soOrderFor(t, te, "")
	res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1}`, ids.New()))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "itemId")
	res, b = soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1,"taxRateId":%q}`, itemID, ids.New()))
	if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, "taxRateId") {
		t.Errorf("unknown tax rate: %s", b)
	}
	res, b = soWrite(t, te, http.MethodPost, soPartLinesPath(ids.New()), fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	mustProblem(t, res, b, http.StatusNotFound)
	// An archived item cannot be ordered.
	aw := newItem("SO-ARCH-1")
	aw.IsArchived = ptr(true)
	archived := createItem(t, te, aw)
	res, b = soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1}`, archived))
	mustProblemNaming(t, res, b, "itemId")
}

func TestSalesOrderPartLineOfAnotherOrderOrTenantIsNotFound(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-ISO-1"))
	orderA, orderB := soOrderFor(t, te, ""), soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderA, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":5}`, itemID)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, soPartLinePath(orderB, lineID), ""},
		{http.MethodPut, soPartLinePath(orderB, lineID), body},
		{http.MethodPatch, soPartLinePath(orderB, lineID), `[{"op":"replace","path":"/quantity","value":5}]`},
		{http.MethodPut, soPartLinePath(orderB, lineID) + "/custom-fields", `{}`},
		{http.MethodGet, soPartLinePath(orderB, lineID) + "/cost-breakdown", ""},
		{http.MethodGet, soPartLinePath(orderB, lineID) + "/make-summary", ""},
	} {
		res, b := soWrite(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// Deleting it through the other order finds nothing to delete.
	res, b := soWrite(t, te, http.MethodDelete, soPartLinePath(orderB, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	other := newTenant(t)
	res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderA, lineID), other.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, soPartLinesPath(orderA)+"/list", other.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, soPartLinesPath(orderA), other.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, soPartLinePath(orderA, lineID), other.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, soPartLinePath(orderA, lineID), other.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	if l := soGetLine(t, te, orderA, lineID); l.Quantity != "1" {
		t.Errorf("the line changed through another order or tenant: %+v", l)
	}
	soMustTotals(t, te, orderA, "2", "2", "2")
}

// TestSalesOrderPartLineCopiesTheItemsRouting: the line's routing is a copy of its item's,
// which prices the margin scheme, costs the line and explodes it; the copy is the line's.
func TestSalesOrderPartLineCopiesTheItemsRouting(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "SO-ROUTED-1")
	orderID := soOrderFor(t, te, "")
	// Priced by margin from the line's own routing: 10 a unit at 20 % margin = 12.50.
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID))
	l := soGetLine(t, te, orderID, lineID)
	if l.EstimatedUnitCost == nil {
		t.Fatalf("no estimated unit cost: %+v", l)
	}
	mustNum(t, "estimatedUnitCost", *l.EstimatedUnitCost, "10")
	mustNum(t, "unitPrice", l.UnitPrice, "12.50")
	// The item's routing changing later does not reprice the line.
	res, b := rawRequest(t, http.MethodPost, "/api/items/"+itemID+"/routing/operations", te.Token, "application/json",
		`{"name":"Paint","runTimeMinutesPerUnit":10,"laborRate":60}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID),
		fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "unitPrice after the item's routing changed", soDecodeLine(t, b).UnitPrice, "12.50")
	// A new line copies the item's routing as it now stands: 20 a unit.
	l2 := soGetLine(t, te, orderID, soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID)))
	mustNum(t, "new line's unitPrice", l2.UnitPrice, "25")

	// Deleting the line deletes its routing.
	res, b = soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var left int
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM routing_operations WHERE tenant_id = $1 AND owner_type = 'salesOrderPartLine' AND owner_id = $2`,
		te.ID, lineID).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("the deleted line's routing kept %d operations", left)
	}
}

// TestSalesOrderPartLineCostBreakdownAndMakeSummary: the line's cost breakdown and make
// summary estimate and explode its own routing for its quantity in the item's inventory unit.
// (They read the routing through the sales order line's routing owner kind.)
func TestSalesOrderPartLineCostBreakdownAndMakeSummary(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "SO-COSTED-1")
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"unitPrice":1}`, itemID))
	res, b := rawRequest(t, http.MethodGet, soPartLinePath(orderID, lineID)+"/cost-breakdown", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	cost := mustDecode[client.SalesOrderLineCostBreakdown](t, b)
	if cost.SalesOrderId != orderID || cost.LineItemId != lineID || cost.ItemId != itemID {
		t.Errorf("cost breakdown names %s %s %s", cost.SalesOrderId, cost.LineItemId, cost.ItemId)
	}
	mustDec(t, "costed quantity", cost.Quantity, "5")
	mustDec(t, "cumulative labor of 5 × 10", cost.CumulativeCost.Labor.Total, "50")
	res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderID, lineID)+"/make-summary", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	summary := mustDecode[client.SalesOrderLineMakeSummary](t, b)
	if summary.SalesOrderId != orderID || len(summary.Operations) != 1 || summary.Operations[0].Name != "Machine" {
		t.Errorf("make summary %+v", summary)
	}
	// 2 Dozen are costed as 24 Each: 240.
	dozen := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitOfMeasureName":"Dozen","unitPrice":1}`, itemID))
	res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderID, dozen)+"/cost-breakdown", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	cost = mustDecode[client.SalesOrderLineCostBreakdown](t, b)
	mustDec(t, "costed quantity of 2 Dozen", cost.Quantity, "24")
	mustDec(t, "cumulative labor of 24 × 10", cost.CumulativeCost.Labor.Total, "240")
	res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderID, dozen)+"/make-summary", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustDec(t, "summarised quantity of 2 Dozen", mustDecode[client.SalesOrderLineMakeSummary](t, b).Quantity, "24")
	res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderID, dozen)+"/cost-breakdown", te.userToken(t, "View Sales Order"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// TestSalesOrderPartLineInAUnitWithoutConversionIsNotCosted: a Box has no fixed conversion to
// the item's Each, so a line sold by the Box can be neither priced by margin, nor costed, nor
// exploded (400 naming unitOfMeasureName); priced as sent it is accepted.
func TestSalesOrderPartLineInAUnitWithoutConversionIsNotCosted(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "SO-BOXED-1")
	orderID := soOrderFor(t, te, "")
	res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID), fmt.Sprintf(
		`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Box","pricingScheme":"margin","margin":20}`, itemID))
	mustProblemNaming(t, res, b, "unitOfMeasureName")
	boxed := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Box","unitPrice":7}`, itemID))
	for _, path := range []string{"/cost-breakdown", "/make-summary"} {
		res, b = rawRequest(t, http.MethodGet, soPartLinePath(orderID, boxed)+path, te.Token, "", "")
		mustProblemNaming(t, res, b, "unitOfMeasureName")
	}
}

func TestSalesOrderPartLineAmountsAndOrderTotals(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-AMT-1"))
	orderID := soOrderFor(t, te, "")
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	// 3 × 12.345 = 37.035 → 37.04; 10 % off = 3.704 → 3.70; subtotal 33.34; per unit 11.113 → 11.11.
	first := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.345,"discount":{"isPercentage":true,"value":10},"isTaxable":true,"taxRateId":%q}`, itemID, rate))
	l := soGetLine(t, te, orderID, first)
	mustNum(t, "preDiscountSubTotal", l.PreDiscountSubTotal, "37.04")
	mustNum(t, "discountAmount", l.DiscountAmount, "3.70")
	mustNum(t, "subTotal", l.SubTotal, "33.34")
	mustNum(t, "discountedPrice", l.DiscountedPrice, "11.11")
	mustNum(t, "taxRate copied", l.TaxRate, "6")
	// Tax 6 % of 33.34 = 2.0004 → 2.00: total 35.34.
	soMustTotals(t, te, orderID, "33.34", "33.34", "35.34")
	// A second line of 2 × 5 = 10, not taxable: 43.34 and 45.34.
	second := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":5}`, itemID))
	soMustTotals(t, te, orderID, "43.34", "43.34", "45.34")
	// An amount discount of 4 on the second: 39.34 and 41.34.
	res, b := soWrite(t, te, http.MethodPut, soPartLinePath(orderID, second),
		fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":5,"discount":{"isPercentage":false,"value":4}}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "updated subTotal", soDecodeLine(t, b).SubTotal, "6")
	soMustTotals(t, te, orderID, "39.34", "39.34", "41.34")
	// Deleting the first leaves the second: 6.
	res, b = soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, first), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soMustTotals(t, te, orderID, "6", "6", "6")
	res, b = soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, first), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = soWrite(t, te, http.MethodGet, soPartLinePath(orderID, first), "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// TestSalesOrderPartLinePricingRule proves each sentence of the pricing rule: sending
// pricingScheme re-prices the line; under margin a non-zero unitPrice other than the line's
// current price is refused; a unit change together with pricingScheme is refused; otherwise
// the line keeps its scheme and price.
func TestSalesOrderPartLinePricingRule(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "SO-PRICE-1")
	replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":1,"price":9},{"quantity":1,"price":100,"unitOfMeasureName":"Dozen"}]}`)
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":4,"unitPrice":3}`, itemID))
	put := func(body string) (rawResponse, []byte) {
		return soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID), body)
	}
	// A sent unitPrice without pricingScheme is kept: no break applies.
	mustNum(t, "price as sent", soGetLine(t, te, orderID, lineID).UnitPrice, "3")
	// pricingScheme price re-prices from the breaks: 9.
	res, b := put(fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"price"}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "re-priced from the breaks", soDecodeLine(t, b).UnitPrice, "9")
	// Without pricingScheme an update keeps the scheme and price.
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":6}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "kept price", soDecodeLine(t, b).UnitPrice, "9")
	// pricingScheme margin re-prices from the routing's cost: 10 / (1 − 0.2) = 12.50.
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":6,"pricingScheme":"margin","margin":20}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "margin price", soDecodeLine(t, b).UnitPrice, "12.50")
	// Under margin a non-zero price other than the current one is refused…
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":6,"unitPrice":13}`, itemID))
	mustProblemNaming(t, res, b, "unitPrice")
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":6,"pricingScheme":"margin","margin":20,"unitPrice":13}`, itemID))
	mustProblemNaming(t, res, b, "unitPrice")
	// …while 0 and the current price are accepted and keep the margin price.
	for _, price := range []string{"0", "12.5"} {
		res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":6,"unitPrice":%s}`, itemID, price))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if got := soDecodeLine(t, b); got.PricingScheme != "margin" {
			t.Errorf("scheme %q after an update without pricingScheme", got.PricingScheme)
		} else {
			mustNum(t, "price kept under margin", got.UnitPrice, "12.50")
		}
	}
	// A unit change together with pricingScheme is refused, under either scheme, and the line
	// is unchanged.
	for _, scheme := range []string{"price", "margin"} {
		res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Dozen","pricingScheme":%q,"margin":20}`, itemID, scheme))
		mustProblemNaming(t, res, b, "unitOfMeasureName")
	}
	if l := soGetLine(t, te, orderID, lineID); l.UnitOfMeasureName != "Each" || l.Quantity != "6" {
		t.Errorf("refused unit change stored %+v", l)
	}
	// The unit changes alone (the price is kept), then re-prices in its own request: 100 a Dozen.
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Dozen"}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := soDecodeLine(t, b); got.UnitOfMeasureName != "Dozen" {
		t.Errorf("unit %q", got.UnitOfMeasureName)
	}
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Dozen","pricingScheme":"price"}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "re-priced in Dozen", soDecodeLine(t, b).UnitPrice, "100")
	// Omitting the unit means the item's default unit (Each): a change too when re-pricing.
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":1,"pricingScheme":"price"}`, itemID))
	mustProblemNaming(t, res, b, "unitOfMeasureName")
	// A create sends any unit with pricingScheme: there is no stored unit to change.
	l := soGetLine(t, te, orderID, soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitOfMeasureName":"Dozen","pricingScheme":"price"}`, itemID)))
	mustNum(t, "created in Dozen", l.UnitPrice, "100")
}

func TestSalesOrderPartLineBatchIsAllOrNothing(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-BATCH-1"))
	routed := itemWithRouting(t, te, "SO-BATCH-2")
	orderID := soOrderFor(t, te, "")
	batch := func(body string) (rawResponse, []byte) {
		return soWrite(t, te, http.MethodPost, soPartLinesPath(orderID)+"/batch", body)
	}
	res, b := batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":0},{"itemId":%[1]q,"quantity":-1}]}`, itemID))
	p := mustProblem(t, res, b, http.StatusBadRequest)
	mustNameField(t, p, "partLineItems.1.quantity")
	mustNameField(t, p, "partLineItems.2.quantity")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":1,"unitOfMeasureName":"Foot"}]}`, itemID))
	mustProblemNaming(t, res, b, "partLineItems.1.unitOfMeasureName")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%q,"quantity":1},{"itemId":%q,"quantity":1}]}`, itemID, ids.New()))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "partLineItems.1.itemId")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":1,"taxRateId":%[2]q}]}`, itemID, ids.New()))
	if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, "partLineItems.1.taxRateId") {
		t.Errorf("unknown tax rate: %s", b)
	}
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1,"unitPrice":2},{"itemId":%[1]q,"quantity":1,"unitPrice":2,"discount":{"isPercentage":false,"value":3}}]}`, itemID))
	mustProblemNaming(t, res, b, "partLineItems.1.discount")
	if got := soListLines(t, te, orderID, "", `{}`); len(got) != 0 {
		t.Fatalf("refused batches stored %d lines", len(got))
	}
	soMustTotals(t, te, orderID, "0", "0", "0")

	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":2,"unitPrice":1.5},{"itemId":%[2]q,"quantity":5,"pricingScheme":"margin","margin":20},{"itemId":%[1]q,"quantity":1,"unitPrice":3,"lineNumber":9,"deliveryDate":"2026-04-02"},{"itemId":%[1]q,"quantity":1}]}`, itemID, routed))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ IDs []string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.IDs) != 4 {
		t.Fatalf("batch answered %s", b)
	}
	list := soListLines(t, te, orderID, "", `{}`)
	wantNumbers := []int32{1, 2, 9, 10}
	for i, l := range list {
		if l.ID != created.IDs[i] || l.LineNumber != wantNumbers[i] {
			t.Errorf("line %d: %s number %d, want %s number %d", i, l.ID, l.LineNumber, created.IDs[i], wantNumbers[i])
		}
	}
	mustNum(t, "margin line of the batch", list[1].UnitPrice, "12.50")
	if optText(list[2].DeliveryDate) != "2026-04-02T00:00:00Z" {
		t.Errorf("batch line's deliveryDate %q", optText(list[2].DeliveryDate))
	}
	// 3 + 62.50 + 3 + 0.
	soMustTotals(t, te, orderID, "68.5", "68.5", "68.5")
}

// TestSalesOrderPartLinePatch: a JSON Patch saves through the full update's rules; it
// re-prices only when it touches pricingScheme and keeps a description it does not touch.
func TestSalesOrderPartLinePatch(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "SO-PATCH-1")
	replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":1,"price":9}]}`)
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":4,"description":" ","notes":"rush"}`, itemID))
	patch := func(ops string) (rawResponse, []byte) {
		return soWrite(t, te, http.MethodPatch, soPartLinePath(orderID, lineID), ops)
	}
	res, b := patch(`[{"op":"replace","path":"/quantity","value":5},{"op":"add","path":"/deliveryDate","value":"2026-03-01T23:30:00-08:00"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	l := soDecodeLine(t, b)
	mustNum(t, "quantity", l.Quantity, "5")
	mustNum(t, "price not re-priced", l.UnitPrice, "4")
	if l.Description != nil || optText(l.Notes) != "rush" || optText(l.DeliveryDate) != "2026-03-01T00:00:00Z" {
		t.Errorf("patched line: description %v, notes %v, deliveryDate %v", l.Description, l.Notes, l.DeliveryDate)
	}
	soMustTotals(t, te, orderID, "20", "20", "20")
	res, b = patch(`[{"op":"replace","path":"/pricingScheme","value":"price"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "re-priced by the patch", soDecodeLine(t, b).UnitPrice, "9")
	res, b = patch(`[{"op":"replace","path":"/unitOfMeasureName","value":"Dozen"},{"op":"replace","path":"/pricingScheme","value":"price"}]`)
	mustProblemNaming(t, res, b, "unitOfMeasureName")
	res, b = patch(`[{"op":"replace","path":"/quantity","value":0}]`)
	mustProblemNaming(t, res, b, "quantity")
	res, b = patch(`[{"op":"replace","path":"/nope","value":1}]`)
	mustProblemNaming(t, res, b, "[0].path")
	res, b = patch(`[{"op":"remove","path":"/deliveryDate"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if l := soDecodeLine(t, b); l.DeliveryDate != nil {
		t.Errorf("deliveryDate %q after its removal", *l.DeliveryDate)
	}
}

// TestSalesOrderPartLineWritesFollowTheOrdersStatus: the part lines are written while the
// order is draft, needsApproval or approved; in progress or complete every write answers 400
// naming status and changes nothing, and the lines stay readable.
func TestSalesOrderPartLineWritesFollowTheOrdersStatus(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-STATUS-1"))
	orderID := soOrderFor(t, te, "")
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID)
	lineID := soAddLine(t, te, orderID, body)
	for _, status := range []string{"needsApproval", "approved"} {
		soSetOrder(t, te, orderID, "status", status)
		soAddLine(t, te, orderID, body)
		res, b := soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID), body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	soMustTotals(t, te, orderID, "6", "6", "6")
	for _, status := range []string{"inProgress", "complete"} {
		soSetOrder(t, te, orderID, "status", status)
		for _, c := range []struct{ method, path, body string }{
			{http.MethodPost, soPartLinesPath(orderID), body},
			{http.MethodPost, soPartLinesPath(orderID) + "/batch", `{"partLineItems":[` + body + `]}`},
			{http.MethodPut, soPartLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":9}`, itemID)},
			{http.MethodPatch, soPartLinePath(orderID, lineID), `[{"op":"replace","path":"/quantity","value":9}]`},
			{http.MethodPut, soPartLinePath(orderID, lineID) + "/custom-fields", `{}`},
			{http.MethodPut, soPartLinePath(orderID, lineID) + "/customFields", `{}`},
			{http.MethodDelete, soPartLinePath(orderID, lineID), ""},
		} {
			res, b := soWrite(t, te, c.method, c.path, c.body)
			mustProblemNaming(t, res, b, "status")
		}
		if got := soListLines(t, te, orderID, "", `{}`); len(got) != 3 || got[0].Quantity != "1" {
			t.Errorf("%s: lines %+v", status, got)
		}
		soGetLine(t, te, orderID, lineID)
	}
	soMustTotals(t, te, orderID, "6", "6", "6")
}

func TestSalesOrderPartLineOfADeletedOrder(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-DEL-1"))
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))
	soSetOrder(t, te, orderID, "deleted", true)
	if l := soGetLine(t, te, orderID, lineID); l.ID != lineID {
		t.Fatalf("line of the deleted order: %+v", l)
	}
	if got := soListLines(t, te, orderID, "", `{}`); len(got) != 1 {
		t.Fatalf("list of the deleted order: %d", len(got))
	}
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, soPartLinesPath(orderID), body},
		{http.MethodPost, soPartLinesPath(orderID) + "/batch", `{"partLineItems":[` + body + `]}`},
		{http.MethodPut, soPartLinePath(orderID, lineID), body},
		{http.MethodPatch, soPartLinePath(orderID, lineID), `[{"op":"replace","path":"/quantity","value":2}]`},
		{http.MethodPut, soPartLinePath(orderID, lineID) + "/custom-fields", `{}`},
		{http.MethodDelete, soPartLinePath(orderID, lineID), ""},
	} {
		res, b := soWrite(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
}

// TestSalesOrderPartLineNamedByARefundLineIsKept: a part line a refund line names cannot be
// deleted (400 naming lineItemId) until the refund line goes.
func TestSalesOrderPartLineNamedByARefundLineIsKept(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-REFUND-1"))
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":20}`, itemID))
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	if _, err := srv.Pool.ExecContext(context.Background(), `INSERT INTO sales_order_refund_lines (tenant_id, sales_order_id, id, refund_reason_code_id, part_line_id, amount)
		VALUES ($1, $2, $3, $4, $5, 5)`, te.ID, orderID, ids.NewSub(), reason, lineID); err != nil {
		t.Fatal(err)
	}
	res, b := soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, lineID), "")
	mustProblemNaming(t, res, b, "lineItemId")
	soGetLine(t, te, orderID, lineID)
}

func TestSalesOrderPartLineCustomFields(t *testing.T) {
	te := newTenant(t)
	createCustomField(t, te, textField("drawing", client.CustomFieldModuleSalesOrderPartLineItem))
	createCustomField(t, te, textField("quoteOnly", client.CustomFieldModuleQuotePartLineItem))
	itemID := createItem(t, te, newItem("SO-CF-1"))
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"customFields":{"drawing":"A"}}`, itemID))
	if l := soGetLine(t, te, orderID, lineID); l.CustomFields["drawing"] != "A" {
		t.Fatalf("custom fields %v", l.CustomFields)
	}
	for _, path := range []string{"/custom-fields", "/customFields"} {
		res, b := soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID)+path, `{"drawing":"B`+path+`"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if l := soDecodeLine(t, b); l.CustomFields["drawing"] != "B"+path {
			t.Errorf("%s answered %v", path, l.CustomFields)
		}
		// A field of the quote lines' module is not one of the order lines'.
		res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID)+path, `{"quoteOnly":"x"}`)
		mustProblemNaming(t, res, b, "customFields.quoteOnly")
	}
	// An update without customFields keeps them.
	res, b := soWrite(t, te, http.MethodPut, soPartLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":2}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if l := soDecodeLine(t, b); l.CustomFields["drawing"] != "B/customFields" {
		t.Errorf("custom fields after an update without them: %v", l.CustomFields)
	}
}

// TestSalesOrderPartLineKeepsItsItemsUnit: an item on a line of a live sales order cannot
// change its unit of measure; once the order is deleted it can.
func TestSalesOrderPartLineKeepsItsItemsUnit(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-UNIT-1"))
	orderID := soOrderFor(t, te, "")
	soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Dozen"}`)
	mustItemField(t, res, body, "unitOfMeasureName")
	soSetOrder(t, te, orderID, "deleted", true)
	if got := optText(itemSaved(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Dozen"}`).UnitOfMeasureName); got != "Dozen" {
		t.Fatalf("unit %q after the order was deleted, want Dozen", got)
	}
}

func TestSalesOrderPartLinePermissions(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-PERM-1"))
	orderID := soOrderFor(t, te, "")
	lineID := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID)
	viewer, editor := te.userToken(t, "View Sales Order"), te.userToken(t, "Edit Sales Order", "View Item")
	for _, tok := range []string{viewer, te.userToken(t)} {
		for _, c := range []struct{ method, path, ct, body string }{
			{http.MethodPost, soPartLinesPath(orderID), "application/json", body},
			{http.MethodPost, soPartLinesPath(orderID) + "/batch", "application/json", `{"partLineItems":[` + body + `]}`},
			{http.MethodPut, soPartLinePath(orderID, lineID), "application/json", body},
			{http.MethodPatch, soPartLinePath(orderID, lineID), "application/json-patch+json", `[]`},
			{http.MethodPut, soPartLinePath(orderID, lineID) + "/custom-fields", "application/json", `{}`},
			{http.MethodDelete, soPartLinePath(orderID, lineID), "", ""},
		} {
			res, b := rawRequest(t, c.method, c.path, tok, c.ct, c.body)
			mustProblem(t, res, b, http.StatusForbidden)
		}
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, soPartLinePath(orderID, lineID), ""},
		{http.MethodPost, soPartLinesPath(orderID) + "/list", `{}`},
	} {
		ct := ""
		if c.body != "" {
			ct = "application/json"
		}
		res, b := rawRequest(t, c.method, c.path, editor, ct, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, viewer, ct, c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	res, b := rawRequest(t, http.MethodGet, soPartLinePath(orderID, lineID)+"/cost-breakdown", editor, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, soPartLinesPath(orderID), editor, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// TestSalesOrderPartLineStatementsDoNotGrowWithTheLines: a batch of 100 lines runs as many
// statements as a batch of one, and an order of 200 lines (one batch) lists in as many
// statements as an order of one.
func TestSalesOrderPartLineStatementsDoNotGrowWithTheLines(t *testing.T) {
	te := newTenant(t)
	items := []string{itemWithRouting(t, te, "SO-STMT-A"), itemWithRouting(t, te, "SO-STMT-B")}
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Stmt tax", Rate: num("5")})
	replaceSalesBreaks(t, te, items[0], `{"priceBreaks":[{"quantity":1,"price":4}]}`)
	createCustomField(t, te, textField("drawing", client.CustomFieldModuleSalesOrderPartLineItem))
	cs := startCountingServer(t)
	batchOf := func(lines int) string {
		return `{"partLineItems":` + jsonArrayOf(lines, func(k int) string {
			return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"taxRateId":%q,"deliveryDate":"2026-06-01","customFields":{"drawing":"D%d"}}`, items[k%2], k+1, rate, k)
		}) + `}`
	}
	count := func(lines int) (batch, list int64) {
		orderID := soOrderFor(t, te, "")
		batch, _ = cs.count(t, readCall{http.MethodPost, soPartLinesPath(orderID) + "/batch", batchOf(lines)}, te)
		list, body := cs.count(t, readCall{http.MethodPost, soPartLinesPath(orderID) + "/list?Take=500", `{}`}, te)
		if n := recordsIn(t, body); n != lines {
			t.Fatalf("the list answered %d lines, want %d", n, lines)
		}
		return batch, list
	}
	count(1) // the token's lookup, cached after
	batchOne, listOne := count(1)
	batchMany, _ := count(100)
	_, listMany := count(200)
	if batchOne != batchMany {
		t.Errorf("a batch of 1 ran %d statements, of 100 %d: want the same", batchOne, batchMany)
	}
	if listOne != listMany {
		t.Errorf("the list of 1 line ran %d statements, of 200 lines %d: want the same", listOne, listMany)
	}
}

// TestSalesOrderPartLineNumbersUnderConcurrentCreates: lines created at once on one order take
// the numbers 1 to n, each once (the order's row lock orders the writes).
func TestSalesOrderPartLineNumbersUnderConcurrentCreates(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SO-CONC-1"))
	orderID := soOrderFor(t, te, "")
	const n = 12
	counts := atOnce(t, n, func(int) (int, error) {
		res, b := rawRequest(t, http.MethodPost, soPartLinesPath(orderID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, itemID))
		if res.StatusCode != http.StatusOK {
			return res.StatusCode, fmt.Errorf("create answered %d: %s", res.StatusCode, b)
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("answers %v, want %d × 200", counts, n)
	}
	seen := map[int32]bool{}
	for _, l := range soListLines(t, te, orderID, "", `{}`) {
		seen[l.LineNumber] = true
	}
	for k := int32(1); k <= n; k++ {
		if !seen[k] {
			t.Errorf("no line numbered %d among %v", k, seen)
		}
	}
	soMustTotals(t, te, orderID, "12", "12", "12")
}
