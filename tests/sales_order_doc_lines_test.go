package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Fee, tax, discount and refund lines of sales orders and the shipping-charge line: each
// write recomputes the order's stored totals.

func soFeeLinesPath(orderID string) string    { return soOrderPath(orderID) + "/fee-line-items" }
func soTaxLinesPath(orderID string) string    { return soOrderPath(orderID) + "/tax-line-items" }
func soRefundLinesPath(orderID string) string { return soOrderPath(orderID) + "/refund-line-items" }
func soDiscountPath(orderID string) string    { return soOrderPath(orderID) + "/discount-line-item" }
func soShippingPath(orderID string) string {
	return soOrderPath(orderID) + "/shipping-charge-line-item"
}

// solOrder creates a draft sales order of a new customer in currency and answers its id.
func solOrder(t *testing.T, te *tenantEnv, currency string) string {
	t.Helper()
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Orders " + t.Name() + " " + randomSuffix(), CurrencyCode: &currency})
	return soCreate(t, te, map[string]any{"customerId": customer})
}

// solPartLine stores a part line of the order straight in the database (line writes of other
// kinds recompute the totals over it), with an optional percentage line discount.
func solPartLine(t *testing.T, te *tenantEnv, orderID string, number int, quantity, price string, discountPercent *string) string {
	t.Helper()
	item := createItem(t, te, newItem(fmt.Sprintf("SOL-%s-%d", randomSuffix(), number)))
	id := ids.NewSub()
	var isPercentage *bool
	if discountPercent != nil {
		isPercentage = ptr(true)
	}
	solExec(t, `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity,
	               unit_of_measure_name, unit_price, discount_is_percentage, discount_value, is_taxable)
	           VALUES ($1, $2, $3, $4, $5, $6, $7, 'Each', $8, $9, $10, true)`,
		te.ID, orderID, id, ids.NewSub(), number, item, quantity, price, isPercentage, discountPercent)
	return id
}

func solExec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// soTotals reads the order's stored totals as text, by column.
func soTotals(t *testing.T, te *tenantEnv, orderID string) map[string]string {
	t.Helper()
	var r struct {
		LineSubTotal, FeeTotal, SubTotal, DiscountTotal, TaxableBase, TaxTotal, RefundTotal, Total string
	}
	err := srv.Pool.QueryRowxContext(context.Background(), `SELECT line_sub_total::text, fee_total::text, sub_total::text,
	        discount_total::text, taxable_base::text, tax_total::text, refund_total::text, total::text
	        FROM sales_orders WHERE tenant_id = $1 AND id = $2`, te.ID, orderID).
		Scan(&r.LineSubTotal, &r.FeeTotal, &r.SubTotal, &r.DiscountTotal, &r.TaxableBase, &r.TaxTotal, &r.RefundTotal, &r.Total)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"lineSubTotal": r.LineSubTotal, "feeTotal": r.FeeTotal, "subTotal": r.SubTotal,
		"discountTotal": r.DiscountTotal, "taxableBase": r.TaxableBase, "taxTotal": r.TaxTotal, "refundTotal": r.RefundTotal, "total": r.Total}
}

func soWantTotals(t *testing.T, te *tenantEnv, orderID string, want map[string]string) {
	t.Helper()
	got := soTotals(t, te, orderID)
	for k, v := range want {
		mustDec(t, k, num(got[k]), v)
	}
}

// soSend sends body (JSON, or a JSON Patch for PATCH) with token.
func soSend(t *testing.T, token, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	ct := ""
	switch {
	case body != "" && method == http.MethodPatch:
		ct = "application/json-patch+json"
	case body != "":
		ct = "application/json"
	}
	return rawRequest(t, method, path, token, ct, body)
}

// soOK sends as soSend and decodes a 200 answer into T.
func soOK[T any](t *testing.T, te *tenantEnv, method, path, body string) T {
	t.Helper()
	r, b := soSend(t, te.Token, method, path, body)
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s %s: %v: %s", method, path, err, b)
	}
	return out
}

