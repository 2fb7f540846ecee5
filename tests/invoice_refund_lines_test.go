package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Invoice refund lines carry the members of every invoice line (number, name, external
// references, accounting details, the order refund line copied) and can be deleted in every
// status refunds are written in.

// rfInvoice is a new tenant's invoice billing 10 at 10 (total 100) and a usable refund reason.
func rfInvoice(t *testing.T) (te *tenantEnv, invoiceID, reason string) {
	t.Helper()
	te = newTenant(t)
	invoiceID = ivBill(t, te, ivOrder(t, te, "10").order)
	return te, invoiceID, irReason(t, te)
}

// rfTwoInvoices is a new tenant's two invoices of one order, each billing 10 at 10 (total
// 100), and a usable refund reason.
func rfTwoInvoices(t *testing.T) (te *tenantEnv, invoiceID, other, reason string) {
	t.Helper()
	te = newTenant(t)
	f := ivOrder(t, te, "10", "10")
	invoiceID, other = ivBill(t, te, f.order, ivLine(f.lines[0], "10")), ivBill(t, te, f.order, ivLine(f.lines[1], "10"))
	return te, invoiceID, other, irReason(t, te)
}

// rfOrderRefunds is a new tenant's approved order of two part lines of 4 at 10 carrying one
// refund line per amount, in that order (all for a usable reason, answered), not yet
// invoiced.
func rfOrderRefunds(t *testing.T, amounts ...int) (te *tenantEnv, f ivOrderFixture, reason string, refunds []string) {
	t.Helper()
	te = newTenant(t)
	f = ivOrder(t, te, "4", "4")
	ivMoveOrder(t, te, f.order, "draft")
	reason = irReason(t, te)
	refunds = make([]string, len(amounts))
	for i, a := range amounts {
		refunds[i] = solCreate(t, te, soRefundLinesPath(f.order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":%d}`, reason, a))
	}
	ivMoveOrder(t, te, f.order, "approved")
	return te, f, reason, refunds
}

// rfRefund reads one refund line of the invoice.
func rfRefund(t *testing.T, te *tenantEnv, invoiceID, id string) client.InvoiceRefundLineItem {
	t.Helper()
	return soOK[client.InvoiceRefundLineItem](t, te, http.MethodGet, irRefundPath(invoiceID, id), "")
}

// rfDelete deletes a refund line and fails t unless the answer has status.
func rfDelete(t *testing.T, te *tenantEnv, invoiceID, id string, status int) {
	t.Helper()
	r, b := ivSend(t, te, http.MethodDelete, irRefundPath(invoiceID, id), "")
	mustStatus(t, r.StatusCode, status, b)
}

// rfNumbers are the numbers of the invoice's refund lines, in the list's default order.
func rfNumbers(t *testing.T, te *tenantEnv, invoiceID string) []int {
	t.Helper()
	list := irRefunds(t, te, invoiceID)
	out := make([]int, len(list))
	for i, l := range list {
		out[i] = l.Number
	}
	return out
}

func rfMustNumbers(t *testing.T, te *tenantEnv, invoiceID string, want ...int) {
	t.Helper()
	if got := rfNumbers(t, te, invoiceID); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("refund line numbers %v, want %v", got, want)
	}
}

// TestInvoiceRefundLineNameAndExternalReferences: name is trimmed (blank as none) and
// external references are stored as sent; a full update without them clears them; a JSON
// Patch writes each; a refund written on the invoice copies no order line.
func TestInvoiceRefundLineNameAndExternalReferences(t *testing.T) {
	t.Parallel()
	te, id, reason := rfInvoice(t)
	refund := solCreate(t, te, irRefundsPath(id), fmt.Sprintf(
		`{"refundReasonCodeId":%q,"amount":5,"name":"  Restocking  ","externalReferences":{"erp":{"externalId":"R-1","displayId":"  "}}}`, reason))
	got := rfRefund(t, te, id, refund)
	ref, ok := got.ExternalReferences["erp"]
	if got.Name == nil || *got.Name != "Restocking" || !ok || optText(ref.ExternalID) != "R-1" || ref.DisplayID != nil ||
		len(got.ExternalReferences) != 1 || got.SalesOrderLineItemId != nil || got.Number != 1 {
		t.Fatalf("refund line %s", mustJSON(t, got))
	}
	// A full update without name and externalReferences clears both.
	put := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund),
		fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":6}`, reason))
	if put.Name != nil || len(put.ExternalReferences) != 0 || put.Number != 1 {
		t.Fatalf("full update kept %s", mustJSON(t, put))
	}
	// A blank name is none.
	put = soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund),
		fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":6,"name":"   "}`, reason))
	if put.Name != nil {
		t.Fatalf("blank name stored %s", mustJSON(t, put))
	}
	patched := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPatch, irRefundPath(id, refund),
		`[{"op":"add","path":"/name","value":" Freight "},{"op":"add","path":"/externalReferences/acct","value":{"externalId":"A-9","url":"https://x.test/a"}}]`)
	ref = patched.ExternalReferences["acct"]
	if patched.Name == nil || *patched.Name != "Freight" || optText(ref.ExternalID) != "A-9" || optText(ref.URL) != "https://x.test/a" {
		t.Fatalf("patched %s", mustJSON(t, patched))
	}
	mustDec(t, "patched amount kept", patched.Amount, "6")
	// A patch of another member keeps them.
	again := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPatch, irRefundPath(id, refund), `[{"op":"replace","path":"/amount","value":7}]`)
	if again.Name == nil || *again.Name != "Freight" || optText(again.ExternalReferences["acct"].ExternalID) != "A-9" {
		t.Fatalf("patch of amount lost name or references %s", mustJSON(t, again))
	}
	patched = soOK[client.InvoiceRefundLineItem](t, te, http.MethodPatch, irRefundPath(id, refund),
		`[{"op":"remove","path":"/externalReferences/acct"},{"op":"replace","path":"/name","value":null}]`)
	if patched.Name != nil || len(patched.ExternalReferences) != 0 {
		t.Fatalf("patch removal %s", mustJSON(t, patched))
	}
	// Read-only members are refused by the patch.
	for _, path := range []string{"/number", "/salesOrderLineItemId", "/accountingDetails/classId"} {
		r, b := ivSend(t, te, http.MethodPatch, irRefundPath(id, refund), fmt.Sprintf(`[{"op":"replace","path":%q,"value":null}]`, path))
		mustProblem(t, r, b, http.StatusBadRequest)
	}
}

