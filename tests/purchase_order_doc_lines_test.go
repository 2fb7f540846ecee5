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

// Fee, tax, discount and vendor-credit lines of purchase orders, the lines view over every
// line kind and the taxes a line bears: each write recomputes the order's stored totals.

func pdFeePath(orderID string) string      { return poOrderPath(orderID) + "/fee-line-items" }
func pdTaxPath(orderID string) string      { return poOrderPath(orderID) + "/tax-line-items" }
func pdDiscountPath(orderID string) string { return poOrderPath(orderID) + "/discount-line-item" }
func pdCreditPath(orderID string) string   { return poOrderPath(orderID) + "/vendor-credit-line-items" }
func pdLinesPath(orderID string) string    { return poOrderPath(orderID) + "/line-items" }

// pdOrder creates a draft purchase order of a new vendor in currency and answers its id.
func pdOrder(t *testing.T, te *tenantEnv, currency string) string {
	t.Helper()
	return poCreate(t, te, map[string]any{"vendorId": createVendor(t, te, "Supplier "+t.Name()+" "+randomSuffix()), "currencyCode": currency})
}

// pdOrderIn creates an order in currency and brings it to status.
func pdOrderIn(t *testing.T, te *tenantEnv, currency string, status client.PurchaseOrderStatus) string {
	t.Helper()
	id := pdOrder(t, te, currency)
	poMoveTo(t, te, id, status)
	return id
}

// pdPartLine adds a taxable part line (no tax rate of its own) of quantity × price to the
// order, a fresh item each, and checks it took line number number.
func pdPartLine(t *testing.T, te *tenantEnv, orderID string, number int, quantity, price string) string {
	t.Helper()
	item := createItem(t, te, newItem(fmt.Sprintf("POL-%s-%d", randomSuffix(), number)))
	id := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": json.Number(quantity),
		"unitPrice": json.Number(price), "isTaxable": true, "description": "Brackets"})
	if got := plGetPart(t, te, orderID, id); int(got.LineNumber) != number {
		t.Fatalf("part line number %d, want %d", got.LineNumber, number)
	}
	return id
}

// pdOutsideLine adds an outside-processing line (an anodizing service at 10 % off) and checks
// it took line number number.
func pdOutsideLine(t *testing.T, te *tenantEnv, orderID string, number int, quantity, price string) string {
	t.Helper()
	id := plAddOP(t, te, orderID, map[string]any{"description": "Anodize", "quantity": json.Number(quantity),
		"unitOfMeasureName": "Each", "unitPrice": json.Number(price), "discount": map[string]any{"isPercentage": true, "value": 10}})
	if got := plGetOP(t, te, orderID, id); int(got.LineNumber) != number {
		t.Fatalf("outside-processing line number %d, want %d", got.LineNumber, number)
	}
	return id
}

// pdWantTotals fails t unless the order's totals (as its GET answers them) are want, by
// member.
func pdWantTotals(t *testing.T, te *tenantEnv, orderID string, want map[string]string) {
	t.Helper()
	o := poGet(t, te, orderID)
	got := map[string]client.Decimal{
		"lineSubTotal": o.LineSubTotal, "feeTotal": o.FeeTotal, "subTotal": o.SubTotal, "discountTotal": o.DiscountTotal,
		"taxTotal": o.TaxTotal, "vendorCreditTotal": o.VendorCreditTotal, "total": o.Total,
	}
	for k, v := range want {
		g, ok := got[k]
		if !ok {
			t.Fatalf("no total %s", k)
		}
		mustDec(t, k, g, v)
	}
}

func TestPurchaseOrderFeeLineCreateReadUpdatePatchDeleteAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := solCreate(t, te, pdFeePath(order), fmt.Sprintf(`{"name":"  Freight ","amount":20.005,"isTaxable":true,"taxRateId":%q,"description":"Truck"}`, state))
	// The typed client checks the answer against the spec.
	got, err := te.API.GetPurchaseOrderFeeLineItemWithResponse(context.Background(), order, fee, &client.GetPurchaseOrderFeeLineItemParams{})
	failOnTransportError(t, err)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	l := *got.JSON200
	if l.Name != "Freight" || l.PurchaseOrderId != order || l.TaxRateId == nil || *l.TaxRateId != state || !l.IsTaxable ||
		l.Description == nil || *l.Description != "Truck" {
		t.Fatalf("fee line %s", mustJSON(t, l))
	}
	mustDec(t, "amount", l.Amount, "20.005")
	mustDec(t, "subTotal", l.SubTotal, "20.01")
	mustDec(t, "taxRate", l.TaxRate, "6")
	// 20.005 → 20.01, its own tax 6 %: 1.2006 → 1.20.
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "20.01", "subTotal": "20.01", "taxTotal": "1.20", "total": "21.21"})

	l = soOK[client.PurchaseOrderFeeLineItem](t, te, http.MethodPut, pdFeePath(order)+"/"+fee, `{"name":"Setup","amount":100}`)
	if l.TaxRateId != nil || l.IsTaxable || l.Description != nil || l.Name != "Setup" {
		t.Errorf("a full update clears the omitted members: %s", mustJSON(t, l))
	}
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "100", "taxTotal": "0", "total": "100"})

	l = soOK[client.PurchaseOrderFeeLineItem](t, te, http.MethodPatch, pdFeePath(order)+"/"+fee, `[{"op":"replace","path":"/amount","value":150}]`)
	if l.Name != "Setup" {
		t.Errorf("patch kept the name: %s", mustJSON(t, l))
	}
	mustDec(t, "patched amount", l.Amount, "150")
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "150", "subTotal": "150", "total": "150"})
	for _, path := range []string{"/subTotal", "/id", "/purchaseOrderId", "/taxRate"} {
		r, b := soSend(t, te.Token, http.MethodPatch, pdFeePath(order)+"/"+fee, fmt.Sprintf(`[{"op":"replace","path":%q,"value":1}]`, path))
		mustProblem(t, r, b, http.StatusBadRequest)
	}

	second := solCreate(t, te, pdFeePath(order), `{"name":"Crating","amount":5}`)
	list := soOK[[]client.PurchaseOrderFeeLineItem](t, te, http.MethodPost, pdFeePath(order)+"/list", `{}`)
	if len(list) != 2 || list[0].Id != fee || list[1].Id != second {
		t.Errorf("oldest first: %s", mustJSON(t, list))
	}
	list = soOK[[]client.PurchaseOrderFeeLineItem](t, te, http.MethodPost, pdFeePath(order)+"/list?Sort.Field=amount", `{}`)
	if len(list) != 2 || list[0].Id != second {
		t.Errorf("by amount: %s", mustJSON(t, list))
	}
	list = soOK[[]client.PurchaseOrderFeeLineItem](t, te, http.MethodPost, pdFeePath(order)+"/list", fmt.Sprintf(`{"ids":[%q]}`, second))
	if len(list) != 1 || list[0].Id != second {
		t.Errorf("ids filter: %s", mustJSON(t, list))
	}

	r, b := soSend(t, te.Token, http.MethodDelete, pdFeePath(order)+"/"+fee, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, pdFeePath(order)+"/"+fee, "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "5", "total": "5"})
	r, b = soSend(t, te.Token, http.MethodGet, pdFeePath(order)+"/"+fee, "")
	mustProblem(t, r, b, http.StatusNotFound)
}