// soMustProblem fails t unless the answer is a problem of status naming field: a 400 in its
// errors, a 404 in its detail.
func soMustProblem(t *testing.T, r rawResponse, b []byte, status int, field string) {
	t.Helper()
	p := mustProblem(t, r, b, status)
	if status == http.StatusBadRequest {
		mustNameField(t, p, field)
	} else if !strings.Contains(p.Detail, field) {
		t.Errorf("problem %q does not name %s", p.Detail, field)
	}
}

// solCreate posts body to path and answers the new record's id.
func solCreate(t *testing.T, te *tenantEnv, path, body string) string {
	t.Helper()
	return soOK[struct{ Id string }](t, te, http.MethodPost, path, body).Id
}

func TestSalesOrderFeeLineCreateReadUpdatePatchDeleteAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := solCreate(t, te, soFeeLinesPath(order), fmt.Sprintf(`{"name":"  Tooling ","amount":20.005,"isTaxable":true,"taxRateId":%q}`, state))
	// The typed client checks the answer against the spec.
	got, err := te.API.GetSalesOrderFeeLineItemWithResponse(context.Background(), order, fee, &client.GetSalesOrderFeeLineItemParams{})
	failOnTransportError(t, err)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	l := *got.JSON200
	if l.Name != "Tooling" || l.SalesOrderId != order || l.TaxRateId == nil || *l.TaxRateId != state || !l.IsTaxable {
		t.Fatalf("fee line %s", mustJSON(t, l))
	}
	mustDec(t, "amount", l.Amount, "20.005")
	mustDec(t, "subTotal", l.SubTotal, "20.01")
	mustDec(t, "taxRate", l.TaxRate, "6")
	// 20.005 → 20.01, its own tax 6 %: 1.2006 → 1.20.
	soWantTotals(t, te, order, map[string]string{"feeTotal": "20.01", "subTotal": "20.01", "taxableBase": "20.01", "taxTotal": "1.20", "total": "21.21"})

	l = soOK[client.SalesOrderFeeLineItem](t, te, http.MethodPut, soFeeLinesPath(order)+"/"+fee, `{"name":"Expedite","amount":100}`)
	if l.TaxRateId != nil || l.IsTaxable || l.Description != nil {
		t.Errorf("a full update clears the omitted members: %s", mustJSON(t, l))
	}
	soWantTotals(t, te, order, map[string]string{"feeTotal": "100", "taxTotal": "0", "total": "100"})

	l = soOK[client.SalesOrderFeeLineItem](t, te, http.MethodPatch, soFeeLinesPath(order)+"/"+fee,
		fmt.Sprintf(`[{"op":"replace","path":"/amount","value":250},{"op":"replace","path":"/taxRateId","value":%q},{"op":"replace","path":"/isTaxable","value":true}]`, state))
	if l.Name != "Expedite" {
		t.Errorf("a patch keeps what it does not name: %s", mustJSON(t, l))
	}
	mustDec(t, "patched amount", l.Amount, "250")
	soWantTotals(t, te, order, map[string]string{"feeTotal": "250", "taxTotal": "15", "total": "265"})
	// A patch is checked as a full update, and may not name the read-only members.
	for _, c := range []struct{ body, field string }{
		{`[{"op":"replace","path":"/amount","value":-1}]`, "amount"},
		{`[{"op":"replace","path":"/name","value":"  "}]`, "name"},
		{`[{"op":"replace","path":"/subTotal","value":1}]`, "[0].path"},
	} {
		r, b := soSend(t, te.Token, http.MethodPatch, soFeeLinesPath(order)+"/"+fee, c.body)
		mustProblemNaming(t, r, b, c.field)
	}
	r, b := soSend(t, te.Token, http.MethodPatch, soFeeLinesPath(order)+"/"+fee,
		fmt.Sprintf(`[{"op":"replace","path":"/taxRateId","value":%q}]`, ids.New()))
	soMustProblem(t, r, b, http.StatusNotFound, "taxRateId")

	second := solCreate(t, te, soFeeLinesPath(order), `{"name":"Setup","amount":1}`)
	list := soOK[[]client.SalesOrderFeeLineItem](t, te, http.MethodPost, soFeeLinesPath(order)+"/list", `{}`)
	if len(list) != 2 || list[0].Id != fee || list[1].Id != second {
		t.Fatalf("list: %s", mustJSON(t, list))
	}
	list = soOK[[]client.SalesOrderFeeLineItem](t, te, http.MethodPost, soFeeLinesPath(order)+"/list?Sort.Field=name", fmt.Sprintf(`{"ids":[%q,%q]}`, fee, second))
	if len(list) != 2 || list[0].Id != fee {
		t.Fatalf("list by name: %s", mustJSON(t, list))
	}
	r, b = soSend(t, te.Token, http.MethodDelete, soFeeLinesPath(order)+"/"+fee, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, soFeeLinesPath(order)+"/"+fee, "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	soWantTotals(t, te, order, map[string]string{"feeTotal": "1", "total": "1"})
}