// TestInvoiceRefundLineWriteLimits: name at most 200 characters; external reference keys 1
// to 200 characters and not blank; externalId required on create, full update and patch
// alike; each refusal a 400 naming the member.
func TestInvoiceRefundLineWriteLimits(t *testing.T) {
	t.Parallel()
	te, id, reason := rfInvoice(t)
	refund := irRefund(t, te, id, reason, "1")
	long := strings.Repeat("k", 201)
	for _, c := range []struct{ extra, field string }{
		{fmt.Sprintf(`"name":%q`, strings.Repeat("n", 201)), "name"},
		{fmt.Sprintf(`"externalReferences":{%q:{"externalId":"X"}}`, long), "externalReferences"},
		{`"externalReferences":{"  ":{"externalId":"X"}}`, "externalReferences"},
		{`"externalReferences":{"erp":{"displayId":"D"}}`, "externalReferences.erp.externalId"},
		{`"externalReferences":{"erp":{"externalId":"   "}}`, "externalReferences.erp.externalId"},
	} {
		body := fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,%s}`, reason, c.extra)
		r, b := ivSend(t, te, http.MethodPost, irRefundsPath(id), body)
		ivMustProblem(t, r, b, http.StatusBadRequest, c.field)
		r, b = ivSend(t, te, http.MethodPut, irRefundPath(id, refund), body)
		ivMustProblem(t, r, b, http.StatusBadRequest, c.field)
	}
	// A key of exactly 200 characters is accepted.
	ok := strings.Repeat("k", 200)
	put := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, refund),
		fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"name":%q,"externalReferences":{%q:{"externalId":"X"}}}`, reason, strings.Repeat("n", 200), ok))
	if optText(put.ExternalReferences[ok].ExternalID) != "X" || put.Name == nil || len(*put.Name) != 200 {
		t.Fatalf("limits accepted %s", mustJSON(t, put))
	}
	// An invoice's patch follows the full update rule: externalId is required.
	r, b := ivSend(t, te, http.MethodPatch, irRefundPath(id, refund), `[{"op":"add","path":"/externalReferences/erp","value":{"displayId":"D"}}]`)
	ivMustProblem(t, r, b, http.StatusBadRequest, "externalReferences.erp.externalId")
	r, b = ivSend(t, te, http.MethodPatch, irRefundPath(id, refund), fmt.Sprintf(`[{"op":"replace","path":"/name","value":%q}]`, strings.Repeat("n", 201)))
	ivMustProblem(t, r, b, http.StatusBadRequest, "name")
	// Nothing refused was stored.
	if got := irRefunds(t, te, id); len(got) != 1 {
		t.Fatalf("refusals stored lines %s", mustJSON(t, got))
	}
}