func TestPurchaseOrderFeeLineRulesNameTheirFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("3"), IsArchived: ptr(true)})
	for _, c := range []struct{ body, field string }{
		{`{"name":"   ","amount":1}`, "name"},
		{fmt.Sprintf(`{"name":%q,"amount":1}`, strings.Repeat("n", 201)), "name"},
		{`{"name":"Fee","amount":-1}`, "amount"},
		{fmt.Sprintf(`{"name":"Fee","amount":1,"description":%q}`, strings.Repeat("d", 2001)), "description"},
		{fmt.Sprintf(`{"name":"Fee","amount":1,"taxRateId":%q}`, archived), "taxRateId"},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, pdFeePath(order), c.body)
		mustProblemNaming(t, r, b, c.field)
	}
	r, b := soSend(t, te.Token, http.MethodPost, pdFeePath(order), fmt.Sprintf(`{"name":"Fee","amount":1,"taxRateId":%q}`, ids.New()))
	soMustProblem(t, r, b, http.StatusNotFound, "taxRateId")
	r, b = soSend(t, te.Token, http.MethodPost, pdFeePath(poUnknownID), `{"name":"Fee","amount":1}`)
	mustProblem(t, r, b, http.StatusNotFound)
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "0", "total": "0"})
}

// TestPurchaseOrderTotalsAfterEachLineKind: each fee, tax and discount write stores the
// order's subtotal, discount, tax and total.
func TestPurchaseOrderTotalsAfterEachLineKind(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	// A taxable part line of 2 × 50 (no rate of its own).
	pdPartLine(t, te, order, 1, "2", "50")
	pdWantTotals(t, te, order, map[string]string{"lineSubTotal": "100", "subTotal": "100", "taxTotal": "0", "total": "100"})

	// A fee, not taxable.
	solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":20}`)
	pdWantTotals(t, te, order, map[string]string{"lineSubTotal": "100", "feeTotal": "20", "subTotal": "120", "discountTotal": "0", "taxTotal": "0", "total": "120"})

	// A tax line of 5 % on the taxable base (the part line): 5.00.
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	tax := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	pdWantTotals(t, te, order, map[string]string{"subTotal": "120", "taxTotal": "5.00", "total": "125.00"})
	tl := soOK[client.PurchaseOrderTaxLineItem](t, te, http.MethodGet, pdTaxPath(order)+"/"+tax, "")
	if tl.Name != "State" || tl.TaxRateId != state || tl.PurchaseOrderId != order {
		t.Errorf("tax line %s", mustJSON(t, tl))
	}
	mustDec(t, "taxable base", tl.TaxableBase, "100")
	mustDec(t, "tax line amount", tl.Amount, "5.00")

	// A 10 % discount: 12.00 off the subtotal; the taxable base shrinks by its share (10.00):
	// tax 4.50.
	d := soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"name":" Early ","isPercentage":true,"value":10}`)
	if d.Name == nil || *d.Name != "Early" || d.PurchaseOrderId != order {
		t.Errorf("discount %s", mustJSON(t, d))
	}
	mustDec(t, "discount amount", d.Amount, "12.00")
	pdWantTotals(t, te, order, map[string]string{"subTotal": "120", "discountTotal": "12.00", "taxTotal": "4.50", "total": "112.50"})
	// Setting it again keeps its id.
	again := soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":1000}`)
	if again.Id != d.Id {
		t.Errorf("the discount line kept id %s: %s", d.Id, again.Id)
	}
	pdWantTotals(t, te, order, map[string]string{"discountTotal": "120", "taxTotal": "0", "total": "0"})
	r, b := soSend(t, te.Token, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":101}`)
	mustProblemNaming(t, r, b, "value")

	// The tax line moves to another rate; a rate the order carries twice is refused.
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	r, b = soSend(t, te.Token, http.MethodDelete, pdDiscountPath(order), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, pdDiscountPath(order), "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	r, b = soSend(t, te.Token, http.MethodGet, pdDiscountPath(order), "")
	mustProblem(t, r, b, http.StatusNotFound)
	tl = soOK[client.PurchaseOrderTaxLineItem](t, te, http.MethodPut, pdTaxPath(order)+"/"+tax, fmt.Sprintf(`{"taxRateId":%q}`, county))
	if tl.Name != "County" {
		t.Errorf("tax line after update %s", mustJSON(t, tl))
	}
	pdWantTotals(t, te, order, map[string]string{"discountTotal": "0", "taxTotal": "1.00", "total": "121.00"})
	r, b = soSend(t, te.Token, http.MethodPost, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, county))
	mustProblemNaming(t, r, b, "taxRateId")
	r, b = soSend(t, te.Token, http.MethodPost, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, ids.New()))
	soMustProblem(t, r, b, http.StatusNotFound, "taxRateId")
	taxes := soOK[[]client.PurchaseOrderTaxLineItem](t, te, http.MethodPost, pdTaxPath(order)+"/list", `{}`)
	if len(taxes) != 1 || taxes[0].Id != tax {
		t.Errorf("tax lines %s", mustJSON(t, taxes))
	}
	r, b = soSend(t, te.Token, http.MethodDelete, pdTaxPath(order)+"/"+tax, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, pdTaxPath(order)+"/"+tax, "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	pdWantTotals(t, te, order, map[string]string{"taxTotal": "0", "total": "120"})
}