func TestSalesOrderLineMembersAreCheckedNamingTheField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("3"), IsArchived: ptr(true)})
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":1}`)
	solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	for _, c := range []struct {
		method, path, body, field string
		status                    int
	}{
		{http.MethodPost, soFeeLinesPath(order), `{"name":"  ","amount":1}`, "name", 400},
		{http.MethodPost, soFeeLinesPath(order), `{"name":"N","amount":-0.01}`, "amount", 400},
		{http.MethodPost, soFeeLinesPath(order), `{"name":"N","amount":1,"description":"` + strings.Repeat("d", 2001) + `"}`, "description", 400},
		{http.MethodPost, soFeeLinesPath(order), fmt.Sprintf(`{"name":"N","amount":1,"taxRateId":%q}`, archived), "taxRateId", 400},
		{http.MethodPost, soFeeLinesPath(order), fmt.Sprintf(`{"name":"N","amount":1,"taxRateId":%q}`, ids.New()), "taxRateId", 404},
		{http.MethodPut, soFeeLinesPath(order) + "/" + fee, `{"name":"N","amount":-1}`, "amount", 400},
		{http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state), "taxRateId", 400},
		{http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, archived), "taxRateId", 400},
		{http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, ids.New()), "taxRateId", 404},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":true,"value":100.5}`, "value", 400},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":-1}`, "value", 400},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":1,"name":"` + strings.Repeat("n", 201) + `"}`, "name", 400},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		soMustProblem(t, r, b, c.status, c.field)
	}
}