// TestInvoiceRefundLineNumbersAreNeverReused: refund lines are numbered 1, 2, 3 … per invoice
// in creation order; a deleted line's number, the last one included, is not given again; each
// invoice numbers its own; the list answers in number order.
func TestInvoiceRefundLineNumbersAreNeverReused(t *testing.T) {
	t.Parallel()
	te, id, other, reason := rfTwoInvoices(t)
	first, second, third := irRefund(t, te, id, reason, "1"), irRefund(t, te, id, reason, "2"), irRefund(t, te, id, reason, "3")
	for want, l := range []string{first, second, third} {
		if got := rfRefund(t, te, id, l).Number; got != want+1 {
			t.Fatalf("line %d numbered %d", want+1, got)
		}
	}
	if n := rfRefund(t, te, other, irRefund(t, te, other, reason, "1")).Number; n != 1 {
		t.Fatalf("another invoice's first refund numbered %d", n)
	}
	rfDelete(t, te, id, second, http.StatusOK)
	fourth := irRefund(t, te, id, reason, "4")
	rfMustNumbers(t, te, id, 1, 3, 4)
	// The last line deleted: its number stays unused too.
	rfDelete(t, te, id, fourth, http.StatusOK)
	irRefund(t, te, id, reason, "5")
	rfMustNumbers(t, te, id, 1, 3, 5)
	// Sorted by number, descending.
	list := soOK[[]client.InvoiceRefundLineItem](t, te, http.MethodPost, irRefundsPath(id)+"/list?Sort.Field=number&Sort.Dir=descending", `{}`)
	if len(list) != 3 || list[0].Number != 5 || list[2].Id != first {
		t.Fatalf("descending list %s", mustJSON(t, list))
	}
}

