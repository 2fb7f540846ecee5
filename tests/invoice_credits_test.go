package tests

import (
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Refund lines of invoices: money given back, off the total after tax, written in every
// status of a live invoice; an invoice copies its order's refund lines no live invoice
// carries.

func irRefundsPath(invoiceID string) string { return ivInvoicePath(invoiceID) + "/refund-line-items" }

func irRefundPath(invoiceID, lineID string) string { return irRefundsPath(invoiceID) + "/" + lineID }

// irReason creates a usable refund reason code.
func irReason(t *testing.T, te *tenantEnv) string {
	t.Helper()
	return createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged " + randomSuffix()})
}

// irRefund adds a refund of amount for reason to the invoice and answers its id.
func irRefund(t *testing.T, te *tenantEnv, invoiceID, reason, amount string) string {
	t.Helper()
	return solCreate(t, te, irRefundsPath(invoiceID), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":%s}`, reason, amount))
}

func irRefunds(t *testing.T, te *tenantEnv, invoiceID string) []client.InvoiceRefundLineItem {
	t.Helper()
	return soOK[[]client.InvoiceRefundLineItem](t, te, http.MethodPost, irRefundsPath(invoiceID)+"/list", `{}`)
}

// TestInvoiceRefundsComeOffTheTotalAfterTax: a refund counts rounded to the currency (half away
// from zero) and comes off the total after tax; the subtotal and lineItemsTotal exclude it;
// PUT and PATCH rewrite it and the totals follow.
func TestInvoiceRefundsComeOffTheTotalAfterTax(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10")
	ivMoveOrder(t, te, f.order, "draft")
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "VAT " + randomSuffix(), Rate: num("10")})
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":20,"isTaxable":true}`)
	solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order)
	// Parts 100 (not taxable) + fee 20 (taxable) = 120; tax 10% of 20 = 2; total 122.
	before := ivGet(t, te, id)
	mustDec(t, "total before refunds", before.Total, "122")
	reason := irReason(t, te)
	refund := irRefund(t, te, id, reason, "12.345")
	after := ivGet(t, te, id)
	mustDec(t, "total", after.Total, "109.65")
	mustDec(t, "subtotal", after.Subtotal, "120")
	mustDec(t, "lineItemsTotal", after.LineItemsTotal, "120")
	mustDec(t, "taxTotal", after.TaxTotal, "2")
	got := soOK[client.InvoiceRefundLineItem](t, te, http.MethodGet, irRefundPath(id, refund), "")
	mustDec(t, "refund subTotal", got.SubTotal, "12.35")
	mustDec(t, "refund amount", got.Amount, "12.345")
	if got.InvoiceId != id || got.RefundReasonCodeId != reason || got.RefundReasonCode.Id != reason || got.RefundReasonCode.Name == "" || len(got.Id) != 36 {
		t.Fatalf("refund line %s", mustJSON(t, got))
	}
	soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":20,"description":" Late "}`, reason))
	mustDec(t, "total after PUT", ivGet(t, te, id).Total, "102")
	patched := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPatch, irRefundPath(id, refund), `[{"op":"replace","path":"/amount","value":22}]`)
	if patched.Description == nil || *patched.Description != "Late" {
		t.Fatalf("patch lost the description: %s", mustJSON(t, patched))
	}
	mustDec(t, "total after PATCH", ivGet(t, te, id).Total, "100")
	irRefund(t, te, id, reason, "100")
	mustDec(t, "total refunded in full", ivGet(t, te, id).Total, "0")
	// Nothing is left to refund: the refunds may not exceed the total before them.
	r, b := ivSend(t, te, http.MethodPost, irRefundsPath(id), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":0.01}`, reason))
	ivMustProblem(t, r, b, http.StatusBadRequest, "amount")
	r, b = ivSend(t, te, http.MethodPut, irRefundPath(id, refund), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":22.01}`, reason))
	ivMustProblem(t, r, b, http.StatusBadRequest, "amount")
	// Lowering a refund is accepted.
	soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":2}`, reason))
	mustDec(t, "total after lowering", ivGet(t, te, id).Total, "20")
	if list := irRefunds(t, te, id); len(list) != 2 || list[0].Id != refund {
		t.Fatalf("refund list %s", mustJSON(t, list))
	}
}

// TestInvoiceRefundsRefuseBadInput: 400 naming amount (0, negative) and an archived reason;
// 404 naming an unknown reason, an unknown part line or another invoice's part line; 404 for
// an unknown invoice and for a refund line of another invoice.
func TestInvoiceRefundsRefuseBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "5", "5")
	id, other := ivBill(t, te, f.order, ivLine(f.lines[0], "5")), ivBill(t, te, f.order, ivLine(f.lines[1], "5"))
	part := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(id)+"/part-line-items/list", `{}`)[0].Id
	otherPart := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(other)+"/part-line-items/list", `{}`)[0].Id
	reason := irReason(t, te)
	old := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Old " + randomSuffix(), IsArchived: ptr(true)})
	for _, c := range []struct {
		body, field string
		status      int
	}{
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":0}`, reason), "amount", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":-5}`, reason), "amount", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, old), "refundReasonCodeId", 400},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, ids.New()), "refundReasonCodeId", 404},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, reason, otherPart), "partLineItemId", 404},
		{fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, reason, ids.NewSub()), "partLineItemId", 404},
	} {
		r, b := ivSend(t, te, http.MethodPost, irRefundsPath(id), c.body)
		ivMustProblem(t, r, b, c.status, c.field)
	}
	refund := solCreate(t, te, irRefundsPath(id), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, reason, part))
	if got := irRefunds(t, te, id); len(got) != 1 || got[0].PartLineItemId == nil || *got[0].PartLineItemId != part {
		t.Fatalf("refunds %s", mustJSON(t, got))
	}
	r, b := ivSend(t, te, http.MethodPost, irRefundsPath(ivUnknownID), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = ivSend(t, te, http.MethodPost, irRefundsPath(ivUnknownID)+"/list", `{}`)
	mustProblem(t, r, b, http.StatusNotFound)
	for _, w := range []struct{ method, body string }{
		{http.MethodGet, ""},
		{http.MethodPut, fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)},
		{http.MethodPatch, `[]`},
	} {
		r, b := ivSend(t, te, w.method, irRefundPath(other, refund), w.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
}

// TestInvoiceRefundsAreWrittenAfterIssue: refunds are written while the invoice is issued or
// paid (a credit after issue), though its other lines are frozen; a deleted invoice's refunds
// are read but not written.
func TestInvoiceRefundsAreWrittenAfterIssue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3", "1")
	ivMoveOrder(t, te, f.order, "draft")
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":5}`)
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order, ivLine(f.lines[0], "3"))
	reason := irReason(t, te)
	ivMove(t, te, id, "issued")
	refund := irRefund(t, te, id, reason, "5")
	mustDec(t, "issued total", ivGet(t, te, id).Total, "30")
	invoiceFee := soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivInvoicePath(id)+"/fee-line-items/list", `{}`)[0].Id
	r, b := ivSend(t, te, http.MethodPut, ivInvoicePath(id)+"/fee-line-items/"+invoiceFee, `{"name":"Tooling","amount":1}`)
	ivMustProblem(t, r, b, http.StatusBadRequest, "status")
	ivMove(t, te, id, "paid")
	soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":15}`, reason))
	mustDec(t, "paid total", ivGet(t, te, id).Total, "20")
	// A deleted invoice: refunds read, not written.
	gone := ivBill(t, te, f.order, ivLine(f.lines[1], "1"))
	goneRefund := irRefund(t, te, gone, reason, "1")
	r, b = ivSend(t, te, http.MethodDelete, ivInvoicePath(gone), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	soOK[client.InvoiceRefundLineItem](t, te, http.MethodGet, irRefundPath(gone, goneRefund), "")
	r, b = ivSend(t, te, http.MethodPost, irRefundsPath(gone), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	mustProblem(t, r, b, http.StatusNotFound)
}

// TestInvoiceCopiesTheOrdersRefundLines: the first invoice of an order copies its refund lines
// (a refund against an order line goes against the invoice's part line billing it); the next
// invoice finds them taken; deleting the first gives them back to the next.
func TestInvoiceCopiesTheOrdersRefundLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "4", "4")
	ivMoveOrder(t, te, f.order, "draft")
	reason := irReason(t, te)
	solCreate(t, te, soRefundLinesPath(f.order), fmt.Sprintf(`{"refundReasonCodeId":%q,"partLineItemId":%q,"amount":3,"description":"Scratched"}`, reason, f.lines[0]))
	solCreate(t, te, soRefundLinesPath(f.order), fmt.Sprintf(`{"refundReasonCodeId":%q,"partLineItemId":%q,"amount":2}`, reason, f.lines[1]))
	ivMoveOrder(t, te, f.order, "approved")
	first := ivBill(t, te, f.order, ivLine(f.lines[0], "2"))
	part := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(first)+"/part-line-items/list", `{}`)[0].Id
	copied := irRefunds(t, te, first)
	if len(copied) != 2 {
		t.Fatalf("copied refunds %s", mustJSON(t, copied))
	}
	against, whole := copied[0], copied[1]
	if against.PartLineItemId == nil {
		against, whole = whole, against
	}
	// The refund against the billed line goes against the invoice's part line; the one against
	// a line this invoice does not bill is for the invoice as a whole.
	if against.PartLineItemId == nil || *against.PartLineItemId != part || whole.PartLineItemId != nil ||
		against.Description == nil || *against.Description != "Scratched" || against.RefundReasonCodeId != reason {
		t.Fatalf("copied refunds %s", mustJSON(t, copied))
	}
	mustDec(t, "first total", ivGet(t, te, first).Total, "15")
	second := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	if got := irRefunds(t, te, second); len(got) != 0 {
		t.Fatalf("second invoice copied %s", mustJSON(t, got))
	}
	mustDec(t, "second total", ivGet(t, te, second).Total, "10")
	r, b := ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	third := ivBill(t, te, f.order, ivLine(f.lines[1], "4"))
	if got := irRefunds(t, te, third); len(got) != 2 {
		t.Fatalf("third invoice copied %s", mustJSON(t, got))
	}
	mustDec(t, "third total", ivGet(t, te, third).Total, "35")
}

