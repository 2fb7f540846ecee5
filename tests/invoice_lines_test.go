package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
)

func ivPartLinesPath(invoiceID string) string { return ivInvoicePath(invoiceID) + "/part-line-items" }
func ivFeeLinesPath(invoiceID string) string  { return ivInvoicePath(invoiceID) + "/fee-line-items" }
func ivTaxLinesPath(invoiceID string) string  { return ivInvoicePath(invoiceID) + "/tax-line-items" }
func ivLinesPath(invoiceID string) string     { return ivInvoicePath(invoiceID) + "/line-items" }
func ivDiscountPath(invoiceID string) string  { return ivInvoicePath(invoiceID) + "/discount-line-item" }
func ivShippingPath(invoiceID string) string {
	return ivInvoicePath(invoiceID) + "/shipping-charge-line-item"
}

func ivPartLines(t *testing.T, te *tenantEnv, invoiceID, filter string) []client.InvoicePartLineItem {
	t.Helper()
	return soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivPartLinesPath(invoiceID)+"/list", filter)
}

// ivChargedOrder is an approved order of two part lines (4 and 6 at 10) with a taxable fee of
// 20, a 10% tax line and a shipping charge of 5.
func ivChargedOrder(t *testing.T, te *tenantEnv) (ivOrderFixture, string) {
	t.Helper()
	f := ivOrder(t, te, "4", "6")
	ivMoveOrder(t, te, f.order, "draft")
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":20,"isTaxable":true}`)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Sales tax " + randomSuffix(), Rate: num("10")})
	solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	soOK[client.SalesOrder](t, te, http.MethodPatch, soOrderPath(f.order), `[{"op":"replace","path":"/shippingCharge","value":{"amount":5,"isTaxable":false}}]`)
	ivMoveOrder(t, te, f.order, "approved")
	return f, rate
}

