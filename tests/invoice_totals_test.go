package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// itMustTotals fails t unless the invoice's read carries these totals (document currency).
func itMustTotals(t *testing.T, te *tenantEnv, invoiceID, deposit, progress, refunds, total string) client.Invoice {
	t.Helper()
	got := ivGet(t, te, invoiceID)
	mustDec(t, "depositAdjustmentTotal", got.DepositAdjustmentTotal, deposit)
	mustDec(t, "progressBillingAdjustmentTotal", got.ProgressBillingAdjustmentTotal, progress)
	mustDec(t, "refundTotal", got.RefundTotal, refunds)
	mustDec(t, "total", got.Total, total)
	return got
}

// itSetQuantity writes the quantity of the invoice's only part line.
func itSetQuantity(t *testing.T, te *tenantEnv, invoiceID, quantity string) {
	t.Helper()
	lines := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivPartLinesPath(invoiceID)+"/list", `{}`)
	if len(lines) != 1 {
		t.Fatalf("part lines %s", mustJSON(t, lines))
	}
	soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, ivPartLinesPath(invoiceID)+"/"+lines[0].Id,
		`[{"op":"replace","path":"/quantity","value":`+quantity+`}]`)
}

// TestInvoiceReadShowsWhatComesOffAfterTax: the invoice read carries the deposit adjustment,
// the progress-billing adjustment and the refunds it takes off, and total = lineItemsTotal −
// discountTotal + taxTotal − those three.
func TestInvoiceReadShowsWhatComesOffAfterTax(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10") // 10 × 10 = 100
	ivMove(t, te, irDeposit(t, te, f.order, `{"amount":12}`), "issued")
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Start","amount":8}]}`)
	ivMove(t, te, solCreate(t, te, irMilestonePath(f.order, s.Milestones[0].Id), ""), "issued")
	id := ivBill(t, te, f.order, ivLine(f.lines[0], "4")) // 40 − 12 − 8 = 20
	itMustTotals(t, te, id, "12", "8", "0", "20")
	irRefund(t, te, id, irReason(t, te), "2.345") // counted rounded: 2.35
	got := itMustTotals(t, te, id, "12", "8", "2.35", "17.65")
	mustDec(t, "lineItemsTotal", got.LineItemsTotal, "40")
	mustDec(t, "subtotal", got.Subtotal, "40")
	// The list answers the same shape.
	list := soOK[[]client.Invoice](t, te, http.MethodPost, ivPath+"/list", fmt.Sprintf(`{"numbers":[%d]}`, got.Number))
	if len(list) != 1 {
		t.Fatalf("list %s", mustJSON(t, list))
	}
	mustDec(t, "listed refundTotal", list[0].RefundTotal, "2.35")
	mustDec(t, "listed depositAdjustmentTotal", list[0].DepositAdjustmentTotal, "12")
	mustDec(t, "listed progressBillingAdjustmentTotal", list[0].ProgressBillingAdjustmentTotal, "8")
}