// TestInvoiceRefundTenantsAndPermissions: another tenant's invoice is 404 for every refund
// operation; writes need Edit Invoices, reads View Invoices.
func TestInvoiceRefundTenantsAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "2")
	id := ivBill(t, te, f.order)
	reason := irReason(t, te)
	refund := irRefund(t, te, id, reason, "1")
	body := fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason)
	writes := []struct{ method, path, body string }{
		{http.MethodPost, irRefundsPath(id), body},
		{http.MethodPut, irRefundPath(id, refund), body},
		{http.MethodPatch, irRefundPath(id, refund), `[]`},
	}
	reads := []struct{ method, path, body string }{
		{http.MethodGet, irRefundPath(id, refund), ""},
		{http.MethodPost, irRefundsPath(id) + "/list", `{}`},
	}
	for _, w := range append(append([]struct{ method, path, body string }{}, writes...), reads...) {
		r, b := ivSend(t, other, w.method, w.path, w.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	for _, w := range writes {
		r, b := soSend(t, viewer, w.method, w.path, w.body)
		mustProblem(t, r, b, http.StatusForbidden)
		r, b = soSend(t, editor, w.method, w.path, w.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
	for _, rd := range reads {
		r, b := soSend(t, editor, rd.method, rd.path, rd.body)
		mustProblem(t, r, b, http.StatusForbidden)
		r, b = soSend(t, viewer, rd.method, rd.path, rd.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
}

// irWalkRefund is a refund line of 1 on the walk's invoice, for the platform walks.
func irWalkRefund(t *testing.T, te *tenantEnv, invoiceID string) string {
	t.Helper()
	return irRefund(t, te, invoiceID, irReason(t, te), "1")
}

// irArrangeRefunds: one invoice per tenant carrying subs refund lines (statement counts): a
// list and a read answer in a fixed number of statements.
func irArrangeRefunds(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, subs int) (invoice, refund string) {
		f := ivOrder(t, te, "1000")
		invoice = ivBill(t, te, f.order)
		for k := range subs {
			// Each its own reason: naming them is one lookup however many.
			refund = irRefund(t, te, invoice, irReason(t, te), fmt.Sprintf("%d.5", k+1))
		}
		return invoice, refund
	}
	si, sr := build(small, 1)
	li, lr := build(large, manySubs)
	return []readCase{
		listRead("listInvoiceRefundLineItems", irRefundsPath(si)+"/list", irRefundsPath(li)+"/list", `{}`),
		getRead("getInvoiceRefundLineItem", irRefundPath(si, sr), irRefundPath(li, lr)),
	}
}

// Deposits: a deposit invoice bills money upfront against a sales order; the next regular
// invoices take the issued or paid deposits off, at most their totals.

func irDepositsPath(orderID string) string { return soOrderPath(orderID) + "/deposit-invoices" }

func irDepositLinesPath(invoiceID string) string {
	return ivInvoicePath(invoiceID) + "/deposit-line-items"
}

func irAdjustmentsPath(invoiceID string) string {
	return ivInvoicePath(invoiceID) + "/deposit-adjustment-line-items"
}

// irDeposit creates a deposit invoice of order from body and answers its id.
func irDeposit(t *testing.T, te *tenantEnv, orderID, body string) string {
	t.Helper()
	return solCreate(t, te, irDepositsPath(orderID), body)
}

func irAdjustments(t *testing.T, te *tenantEnv, invoiceID string) []client.InvoiceDepositAdjustmentLineItem {
	t.Helper()
	return soOK[[]client.InvoiceDepositAdjustmentLineItem](t, te, http.MethodPost, irAdjustmentsPath(invoiceID)+"/list", `{}`)
}

// irMustAdjusted fails t unless the invoice carries an adjustment of want ("" for none) and its
// total is total.
func irMustAdjusted(t *testing.T, te *tenantEnv, invoiceID, want, total string) {
	t.Helper()
	list := irAdjustments(t, te, invoiceID)
	switch {
	case want == "" && len(list) != 0, want != "" && len(list) != 1:
		t.Fatalf("adjustments %s, want %q", mustJSON(t, list), want)
	case want != "":
		mustDec(t, "adjustment", list[0].Amount, want)
	}
	mustDec(t, "total", ivGet(t, te, invoiceID).Total, total)
}

// TestInvoiceDepositCreateRefusesBadInput: exactly one of amount and percentage, more than 0
// (400 naming them); the deposits never exceed the order's total (400 naming amount); the
// order must be billable (400 naming salesOrderId) and the tenant's (404 naming it).
func TestInvoiceDepositCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "10") // total 100
	for _, c := range []struct{ body, field string }{
		{`{}`, "amount"},
		{`{}`, "percentage"},
		{`{"amount":10,"percentage":10}`, "amount"},
		{`{"amount":10,"percentage":10}`, "percentage"},
		{`{"amount":0}`, "amount"},
		{`{"amount":-1}`, "amount"},
		{`{"percentage":0}`, "percentage"},
		{`{"percentage":100.5}`, "percentage"},
		{`{"amount":0.001}`, "amount"},
		{`{"amount":100.01}`, "amount"},
		{`{"amount":5,"issueDate":"1999-12-31"}`, "issueDate"},
	} {
		r, b := ivSend(t, te, http.MethodPost, irDepositsPath(f.order), c.body)
		ivMustProblem(t, r, b, http.StatusBadRequest, c.field)
	}
	irDeposit(t, te, f.order, `{"percentage":60}`)
	r, b := ivSend(t, te, http.MethodPost, irDepositsPath(f.order), `{"amount":40.01}`)
	ivMustProblem(t, r, b, http.StatusBadRequest, "amount")
	irDeposit(t, te, f.order, `{"amount":40}`)
	r, b = ivSend(t, te, http.MethodPost, irDepositsPath(ivUnknownID), `{"amount":1}`)
	ivMustProblem(t, r, b, http.StatusNotFound, "salesOrderId")
	r, b = ivSend(t, other, http.MethodPost, irDepositsPath(f.order), `{"amount":1}`)
	ivMustProblem(t, r, b, http.StatusNotFound, "salesOrderId")
	draft := ivOrder(t, te, "1")
	ivMoveOrder(t, te, draft.order, "draft")
	r, b = ivSend(t, te, http.MethodPost, irDepositsPath(draft.order), `{"amount":1}`)
	ivMustProblem(t, r, b, http.StatusBadRequest, "salesOrderId")
}

// TestInvoiceDepositInvoiceBillsOneDepositLine: a percentage of the order's total, rounded to
// its currency, is the invoice's one line and its totals; the invoice is a deposit invoice.
func TestInvoiceDepositInvoiceBillsOneDepositLine(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3", "7") // total 100
	id := irDeposit(t, te, f.order, `{"percentage":33.333,"description":" Upfront ","dueDate":"2026-12-01"}`)
	inv := ivGet(t, te, id)
	if !inv.IsDeposit || inv.SalesOrderId != f.order || inv.Number != 1 || inv.Status != client.InvoiceStatusNew {
		t.Fatalf("deposit invoice %s", mustJSON(t, inv))
	}
	mustDec(t, "lineItemsTotal", inv.LineItemsTotal, "33.33")
	mustDec(t, "subtotal", inv.Subtotal, "33.33")
	mustDec(t, "taxTotal", inv.TaxTotal, "0")
	mustDec(t, "total", inv.Total, "33.33")
	lines := soOK[[]client.InvoiceDepositLineItem](t, te, http.MethodPost, irDepositLinesPath(id)+"/list", `{}`)
	if len(lines) != 1 || lines[0].Percentage == nil || lines[0].Description == nil || *lines[0].Description != "Upfront" || len(lines[0].Id) != 36 {
		t.Fatalf("deposit lines %s", mustJSON(t, lines))
	}
	mustDec(t, "deposit amount", lines[0].Amount, "33.33")
	got := soOK[client.InvoiceDepositLineItem](t, te, http.MethodGet, irDepositLinesPath(id)+"/"+lines[0].Id, "")
	mustDec(t, "deposit read", got.Amount, "33.33")
	if parts := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(id)+"/part-line-items/list", `{}`); len(parts) != 0 {
		t.Fatalf("a deposit invoice bills part lines: %s", mustJSON(t, parts))
	}
	// The order's lines are still there to bill.
	ivMustInvoiced(t, te, f.lines[0], "0")
	// A regular invoice has no deposit line; a line of another invoice is 404.
	regular := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	if l := soOK[[]client.InvoiceDepositLineItem](t, te, http.MethodPost, irDepositLinesPath(regular)+"/list", `{}`); len(l) != 0 {
		t.Fatalf("regular invoice deposit lines %s", mustJSON(t, l))
	}
	r, b := ivSend(t, te, http.MethodGet, irDepositLinesPath(regular)+"/"+lines[0].Id, "")
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = ivSend(t, te, http.MethodPost, irDepositLinesPath(ivUnknownID)+"/list", `{}`)
	mustProblem(t, r, b, http.StatusNotFound)
}

// TestInvoiceDepositAdjustmentTakesTheBalance: only issued or paid deposits count; a regular
// invoice takes the balance off, at most its total; deleting it gives the balance back; the
// total formula is lines − deposit adjustment − refunds, the subtotal before both.
func TestInvoiceDepositAdjustmentTakesTheBalance(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "11") // total 110
	deposit := irDeposit(t, te, f.order, `{"amount":25}`)
	a := ivBill(t, te, f.order, ivLine(f.lines[0], "5"))
	irMustAdjusted(t, te, a, "", "50") // the deposit is not yet issued
	ivMove(t, te, deposit, "issued")
	b := ivBill(t, te, f.order, ivLine(f.lines[0], "2"))
	irMustAdjusted(t, te, b, "20", "0") // at most the invoice's total
	c := ivBill(t, te, f.order, ivLine(f.lines[0], "3"))
	irMustAdjusted(t, te, c, "5", "25") // what is left of the balance
	irRefund(t, te, c, irReason(t, te), "5")
	got := ivGet(t, te, c)
	mustDec(t, "total after refund", got.Total, "20")
	mustDec(t, "subtotal before adjustment and refund", got.Subtotal, "30")
	mustDec(t, "lineItemsTotal", got.LineItemsTotal, "30")
	adj := irAdjustments(t, te, b)[0]
	if adj.InvoiceId != b || adj.SalesOrderId != f.order || len(adj.Id) != 36 {
		t.Fatalf("adjustment %s", mustJSON(t, adj))
	}
	soOK[client.InvoiceDepositAdjustmentLineItem](t, te, http.MethodGet, irAdjustmentsPath(b)+"/"+adj.Id, "")
	r, body := ivSend(t, te, http.MethodGet, irAdjustmentsPath(c)+"/"+adj.Id, "")
	mustProblem(t, r, body, http.StatusNotFound)
	r, body = ivSend(t, te, http.MethodDelete, ivInvoicePath(b), "")
	mustStatus(t, r.StatusCode, http.StatusOK, body)
	d := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	irMustAdjusted(t, te, d, "10", "0") // b's 20 came back
	// A paid deposit counts too.
	g := ivOrder(t, te, "4")
	gd := irDeposit(t, te, g.order, `{"percentage":50}`)
	ivMove(t, te, gd, "paid")
	irMustAdjusted(t, te, ivBill(t, te, g.order, ivLine(g.lines[0], "4")), "20", "20")
}