// TestInvoicePartLinesReadWithTheirAmounts: the billed lines are numbered in billing order,
// carry the order line's item, unit, price and discount, and read their amounts; the list
// filters by id and order line; a line of another invoice or tenant is 404.
func TestInvoicePartLinesReadWithTheirAmounts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "4", "6")
	ivMoveOrder(t, te, f.order, "draft")
	soOK[json.RawMessage](t, te, http.MethodPatch, soPartLinePath(f.order, f.lines[1]),
		`[{"op":"add","path":"/discount","value":{"isPercentage":false,"value":6}}]`)
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order, ivLine(f.lines[1], "3"), ivLine(f.lines[0], "4"))
	lines := ivPartLines(t, te, id, `{}`)
	if len(lines) != 2 || lines[0].Number != 1 || lines[0].SalesOrderLineItemId != f.lines[1] || lines[1].SalesOrderLineItemId != f.lines[0] {
		t.Fatalf("lines %+v", lines)
	}
	l := lines[0]
	// An amount discount of 6 on 6 units, billed 3: 3.
	mustDec(t, "preDiscountSubTotal", l.PreDiscountSubTotal, "30")
	mustDec(t, "discountAmount", l.DiscountAmount, "3")
	mustDec(t, "subTotal", l.SubTotal, "27")
	mustDec(t, "discountedPrice", l.DiscountedPrice, "9")
	if l.ItemId != f.item || l.UnitOfMeasureName == "" || l.IsPercentageDiscount == nil || *l.IsPercentageDiscount || len(l.ShipmentIds) != 0 {
		t.Fatalf("line %+v", l)
	}
	mustDec(t, "invoice lineItemsTotal", ivGet(t, te, id).LineItemsTotal, "67")
	if got := ivPartLines(t, te, id, fmt.Sprintf(`{"salesOrderLineItemIds":[%q]}`, f.lines[0])); len(got) != 1 || got[0].Id != lines[1].Id {
		t.Fatalf("filtered by order line: %v", got)
	}
	if got := ivPartLines(t, te, id, fmt.Sprintf(`{"ids":[%q]}`, lines[0].Id)); len(got) != 1 {
		t.Fatalf("filtered by id: %v", got)
	}
	other := ivBill(t, te, f.order, ivLine(f.lines[1], "1"))
	res, b := ivSend(t, te, http.MethodGet, ivPartLinesPath(other)+"/"+lines[0].Id, "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = ivSend(t, newTenant(t), http.MethodGet, ivPartLinesPath(id)+"/"+lines[0].Id, "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = ivSend(t, te, http.MethodPost, ivPartLinesPath(ivUnknownID)+"/list", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
}

// TestInvoicePartLineQuantityMovesTheOrderLine: a quantity change moves the order line's
// invoiced quantity by the difference; billing beyond the order line's quantity over its live
// invoices answers 400 naming quantity; an issued invoice's lines are refused naming status.
func TestInvoicePartLineQuantityMovesTheOrderLine(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "5")
	a := ivBill(t, te, f.order, ivLine(f.lines[0], "2"))
	b := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	line := ivPartLines(t, te, a, `{}`)[0]
	path := ivPartLinesPath(a) + "/" + line.Id
	got := soOK[client.InvoicePartLineItem](t, te, http.MethodPut, path, `{"quantity":4}`)
	mustDec(t, "quantity", got.Quantity, "4")
	ivMustInvoiced(t, te, f.lines[0], "5")
	mustDec(t, "lineItemsTotal", ivGet(t, te, a).LineItemsTotal, "40")
	res, body := ivSend(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/quantity","value":5}]`)
	mustProblemNaming(t, res, body, "quantity")
	res, body = ivSend(t, te, http.MethodPut, path, `{"quantity":0}`)
	mustProblemNaming(t, res, body, "quantity")
	got = soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, path, `[{"op":"replace","path":"/quantity","value":1.5}]`)
	ivMustInvoiced(t, te, f.lines[0], "2.5")
	ivMove(t, te, b, "issued")
	bLine := ivPartLines(t, te, b, `{}`)[0]
	res, body = ivSend(t, te, http.MethodPut, ivPartLinesPath(b)+"/"+bLine.Id, `{"quantity":2}`)
	mustProblemNaming(t, res, body, "status")
	res, body = ivSend(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/subTotal","value":1}]`)
	mustProblem(t, res, body, http.StatusBadRequest)
	ivMustInvoiced(t, te, f.lines[0], "2.5")
}

// TestInvoicePartLineOverBillingUnderConcurrentWrites: two invoices raising their lines of one
// order line at once cannot together bill more than its quantity.
func TestInvoicePartLineOverBillingUnderConcurrentWrites(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "4")
	invoices := []string{ivBill(t, te, f.order, ivLine(f.lines[0], "1")), ivBill(t, te, f.order, ivLine(f.lines[0], "1"))}
	paths := make([]string, 2)
	for i, id := range invoices {
		paths[i] = ivPartLinesPath(id) + "/" + ivPartLines(t, te, id, `{}`)[0].Id
	}
	statuses := atOnce(t, 2, func(i int) (int, error) {
		res, _ := ivSend(t, te, http.MethodPut, paths[i], `{"quantity":3}`)
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != 1 || statuses[http.StatusBadRequest] != 1 {
		t.Fatalf("statuses %v, want one 200 and one 400", statuses)
	}
	ivMustInvoiced(t, te, f.lines[0], "4")
}

// TestInvoicePartLineTaxAndCustomFields: a tax code written on the line copies its rate and
// marks the override; the line's custom fields are module invoice_Part_LineItem's.
func TestInvoicePartLineTaxAndCustomFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("lot", client.CustomFieldModuleInvoicePartLineItem))
	f := ivOrder(t, te, "2")
	id := ivBill(t, te, f.order)
	line := ivPartLines(t, te, id, `{}`)[0]
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Line tax " + randomSuffix(), Rate: num("7.5")})
	got := soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, ivPartLinesPath(id)+"/"+line.Id,
		fmt.Sprintf(`[{"op":"replace","path":"/taxCodeId","value":%q},{"op":"replace","path":"/isTaxable","value":true},
		  {"op":"add","path":"/customFields/lot","value":"L-7"},{"op":"replace","path":"/customerPartNumber","value":"CP-1"}]`, rate))
	if !got.OverrideTaxRate || got.TaxCodeId == nil || *got.TaxCodeId != rate || got.CustomFields["lot"] != "L-7" || *got.CustomerPartNumber != "CP-1" {
		t.Fatalf("line %+v", got)
	}
	mustDec(t, "taxRate", got.TaxRate, "7.5")
	// 20 taxed at 7.5%: 1.5.
	o := ivGet(t, te, id)
	mustDec(t, "taxTotal", o.TaxTotal, "1.5")
	mustDec(t, "total", o.Total, "21.5")
	res, b := ivSend(t, te, http.MethodPut, ivPartLinesPath(id)+"/"+line.Id, `{"quantity":2,"taxCodeId":"ffffffffffffffffffffff0f"}`)
	ivMustProblem(t, res, b, http.StatusNotFound, "taxCodeId")
	res, b = ivSend(t, te, http.MethodPut, ivPartLinesPath(id)+"/"+line.Id, `{"quantity":2,"customFields":{"nope":1}}`)
	mustProblemNaming(t, res, b, "customFields.nope")
}

