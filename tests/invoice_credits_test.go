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