// TestSalesOrderLineTotalsMatchHandComputedValues prices an order of two part lines (one
// with a 10 % line discount), a taxable fee, a taxable shipping charge, a 5 % discount, two
// tax lines and a refund, against sums worked out by hand.
func TestSalesOrderLineTotalsMatchHandComputedValues(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	// Part lines: 3 × 19.99 = 59.97; 2 × 12.50 = 25.00 less 10 % = 22.50. Line subtotal 82.47.
	solPartLine(t, te, order, 1, "3", "19.99", nil)
	solPartLine(t, te, order, 2, "2", "12.50", ptr("10"))
	solExec(t, `UPDATE sales_orders SET shipping_charge = 7.5, shipping_charge_is_taxable = true WHERE tenant_id = $1 AND id = $2`, te.ID, order)
	solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":10,"isTaxable":true}`)
	// Fees: 10 + shipping 7.50 = 17.50. Subtotal 99.97.
	soWantTotals(t, te, order, map[string]string{"lineSubTotal": "82.47", "feeTotal": "17.50", "subTotal": "99.97", "total": "99.97"})
	d := soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"name":"Loyalty","isPercentage":true,"value":5}`)
	// 5 % of 99.97 = 4.9985 → 5.00; taxable base 94.97.
	mustDec(t, "discount amount", d.Amount, "5.00")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1.5")})
	solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	countyLine := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, county))
	// 6 % of 94.97 = 5.6982 → 5.70; 1.5 % = 1.42455 → 1.42. Tax 7.12; total 102.09.
	soWantTotals(t, te, order, map[string]string{"discountTotal": "5.00", "taxableBase": "94.97", "taxTotal": "7.12", "total": "102.09"})
	tax := soOK[client.SalesOrderTaxLineItem](t, te, http.MethodGet, soTaxLinesPath(order)+"/"+countyLine, "")
	mustDec(t, "county tax", tax.Amount, "1.42")
	mustDec(t, "county base", tax.TaxableBase, "94.97")
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":12.345}`, reason))
	// The refund counts rounded: 12.35 (half away from zero). Total 102.09 − 12.35 = 89.74.
	soWantTotals(t, te, order, map[string]string{"refundTotal": "12.35", "taxTotal": "7.12", "total": "89.74"})
	r, b := soSend(t, te.Token, http.MethodDelete, soRefundLinesPath(order)+"/"+refund, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	soWantTotals(t, te, order, map[string]string{"refundTotal": "0", "total": "102.09"})
	ship := soOK[client.SalesOrderShippingChargeLineItem](t, te, http.MethodGet, soShippingPath(order), "")
	if ship.SalesOrderId != order || !ship.IsTaxable || ship.ShippingMethod != nil || ship.ShippingMethodId != nil {
		t.Errorf("shipping charge line %s", mustJSON(t, ship))
	}
	mustDec(t, "shipping charge", ship.Amount, "7.5")
	mustDec(t, "shipping subtotal", ship.SubTotal, "7.50")
}