// TestInvoiceFeeTaxDiscountAndShippingLines: the copied fee, tax and discount lines and the
// shipping charge read through their paths; a fee write recomputes the totals; a discount the
// invoice does not have is 404.
func TestInvoiceFeeTaxDiscountAndShippingLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, rate := ivChargedOrder(t, te)
	ivMoveOrder(t, te, f.order, "draft")
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":true,"value":10}`)
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order, ivLine(f.lines[0], "4"))
	fees := soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivFeeLinesPath(id)+"/list", `{}`)
	taxes := soOK[[]client.InvoiceTaxLineItem](t, te, http.MethodPost, ivTaxLinesPath(id)+"/list", `{}`)
	if len(fees) != 1 || fees[0].Name != "Tooling" || len(taxes) != 1 || taxes[0].TaxCodeId != rate {
		t.Fatalf("fees %+v taxes %+v", fees, taxes)
	}
	// Lines 40 + fee 20 + shipping 5 = 65; discount 10% = 6.5; taxable: the fee 20 less its
	// share 2 = 18; tax 1.8; total 60.3.
	o := ivGet(t, te, id)
	for what, want := range map[string]string{"lineItemsTotal": "65", "discountTotal": "6.5", "taxTotal": "1.8", "total": "60.3"} {
		got := map[string]client.Decimal{"lineItemsTotal": o.LineItemsTotal, "discountTotal": o.DiscountTotal, "taxTotal": o.TaxTotal, "total": o.Total}[what]
		mustDec(t, what, got, want)
	}
	tax := soOK[client.InvoiceTaxLineItem](t, te, http.MethodGet, ivTaxLinesPath(id)+"/"+taxes[0].Id, "")
	mustDec(t, "taxableBase", tax.TaxableBase, "18")
	mustDec(t, "tax price", tax.Price, "1.8")
	d := soOK[client.InvoiceDiscountLineItem](t, te, http.MethodGet, ivDiscountPath(id), "")
	mustDec(t, "discount price", d.Price, "6.5")
	s := soOK[client.InvoiceShippingChargeLineItem](t, te, http.MethodGet, ivShippingPath(id), "")
	mustDec(t, "shipping", s.Amount, "5")
	fee := soOK[client.InvoiceFeeLineItem](t, te, http.MethodPut, ivFeeLinesPath(id)+"/"+fees[0].Id, `{"name":"Tooling","amount":10}`)
	mustDec(t, "fee subTotal", fee.SubTotal, "10")
	// Lines 40 + 10 + 5 = 55; discount 5.5; nothing taxable now.
	o = ivGet(t, te, id)
	mustDec(t, "total after the fee write", o.Total, "49.5")
	soOK[client.InvoiceFeeLineItem](t, te, http.MethodPatch, ivFeeLinesPath(id)+"/"+fees[0].Id, `[{"op":"replace","path":"/isTaxable","value":true}]`)
	mustDec(t, "total after the fee patch", ivGet(t, te, id).Total, "50.4")
	// The second invoice has the tax and the percentage discount, but no fee nor shipping.
	second := ivBill(t, te, f.order)
	if got := soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivFeeLinesPath(second)+"/list", `{}`); len(got) != 0 {
		t.Fatalf("second invoice fees %v", got)
	}
	mustDec(t, "second shipping", soOK[client.InvoiceShippingChargeLineItem](t, te, http.MethodGet, ivShippingPath(second), "").Amount, "0")
	// An order without a discount: the invoice's discount line is 404.
	g := ivOrder(t, te, "1")
	res, b := ivSend(t, te, http.MethodGet, ivDiscountPath(ivBill(t, te, g.order)), "")
	mustProblem(t, res, b, http.StatusNotFound)
	// Fee writes follow the invoice's status.
	ivMove(t, te, id, "paid")
	res, b = ivSend(t, te, http.MethodPut, ivFeeLinesPath(id)+"/"+fees[0].Id, `{"name":"Tooling","amount":1}`)
	mustProblemNaming(t, res, b, "status")
	res, b = ivSend(t, te, http.MethodGet, ivFeeLinesPath(second)+"/"+fees[0].Id, "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// TestInvoiceLinesViewAnswersEveryType: the lines view lists part, fee, tax and discount lines
// with their type and signed subtotals, filters by type and id, and reads one of each.
func TestInvoiceLinesViewAnswersEveryType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, _ := ivChargedOrder(t, te)
	ivMoveOrder(t, te, f.order, "draft")
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":false,"value":3}`)
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order)
	all := soOK[[]client.InvoiceLineItem](t, te, http.MethodPost, ivLinesPath(id)+"/list", `{}`)
	var types []string
	for _, l := range all {
		types = append(types, string(l.Type))
	}
	if !slices.Equal(types, []string{"part", "part", "fee", "tax", "discount"}) {
		t.Fatalf("types %v", types)
	}
	mustDec(t, "part subTotal", all[0].SubTotal, "40")
	mustDec(t, "discount subTotal", all[4].SubTotal, "-3")
	fees := soOK[[]client.InvoiceLineItem](t, te, http.MethodPost, ivLinesPath(id)+"/list", `{"types":["fee"]}`)
	if len(fees) != 1 || fees[0].Id != all[2].Id {
		t.Fatalf("fees %v", fees)
	}
	for _, l := range all {
		got := soOK[client.InvoiceLineItem](t, te, http.MethodGet, ivLinesPath(id)+"/"+l.Id, "")
		if got.Type != l.Type || !got.SubTotal.Equal(l.SubTotal.Decimal) {
			t.Fatalf("line %s read as %+v", l.Id, got)
		}
	}
	other := ivBill(t, te, ivOrder(t, te, "1").order)
	res, b := ivSend(t, te, http.MethodGet, ivLinesPath(other)+"/"+all[0].Id, "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// TestInvoiceLinePermissions: the line reads need View Invoices, the line writes Edit
// Invoices.
func TestInvoiceLinePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, _ := ivChargedOrder(t, te)
	id := ivBill(t, te, f.order)
	part := ivPartLines(t, te, id, `{}`)[0].Id
	fee := soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivFeeLinesPath(id)+"/list", `{}`)[0].Id
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	for _, w := range []struct{ method, path, body string }{
		{http.MethodPut, ivPartLinesPath(id) + "/" + part, `{"quantity":1}`},
		{http.MethodPatch, ivPartLinesPath(id) + "/" + part, `[]`},
		{http.MethodPut, ivFeeLinesPath(id) + "/" + fee, `{"name":"x","amount":1}`},
		{http.MethodPatch, ivFeeLinesPath(id) + "/" + fee, `[]`},
	} {
		res, b := soSend(t, viewer, w.method, w.path, w.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = soSend(t, editor, w.method, w.path, w.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	for _, r := range []struct{ method, path, body string }{
		{http.MethodPost, ivPartLinesPath(id) + "/list", `{}`},
		{http.MethodGet, ivPartLinesPath(id) + "/" + part, ""},
		{http.MethodPost, ivFeeLinesPath(id) + "/list", `{}`},
		{http.MethodPost, ivTaxLinesPath(id) + "/list", `{}`},
		{http.MethodGet, ivShippingPath(id), ""},
		{http.MethodPost, ivLinesPath(id) + "/list", `{}`},
	} {
		res, b := soSend(t, editor, r.method, r.path, r.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = soSend(t, viewer, r.method, r.path, r.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

// ivArrangeInvoiceLines: one invoice per tenant billing subs part lines and carrying subs fee,
// tax, refund (each refund its own reason) and hand-written lines, a discount, a deposit adjustment and a
// progress-billing adjustment (statement counts).
func ivArrangeInvoiceLines(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ invoice, part, fee, tax, refund string }
	build := func(te *tenantEnv, subs int) built {
		quantities := make([]string, subs)
		for i := range quantities {
			quantities[i] = "2"
		}
		f := ivOrder(t, te, quantities...)
		ivMoveOrder(t, te, f.order, "draft")
		for k := range subs {
			rate := createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Tax %02d", k), Rate: num("5")})
			solCreate(t, te, soFeeLinesPath(f.order), fmt.Sprintf(`{"name":"Fee %d","amount":10,"isTaxable":true,"taxRateId":%q}`, k, rate))
			solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
		}
		soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":true,"value":5}`)
		ivMoveOrder(t, te, f.order, "approved")
		lvPrepaid(t, te, f.order, "1", "1")
		id := ivBill(t, te, f.order)
		var refund string
		for range subs {
			refund = irRefund(t, te, id, irReason(t, te), "0.5")
			imlCreate(t, te, id, `{"type":"quantity","quantity":1,"price":1}`)
		}
		return built{invoice: id, part: ivPartLines(t, te, id, `{}`)[0].Id, refund: refund,
			fee: soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivFeeLinesPath(id)+"/list", `{}`)[0].Id,
			tax: soOK[[]client.InvoiceTaxLineItem](t, te, http.MethodPost, ivTaxLinesPath(id)+"/list", `{}`)[0].Id}
	}
	s, l := build(small, 1), build(large, manySubs)
	return []readCase{
		listRead("listInvoicePartLines", ivPartLinesPath(s.invoice)+"/list", ivPartLinesPath(l.invoice)+"/list", `{}`),
		getRead("getInvoicePartLine", ivPartLinesPath(s.invoice)+"/"+s.part, ivPartLinesPath(l.invoice)+"/"+l.part),
		listRead("listInvoiceFeeLineItems", ivFeeLinesPath(s.invoice)+"/list", ivFeeLinesPath(l.invoice)+"/list", `{}`),
		getRead("getInvoiceFeeLineItem", ivFeeLinesPath(s.invoice)+"/"+s.fee, ivFeeLinesPath(l.invoice)+"/"+l.fee),
		listRead("listInvoiceTaxLineItems", ivTaxLinesPath(s.invoice)+"/list", ivTaxLinesPath(l.invoice)+"/list", `{}`),
		getRead("getInvoiceTaxLineItem", ivTaxLinesPath(s.invoice)+"/"+s.tax, ivTaxLinesPath(l.invoice)+"/"+l.tax),
		getRead("getInvoiceDiscountLineItem", ivDiscountPath(s.invoice), ivDiscountPath(l.invoice)),
		getRead("getInvoiceShippingChargeLineItem", ivShippingPath(s.invoice), ivShippingPath(l.invoice)),
		listRead("listInvoiceLineItems", ivLinesPath(s.invoice)+"/list", ivLinesPath(l.invoice)+"/list", `{}`),
		// Sorted from the last type down, each page starts with a refund (their reasons named
		// in one statement) and the large one holds every type a regular invoice carries.
		{op: "listInvoiceLineItems", list: true,
			small: readCall{http.MethodPost, ivLinesPath(s.invoice) + "/list?Sort.Dir=descending&Take=1", `{}`},
			large: readCall{http.MethodPost, ivLinesPath(l.invoice) + "/list?Sort.Dir=descending&Take=50", `{}`}},
		getRead("getInvoiceLineItem", ivLinesPath(s.invoice)+"/"+s.tax, ivLinesPath(l.invoice)+"/"+l.tax),
		// A refund read names its reason.
		getRead("getInvoiceLineItem", ivLinesPath(s.invoice)+"/"+s.refund, ivLinesPath(l.invoice)+"/"+l.refund),
	}
}