// TestInvoiceRefundLineDeleteFollowsTheStatus: a refund line is deleted in every status of a
// live invoice (new, needsApproval, approved, issued, paid); a second delete answers 204; a
// deleted invoice's refund line is not deleted (404) and stays readable.
func TestInvoiceRefundLineDeleteFollowsTheStatus(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "20")
	reason := irReason(t, te)
	for _, status := range []string{"new", "needsApproval", "approved", "issued", "paid"} {
		id := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
		if status != "new" {
			ivMove(t, te, id, status)
		}
		refund := irRefund(t, te, id, reason, "4")
		mustDec(t, status+" total with the refund", ivGet(t, te, id).Total, "6")
		rfDelete(t, te, id, refund, http.StatusOK)
		mustDec(t, status+" total after the delete", ivGet(t, te, id).Total, "10")
		rfDelete(t, te, id, refund, http.StatusNoContent)
		r, b := ivSend(t, te, http.MethodGet, irRefundPath(id, refund), "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	gone := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	refund := irRefund(t, te, gone, reason, "1")
	r, b := ivSend(t, te, http.MethodDelete, ivInvoicePath(gone), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = ivSend(t, te, http.MethodDelete, irRefundPath(gone, refund), "")
	mustProblem(t, r, b, http.StatusNotFound)
	if got := rfRefund(t, te, gone, refund); got.Id != refund {
		t.Fatalf("deleted invoice's refund %s", mustJSON(t, got))
	}
	r, b = ivSend(t, te, http.MethodDelete, irRefundPath(ivUnknownID, refund), "")
	mustProblem(t, r, b, http.StatusNotFound)
}

// TestInvoiceRefundLineDeleteRecomputesTotals: the invoice's total and refund count follow a
// delete in the same request, each refund counted rounded to the currency.
func TestInvoiceRefundLineDeleteRecomputesTotals(t *testing.T) {
	t.Parallel()
	te, id, reason := rfInvoice(t)
	a, b := irRefund(t, te, id, reason, "12.345"), irRefund(t, te, id, reason, "7.5")
	// 100 − 12.35 − 7.50 = 80.15.
	mustDec(t, "total with both", ivGet(t, te, id).Total, "80.15")
	rfDelete(t, te, id, a, http.StatusOK)
	// 100 − 7.50 = 92.50.
	got := ivGet(t, te, id)
	mustDec(t, "total after deleting 12.345", got.Total, "92.5")
	mustDec(t, "subtotal", got.Subtotal, "100")
	rfDelete(t, te, id, b, http.StatusOK)
	mustDec(t, "total without refunds", ivGet(t, te, id).Total, "100")
	// With the refunds gone the whole total may be refunded again.
	irRefund(t, te, id, reason, "100")
	mustDec(t, "total refunded in full", ivGet(t, te, id).Total, "0")
}

// TestInvoiceRefundLineDeleteAddressesItsInvoice: another invoice's refund line is 404 (and
// stays), an unknown line 204; If-Match must name the line's current ETag (412 otherwise).
func TestInvoiceRefundLineDeleteAddressesItsInvoice(t *testing.T) {
	t.Parallel()
	te, id, other, reason := rfTwoInvoices(t)
	theirs := irRefund(t, te, other, reason, "3")
	r, b := ivSend(t, te, http.MethodDelete, irRefundPath(id, theirs), "")
	mustProblem(t, r, b, http.StatusNotFound)
	mustDec(t, "other invoice's total kept", ivGet(t, te, other).Total, "97")
	rfDelete(t, te, id, ids.NewSub(), http.StatusNoContent)

	refund := irRefund(t, te, id, reason, "2")
	tag, _ := etagOf(t, te, irRefundPath(id, refund))
	soOK[client.InvoiceRefundLineItem](t, te, http.MethodPatch, irRefundPath(id, refund), `[{"op":"replace","path":"/amount","value":3}]`)
	r, b = conditionally(t, te, http.MethodDelete, irRefundPath(id, refund), "", ifMatch(tag))
	mustProblem(t, r, b, http.StatusPreconditionFailed)
	mustDec(t, "total after the refused delete", ivGet(t, te, id).Total, "97")
	current, _ := etagOf(t, te, irRefundPath(id, refund))
	r, b = conditionally(t, te, http.MethodDelete, irRefundPath(id, refund), "", ifMatch(current))
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	mustDec(t, "total after the delete", ivGet(t, te, id).Total, "100")
}

// TestInvoiceRefundLineCopiesKeepTheOrderLine: an invoice's copies of its order's refund lines
// are numbered first, in the order's line order, with no name and no external references,
// naming the order refund line copied (kept after the invoice is deleted); a refund written
// on the invoice names none and is numbered after them.
func TestInvoiceRefundLineCopiesKeepTheOrderLine(t *testing.T) {
	t.Parallel()
	te, f, reason, orderRefunds := rfOrderRefunds(t, 1, 2, 3)
	first := ivBill(t, te, f.order, ivLine(f.lines[0], "4"))
	own := irRefund(t, te, first, reason, "1")
	list := irRefunds(t, te, first)
	if len(list) != 4 {
		t.Fatalf("refunds %s", mustJSON(t, list))
	}
	for i, l := range list[:3] {
		if l.Number != i+1 || l.SalesOrderLineItemId == nil || *l.SalesOrderLineItemId != orderRefunds[i] || l.Name != nil ||
			len(l.ExternalReferences) != 0 {
			t.Fatalf("copy %d: %s", i+1, mustJSON(t, l))
		}
		mustDec(t, "copied amount", l.Amount, fmt.Sprint(i+1))
	}
	if l := list[3]; l.Id != own || l.Number != 4 || l.SalesOrderLineItemId != nil {
		t.Fatalf("own refund %s", mustJSON(t, l))
	}
	// The deleted invoice's copies still name what they copied; the next invoice copies the
	// order's lines again, numbered from 1.
	r, b := ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	for i, l := range irRefunds(t, te, first)[:3] {
		if l.SalesOrderLineItemId == nil || *l.SalesOrderLineItemId != orderRefunds[i] {
			t.Fatalf("deleted invoice's copy %d: %s", i+1, mustJSON(t, l))
		}
	}
	next := ivBill(t, te, f.order, ivLine(f.lines[1], "4"))
	again := irRefunds(t, te, next)
	if len(again) != 3 || again[0].Number != 1 || *again[0].SalesOrderLineItemId != orderRefunds[0] ||
		again[2].Number != 3 || *again[2].SalesOrderLineItemId != orderRefunds[2] {
		t.Fatalf("next invoice's copies %s", mustJSON(t, again))
	}
}

// TestInvoiceRefundLineDeleteReleasesTheOrderLine: deleting an invoice's copy of an order
// refund line gives it back to the order: the order's next invoice copies it (and only it:
// the other copies stay with the first invoice).
func TestInvoiceRefundLineDeleteReleasesTheOrderLine(t *testing.T) {
	t.Parallel()
	te, f, _, orderRefunds := rfOrderRefunds(t, 2, 3)
	kept, released := orderRefunds[0], orderRefunds[1]
	first := ivBill(t, te, f.order, ivLine(f.lines[0], "4"))
	// 40 − 2 − 3 = 35.
	mustDec(t, "first total", ivGet(t, te, first).Total, "35")
	copies := irRefunds(t, te, first)
	if len(copies) != 2 || *copies[1].SalesOrderLineItemId != released {
		t.Fatalf("copies %s", mustJSON(t, copies))
	}
	rfDelete(t, te, first, copies[1].Id, http.StatusOK)
	// 40 − 2 = 38.
	mustDec(t, "first total after the delete", ivGet(t, te, first).Total, "38")
	second := ivBill(t, te, f.order, ivLine(f.lines[1], "4"))
	got := irRefunds(t, te, second)
	if len(got) != 1 || got[0].SalesOrderLineItemId == nil || *got[0].SalesOrderLineItemId != released || got[0].Number != 1 {
		t.Fatalf("second invoice's copies %s", mustJSON(t, got))
	}
	// 40 − 3 = 37.
	mustDec(t, "second total", ivGet(t, te, second).Total, "37")
	if l := irRefunds(t, te, first); len(l) != 1 || *l[0].SalesOrderLineItemId != kept {
		t.Fatalf("first invoice's copies %s", mustJSON(t, l))
	}
}

// TestInvoiceRefundLineAccountingDetails: a refund against a part line shows that line's
// accounting details as it now has them; a refund of the invoice as a whole shows none.
func TestInvoiceRefundLineAccountingDetails(t *testing.T) {
	t.Parallel()
	te, id, reason := rfInvoice(t)
	part := ivPartLines(t, te, id, `{}`)[0].Id
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE invoice_part_lines
	    SET accounting_details = '{"classId":"CL-1","incomeAccountId":"IN-4000","cogsAccountId":"CG-5000"}'
	    WHERE tenant_id = $1 AND id = $2`, te.ID, part); err != nil {
		t.Fatal(err)
	}
	against := solCreate(t, te, irRefundsPath(id), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1,"partLineItemId":%q}`, reason, part))
	whole := irRefund(t, te, id, reason, "1")
	d := rfRefund(t, te, id, against).AccountingDetails
	if optText(d.ClassId) != "CL-1" || optText(d.IncomeAccountId) != "IN-4000" || optText(d.CogsAccountId) != "CG-5000" ||
		d.AssetAccountId != nil || d.ExpenseAccountId != nil {
		t.Fatalf("refund against the part line: %s", mustJSON(t, d))
	}
	if d := rfRefund(t, te, id, whole).AccountingDetails; d.ClassId != nil || d.IncomeAccountId != nil || d.AssetAccountId != nil ||
		d.ExpenseAccountId != nil || d.CogsAccountId != nil {
		t.Fatalf("refund of the whole invoice: %s", mustJSON(t, d))
	}
	// Moved to the whole invoice, the refund shows none.
	put := soOK[client.InvoiceRefundLineItem](t, te, http.MethodPut, irRefundPath(id, against), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, reason))
	if put.AccountingDetails.ClassId != nil {
		t.Fatalf("moved refund %s", mustJSON(t, put))
	}
}

// TestInvoiceRefundLineDeletePermissions: the delete needs Edit Invoices; another tenant's
// invoice is 404.
func TestInvoiceRefundLineDeletePermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "2")
	id := ivBill(t, te, f.order)
	refund := irRefund(t, te, id, irReason(t, te), "1")
	r, b := ivSend(t, other, http.MethodDelete, irRefundPath(id, refund), "")
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = soSend(t, te.userToken(t, "View Invoices"), http.MethodDelete, irRefundPath(id, refund), "")
	mustProblem(t, r, b, http.StatusForbidden)
	r, b = soSend(t, te.userToken(t, "Edit Invoices"), http.MethodDelete, irRefundPath(id, refund), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
}