func TestSalesOrderDiscountLineIsSetReplacedAndDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "JPY")
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":1000}`)
	r, b := soSend(t, te.Token, http.MethodGet, soDiscountPath(order), "")
	mustProblem(t, r, b, http.StatusNotFound)
	d := soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":true,"value":12.5}`)
	mustDec(t, "12.5 % of 1000 yen", d.Amount, "125")
	again := soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"name":" Loyalty ","isPercentage":false,"value":600}`)
	if again.Id != d.Id || again.Name == nil || *again.Name != "Loyalty" || again.SalesOrderId != order {
		t.Fatalf("replaced %s, first %s", mustJSON(t, again), d.Id)
	}
	// An amount above the subtotal takes it all.
	soOK[client.SalesOrderFeeLineItem](t, te, http.MethodPut, soFeeLinesPath(order)+"/"+fee, `{"name":"Tooling","amount":400}`)
	soWantTotals(t, te, order, map[string]string{"subTotal": "400", "discountTotal": "400", "total": "0"})
	r, b = soSend(t, te.Token, http.MethodDelete, soDiscountPath(order), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, soDiscountPath(order), "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	soWantTotals(t, te, order, map[string]string{"discountTotal": "0", "total": "400"})
}

func TestSalesOrderRefundLinesNameTheirReasonAndStayWithinTheTotal(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order, other := solOrder(t, te, "USD"), solOrder(t, te, "USD")
	part := solPartLine(t, te, order, 1, "2", "50", nil)
	otherPart := solPartLine(t, te, other, 1, "1", "1", nil)
	solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":0}`) // totals now 100
	damaged := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	late := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Late"})
	old := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Old", IsArchived: ptr(true)})
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"partLineItemId":%q,"amount":60,"description":" Scratched "}`, damaged, part))
	list := soOK[[]client.SalesOrderRefundLineItem](t, te, http.MethodPost, soRefundLinesPath(order)+"/list", `{}`)
	if len(list) != 1 || list[0].Id != refund || list[0].RefundReasonCode.Name != "Damaged" || list[0].RefundReasonCode.Id != damaged ||
		list[0].PartLineItemId == nil || *list[0].PartLineItemId != part || list[0].Description == nil || *list[0].Description != "Scratched" {
		t.Fatalf("refund lines %s", mustJSON(t, list))
	}
	mustDec(t, "refund subTotal", list[0].SubTotal, "60.00")
	for _, c := range []struct {
		body, field string
		status      int
	}{
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":0}`, damaged), "amount", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":-5}`, damaged), "amount", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, old), "refundReasonCodeId", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, ids.New()), "refundReasonCodeId", 404},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, damaged, otherPart), "partLineItemId", 404},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, damaged, ids.NewSub()), "partLineItemId", 404},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"description":"%s"}`, damaged, strings.Repeat("d", 2001)), "description", 400},
		// 60 refunded of 100: 40.01 more would exceed the total.
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":40.01}`, damaged), "amount", 400},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, soRefundLinesPath(order), c.body)
		soMustProblem(t, r, b, c.status, c.field)
	}
	// Exactly the rest is accepted: the total comes to 0.
	rest := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":40}`, late))
	soWantTotals(t, te, order, map[string]string{"refundTotal": "100", "total": "0"})
	// An update is checked the same way, counting the line as replaced.
	r, b := soSend(t, te.Token, http.MethodPut, soRefundLinesPath(order)+"/"+rest, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":40.5}`, late))
	mustProblemNaming(t, r, b, "amount")
	l := soOK[client.SalesOrderRefundLineItem](t, te, http.MethodPut, soRefundLinesPath(order)+"/"+refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":30}`, late))
	if l.PartLineItemId != nil || l.Description != nil || l.RefundReasonCode.Name != "Late" {
		t.Errorf("a full update clears the omitted members: %s", mustJSON(t, l))
	}
	soWantTotals(t, te, order, map[string]string{"refundTotal": "70", "total": "30"})
	// A refund of another order's path is not found; deleting it answers 204.
	r, b = soSend(t, te.Token, http.MethodPut, soRefundLinesPath(other)+"/"+refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, late))
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = soSend(t, te.Token, http.MethodDelete, soRefundLinesPath(other)+"/"+refund, "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	// Lowering the total under the refunds through another line is accepted; the total goes
	// negative, and a refund write that lowers the refunds is still taken.
	solExec(t, `DELETE FROM sales_order_part_lines WHERE tenant_id = $1 AND id <> $2 AND sales_order_id = $3`, te.ID, part, order)
	solExec(t, `UPDATE sales_order_part_lines SET unit_price = 10 WHERE tenant_id = $1 AND id = $2`, te.ID, part)
	solCreate(t, te, soFeeLinesPath(order), `{"name":"Nothing","amount":0}`) // recompute: 20 − 70
	soWantTotals(t, te, order, map[string]string{"total": "-50"})
	soOK[client.SalesOrderRefundLineItem](t, te, http.MethodPut, soRefundLinesPath(order)+"/"+refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":10}`, late))
	soWantTotals(t, te, order, map[string]string{"refundTotal": "50", "total": "-30"})
}

func TestSalesOrderLinesOfAnotherOrderOrTenantAreNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	order, second := solOrder(t, te, "USD"), solOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":5}`)
	tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":1}`)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, soFeeLinesPath(second) + "/" + fee, ""},
		{http.MethodPut, soFeeLinesPath(second) + "/" + fee, `{"name":"X","amount":1}`},
		{http.MethodPatch, soFeeLinesPath(second) + "/" + fee, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodGet, soTaxLinesPath(second) + "/" + tax, ""},
		{http.MethodPut, soTaxLinesPath(second) + "/" + tax, fmt.Sprintf(`{"taxRateId":%q}`, state)},
		{http.MethodPut, soRefundLinesPath(second) + "/" + refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)},
		{http.MethodGet, soDiscountPath(second), ""},
		{http.MethodGet, soOrderPath(second) + "/line-items/" + fee, ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	otherRate := createTaxRate(t, other, client.TaxRateWrite{Name: "State", Rate: num("6")})
	otherReason := createRefundReason(t, other, client.RefundReasonCodeWrite{Name: "Damaged"})
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodPut, soFeeLinesPath(order) + "/" + fee, `{"name":"X","amount":1}`},
		{http.MethodPatch, soFeeLinesPath(order) + "/" + fee, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodDelete, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodPost, soFeeLinesPath(order), `{"name":"X","amount":1}`},
		{http.MethodPost, soFeeLinesPath(order) + "/list", `{}`},
		{http.MethodGet, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, otherRate)},
		{http.MethodPost, soTaxLinesPath(order) + "/list", `{}`},
		{http.MethodDelete, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodGet, soDiscountPath(order), ""},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, soDiscountPath(order), ""},
		{http.MethodPost, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, otherReason)},
		{http.MethodPost, soRefundLinesPath(order) + "/list", `{}`},
		{http.MethodPut, soRefundLinesPath(order) + "/" + refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, otherReason)},
		{http.MethodDelete, soRefundLinesPath(order) + "/" + refund, ""},
		{http.MethodGet, soShippingPath(order), ""},
		{http.MethodPost, soOrderPath(order) + "/line-items/list", `{}`},
		{http.MethodGet, soOrderPath(order) + "/line-items/" + fee, ""},
	} {
		r, b := soSend(t, other.Token, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	// A tax rate or refund reason code of another tenant is unknown here.
	r, b := soSend(t, te.Token, http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, otherRate))
	soMustProblem(t, r, b, http.StatusNotFound, "taxRateId")
	r, b = soSend(t, te.Token, http.MethodPost, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, otherReason))
	soMustProblem(t, r, b, http.StatusNotFound, "refundReasonCodeId")
	if l := soOK[client.SalesOrderFeeLineItem](t, te, http.MethodGet, soFeeLinesPath(order)+"/"+fee, ""); l.Name != "Tooling" {
		t.Fatalf("fee line changed: %s", mustJSON(t, l))
	}
}

