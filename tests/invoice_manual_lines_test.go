package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// Lines written on an invoice by hand: priced, amount, quantity and item lines, each with the
// members of its type, counted in the invoice's totals.

func imlPath(invoiceID string) string { return ivInvoicePath(invoiceID) + "/manual-line-items" }

func imlLinePath(invoiceID, lineID string) string { return imlPath(invoiceID) + "/" + lineID }

// imlCreate writes a line on the invoice and answers its id.
func imlCreate(t *testing.T, te *tenantEnv, invoiceID, body string) string {
	t.Helper()
	res, b := ivSend(t, te, http.MethodPost, imlPath(invoiceID), body)
	return createdID(t, res, b)
}

func imlGet(t *testing.T, te *tenantEnv, invoiceID, lineID string) client.InvoiceManualLineItem {
	t.Helper()
	return soOK[client.InvoiceManualLineItem](t, te, http.MethodGet, imlLinePath(invoiceID, lineID), "")
}

// imlMustTotals fails t unless the invoice's lineItemsTotal, taxTotal and total are these.
func imlMustTotals(t *testing.T, te *tenantEnv, invoiceID, lineItems, tax, total string) {
	t.Helper()
	got := ivGet(t, te, invoiceID)
	mustDec(t, "lineItemsTotal", got.LineItemsTotal, lineItems)
	mustDec(t, "taxTotal", got.TaxTotal, tax)
	mustDec(t, "total", got.Total, total)
}

// imlInvoice is an invoice billing one part line of 1 at 10 (total 10), with a 10% and a 5%
// tax rate of the tenant (no tax lines) and a taxable item booked under an accounting code.
type imlInvoice struct {
	invoice, ten, five, item, number, code string
}

func imlNewInvoice(t *testing.T, te *tenantEnv) imlInvoice {
	t.Helper()
	f := ivOrder(t, te, "1")
	w := imlInvoice{invoice: ivBill(t, te, f.order)}
	w.ten = createTaxRate(t, te, client.TaxRateWrite{Name: "Ten " + randomSuffix(), Rate: num("10")})
	w.five = createTaxRate(t, te, client.TaxRateWrite{Name: "Five " + randomSuffix(), Rate: num("5")})
	w.code = createAccountingCode(t, te, "Sales "+randomSuffix())
	w.number = "ML-" + randomSuffix()
	it := newItem(w.number)
	it.IsTaxable, it.AccountingCodeId = ptr(true), &w.code
	w.item = createItem(t, te, it)
	return w
}