// TestInvoiceAdjustmentsShrinkWhenTheLinesDo: when a line change leaves the total before the
// adjustments smaller than they are, they shrink to it (the progress-billing adjustment first),
// the order's next invoice takes what they gave up, and they never grow back.
func TestInvoiceAdjustmentsShrinkWhenTheLinesDo(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10") // 10 × 10 = 100
	ivMove(t, te, irDeposit(t, te, f.order, `{"amount":30}`), "issued")
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Start","amount":20}]}`)
	ivMove(t, te, solCreate(t, te, irMilestonePath(f.order, s.Milestones[0].Id), ""), "paid")

	b := ivBill(t, te, f.order, ivLine(f.lines[0], "5")) // 50: deposit 30, progress 20
	itMustTotals(t, te, b, "30", "20", "0", "0")
	itSetQuantity(t, te, b, "4") // 40: the progress adjustment gives up 10
	itMustTotals(t, te, b, "30", "10", "0", "0")
	itSetQuantity(t, te, b, "2") // 20: the progress adjustment goes, the deposit gives up 10
	itMustTotals(t, te, b, "20", "0", "0", "0")
	if types := irLineTypes(t, te, b); types[client.InvoiceLineTypeProgressBillingAdjustment] != "" {
		t.Fatalf("a progress adjustment of 0 stays: %v", types)
	}
	if adj := irAdjustments(t, te, b); len(adj) != 1 {
		t.Fatalf("adjustments %s", mustJSON(t, adj))
	} else {
		mustDec(t, "deposit adjustment line", adj[0].Amount, "20")
	}

	// The order's next invoice takes what b gave up: deposit 30 − 20, progress 20 − 0.
	c := ivBill(t, te, f.order, ivLine(f.lines[0], "3")) // 30: deposit 10, progress 20
	itMustTotals(t, te, c, "10", "20", "0", "0")

	// Raising b's line again does not take the balance back.
	itSetQuantity(t, te, b, "5")
	itMustTotals(t, te, b, "20", "0", "0", "30")
	// A refund is held under the total before it; it never shrinks the adjustments.
	irRefund(t, te, b, irReason(t, te), "30")
	itMustTotals(t, te, b, "20", "0", "30", "0")
	r, body := ivSend(t, te, http.MethodPost, irRefundsPath(b), `{"refundReasonCodeId":"`+irReason(t, te)+`","amount":1}`)
	ivMustProblem(t, r, body, http.StatusBadRequest, "amount")
	// A line change under refunds may leave the total negative (owed back); the adjustments
	// shrink only to the total before them and the refunds.
	itSetQuantity(t, te, b, "3") // 30 − 20 − 30
	itMustTotals(t, te, b, "20", "0", "30", "-20")
	itSetQuantity(t, te, b, "1") // 10 − 10 − 30
	itMustTotals(t, te, b, "10", "0", "30", "-30")
}

// TestInvoicePartLinesAreNamedAndBookedAsTheItem: a billed part line is named by its item's
// number and carries the item's accounting code, class and accounts as they were when billed;
// the name can be written.
func TestInvoicePartLinesAreNamedAndBookedAsTheItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	c := newItemCodes(t, te)
	f := ivOrder(t, te, "2")
	item := soOK[client.Item](t, te, http.MethodPatch, "/api/items/"+f.item, fmt.Sprintf(`[
		{"op":"replace","path":"/accountingCodeId","value":%q},
		{"op":"replace","path":"/accountingDetails","value":{"classId":%q,"incomeAccountId":%q,"assetAccountId":%q,"expenseAccountId":%q,"cogsAccountId":%q}}]`,
		c.accounting, c.class, c.income, c.asset, c.expense, c.cogs))
	id := ivBill(t, te, f.order)
	line := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivPartLinesPath(id)+"/list", `{}`)[0]
	d := line.AccountingDetails
	if optText(line.Name) != item.Number || optText(line.AccountingCodeId) != c.accounting || optText(d.ClassId) != c.class ||
		optText(d.IncomeAccountId) != c.income || optText(d.AssetAccountId) != c.asset || optText(d.ExpenseAccountId) != c.expense ||
		optText(d.CogsAccountId) != c.cogs {
		t.Fatalf("billed line %s, item number %q, codes %+v", mustJSON(t, line), item.Number, c)
	}
	// A later change of the item leaves the billed line as it was.
	soOK[client.Item](t, te, http.MethodPatch, "/api/items/"+f.item, fmt.Sprintf(`[
		{"op":"replace","path":"/accountingCodeId","value":%q},{"op":"replace","path":"/accountingDetails/classId","value":null}]`, c.accounting2))
	path := ivPartLinesPath(id) + "/" + line.Id
	again := soOK[client.InvoicePartLineItem](t, te, http.MethodGet, path, "")
	if optText(again.AccountingCodeId) != c.accounting || optText(again.AccountingDetails.ClassId) != c.class {
		t.Fatalf("the item's change reached the invoice: %s", mustJSON(t, again))
	}
	named := soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, path, `[{"op":"replace","path":"/name","value":"  Bracket, left "}]`)
	if optText(named.Name) != "Bracket, left" || optText(named.AccountingCodeId) != c.accounting {
		t.Fatalf("patched name %s", mustJSON(t, named))
	}
	r, body := ivSend(t, te, http.MethodPut, path, fmt.Sprintf(`{"quantity":2,"name":%q}`, strings.Repeat("n", 201)))
	ivMustProblem(t, r, body, http.StatusBadRequest, "name")
	cleared := soOK[client.InvoicePartLineItem](t, te, http.MethodPut, path, `{"quantity":2}`)
	if cleared.Name != nil {
		t.Fatalf("a full update without name keeps %q", *cleared.Name)
	}
}