// TestPurchaseOrderLinesAreWrittenOnlyWhileDraftOrOrdered: a paid, closed or cancelled
// order's fee, tax and discount lines stand as they are (400 naming status).
func TestPurchaseOrderLinesAreWrittenOnlyWhileDraftOrOrdered(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	for _, status := range []client.PurchaseOrderStatus{client.PurchaseOrderStatusPaid, client.PurchaseOrderStatusClosed, client.PurchaseOrderStatusCancelled} {
		t.Run(string(status), func(t *testing.T) {
			order := pdOrder(t, te, "USD")
			fee := solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":10}`)
			tax := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
			soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":5}`)
			before := poGet(t, te, order)
			poMoveTo(t, te, order, status)
			for _, c := range []struct{ method, path, body string }{
				{http.MethodPost, pdFeePath(order), `{"name":"X","amount":1}`},
				{http.MethodPut, pdFeePath(order) + "/" + fee, `{"name":"X","amount":1}`},
				{http.MethodPatch, pdFeePath(order) + "/" + fee, `[{"op":"replace","path":"/amount","value":2}]`},
				{http.MethodDelete, pdFeePath(order) + "/" + fee, ""},
				{http.MethodPost, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, county)},
				{http.MethodPut, pdTaxPath(order) + "/" + tax, fmt.Sprintf(`{"taxRateId":%q}`, county)},
				{http.MethodDelete, pdTaxPath(order) + "/" + tax, ""},
				{http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":2}`},
				{http.MethodDelete, pdDiscountPath(order), ""},
			} {
				r, b := soSend(t, te.Token, c.method, c.path, c.body)
				mustProblemNaming(t, r, b, "status")
			}
			after := poGet(t, te, order)
			mustDec(t, "total unchanged", after.Total, before.Total.String())
		})
	}
	// An ordered order's lines are still written.
	order := pdOrderIn(t, te, "USD", client.PurchaseOrderStatusOrdered)
	solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":10}`)
	solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":2}`)
	pdWantTotals(t, te, order, map[string]string{"subTotal": "10", "discountTotal": "2", "total": "8"})
}

func TestPurchaseOrderVendorCreditLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	part := pdPartLine(t, te, order, 1, "4", "25")
	solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":10}`)
	// Credits come after ordering: a draft order takes none.
	r, b := soSend(t, te.Token, http.MethodPost, pdCreditPath(order), `{"amount":5}`)
	mustProblemNaming(t, r, b, "status")
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)

	credit := solCreate(t, te, pdCreditPath(order), fmt.Sprintf(`{"amount":5.005,"description":" Two returned ","partLineId":%q}`, part))
	got, err := te.API.GetPurchaseOrderVendorCreditLineItemWithResponse(context.Background(), order, credit, &client.GetPurchaseOrderVendorCreditLineItemParams{})
	failOnTransportError(t, err)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	c := *got.JSON200
	if c.PurchaseOrderId != order || c.PartLineId == nil || *c.PartLineId != part || c.Description == nil || *c.Description != "Two returned" {
		t.Fatalf("vendor credit %s", mustJSON(t, c))
	}
	mustDec(t, "amount", c.Amount, "5.005")
	mustDec(t, "subTotal", c.SubTotal, "5.01")
	// 100 + 10, less the credit 5.01 after tax.
	pdWantTotals(t, te, order, map[string]string{"subTotal": "110", "vendorCreditTotal": "5.01", "total": "104.99"})

	// Full update clears the omitted members; a patch keeps the others.
	c = soOK[client.PurchaseOrderVendorCreditLineItem](t, te, http.MethodPut, pdCreditPath(order)+"/"+credit, `{"amount":7}`)
	if c.PartLineId != nil || c.Description != nil {
		t.Errorf("a full update clears the omitted members: %s", mustJSON(t, c))
	}
	c = soOK[client.PurchaseOrderVendorCreditLineItem](t, te, http.MethodPatch, pdCreditPath(order)+"/"+credit,
		fmt.Sprintf(`[{"op":"add","path":"/partLineId","value":%q},{"op":"replace","path":"/description","value":"Price fix"}]`, part))
	if c.PartLineId == nil || *c.PartLineId != part || c.Description == nil || *c.Description != "Price fix" {
		t.Errorf("patched credit %s", mustJSON(t, c))
	}
	mustDec(t, "patched amount kept", c.Amount, "7")
	r, b = soSend(t, te.Token, http.MethodPatch, pdCreditPath(order)+"/"+credit, `[{"op":"replace","path":"/subTotal","value":1}]`)
	mustProblem(t, r, b, http.StatusBadRequest)
	pdWantTotals(t, te, order, map[string]string{"vendorCreditTotal": "7", "total": "103"})

	// The rules, each naming its field.
	other := pdOrder(t, te, "USD")
	otherPart := pdPartLine(t, te, other, 1, "1", "1")
	for _, c := range []struct{ body, field string }{
		{`{"amount":0}`, "amount"},
		{`{"amount":-2}`, "amount"},
		{fmt.Sprintf(`{"amount":1,"description":%q}`, strings.Repeat("d", 2001)), "description"},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, pdCreditPath(order), c.body)
		mustProblemNaming(t, r, b, c.field)
	}
	for _, partLine := range []string{otherPart, ids.NewSub()} {
		r, b := soSend(t, te.Token, http.MethodPost, pdCreditPath(order), fmt.Sprintf(`{"amount":1,"partLineId":%q}`, partLine))
		soMustProblem(t, r, b, http.StatusNotFound, "partLineId")
		r, b = soSend(t, te.Token, http.MethodPut, pdCreditPath(order)+"/"+credit, fmt.Sprintf(`{"amount":1,"partLineId":%q}`, partLine))
		soMustProblem(t, r, b, http.StatusNotFound, "partLineId")
	}

	// Paid and closed orders take credits; the sum is rounded to the currency.
	second := solCreate(t, te, pdCreditPath(order), `{"amount":0.004}`)
	poMoveTo(t, te, order, client.PurchaseOrderStatusPaid)
	third := solCreate(t, te, pdCreditPath(order), `{"amount":0.004}`)
	pdWantTotals(t, te, order, map[string]string{"vendorCreditTotal": "7.01", "total": "102.99"})
	list := soOK[[]client.PurchaseOrderVendorCreditLineItem](t, te, http.MethodPost, pdCreditPath(order)+"/list", `{}`)
	if len(list) != 3 || list[0].Id != credit || list[1].Id != second || list[2].Id != third {
		t.Errorf("oldest first: %s", mustJSON(t, list))
	}
	list = soOK[[]client.PurchaseOrderVendorCreditLineItem](t, te, http.MethodPost, pdCreditPath(order)+"/list?Sort.Field=amount&Sort.Dir=descending", fmt.Sprintf(`{"ids":[%q,%q]}`, credit, third))
	if len(list) != 2 || list[0].Id != credit || list[1].Id != third {
		t.Errorf("ids filter by amount: %s", mustJSON(t, list))
	}
	solExec(t, `UPDATE purchase_orders SET status = 'closed' WHERE tenant_id = $1 AND id = $2`, te.ID, order)
	r, b = soSend(t, te.Token, http.MethodDelete, pdCreditPath(order)+"/"+third, "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.Token, http.MethodDelete, pdCreditPath(order)+"/"+third, "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	pdWantTotals(t, te, order, map[string]string{"vendorCreditTotal": "7.00", "total": "103.00"})

	// A cancelled order takes none, and its credits stand.
	cancelled := pdOrderIn(t, te, "USD", client.PurchaseOrderStatusOrdered)
	kept := solCreate(t, te, pdCreditPath(cancelled), `{"amount":1}`)
	pdMoveOneStep(t, te, cancelled, "cancelled")
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, pdCreditPath(cancelled), `{"amount":1}`},
		{http.MethodPut, pdCreditPath(cancelled) + "/" + kept, `{"amount":2}`},
		{http.MethodPatch, pdCreditPath(cancelled) + "/" + kept, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodDelete, pdCreditPath(cancelled) + "/" + kept, ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustProblemNaming(t, r, b, "status")
	}
	pdWantTotals(t, te, cancelled, map[string]string{"vendorCreditTotal": "1", "total": "-1"})
}