// TestInvoiceManualLinesOfEachTypeCountInTheTotals: a priced line of 12.345 counts 12.35
// (1 × price, rounded), an amount line of 5 as a fee, a taxable quantity line of 3 × 2.5 = 7.5
// taxed at its own 10% (0.75), an item line of 2 × 4 = 8: with the part line's 10 the lines
// total 42.85, and the invoice 43.6. Each write recomputes the totals.
func TestInvoiceManualLinesOfEachTypeCountInTheTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := imlNewInvoice(t, te)
	id := w.invoice
	priced := imlCreate(t, te, id, `{"type":"priced","name":" Setup ","description":"One-off","price":12.345}`)
	imlMustTotals(t, te, id, "22.35", "0", "22.35")
	amount := imlCreate(t, te, id, `{"type":"amount","amount":5,"externalReferences":{"erp":{"externalId":"M-2"}}}`)
	imlMustTotals(t, te, id, "27.35", "0", "27.35")
	quantity := imlCreate(t, te, id, fmt.Sprintf(`{"type":"quantity","quantity":3,"price":2.5,"isTaxable":true,"taxCodeId":%q}`, w.ten))
	imlMustTotals(t, te, id, "34.85", "0.75", "35.6")
	item := imlCreate(t, te, id, fmt.Sprintf(`{"type":"item","quantity":2,"price":4,"itemId":%q}`, w.item))
	imlMustTotals(t, te, id, "42.85", "0.75", "43.6")

	// Every type reads its own members; the others are null.
	p := imlGet(t, te, id, priced)
	if len(p.Id) != 36 || p.InvoiceId != id || p.Type != client.InvoiceManualLineTypePriced || p.Number != 1 || idlText(p.Name) != "Setup" ||
		idlText(p.Description) != "One-off" || p.SalesOrderLineItemId != nil || p.Amount != nil || p.Quantity != nil ||
		p.UnitOfMeasure != nil || p.ItemId != nil || p.AccountingCodeId != nil || p.IsTaxable != nil || p.TaxCodeId != nil ||
		p.TaxRate != nil || p.OverrideTaxRate != nil || len(p.ExternalReferences) != 0 {
		t.Fatalf("priced line %s", mustJSON(t, p))
	}
	lvMustDecPtr(t, "priced price", p.Price, "12.345")
	mustDec(t, "priced subTotal", p.SubTotal, "12.35")
	idlNoAccounting(t, "priced", p.AccountingDetails)

	a := imlGet(t, te, id, amount)
	if a.Type != client.InvoiceManualLineTypeAmount || a.Number != 2 || a.Name != nil || a.Price != nil || a.Quantity != nil ||
		a.IsTaxable != nil || a.ExternalReferences["erp"].ExternalID == nil || *a.ExternalReferences["erp"].ExternalID != "M-2" {
		t.Fatalf("amount line %s", mustJSON(t, a))
	}
	lvMustDecPtr(t, "amount", a.Amount, "5")
	mustDec(t, "amount subTotal", a.SubTotal, "5")

	q := imlGet(t, te, id, quantity)
	if q.Type != client.InvoiceManualLineTypeQuantity || q.Number != 3 || idlText(q.UnitOfMeasure) != "notApplicable" ||
		q.IsTaxable == nil || !*q.IsTaxable || idlText(q.TaxCodeId) != w.ten || q.OverrideTaxRate == nil || *q.OverrideTaxRate ||
		q.Amount != nil || q.ItemId != nil || q.SalesOrderLineItemId != nil {
		t.Fatalf("quantity line %s", mustJSON(t, q))
	}
	lvMustDecPtr(t, "quantity taxRate", q.TaxRate, "10")
	mustDec(t, "quantity subTotal", q.SubTotal, "7.5")

	// The item line takes its item's number as name, its taxable flag, accounting code and
	// details when omitted.
	i := imlGet(t, te, id, item)
	if idlText(i.Name) != w.number {
		t.Fatalf("item line name %q, want the item's number %q", idlText(i.Name), w.number)
	}
	if i.Type != client.InvoiceManualLineTypeItem || i.Number != 4 || idlText(i.ItemId) != w.item || i.IsTaxable == nil || !*i.IsTaxable ||
		idlText(i.AccountingCodeId) != w.code || i.UnitOfMeasure != nil || i.TaxRate != nil || i.OverrideTaxRate != nil {
		t.Fatalf("item line %s", mustJSON(t, i))
	}
	mustDec(t, "item subTotal", i.SubTotal, "8")

	list := soOK[[]client.InvoiceManualLineItem](t, te, http.MethodPost, imlPath(id)+"/list", `{}`)
	if len(list) != 4 || list[0].Id != priced || list[1].Id != amount || list[2].Id != quantity || list[3].Id != item {
		t.Fatalf("list %s", mustJSON(t, list))
	}
	list = soOK[[]client.InvoiceManualLineItem](t, te, http.MethodPost, imlPath(id)+"/list", `{"types":["item","amount"]}`)
	if len(list) != 2 || list[0].Id != amount || list[1].Id != item {
		t.Fatalf("list by types %s", mustJSON(t, list))
	}
	list = soOK[[]client.InvoiceManualLineItem](t, te, http.MethodPost, imlPath(id)+"/list", fmt.Sprintf(`{"ids":[%q]}`, quantity))
	if len(list) != 1 || list[0].Id != quantity {
		t.Fatalf("list by ids %s", mustJSON(t, list))
	}

	// PUT: 4 × 2.5 = 10 taxed at another rate (5%: 0.5), which sets overrideTaxRate; lines
	// 45.35, total 45.85.
	q = soOK[client.InvoiceManualLineItem](t, te, http.MethodPut, imlLinePath(id, quantity),
		fmt.Sprintf(`{"type":"quantity","quantity":4,"price":2.5,"unitOfMeasure":" Hour ","isTaxable":true,"taxCodeId":%q}`, w.five))
	if q.OverrideTaxRate == nil || !*q.OverrideTaxRate || idlText(q.UnitOfMeasure) != "Hour" || q.Number != 3 {
		t.Fatalf("updated quantity line %s", mustJSON(t, q))
	}
	lvMustDecPtr(t, "updated taxRate", q.TaxRate, "5")
	imlMustTotals(t, te, id, "45.35", "0.5", "45.85")
	// PATCH each other type: priced 20, amount 7, item quantity 3 (12): lines 59, total 59.5.
	p = soOK[client.InvoiceManualLineItem](t, te, http.MethodPatch, imlLinePath(id, priced), `[{"op":"replace","path":"/price","value":20}]`)
	if idlText(p.Name) != "Setup" || p.Number != 1 {
		t.Fatalf("patched priced line %s", mustJSON(t, p))
	}
	soOK[client.InvoiceManualLineItem](t, te, http.MethodPatch, imlLinePath(id, amount), `[{"op":"replace","path":"/amount","value":7}]`)
	soOK[client.InvoiceManualLineItem](t, te, http.MethodPatch, imlLinePath(id, item), `[{"op":"replace","path":"/quantity","value":3}]`)
	imlMustTotals(t, te, id, "59", "0.5", "59.5")

	// DELETE: 200, then 204; the totals drop the priced line (20); a new line is number 5.
	res, b := ivSend(t, te, http.MethodDelete, imlLinePath(id, priced), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	imlMustTotals(t, te, id, "39", "0.5", "39.5")
	res, b = ivSend(t, te, http.MethodDelete, imlLinePath(id, priced), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = ivSend(t, te, http.MethodGet, imlLinePath(id, priced), "")
	mustProblem(t, res, b, http.StatusNotFound)
	if got := imlGet(t, te, id, imlCreate(t, te, id, `{"type":"priced","price":1}`)); got.Number != 5 {
		t.Fatalf("a deleted line's number is given again: %d", got.Number)
	}
	imlMustTotals(t, te, id, "40", "0.5", "40.5")
}

// TestInvoiceManualLineWritesRefuseBadInput: members of another type, missing members of the
// type, bad amounts and texts, unknown or archived references, a type change and read-only
// patch paths answer 400 or 404 naming the member, and change nothing.
func TestInvoiceManualLineWritesRefuseBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := imlNewInvoice(t, te)
	id := w.invoice
	archivedRate := createTaxRate(t, te, client.TaxRateWrite{Name: "Old " + randomSuffix(), Rate: num("4"), IsArchived: ptr(true)})
	oldItem := newItem("ML-OLD-" + randomSuffix())
	oldItem.IsArchived = ptr(true)
	archivedItem := createItem(t, te, oldItem)
	const unknown = "ffffffffffffffffffffff0f"
	for _, c := range []struct {
		body   string
		status int
		field  string
	}{
		{`{"type":"priced","price":1,"amount":2}`, http.StatusBadRequest, "amount"},
		{`{"type":"priced","price":1,"isTaxable":true}`, http.StatusBadRequest, "isTaxable"},
		{fmt.Sprintf(`{"type":"priced","price":1,"taxCodeId":%q}`, w.ten), http.StatusBadRequest, "taxCodeId"},
		{`{"type":"amount","amount":1,"quantity":2}`, http.StatusBadRequest, "quantity"},
		{`{"type":"amount","amount":1,"price":2}`, http.StatusBadRequest, "price"},
		{fmt.Sprintf(`{"type":"quantity","quantity":1,"price":1,"itemId":%q}`, w.item), http.StatusBadRequest, "itemId"},
		{fmt.Sprintf(`{"type":"item","quantity":1,"price":1,"itemId":%q,"unitOfMeasure":"Each"}`, w.item), http.StatusBadRequest, "unitOfMeasure"},
		{fmt.Sprintf(`{"type":"item","quantity":1,"price":1,"itemId":%q,"taxCodeId":%q}`, w.item, w.ten), http.StatusBadRequest, "taxCodeId"},
		{`{"type":"priced"}`, http.StatusBadRequest, "price"},
		{`{"type":"amount"}`, http.StatusBadRequest, "amount"},
		{`{"type":"quantity","price":1}`, http.StatusBadRequest, "quantity"},
		{`{"type":"item","quantity":1,"price":1}`, http.StatusBadRequest, "itemId"},
		{`{"type":"priced","price":-1}`, http.StatusBadRequest, "price"},
		{`{"type":"amount","amount":-0.01}`, http.StatusBadRequest, "amount"},
		{`{"type":"quantity","quantity":0,"price":1}`, http.StatusBadRequest, "quantity"},
		{`{"type":"quantity","quantity":1,"price":1,"unitOfMeasure":"  "}`, http.StatusBadRequest, "unitOfMeasure"},
		{`{"type":"quantity","quantity":1,"price":1,"unitOfMeasure":"` + strings.Repeat("u", 51) + `"}`, http.StatusBadRequest, "unitOfMeasure"},
		{`{"type":"priced","price":1,"name":"` + strings.Repeat("n", 201) + `"}`, http.StatusBadRequest, "name"},
		{`{"type":"priced","price":1,"externalReferences":{"erp":{"externalId":" "}}}`, http.StatusBadRequest, "externalReferences"},
		{`{"type":"other","price":1}`, http.StatusBadRequest, "type"},
		{fmt.Sprintf(`{"type":"item","quantity":1,"price":1,"itemId":%q}`, unknown), http.StatusNotFound, "itemId"},
		{fmt.Sprintf(`{"type":"item","quantity":1,"price":1,"itemId":%q}`, archivedItem), http.StatusBadRequest, "itemId"},
		{fmt.Sprintf(`{"type":"priced","price":1,"accountingCodeId":%q}`, unknown), http.StatusNotFound, "accountingCodeId"},
		{fmt.Sprintf(`{"type":"quantity","quantity":1,"price":1,"taxCodeId":%q}`, unknown), http.StatusNotFound, "taxCodeId"},
		{fmt.Sprintf(`{"type":"quantity","quantity":1,"price":1,"taxCodeId":%q}`, archivedRate), http.StatusBadRequest, "taxCodeId"},
	} {
		res, b := ivSend(t, te, http.MethodPost, imlPath(id), c.body)
		ivMustProblem(t, res, b, c.status, c.field)
	}
	if got := soOK[[]client.InvoiceManualLineItem](t, te, http.MethodPost, imlPath(id)+"/list", `{}`); len(got) != 0 {
		t.Fatalf("refused creates wrote %s", mustJSON(t, got))
	}
	imlMustTotals(t, te, id, "10", "0", "10")

	// A named accounting code is stored; the type never changes; read-only members cannot be
	// patched; a patch setting a member of another type is refused.
	line := imlCreate(t, te, id, fmt.Sprintf(`{"type":"priced","price":3,"accountingCodeId":%q}`, w.code))
	if got := imlGet(t, te, id, line); idlText(got.AccountingCodeId) != w.code {
		t.Fatalf("accounting code %s", mustJSON(t, got))
	}
	res, b := ivSend(t, te, http.MethodPut, imlLinePath(id, line), `{"type":"amount","amount":3}`)
	ivMustProblem(t, res, b, http.StatusBadRequest, "type")
	res, b = ivSend(t, te, http.MethodPatch, imlLinePath(id, line), `[{"op":"replace","path":"/type","value":"amount"}]`)
	ivMustProblem(t, res, b, http.StatusBadRequest, "type")
	res, b = ivSend(t, te, http.MethodPatch, imlLinePath(id, line), `[{"op":"replace","path":"/amount","value":3}]`)
	ivMustProblem(t, res, b, http.StatusBadRequest, "amount")
	for _, path := range []string{"/number", "/subTotal", "/overrideTaxRate", "/salesOrderLineItemId", "/taxRate"} {
		res, b := ivSend(t, te, http.MethodPatch, imlLinePath(id, line), `[{"op":"replace","path":"`+path+`","value":1}]`)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	// A full update clears what it omits: the accounting code.
	if got := soOK[client.InvoiceManualLineItem](t, te, http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":3}`); got.AccountingCodeId != nil {
		t.Fatalf("omitted accounting code kept %s", mustJSON(t, got))
	}
	imlMustTotals(t, te, id, "13", "0", "13")
}

// TestInvoiceManualLinesFollowTheStatusAndTheInvoice: writes are refused (400 naming status)
// once the invoice is issued; a line of another invoice or another tenant answers 404; reads
// need View Invoices and writes Edit Invoices.
func TestInvoiceManualLinesFollowTheStatusAndTheInvoice(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	w := imlNewInvoice(t, te)
	id := w.invoice
	line := imlCreate(t, te, id, `{"type":"priced","price":3}`)
	second := imlNewInvoice(t, te).invoice
	elsewhere := imlCreate(t, te, second, `{"type":"amount","amount":1}`)

	// Another invoice's line, another tenant's invoice: 404.
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, imlLinePath(id, elsewhere), ""},
		{http.MethodPut, imlLinePath(id, elsewhere), `{"type":"amount","amount":2}`},
		{http.MethodPatch, imlLinePath(id, elsewhere), `[]`},
		{http.MethodDelete, imlLinePath(id, elsewhere), ""},
	} {
		res, b := ivSend(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, imlPath(id), `{"type":"priced","price":1}`},
		{http.MethodPost, imlPath(id) + "/list", `{}`},
		{http.MethodGet, imlLinePath(id, line), ""},
		{http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":2}`},
		{http.MethodPatch, imlLinePath(id, line), `[]`},
		{http.MethodDelete, imlLinePath(id, line), ""},
	} {
		res, b := ivSend(t, other, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	imlMustTotals(t, te, second, "11", "0", "11")

	// Permissions.
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, imlPath(id), `{"type":"priced","price":1}`},
		{http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":2}`},
		{http.MethodPatch, imlLinePath(id, line), `[]`},
		{http.MethodDelete, imlLinePath(id, line), ""},
	} {
		res, b := soSend(t, viewer, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, imlPath(id) + "/list", `{}`},
		{http.MethodGet, imlLinePath(id, line), ""},
	} {
		res, b := soSend(t, editor, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = soSend(t, viewer, c.method, c.path, c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	res, b := soSend(t, editor, http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":2}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	// If-Match: a stale ETag is refused.
	tag, _ := etagOf(t, te, imlLinePath(id, line))
	soOK[client.InvoiceManualLineItem](t, te, http.MethodPatch, imlLinePath(id, line), `[{"op":"replace","path":"/price","value":4}]`)
	res, b = conditionally(t, te, http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":5}`, ifMatch(tag))
	mustProblem(t, res, b, http.StatusPreconditionFailed)

	// Issued: every write answers 400 naming status; reads still answer.
	ivMove(t, te, id, "needsApproval")
	ivMove(t, te, id, "approved")
	ivMove(t, te, id, "issued")
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, imlPath(id), `{"type":"priced","price":1}`},
		{http.MethodPut, imlLinePath(id, line), `{"type":"priced","price":2}`},
		{http.MethodPatch, imlLinePath(id, line), `[{"op":"replace","path":"/price","value":2}]`},
		{http.MethodDelete, imlLinePath(id, line), ""},
	} {
		res, b := ivSend(t, te, c.method, c.path, c.body)
		ivMustProblem(t, res, b, http.StatusBadRequest, "status")
	}
	if got := imlGet(t, te, id, line); got.Price == nil || !got.Price.Equal(num("4").Decimal) {
		t.Fatalf("issued line %s", mustJSON(t, got))
	}
	imlMustTotals(t, te, id, "14", "0", "14")
}

// imlWalkLine is a priced line of 1 on the walk's invoice, for the platform walks.
func imlWalkLine(t *testing.T, te *tenantEnv, invoiceID string) string {
	t.Helper()
	return imlCreate(t, te, invoiceID, `{"type":"priced","name":"Walk","price":1}`)
}

// imlArrangeLines: one invoice per tenant carrying subs lines of each type (statement counts):
// a list and a read answer in a fixed number of statements.
func imlArrangeLines(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, subs int) (invoice, line string) {
		w := imlNewInvoice(t, te)
		for range subs {
			imlCreate(t, te, w.invoice, `{"type":"priced","price":1}`)
			imlCreate(t, te, w.invoice, `{"type":"amount","amount":1}`)
			imlCreate(t, te, w.invoice, fmt.Sprintf(`{"type":"quantity","quantity":1,"price":1,"taxCodeId":%q}`, w.ten))
			line = imlCreate(t, te, w.invoice, fmt.Sprintf(`{"type":"item","quantity":1,"price":1,"itemId":%q}`, w.item))
		}
		return w.invoice, line
	}
	si, sl := build(small, 1)
	li, ll := build(large, manySubs)
	return []readCase{
		listRead("listInvoiceManualLineItems", imlPath(si)+"/list", imlPath(li)+"/list", `{}`),
		getRead("getInvoiceManualLineItem", imlLinePath(si, sl), imlLinePath(li, ll)),
	}
}