// TestInvoiceDepositIsAdjustedOnceUnderConcurrentCreates: invoices of one order created at
// once never both take the whole deposit.
func TestInvoiceDepositIsAdjustedOnceUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "8")
	ivMove(t, te, irDeposit(t, te, f.order, `{"amount":15}`), "issued")
	const n = 4
	created := make([]string, n)
	statuses := atOnce(t, n, func(i int) (int, error) {
		res, b := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order,
			"partLines": []any{ivLine(f.lines[0], "2")}}))
		if res.StatusCode == http.StatusOK {
			created[i] = createdID(t, res, b)
		}
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v", statuses)
	}
	adjusted := num("0")
	for _, id := range created {
		for _, a := range irAdjustments(t, te, id) {
			adjusted = num(adjusted.Add(a.Amount.Decimal).String())
		}
	}
	mustDec(t, "adjusted in all", adjusted, "15")
}

// TestInvoiceDepositTenantsAndPermissions: another tenant's invoice is 404 for the deposit
// reads; the create needs Edit Invoices, the reads View Invoices.
func TestInvoiceDepositTenantsAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "4")
	deposit := irDeposit(t, te, f.order, `{"amount":10}`)
	ivMove(t, te, deposit, "issued")
	regular := ivBill(t, te, f.order)
	line := soOK[[]client.InvoiceDepositLineItem](t, te, http.MethodPost, irDepositLinesPath(deposit)+"/list", `{}`)[0].Id
	adj := irAdjustments(t, te, regular)[0].Id
	reads := []struct{ method, path, body string }{
		{http.MethodPost, irDepositLinesPath(deposit) + "/list", `{}`},
		{http.MethodGet, irDepositLinesPath(deposit) + "/" + line, ""},
		{http.MethodPost, irAdjustmentsPath(regular) + "/list", `{}`},
		{http.MethodGet, irAdjustmentsPath(regular) + "/" + adj, ""},
	}
	for _, rd := range reads {
		r, b := ivSend(t, other, rd.method, rd.path, rd.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	for _, rd := range reads {
		r, b := soSend(t, editor, rd.method, rd.path, rd.body)
		mustProblem(t, r, b, http.StatusForbidden)
		r, b = soSend(t, viewer, rd.method, rd.path, rd.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
	r, b := soSend(t, viewer, http.MethodPost, irDepositsPath(f.order), `{"amount":1}`)
	mustProblem(t, r, b, http.StatusForbidden)
	r, b = soSend(t, editor, http.MethodPost, irDepositsPath(f.order), `{"amount":1}`)
	mustStatus(t, r.StatusCode, http.StatusOK, b)
}

// irDeposits is a deposit invoice of 10 (issued) of a fresh order of 4 units at 10, and a
// regular invoice of the order whose deposit-adjustment line took it, for the platform walks.
type irDeposits struct {
	order, deposit, depositLine, regular, adjustment string
}

func irWalkDeposits(t *testing.T, te *tenantEnv) irDeposits {
	t.Helper()
	f := ivOrder(t, te, "4")
	w := irDeposits{order: f.order, deposit: irDeposit(t, te, f.order, `{"amount":10}`)}
	ivMove(t, te, w.deposit, "issued")
	w.depositLine = soOK[[]client.InvoiceDepositLineItem](t, te, http.MethodPost, irDepositLinesPath(w.deposit)+"/list", `{}`)[0].Id
	w.regular = ivBill(t, te, f.order)
	w.adjustment = irAdjustments(t, te, w.regular)[0].Id
	return w
}

// irArrangeDeposits: a deposit invoice and an adjusted invoice per tenant (statement counts).
// An invoice carries at most one deposit and one deposit-adjustment line, so their lists are
// counted as reads of one record.
func irArrangeDeposits(t *testing.T, small, large *tenantEnv) []readCase {
	s, l := irWalkDeposits(t, small), irWalkDeposits(t, large)
	one := func(op, smallPath, largePath string) readCase {
		return readCase{op: op, small: readCall{http.MethodPost, smallPath, `{}`}, large: readCall{http.MethodPost, largePath, `{}`}}
	}
	return []readCase{
		one("listInvoiceDepositLineItems", irDepositLinesPath(s.deposit)+"/list", irDepositLinesPath(l.deposit)+"/list"),
		getRead("getInvoiceDepositLineItem", irDepositLinesPath(s.deposit)+"/"+s.depositLine, irDepositLinesPath(l.deposit)+"/"+l.depositLine),
		one("listInvoiceDepositAdjustmentLineItems", irAdjustmentsPath(s.regular)+"/list", irAdjustmentsPath(l.regular)+"/list"),
		getRead("getInvoiceDepositAdjustmentLineItem", irAdjustmentsPath(s.regular)+"/"+s.adjustment, irAdjustmentsPath(l.regular)+"/"+l.adjustment),
	}
}

// Progress billing: a schedule of milestones on the sales order, each billed by an invoice of
// one ProgressBilling line; later regular invoices take the issued or paid billings off.

func irSchedulePath(orderID string) string {
	return soOrderPath(orderID) + "/progress-billing-schedule"
}

func irMilestonePath(orderID, milestoneID string) string {
	return irSchedulePath(orderID) + "/milestones/" + milestoneID + "/invoice"
}

func irSchedule(t *testing.T, te *tenantEnv, orderID, body string) client.ProgressBillingSchedule {
	t.Helper()
	return soOK[client.ProgressBillingSchedule](t, te, http.MethodPut, irSchedulePath(orderID), body)
}

// irLineTypes answers the invoice's lines view as type → subTotal.
func irLineTypes(t *testing.T, te *tenantEnv, invoiceID string) map[client.InvoiceLineType]string {
	t.Helper()
	out := map[client.InvoiceLineType]string{}
	for _, l := range soOK[[]client.InvoiceLineItem](t, te, http.MethodPost, ivLinesPath(invoiceID)+"/list", `{}`) {
		out[l.Type] = l.SubTotal.String()
	}
	return out
}

// TestInvoiceProgressBillingScheduleRules: exactly one of percentage and amount per milestone,
// more than 0; at most 100% and the order's total together; each 400 naming the member; an
// unknown id 404 naming it; an unknown order 404.
func TestInvoiceProgressBillingScheduleRules(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "10") // total 100
	for _, c := range []struct {
		body, field string
		status      int
	}{
		{`{"milestones":[{"name":"A","percentage":10,"amount":10}]}`, "milestones.0.percentage", 400},
		{`{"milestones":[{"name":"A"}]}`, "milestones.0.percentage", 400},
		{`{"milestones":[{"name":"A","percentage":0}]}`, "milestones.0.percentage", 400},
		{`{"milestones":[{"name":"A","percentage":100.01}]}`, "milestones.0.percentage", 400},
		{`{"milestones":[{"name":"A","amount":0}]}`, "milestones.0.amount", 400},
		{`{"milestones":[{"name":"  ","amount":1}]}`, "milestones.0.name", 400},
		{`{"milestones":[{"name":"A","amount":1,"dueDate":"2026-13-01"}]}`, "milestones.0.dueDate", 400},
		{`{"milestones":[{"name":"A","percentage":60},{"name":"B","percentage":40.5}]}`, "milestones.1.percentage", 400},
		{`{"milestones":[{"name":"A","percentage":60},{"name":"B","amount":40.01}]}`, "milestones.1.amount", 400},
		{fmt.Sprintf(`{"milestones":[{"id":%q,"name":"A","amount":1}]}`, ids.NewSub()), "milestones.0.id", 404},
	} {
		r, b := ivSend(t, te, http.MethodPut, irSchedulePath(f.order), c.body)
		ivMustProblem(t, r, b, c.status, c.field)
	}
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":" Design ","percentage":60},{"name":"Delivery","amount":40,"dueDate":"2026-12-15"}]}`)
	if len(s.Milestones) != 2 || s.SalesOrderId != f.order || s.Milestones[0].Name != "Design" || len(s.Milestones[0].Id) != 36 ||
		s.Milestones[1].DueDate == nil || *s.Milestones[1].DueDate != "2026-12-15" || s.Milestones[0].InvoiceId != nil {
		t.Fatalf("schedule %s", mustJSON(t, s))
	}
	got := soOK[client.ProgressBillingSchedule](t, te, http.MethodGet, irSchedulePath(f.order), "")
	if mustJSON(t, got) != mustJSON(t, s) {
		t.Fatalf("read %s, stored %s", mustJSON(t, got), mustJSON(t, s))
	}
	// Kept by id, reordered, one dropped.
	kept := irSchedule(t, te, f.order, fmt.Sprintf(`{"milestones":[{"id":%q,"name":"Delivery","amount":30}]}`, s.Milestones[1].Id))
	if len(kept.Milestones) != 1 || kept.Milestones[0].Id != s.Milestones[1].Id {
		t.Fatalf("kept %s", mustJSON(t, kept))
	}
	for _, w := range []struct{ method, body string }{{http.MethodGet, ""}, {http.MethodPut, `{"milestones":[]}`}} {
		r, b := ivSend(t, te, w.method, irSchedulePath(ivUnknownID), w.body)
		mustProblem(t, r, b, http.StatusNotFound)
		r, b = ivSend(t, other, w.method, irSchedulePath(f.order), w.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
}

// TestInvoiceProgressBillingMilestoneIsBilledOnce: billing a milestone creates an invoice of
// one ProgressBilling line (its percentage of the order's total); the milestone records it and
// cannot be billed again, changed or removed, until the invoice is deleted.
func TestInvoiceProgressBillingMilestoneIsBilledOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10") // total 100
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Design","percentage":33.333},{"name":"Delivery","amount":20}]}`)
	first := s.Milestones[0].Id
	id := solCreate(t, te, irMilestonePath(f.order, first), "")
	inv := ivGet(t, te, id)
	mustDec(t, "total", inv.Total, "33.33")
	mustDec(t, "lineItemsTotal", inv.LineItemsTotal, "33.33")
	mustDec(t, "subtotal", inv.Subtotal, "33.33")
	mustDec(t, "taxTotal", inv.TaxTotal, "0")
	if types := irLineTypes(t, te, id); len(types) != 1 || types[client.InvoiceLineTypeProgressBilling] != "33.33" {
		t.Fatalf("lines view %v", types)
	}
	if got := soOK[client.ProgressBillingSchedule](t, te, http.MethodGet, irSchedulePath(f.order), ""); got.Milestones[0].InvoiceId == nil || *got.Milestones[0].InvoiceId != id {
		t.Fatalf("schedule %s", mustJSON(t, got))
	}
	r, b := ivSend(t, te, http.MethodPost, irMilestonePath(f.order, first), "")
	ivMustProblem(t, r, b, http.StatusBadRequest, "milestoneId")
	r, b = ivSend(t, te, http.MethodPost, irMilestonePath(f.order, ids.NewSub()), "")
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = ivSend(t, te, http.MethodPut, irSchedulePath(f.order), fmt.Sprintf(`{"milestones":[{"id":%q,"name":"Design","percentage":40}]}`, first))
	ivMustProblem(t, r, b, http.StatusBadRequest, "milestones.0")
	r, b = ivSend(t, te, http.MethodPut, irSchedulePath(f.order), `{"milestones":[]}`)
	ivMustProblem(t, r, b, http.StatusBadRequest, "milestones")
	irSchedule(t, te, f.order, fmt.Sprintf(`{"milestones":[{"id":%q,"name":"Design","percentage":33.333},{"name":"Final","amount":10}]}`, first))
	r, b = ivSend(t, te, http.MethodDelete, ivInvoicePath(id), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	if got := soOK[client.ProgressBillingSchedule](t, te, http.MethodGet, irSchedulePath(f.order), ""); got.Milestones[0].InvoiceId != nil {
		t.Fatalf("deleted invoice still holds the milestone: %s", mustJSON(t, got))
	}
	solCreate(t, te, irMilestonePath(f.order, first), "")
}

// TestInvoiceProgressBillingAdjustment: a regular invoice takes off what issued or paid
// progress billings billed, at most its total, after its deposit adjustment; the total formula
// is lines − deposit adjustment − progress-billing adjustment.
func TestInvoiceProgressBillingAdjustment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10") // total 100
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Design","percentage":40}]}`)
	billing := solCreate(t, te, irMilestonePath(f.order, s.Milestones[0].Id), "")
	a := ivBill(t, te, f.order, ivLine(f.lines[0], "2"))
	if types := irLineTypes(t, te, a); types[client.InvoiceLineTypeProgressBillingAdjustment] != "" {
		t.Fatalf("an unissued billing was taken off: %v", types)
	}
	mustDec(t, "total before issue", ivGet(t, te, a).Total, "20")
	ivMove(t, te, billing, "issued")
	b := ivBill(t, te, f.order, ivLine(f.lines[0], "3"))
	if types := irLineTypes(t, te, b); types[client.InvoiceLineTypeProgressBillingAdjustment] != "-30" {
		t.Fatalf("lines view %v", types)
	}
	mustDec(t, "total capped", ivGet(t, te, b).Total, "0")
	c := ivBill(t, te, f.order, ivLine(f.lines[0], "2"))
	got := ivGet(t, te, c)
	mustDec(t, "total after the rest", got.Total, "10")
	mustDec(t, "subtotal", got.Subtotal, "20")
	// With a deposit too: the deposit first, then the progress billing, each capped.
	g := ivOrder(t, te, "10")
	ivMove(t, te, irDeposit(t, te, g.order, `{"amount":10}`), "issued")
	gs := irSchedule(t, te, g.order, `{"milestones":[{"name":"Start","amount":15}]}`)
	ivMove(t, te, solCreate(t, te, irMilestonePath(g.order, gs.Milestones[0].Id), ""), "paid")
	both := ivBill(t, te, g.order, ivLine(g.lines[0], "3"))
	irMustAdjusted(t, te, both, "10", "5")
	if types := irLineTypes(t, te, both); types[client.InvoiceLineTypeProgressBillingAdjustment] != "-15" {
		t.Fatalf("lines view %v", types)
	}
}

// TestInvoiceProgressBillingPermissions: the schedule needs View / Edit Sales Order, billing a
// milestone Edit Invoices.
func TestInvoiceProgressBillingPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "10")
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"A","amount":1},{"name":"B","amount":1}]}`)
	viewer, editor := te.userToken(t, "View Sales Order"), te.userToken(t, "Edit Sales Order")
	r, b := soSend(t, editor, http.MethodGet, irSchedulePath(f.order), "")
	mustProblem(t, r, b, http.StatusForbidden)
	r, b = soSend(t, viewer, http.MethodGet, irSchedulePath(f.order), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	body := fmt.Sprintf(`{"milestones":[{"id":%q,"name":"A","amount":1},{"id":%q,"name":"B","amount":1}]}`, s.Milestones[0].Id, s.Milestones[1].Id)
	r, b = soSend(t, viewer, http.MethodPut, irSchedulePath(f.order), body)
	mustProblem(t, r, b, http.StatusForbidden)
	r, b = soSend(t, editor, http.MethodPut, irSchedulePath(f.order), body)
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.userToken(t, "View Invoices"), http.MethodPost, irMilestonePath(f.order, s.Milestones[0].Id), "")
	mustProblem(t, r, b, http.StatusForbidden)
	r, b = soSend(t, te.userToken(t, "Edit Invoices"), http.MethodPost, irMilestonePath(f.order, s.Milestones[0].Id), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = ivSend(t, other, http.MethodPost, irMilestonePath(f.order, s.Milestones[1].Id), "")
	ivMustProblem(t, r, b, http.StatusNotFound, "salesOrderId")
}

// irArrangeSchedules: a schedule of subs milestones per tenant (statement counts).
func irArrangeSchedules(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, subs int) string {
		f := ivOrder(t, te, "1000")
		milestones := make([]map[string]any, subs)
		for k := range milestones {
			milestones[k] = map[string]any{"name": fmt.Sprintf("Step %d", k), "amount": 1}
		}
		irSchedule(t, te, f.order, soJSON(t, map[string]any{"milestones": milestones}))
		return f.order
	}
	s, l := build(small, 1), build(large, manySubs)
	return []readCase{getRead("getSalesOrderProgressBillingSchedule", irSchedulePath(s), irSchedulePath(l))}
}