// pdMoveOneStep moves an order one step to status.
func pdMoveOneStep(t *testing.T, te *tenantEnv, id, status string) {
	t.Helper()
	poRequest(t, te, http.MethodPost, poOrderPath(id)+"/status", fmt.Sprintf(`{"status":%q}`, status))
}

// TestPurchaseOrderVendorCreditTotalRoundsToTheCurrency: the credits' sum is rounded to the
// order's currency (yen: no minor unit).
func TestPurchaseOrderVendorCreditTotalRoundsToTheCurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrderIn(t, te, "JPY", client.PurchaseOrderStatusOrdered)
	solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":1000}`)
	credit := solCreate(t, te, pdCreditPath(order), `{"amount":10.4}`)
	solCreate(t, te, pdCreditPath(order), `{"amount":10.4}`)
	mustDec(t, "one credit's subTotal", soOK[client.PurchaseOrderVendorCreditLineItem](t, te, http.MethodGet, pdCreditPath(order)+"/"+credit, "").SubTotal, "10")
	// 20.8 → 21.
	pdWantTotals(t, te, order, map[string]string{"vendorCreditTotal": "21", "total": "979"})
}

// TestPurchaseOrderTaxAllocationsOfAFee: a taxable fee at 10 % plus a document tax line at
// 5 %: the fee bears its own tax and the whole of the tax line's tax (it is the only taxable
// line).
func TestPurchaseOrderTaxAllocationsOfAFee(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	ten := createTaxRate(t, te, client.TaxRateWrite{Name: "Ten", Rate: num("10")})
	five := createTaxRate(t, te, client.TaxRateWrite{Name: "Five", Rate: num("5")})
	fee := solCreate(t, te, pdFeePath(order), fmt.Sprintf(`{"name":"Freight","amount":80,"isTaxable":true,"taxRateId":%q}`, ten))
	tax := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, five))
	untaxed := solCreate(t, te, pdFeePath(order), `{"name":"Crating","amount":20}`)
	// 80 × 10 % = 8.00, 80 × 5 % = 4.00.
	pdWantTotals(t, te, order, map[string]string{"subTotal": "100", "taxTotal": "12.00", "total": "112.00"})

	res, err := te.API.GetPurchaseOrderFeeLineItemTaxAllocationsWithResponse(context.Background(), order, fee)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	viaFee := res.JSON200.Items
	if len(viaFee) != 2 {
		t.Fatalf("allocations %s", mustJSON(t, viaFee))
	}
	own, share := viaFee[0], viaFee[1]
	if own.TaxLineId != nil || own.Name != nil || own.TaxRateId == nil || *own.TaxRateId != ten {
		t.Errorf("own tax %s", mustJSON(t, own))
	}
	mustDec(t, "own rate", own.Rate, "10")
	mustDec(t, "own taxed", own.TaxedAmount, "80")
	mustDec(t, "own tax", own.Amount, "8.00")
	if share.TaxLineId == nil || *share.TaxLineId != tax || share.TaxRateId == nil || *share.TaxRateId != five || share.Name == nil || *share.Name != "Five" {
		t.Errorf("tax line share %s", mustJSON(t, share))
	}
	mustDec(t, "share rate", share.Rate, "5")
	mustDec(t, "tax line base", share.TaxedAmount, "80")
	mustDec(t, "whole share", share.Amount, "4.00")
	// The same through the lines view.
	viaLines := soOK[client.PurchaseOrderTaxAllocations](t, te, http.MethodGet, pdLinesPath(order)+"/"+fee+"/tax-allocations", "")
	if mustJSON(t, viaLines.Items) != mustJSON(t, viaFee) {
		t.Errorf("lines view %s, fee path %s", mustJSON(t, viaLines.Items), mustJSON(t, viaFee))
	}
	// An untaxed fee bears a share of 0 of each tax line.
	none := soOK[client.PurchaseOrderTaxAllocations](t, te, http.MethodGet, pdFeePath(order)+"/"+untaxed+"/tax-allocations", "")
	if len(none.Items) != 1 || none.Items[0].TaxLineId == nil {
		t.Fatalf("untaxed fee %s", mustJSON(t, none))
	}
	mustDec(t, "untaxed share", none.Items[0].Amount, "0")

	// Only part, outside-processing and fee lines bear tax.
	discount := soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":0}`).Id
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
	credit := solCreate(t, te, pdCreditPath(order), `{"amount":1}`)
	for _, id := range []string{tax, discount, credit, ids.NewSub()} {
		r, b := soSend(t, te.Token, http.MethodGet, pdLinesPath(order)+"/"+id+"/tax-allocations", "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	// The fee path answers fee lines only.
	part := pdPartLine(t, te, order, 1, "1", "10")
	for _, id := range []string{tax, part, ids.NewSub()} {
		r, b := soSend(t, te.Token, http.MethodGet, pdFeePath(order)+"/"+id+"/tax-allocations", "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	other := pdOrder(t, te, "USD")
	for _, path := range []string{pdFeePath(other) + "/" + fee + "/tax-allocations", pdLinesPath(other) + "/" + fee + "/tax-allocations",
		pdFeePath(poUnknownID) + "/" + fee + "/tax-allocations"} {
		r, b := soSend(t, te.Token, http.MethodGet, path, "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	// A part line's allocations through the lines view (after its totals are recomputed).
	partTaxes := soOK[client.PurchaseOrderTaxAllocations](t, te, http.MethodGet, pdLinesPath(order)+"/"+part+"/tax-allocations", "")
	if len(partTaxes.Items) != 1 || partTaxes.Items[0].TaxLineId == nil || *partTaxes.Items[0].TaxLineId != tax {
		t.Errorf("part line allocations %s", mustJSON(t, partTaxes))
	}
}

func TestPurchaseOrderLineItemsShowEveryKindInOneShape(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order, other := pdOrder(t, te, "USD"), pdOrder(t, te, "USD")
	// Part and outside-processing lines share one numbering: 1 × 19.99 (line 1); 3 × 10 less
	// 10 % = 27.00 (line 2); 2 × 12.50 = 25.00 (line 3).
	first := pdPartLine(t, te, order, 1, "1", "19.99")
	outside := pdOutsideLine(t, te, order, 2, "3", "10")
	third := pdPartLine(t, te, order, 3, "2", "12.50")
	fee := solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":17.505,"description":"Truck"}`)
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	tax := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	discount := soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"name":"Early","isPercentage":true,"value":10}`).Id
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
	credit := solCreate(t, te, pdCreditPath(order), `{"amount":5.005,"description":"Dent"}`)
	pdPartLine(t, te, other, 1, "1", "1")

	o := poGet(t, te, order)
	list, err := te.API.ListPurchaseOrderLineItemsWithResponse(t.Context(), order, &client.ListPurchaseOrderLineItemsParams{}, client.PurchaseOrderLineItemsFilter{})
	failOnTransportError(t, err)
	mustStatus(t, list.StatusCode(), http.StatusOK, list.Body)
	lines := *list.JSON200
	var got []string
	for _, l := range lines {
		got = append(got, string(l.Kind)+":"+l.Id)
	}
	want := []string{"part:" + first, "outsideProcessing:" + outside, "part:" + third, "fee:" + fee, "tax:" + tax, "discount:" + discount, "vendorCredit:" + credit}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("lines %v, want %v", got, want)
	}
	byID := map[string]client.PurchaseOrderLineItem{}
	for _, l := range lines {
		byID[l.Id] = l
	}
	p := byID[third]
	if p.LineNumber == nil || *p.LineNumber != 3 || p.ItemId == nil || p.Quantity == nil || p.UnitPrice == nil || p.Name != nil {
		t.Errorf("part line %s", mustJSON(t, p))
	}
	mustDec(t, "part subTotal", p.SubTotal, "25.00")
	mustDec(t, "first part subTotal", byID[first].SubTotal, "19.99")
	if op := byID[outside]; op.LineNumber == nil || *op.LineNumber != 2 || op.Description == nil || *op.Description != "Anodize" || op.ItemId != nil {
		t.Errorf("outside-processing line %s", mustJSON(t, op))
	}
	mustDec(t, "outside-processing subTotal after its discount", byID[outside].SubTotal, "27.00")
	if f := byID[fee]; f.Name == nil || *f.Name != "Freight" || f.Description == nil || f.LineNumber != nil || f.ItemId != nil || f.Quantity != nil {
		t.Errorf("fee line %s", mustJSON(t, f))
	}
	mustDec(t, "fee subTotal", byID[fee].SubTotal, "17.51")
	mustDec(t, "tax subTotal", byID[tax].SubTotal, o.TaxTotal.String())
	mustDec(t, "discount subTotal", byID[discount].SubTotal, "-"+o.DiscountTotal.String())
	mustDec(t, "credit subTotal", byID[credit].SubTotal, "-5.01")
	// The signed subtotals of the view come to the order's total (no line has a tax rate of
	// its own here).
	sum := num("0")
	for _, l := range lines {
		sum.Decimal = sum.Add(l.SubTotal.Decimal)
	}
	mustDec(t, "sum of the view", sum, o.Total.String())

	// Filters, sorting, paging.
	kinds := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(order)+"/list", `{"kinds":["vendorCredit","fee","outsideProcessing"]}`)
	if len(kinds) != 3 || kinds[0].Id != outside || kinds[1].Id != fee || kinds[2].Id != credit {
		t.Errorf("kinds filter: %s", mustJSON(t, kinds))
	}
	picked := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(order)+"/list", fmt.Sprintf(`{"ids":[%q,%q]}`, tax, third))
	if len(picked) != 2 || picked[0].Id != third || picked[1].Id != tax {
		t.Errorf("ids filter: %s", mustJSON(t, picked))
	}
	page := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(order)+"/list?Skip=1&Take=2", `{}`)
	if len(page) != 2 || page[0].Id != outside || page[1].Id != third {
		t.Errorf("page: %s", mustJSON(t, page))
	}
	desc := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(order)+"/list?Sort.Dir=descending", `{}`)
	if len(desc) != 7 || desc[0].Id != credit || desc[6].Id != first {
		t.Errorf("descending: %s", mustJSON(t, desc))
	}
	r, b := soSend(t, te.Token, http.MethodPost, pdLinesPath(order)+"/list?Sort.Field=name", `{}`)
	mustProblemNaming(t, r, b, "Sort.Field")
	r, b = soSend(t, te.Token, http.MethodPost, pdLinesPath(order)+"/list", `{"kinds":["refund"]}`)
	mustProblem(t, r, b, http.StatusBadRequest)

	// One line, whatever its kind; another order's line or an unknown id is not found.
	for _, id := range []string{first, outside, fee, tax, discount, credit} {
		l := soOK[client.PurchaseOrderLineItem](t, te, http.MethodGet, pdLinesPath(order)+"/"+id, "")
		if mustJSON(t, l) != mustJSON(t, byID[id]) {
			t.Errorf("get %s: %s, listed %s", id, mustJSON(t, l), mustJSON(t, byID[id]))
		}
	}
	for _, path := range []string{pdLinesPath(other) + "/" + fee, pdLinesPath(order) + "/" + ids.NewSub(), pdLinesPath(poUnknownID) + "/" + fee} {
		r, b := soSend(t, te.Token, http.MethodGet, path, "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	r, b = soSend(t, te.Token, http.MethodPost, pdLinesPath(poUnknownID)+"/list", `{}`)
	mustProblem(t, r, b, http.StatusNotFound)
	empty := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(pdOrder(t, te, "USD"))+"/list", `{}`)
	if len(empty) != 0 {
		t.Errorf("empty order: %s", mustJSON(t, empty))
	}
}

// pdLines creates one line of every kind this part serves on an ordered order: fee, tax and
// discount while draft, then a vendor credit.
type pdLineSet struct{ order, fee, tax, credit string }

func pdArrangeLines(t *testing.T, te *tenantEnv) pdLineSet {
	t.Helper()
	order := pdOrder(t, te, "USD")
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "State " + randomSuffix(), Rate: num("6")})
	s := pdLineSet{order: order}
	s.fee = solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":5}`)
	s.tax = solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":1}`)
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
	s.credit = solCreate(t, te, pdCreditPath(order), `{"amount":1}`)
	return s
}

// TestPurchaseOrderLinesOfAnotherOrderOrTenantAreNotFound: every line path answers 404 for a
// line of another order, an unknown line, an unknown order and another tenant's order.
func TestPurchaseOrderLinesOfAnotherOrderOrTenantAreNotFound(t *testing.T) {
	t.Parallel()
	te, stranger := newTenant(t), newTenant(t)
	s := pdArrangeLines(t, te)
	other := pdOrderIn(t, te, "USD", client.PurchaseOrderStatusOrdered)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	for _, order := range []string{other, poUnknownID} {
		for _, c := range []struct{ method, path, body string }{
			{http.MethodGet, pdFeePath(order) + "/" + s.fee, ""},
			{http.MethodPut, pdFeePath(order) + "/" + s.fee, `{"name":"X","amount":1}`},
			{http.MethodPatch, pdFeePath(order) + "/" + s.fee, `[{"op":"replace","path":"/amount","value":2}]`},
			{http.MethodGet, pdTaxPath(order) + "/" + s.tax, ""},
			{http.MethodPut, pdTaxPath(order) + "/" + s.tax, fmt.Sprintf(`{"taxRateId":%q}`, rate)},
			{http.MethodGet, pdCreditPath(order) + "/" + s.credit, ""},
			{http.MethodPut, pdCreditPath(order) + "/" + s.credit, `{"amount":2}`},
			{http.MethodPatch, pdCreditPath(order) + "/" + s.credit, `[{"op":"replace","path":"/amount","value":2}]`},
			{http.MethodGet, pdLinesPath(order) + "/" + s.credit, ""},
		} {
			r, b := soSend(t, te.Token, c.method, c.path, c.body)
			mustProblem(t, r, b, http.StatusNotFound)
		}
	}
	// Another order's line: deletes answer 204 and change nothing.
	for _, path := range []string{pdFeePath(other) + "/" + s.fee, pdTaxPath(other) + "/" + s.tax, pdCreditPath(other) + "/" + s.credit} {
		r, b := soSend(t, te.Token, http.MethodDelete, path, "")
		mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	}
	r, b := soSend(t, te.Token, http.MethodGet, pdDiscountPath(other), "")
	mustProblem(t, r, b, http.StatusNotFound)
	for _, path := range []string{pdFeePath(s.order) + "/" + ids.NewSub(), pdTaxPath(s.order) + "/" + ids.NewSub(), pdCreditPath(s.order) + "/" + ids.NewSub()} {
		r, b := soSend(t, te.Token, http.MethodGet, path, "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	// Another tenant meets none of them, nor the order.
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, pdFeePath(s.order) + "/" + s.fee, ""},
		{http.MethodPost, pdFeePath(s.order), `{"name":"X","amount":1}`},
		{http.MethodPost, pdFeePath(s.order) + "/list", `{}`},
		{http.MethodGet, pdFeePath(s.order) + "/" + s.fee + "/tax-allocations", ""},
		{http.MethodGet, pdTaxPath(s.order) + "/" + s.tax, ""},
		{http.MethodPost, pdTaxPath(s.order) + "/list", `{}`},
		{http.MethodGet, pdDiscountPath(s.order), ""},
		{http.MethodPut, pdDiscountPath(s.order), `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, pdDiscountPath(s.order), ""},
		{http.MethodGet, pdCreditPath(s.order) + "/" + s.credit, ""},
		{http.MethodPost, pdCreditPath(s.order), `{"amount":1}`},
		{http.MethodPost, pdCreditPath(s.order) + "/list", `{}`},
		{http.MethodDelete, pdCreditPath(s.order) + "/" + s.credit, ""},
		{http.MethodPost, pdLinesPath(s.order) + "/list", `{}`},
		{http.MethodGet, pdLinesPath(s.order) + "/" + s.fee, ""},
		{http.MethodGet, pdLinesPath(s.order) + "/" + s.fee + "/tax-allocations", ""},
	} {
		r, b := soSend(t, stranger.Token, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	lines := soOK[[]client.PurchaseOrderLineItem](t, te, http.MethodPost, pdLinesPath(s.order)+"/list", `{}`)
	if len(lines) != 4 {
		t.Errorf("the order's lines stand: %s", mustJSON(t, lines))
	}
}

// TestPurchaseOrderLinesOfADeletedOrderAreReadableNotWritable.
func TestPurchaseOrderLinesOfADeletedOrderAreReadableNotWritable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := pdArrangeLines(t, te)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	solExec(t, `UPDATE purchase_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, s.order)
	order := s.order
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, pdFeePath(order), `{"name":"X","amount":1}`},
		{http.MethodPut, pdFeePath(order) + "/" + s.fee, `{"name":"X","amount":1}`},
		{http.MethodPatch, pdFeePath(order) + "/" + s.fee, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodDelete, pdFeePath(order) + "/" + s.fee, ""},
		{http.MethodPost, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rate)},
		{http.MethodPut, pdTaxPath(order) + "/" + s.tax, fmt.Sprintf(`{"taxRateId":%q}`, rate)},
		{http.MethodDelete, pdTaxPath(order) + "/" + s.tax, ""},
		{http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, pdDiscountPath(order), ""},
		{http.MethodPost, pdCreditPath(order), `{"amount":1}`},
		{http.MethodPut, pdCreditPath(order) + "/" + s.credit, `{"amount":2}`},
		{http.MethodPatch, pdCreditPath(order) + "/" + s.credit, `[{"op":"replace","path":"/amount","value":2}]`},
		{http.MethodDelete, pdCreditPath(order) + "/" + s.credit, ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, pdFeePath(order) + "/" + s.fee, ""},
		{http.MethodPost, pdFeePath(order) + "/list", `{}`},
		{http.MethodGet, pdFeePath(order) + "/" + s.fee + "/tax-allocations", ""},
		{http.MethodGet, pdTaxPath(order) + "/" + s.tax, ""},
		{http.MethodPost, pdTaxPath(order) + "/list", `{}`},
		{http.MethodGet, pdDiscountPath(order), ""},
		{http.MethodGet, pdCreditPath(order) + "/" + s.credit, ""},
		{http.MethodPost, pdCreditPath(order) + "/list", `{}`},
		{http.MethodPost, pdLinesPath(order) + "/list", `{}`},
		{http.MethodGet, pdLinesPath(order) + "/" + s.credit, ""},
		{http.MethodGet, pdLinesPath(order) + "/" + s.fee + "/tax-allocations", ""},
	} {
		r, b := soSend(t, te.Token, c.method, c.path, c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
}

func TestPurchaseOrderLinePermissionsAreViewAndEditPurchaseOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := pdArrangeLines(t, te)
	order := s.order
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	city := createTaxRate(t, te, client.TaxRateWrite{Name: "City", Rate: num("2")})
	viewer, editor, none := te.userToken(t, "View Purchase Order"), te.userToken(t, "Edit Purchase Order"), te.userToken(t, "View Sales Order", "Edit Sales Order")
	reads := []struct{ method, path, body string }{
		{http.MethodGet, pdFeePath(order) + "/" + s.fee, ""},
		{http.MethodPost, pdFeePath(order) + "/list", "{}"},
		{http.MethodGet, pdFeePath(order) + "/" + s.fee + "/tax-allocations", ""},
		{http.MethodGet, pdTaxPath(order) + "/" + s.tax, ""},
		{http.MethodPost, pdTaxPath(order) + "/list", "{}"},
		{http.MethodGet, pdDiscountPath(order), ""},
		{http.MethodGet, pdCreditPath(order) + "/" + s.credit, ""},
		{http.MethodPost, pdCreditPath(order) + "/list", "{}"},
		{http.MethodPost, pdLinesPath(order) + "/list", "{}"},
		{http.MethodGet, pdLinesPath(order) + "/" + s.fee, ""},
		{http.MethodGet, pdLinesPath(order) + "/" + s.fee + "/tax-allocations", ""},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, pdFeePath(order), `{"name":"X","amount":1}`},
		{http.MethodPut, pdFeePath(order) + "/" + s.fee, `{"name":"X","amount":100}`},
		{http.MethodPatch, pdFeePath(order) + "/" + s.fee, `[{"op":"replace","path":"/amount","value":200}]`},
		{http.MethodPost, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, county)},
		{http.MethodPut, pdTaxPath(order) + "/" + s.tax, fmt.Sprintf(`{"taxRateId":%q}`, city)},
		{http.MethodPut, pdDiscountPath(order), `{"isPercentage":false,"value":2}`},
		{http.MethodPost, pdCreditPath(order), `{"amount":1}`},
		{http.MethodPut, pdCreditPath(order) + "/" + s.credit, `{"amount":2}`},
		{http.MethodPatch, pdCreditPath(order) + "/" + s.credit, `[{"op":"replace","path":"/amount","value":3}]`},
		{http.MethodDelete, pdFeePath(order) + "/" + s.fee, ""},
		{http.MethodDelete, pdTaxPath(order) + "/" + s.tax, ""},
		{http.MethodDelete, pdDiscountPath(order), ""},
		{http.MethodDelete, pdCreditPath(order) + "/" + s.credit, ""},
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

// TestPurchaseOrderLineETagsFollowWhatTheyShow: If-Match guards the line writes, and the tax,
// discount and vendor-credit lines' ETags move with the order's amounts they show.
func TestPurchaseOrderLineETagsFollowWhatTheyShow(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":100,"isTaxable":true}`)
	tax := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":10}`)
	feeTag, _ := etagOf(t, te, pdFeePath(order)+"/"+fee)
	taxTag, _ := etagOf(t, te, pdTaxPath(order)+"/"+tax)
	discountTag, _ := etagOf(t, te, pdDiscountPath(order))
	r, b := conditionally(t, te, http.MethodGet, pdFeePath(order)+"/"+fee, "", ifNoneMatch(feeTag))
	mustStatus(t, r.StatusCode, http.StatusNotModified, b)
	r, b = conditionally(t, te, http.MethodPatch, pdFeePath(order)+"/"+fee, `[{"op":"replace","path":"/amount","value":150}]`, ifMatch(feeTag))
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	if r.Header.Get("ETag") == "" || r.Header.Get("ETag") == feeTag {
		t.Errorf("patch answered ETag %q (was %q)", r.Header.Get("ETag"), feeTag)
	}
	r, b = conditionally(t, te, http.MethodPut, pdFeePath(order)+"/"+fee, `{"name":"Freight","amount":1}`, ifMatch(feeTag))
	mustProblem(t, r, b, http.StatusPreconditionFailed)
	for path, old := range map[string]string{pdTaxPath(order) + "/" + tax: taxTag, pdDiscountPath(order): discountTag} {
		r, b := conditionally(t, te, http.MethodGet, path, "", ifNoneMatch(old))
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		if r.Header.Get("ETag") == old {
			t.Errorf("%s: ETag %s stayed while the order's amounts it shows changed", path, old)
		}
	}
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
	credit := solCreate(t, te, pdCreditPath(order), `{"amount":1}`)
	creditTag, _ := etagOf(t, te, pdCreditPath(order)+"/"+credit)
	advanceVersion(t, te, "purchase_order_vendor_credit_lines", credit)
	r, b = conditionally(t, te, http.MethodDelete, pdCreditPath(order)+"/"+credit, "", ifMatch(creditTag))
	mustProblem(t, r, b, http.StatusPreconditionFailed)
	r, b = conditionally(t, te, http.MethodGet, pdCreditPath(order)+"/"+credit, "", ifNoneMatch(creditTag))
	mustStatus(t, r.StatusCode, http.StatusOK, b)
}

// TestPurchaseOrderConcurrentLineWritesKeepTheTotals: fee and credit writes on one order run
// one after another (the order is locked), so the stored totals count every line.
func TestPurchaseOrderConcurrentLineWritesKeepTheTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrderIn(t, te, "USD", client.PurchaseOrderStatusOrdered)
	const n = 8
	start := make(chan struct{})
	errs := make(chan string, 2*n)
	done := make(chan struct{}, 2*n)
	for i := range 2 * n {
		go func() {
			defer func() { done <- struct{}{} }()
			<-start
			path, body := pdFeePath(order), `{"name":"Fee","amount":10}`
			if i%2 == 1 {
				path, body = pdCreditPath(order), `{"amount":1}`
			}
			r, b := soSend(t, te.Token, http.MethodPost, path, body)
			if r.StatusCode != http.StatusOK {
				errs <- fmt.Sprintf("%d %s", r.StatusCode, b)
			}
		}()
	}
	close(start)
	for range 2 * n {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	pdWantTotals(t, te, order, map[string]string{"feeTotal": "80", "vendorCreditTotal": "8", "total": "72"})
}

// pdArrangeDocumentLines: orders, each with fee, tax and vendor-credit lines and a discount
// line (statement counts).
func pdArrangeDocumentLines(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ orders, fees, taxes, credits []string }
	build := func(te *tenantEnv, size worldSize) built {
		rates := make([]string, manySubs)
		for k := range rates {
			rates[k] = createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Tax %02d", k), Rate: num("5")})
		}
		var b built
		b.orders = arrangeEach(size, func(i, subs int) string {
			order := pdOrder(t, te, "USD")
			pdPartLine(t, te, order, 1, "1", "100")
			var fees, taxes []string
			for k := range subs {
				fees = append(fees, solCreate(t, te, pdFeePath(order), fmt.Sprintf(`{"name":"Fee %d","amount":10,"isTaxable":true,"taxRateId":%q}`, k, rates[k])))
				taxes = append(taxes, solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rates[k])))
			}
			soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":5}`)
			poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
			var credits []string
			for range subs {
				credits = append(credits, solCreate(t, te, pdCreditPath(order), `{"amount":1}`))
			}
			if i == 0 {
				b.fees, b.taxes, b.credits = fees, taxes, credits
			}
			return order
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	so, lo := s.orders[0], l.orders[0]
	return []readCase{
		listRead("listPurchaseOrderFeeLineItems", pdFeePath(so)+"/list", pdFeePath(lo)+"/list", `{}`),
		getRead("getPurchaseOrderFeeLineItem", pdFeePath(so)+"/"+s.fees[0], pdFeePath(lo)+"/"+l.fees[0]),
		getRead("getPurchaseOrderFeeLineItemTaxAllocations", pdFeePath(so)+"/"+s.fees[0]+"/tax-allocations", pdFeePath(lo)+"/"+l.fees[0]+"/tax-allocations"),
		listRead("listPurchaseOrderTaxLineItems", pdTaxPath(so)+"/list", pdTaxPath(lo)+"/list", `{}`),
		getRead("getPurchaseOrderTaxLineItem", pdTaxPath(so)+"/"+s.taxes[0], pdTaxPath(lo)+"/"+l.taxes[0]),
		getRead("getPurchaseOrderDiscountLineItem", pdDiscountPath(so), pdDiscountPath(lo)),
		listRead("listPurchaseOrderVendorCreditLineItems", pdCreditPath(so)+"/list", pdCreditPath(lo)+"/list", `{}`),
		getRead("getPurchaseOrderVendorCreditLineItem", pdCreditPath(so)+"/"+s.credits[0], pdCreditPath(lo)+"/"+l.credits[0]),
		listRead("listPurchaseOrderLineItems", pdLinesPath(so)+"/list", pdLinesPath(lo)+"/list", `{}`),
		getRead("getPurchaseOrderLineItem", pdLinesPath(so)+"/"+s.taxes[0], pdLinesPath(lo)+"/"+l.taxes[0]),
		getRead("getPurchaseOrderLineItemTaxAllocations", pdLinesPath(so)+"/"+s.fees[0]+"/tax-allocations", pdLinesPath(lo)+"/"+l.fees[0]+"/tax-allocations"),
	}
}

// TestPurchaseOrderTaxLineSharesAcrossLineKinds: a document tax line's tax is shared over the
// taxable part, outside-processing and fee lines by their taxed amounts; each line's
// allocations are its own tax, then its share, the same on its kind's path and the view's.
func TestPurchaseOrderTaxLineSharesAcrossLineKinds(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := pdOrder(t, te, "USD")
	ten := createTaxRate(t, te, client.TaxRateWrite{Name: "Ten " + randomSuffix(), Rate: num("10")})
	five := createTaxRate(t, te, client.TaxRateWrite{Name: "County " + randomSuffix(), Rate: num("5")})
	item := createItem(t, te, newItem("POTAX-"+randomSuffix()))
	// 2 × 50 = 100 taxed at its own 10 %; an anodizing service of 1 × 40 and a fee of 10,
	// taxable without a rate of their own; a line not taxable.
	part := plAddPart(t, te, order, map[string]any{"itemId": item, "quantity": 2, "unitPrice": 50, "isTaxable": true, "taxRateId": ten})
	op := plAddOP(t, te, order, map[string]any{"description": "Anodize", "quantity": 1, "unitOfMeasureName": "Each", "unitPrice": 40, "isTaxable": true})
	fee := solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":10,"isTaxable":true}`)
	untaxed := plAddPart(t, te, order, map[string]any{"itemId": item, "quantity": 1, "unitPrice": 7})
	taxLine := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, five))

	// Taxable base 150: the 5 % line taxes 7.50, shared 100 : 40 : 10 = 5.00, 2.00, 0.50.
	type want struct {
		ownRate, ownAmount, share string
	}
	cases := []struct {
		name, path, id string
		want           want
	}{
		{"part line", plPartPath(order), part, want{"10", "10.00", "5.00"}},
		{"outside-processing line", plOPPath(order), op, want{"", "", "2.00"}},
		{"fee line", pdFeePath(order), fee, want{"", "", "0.50"}},
		{"line not taxable", plPartPath(order), untaxed, want{"", "", "0"}},
	}
	for _, c := range cases {
		for _, path := range []string{c.path + "/" + c.id + "/tax-allocations", poOrderPath(order) + "/line-items/" + c.id + "/tax-allocations"} {
			res, b := plSend(t, te, http.MethodGet, path, "")
			got := plDecode[client.PurchaseOrderTaxAllocations](t, res, b).Items
			i := 0
			if c.want.ownRate != "" {
				if len(got) != 2 || got[0].TaxLineId != nil || got[0].TaxRateId == nil || *got[0].TaxRateId != ten {
					t.Fatalf("%s %s: %s", c.name, path, b)
				}
				mustDec(t, c.name+" own rate", got[0].Rate, c.want.ownRate)
				mustDec(t, c.name+" own taxed amount", got[0].TaxedAmount, "100.00")
				mustDec(t, c.name+" own tax", got[0].Amount, c.want.ownAmount)
				i = 1
			} else if len(got) != 1 {
				t.Fatalf("%s %s: %s", c.name, path, b)
			}
			share := got[i]
			if share.TaxLineId == nil || *share.TaxLineId != taxLine || share.TaxRateId == nil || *share.TaxRateId != five || share.Name == nil {
				t.Fatalf("%s %s: share %s", c.name, path, b)
			}
			mustDec(t, c.name+" share rate", share.Rate, "5")
			mustDec(t, c.name+" share base", share.TaxedAmount, "150.00")
			mustDec(t, c.name+" share", share.Amount, c.want.share)
		}
	}
	// The order's tax is the part line's own 10.00 and the tax line's 7.50.
	pdWantTotals(t, te, order, map[string]string{"subTotal": "157", "taxTotal": "17.5", "total": "174.5"})
}