// TestSalesOrderLineWritesOnADeletedOrderAreNotFound: a deleted order takes no line write,
// while its lines stay readable.
func TestSalesOrderLineWritesOnADeletedOrderAreNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":5}`)
	tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":1}`)
	solExec(t, `UPDATE sales_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, order)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, soFeeLinesPath(order), `{"name":"X","amount":1}`},
		{http.MethodPut, soFeeLinesPath(order) + "/" + fee, `{"name":"X","amount":1}`},
		{http.MethodPatch, soFeeLinesPath(order) + "/" + fee, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodDelete, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodPut, soTaxLinesPath(order) + "/" + tax, fmt.Sprintf(`{"taxRateId":%q}`, state)},
		{http.MethodDelete, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, soDiscountPath(order), ""},
		{http.MethodPost, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)},
		{http.MethodPut, soRefundLinesPath(order) + "/" + refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)},
		{http.MethodDelete, soRefundLinesPath(order) + "/" + refund, ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodGet, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodGet, soDiscountPath(order), ""},
		{http.MethodGet, soShippingPath(order), ""},
		{http.MethodPost, soRefundLinesPath(order) + "/list", `{}`},
		{http.MethodPost, soOrderPath(order) + "/line-items/list", `{}`},
		{http.MethodGet, soOrderPath(order) + "/line-items/" + refund, ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
	r, b := soSend(t, te.Token, http.MethodGet, soShippingPath(ids.New()), "")
	mustProblem(t, r, b, http.StatusNotFound)
}

func TestSalesOrderLinePermissionsAreViewAndEditSalesOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":5}`)
	tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":1}`)
	viewer, editor, none := te.userToken(t, "View Sales Order"), te.userToken(t, "Edit Sales Order"), te.userToken(t, "View Quote", "Edit Quote")
	reads := []struct{ method, path, body string }{
		{http.MethodGet, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodPost, soFeeLinesPath(order) + "/list", "{}"},
		{http.MethodGet, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodPost, soTaxLinesPath(order) + "/list", "{}"},
		{http.MethodGet, soDiscountPath(order), ""},
		{http.MethodPost, soRefundLinesPath(order) + "/list", "{}"},
		{http.MethodGet, soShippingPath(order), ""},
		{http.MethodPost, soOrderPath(order) + "/line-items/list", "{}"},
		{http.MethodGet, soOrderPath(order) + "/line-items/" + fee, ""},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, soFeeLinesPath(order), `{"name":"X","amount":1}`},
		{http.MethodPut, soFeeLinesPath(order) + "/" + fee, `{"name":"X","amount":100}`},
		{http.MethodPatch, soFeeLinesPath(order) + "/" + fee, `[{"op":"replace","path":"/amount","value":200}]`},
		{http.MethodPost, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, county)},
		{http.MethodPut, soTaxLinesPath(order) + "/" + tax, fmt.Sprintf(`{"taxRateId":%q}`, state)},
		{http.MethodPut, soDiscountPath(order), `{"isPercentage":false,"value":2}`},
		{http.MethodPost, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)},
		{http.MethodPut, soRefundLinesPath(order) + "/" + refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":2}`, reason)},
		{http.MethodDelete, soFeeLinesPath(order) + "/" + fee, ""},
		{http.MethodDelete, soTaxLinesPath(order) + "/" + tax, ""},
		{http.MethodDelete, soDiscountPath(order), ""},
		{http.MethodDelete, soRefundLinesPath(order) + "/" + refund, ""},
	}
	for _, c := range reads {
		r, b := soSend(t, viewer, c.method, c.path, c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		r, b = soSend(t, none, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusForbidden)
	}
	for _, c := range writes {
		r, b := soSend(t, viewer, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusForbidden)
		r, b = soSend(t, editor, c.method, c.path, c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
}

// TestSalesOrderLineETagsFollowWhatTheyShow: If-Match guards the line writes, and the tax and
// discount lines' ETags move when another line changes the order's amounts they show.
func TestSalesOrderLineETagsFollowWhatTheyShow(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":100,"isTaxable":true}`)
	tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":true,"value":10}`)
	feeTag, _ := etagOf(t, te, soFeeLinesPath(order)+"/"+fee)
	taxTag, _ := etagOf(t, te, soTaxLinesPath(order)+"/"+tax)
	discountTag, _ := etagOf(t, te, soDiscountPath(order))
	r, b := conditionally(t, te, http.MethodGet, soFeeLinesPath(order)+"/"+fee, "", ifNoneMatch(feeTag))
	mustStatus(t, r.StatusCode, http.StatusNotModified, b)
	r, b = conditionally(t, te, http.MethodPatch, soFeeLinesPath(order)+"/"+fee, `[{"op":"replace","path":"/amount","value":150}]`, ifMatch(feeTag))
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	if r.Header.Get("ETag") == "" || r.Header.Get("ETag") == feeTag {
		t.Errorf("patch answered ETag %q (was %q)", r.Header.Get("ETag"), feeTag)
	}
	r, b = conditionally(t, te, http.MethodPut, soFeeLinesPath(order)+"/"+fee, `{"name":"Tooling","amount":1}`, ifMatch(feeTag))
	mustProblem(t, r, b, http.StatusPreconditionFailed)
	for path, old := range map[string]string{soTaxLinesPath(order) + "/" + tax: taxTag, soDiscountPath(order): discountTag} {
		r, b := conditionally(t, te, http.MethodGet, path, "", ifNoneMatch(old))
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		if r.Header.Get("ETag") == old {
			t.Errorf("%s: ETag %s stayed while the order's amounts it shows changed", path, old)
		}
	}
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	r, b = conditionally(t, te, http.MethodPut, soRefundLinesPath(order)+"/"+refund, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":2}`, reason), nil)
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	refundTag := r.Header.Get("ETag")
	advanceVersion(t, te, "sales_order_refund_lines", refund)
	r, b = conditionally(t, te, http.MethodDelete, soRefundLinesPath(order)+"/"+refund, "", ifMatch(refundTag))
	mustProblem(t, r, b, http.StatusPreconditionFailed)
}

// soShippingMethod sets the order's shipping method straight in the database (the header's
// write is another operation's).
func soShippingMethod(t *testing.T, te *tenantEnv, orderID, methodID string) {
	t.Helper()
	solExec(t, `UPDATE sales_orders SET shipping_method_id = $3 WHERE tenant_id = $1 AND id = $2`, te.ID, orderID, methodID)
}

func TestSalesOrderShippingChargeLineNamesItsMethod(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "JPY")
	ship := soOK[client.SalesOrderShippingChargeLineItem](t, te, http.MethodGet, soShippingPath(order), "")
	if ship.ShippingMethod != nil || ship.IsTaxable {
		t.Errorf("no shipping charge: %s", mustJSON(t, ship))
	}
	mustDec(t, "no charge", ship.Amount, "0")
	method := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Ground"})
	soShippingMethod(t, te, order, method)
	solExec(t, `UPDATE sales_orders SET shipping_charge = 1234.5 WHERE tenant_id = $1 AND id = $2`, te.ID, order)
	ship = soOK[client.SalesOrderShippingChargeLineItem](t, te, http.MethodGet, soShippingPath(order), "")
	if ship.ShippingMethod == nil || ship.ShippingMethod.Name != "Ground" || ship.ShippingMethod.Id != method {
		t.Fatalf("shipping charge line %s", mustJSON(t, ship))
	}
	mustDec(t, "yen rounded", ship.SubTotal, "1235")
}

// arrangeSalesOrderDocumentLines: orders, each with fee, tax and refund lines and a discount
// line (statement counts).
func arrangeSalesOrderDocumentLines(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ orders, fees, taxes []string }
	build := func(te *tenantEnv, size worldSize) built {
		rates := make([]string, manySubs)
		for k := range rates {
			rates[k] = createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Tax %02d", k), Rate: num("5")})
		}
		reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Statements"})
		method := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Statements"})
		var b built
		b.orders = arrangeEach(size, func(i, subs int) string {
			order := solOrder(t, te, "USD")
			soShippingMethod(t, te, order, method)
			solPartLine(t, te, order, 1, "1", "100", nil)
			for k := range subs {
				fee := solCreate(t, te, soFeeLinesPath(order), fmt.Sprintf(`{"name":"Fee %d","amount":10,"isTaxable":true,"taxRateId":%q}`, k, rates[k]))
				tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rates[k]))
				solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
				if i == 0 {
					b.fees, b.taxes = append(b.fees, fee), append(b.taxes, tax)
				}
			}
			soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":true,"value":5}`)
			return order
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	so, lo := s.orders[0], l.orders[0]
	return []readCase{
		listRead("listSalesOrderFeeLineItems", soFeeLinesPath(so)+"/list", soFeeLinesPath(lo)+"/list", `{}`),
		getRead("getSalesOrderFeeLineItem", soFeeLinesPath(so)+"/"+s.fees[0], soFeeLinesPath(lo)+"/"+l.fees[0]),
		listRead("listSalesOrderTaxLineItems", soTaxLinesPath(so)+"/list", soTaxLinesPath(lo)+"/list", `{}`),
		getRead("getSalesOrderTaxLineItem", soTaxLinesPath(so)+"/"+s.taxes[0], soTaxLinesPath(lo)+"/"+l.taxes[0]),
		getRead("getSalesOrderDiscountLineItem", soDiscountPath(so), soDiscountPath(lo)),
		listRead("listSalesOrderRefundLineItems", soRefundLinesPath(so)+"/list", soRefundLinesPath(lo)+"/list", `{}`),
		getRead("getSalesOrderShippingChargeLineItem", soShippingPath(so), soShippingPath(lo)),
		listRead("listSalesOrderLineItems", soOrderPath(so)+"/line-items/list", soOrderPath(lo)+"/line-items/list", `{}`),
		getRead("getSalesOrderLineItem", soOrderPath(so)+"/line-items/"+s.taxes[0], soOrderPath(lo)+"/line-items/"+l.taxes[0]),
	}
}
