package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// The lines view of an invoice: every line, whatever its type, in one shape; with the shipping
// charge its subtotals add up to the invoice's total.

func lvLines(t *testing.T, te *tenantEnv, invoiceID, filter string) []client.InvoiceLineItem {
	t.Helper()
	return soOK[[]client.InvoiceLineItem](t, te, http.MethodPost, ivLinesPath(invoiceID)+"/list", filter)
}

func lvLine(t *testing.T, te *tenantEnv, invoiceID, lineID string) client.InvoiceLineItem {
	t.Helper()
	return soOK[client.InvoiceLineItem](t, te, http.MethodGet, ivLinesPath(invoiceID)+"/"+lineID, "")
}

// lvMustAddUp fails t unless the view's subtotals, the lines' own taxes and the shipping
// charge add up to the invoice's total, and that total is want.
func lvMustAddUp(t *testing.T, te *tenantEnv, invoiceID, want string) {
	t.Helper()
	sum := num("0")
	for _, l := range lvLines(t, te, invoiceID, `{}`) {
		sum = dec.Decimal{Decimal: sum.Add(l.SubTotal.Decimal)}
		if l.Tax != nil {
			sum = dec.Decimal{Decimal: sum.Add(l.Tax.Decimal)}
		}
	}
	shipping := soOK[client.InvoiceShippingChargeLineItem](t, te, http.MethodGet, ivShippingPath(invoiceID), "")
	sum = dec.Decimal{Decimal: sum.Add(shipping.SubTotal.Decimal)}
	mustDec(t, "Σ (subTotal + tax) + shipping charge", sum, want)
	mustDec(t, "invoice total", ivGet(t, te, invoiceID).Total, want)
}

// lvMustDecPtr fails t unless got is set and equals want.
func lvMustDecPtr(t *testing.T, what string, got *dec.Decimal, want string) {
	t.Helper()
	if got == nil {
		t.Fatalf("%s is null, want %s", what, want)
	}
	mustDec(t, what, *got, want)
}

// lvMustOneAt fails t unless the line is quantity 1 at amount, in price and discountedPrice.
func lvMustOneAt(t *testing.T, l client.InvoiceLineItem, amount string) {
	t.Helper()
	lvMustDecPtr(t, string(l.Type)+" quantity", l.Quantity, "1")
	lvMustDecPtr(t, string(l.Type)+" price", l.Price, amount)
	lvMustDecPtr(t, string(l.Type)+" discountedPrice", l.DiscountedPrice, amount)
}

// lvPrepaid issues a deposit invoice of deposit and bills and issues a progress-billing
// milestone of milestone on the order: the next regular invoice takes both off.
func lvPrepaid(t *testing.T, te *tenantEnv, orderID, deposit, milestone string) {
	t.Helper()
	ivMove(t, te, irDeposit(t, te, orderID, fmt.Sprintf(`{"amount":%s}`, deposit)), "issued")
	s := irSchedule(t, te, orderID, fmt.Sprintf(`{"milestones":[{"name":"Start","amount":%s}]}`, milestone))
	ivMove(t, te, solCreate(t, te, irMilestonePath(orderID, s.Milestones[0].Id), ""), "issued")
}

// lvMixed is a regular invoice carrying every type a regular invoice can: two part lines, a
// taxable fee copied from the order, a 10% tax line, a 10% discount, a shipping charge of 5,
// a deposit adjustment, a progress-billing adjustment, a refund copied from the order and one
// written on the invoice.
type lvMixed struct {
	invoice, orderFee, orderRefund, reason string
	parts                                  []string // the order's part lines
}

func lvMixedInvoice(t *testing.T, te *tenantEnv) lvMixed {
	t.Helper()
	f := ivOrder(t, te, "4", "6")
	m := lvMixed{parts: f.lines, reason: irReason(t, te)}
	ivMoveOrder(t, te, f.order, "draft")
	m.orderFee = solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":20,"isTaxable":true}`)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Sales tax " + randomSuffix(), Rate: num("10")})
	solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":true,"value":10}`)
	soOK[client.SalesOrder](t, te, http.MethodPatch, soOrderPath(f.order), `[{"op":"replace","path":"/shippingCharge","value":{"amount":5,"isTaxable":false}}]`)
	m.orderRefund = solCreate(t, te, soRefundLinesPath(f.order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1.5,"description":"Scratched"}`, m.reason))
	ivMoveOrder(t, te, f.order, "approved")
	lvPrepaid(t, te, f.order, "10", "15")
	m.invoice = ivBill(t, te, f.order, ivLine(f.lines[0], "4"), ivLine(f.lines[1], "3"))
	irRefund(t, te, m.invoice, m.reason, "2.345")
	return m
}

// TestInvoiceLineViewAddsUpToTheTotal: parts 40 + 30, fee 20 and shipping 5 are 95; the 10%
// discount takes 9.5 (the fee's share 2); the tax is 10% of the fee's 18: 1.8; 87.3 before
// the deposit adjustment (10), the progress-billing adjustment (15) and the refunds (1.5 and
// 2.345 rounded to 2.35): a total of 58.45, which the view's subtotals and the shipping
// charge add up to, each line in the view's order and shape.
func TestInvoiceLineViewAddsUpToTheTotal(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	m := lvMixedInvoice(t, te)
	lines := lvLines(t, te, m.invoice, `{}`)
	want := []struct {
		typ      client.InvoiceLineType
		subTotal string
	}{
		{client.InvoiceLineTypePart, "40"}, {client.InvoiceLineTypePart, "30"}, {client.InvoiceLineTypeFee, "20"},
		{client.InvoiceLineTypeTax, "1.8"}, {client.InvoiceLineTypeDiscount, "-9.5"},
		{client.InvoiceLineTypeDepositAdjustment, "-10"}, {client.InvoiceLineTypeProgressBillingAdjustment, "-15"},
		{client.InvoiceLineTypeRefund, "-1.5"}, {client.InvoiceLineTypeRefund, "-2.35"},
	}
	if len(lines) != len(want) {
		t.Fatalf("lines %s", mustJSON(t, lines))
	}
	for i, w := range want {
		if lines[i].Type != w.typ {
			t.Fatalf("line %d is %s, want %s: %s", i, lines[i].Type, w.typ, mustJSON(t, lines))
		}
		mustDec(t, fmt.Sprintf("line %d (%s) subTotal", i, w.typ), lines[i].SubTotal, w.subTotal)
	}
	lvMustAddUp(t, te, m.invoice, "58.45")

	// Part lines: the order line billed, quantity, price, discountedPrice, the line's flag.
	part := lines[1]
	if part.SalesOrderLineItemId == nil || *part.SalesOrderLineItemId != m.parts[1] || part.Number == nil || *part.Number != 2 ||
		part.IsTaxable || part.ItemId == nil || len(part.ExternalReferences) != 0 {
		t.Fatalf("part line %s", mustJSON(t, part))
	}
	lvMustDecPtr(t, "part quantity", part.Quantity, "3")
	lvMustDecPtr(t, "part price", part.Price, "10")
	lvMustDecPtr(t, "part discountedPrice", part.DiscountedPrice, "10")
	// The fee: the order's fee line it copies, taxable, no quantity or price.
	fee := lines[2]
	if fee.SalesOrderLineItemId == nil || *fee.SalesOrderLineItemId != m.orderFee || !fee.IsTaxable || fee.Name == nil || *fee.Name != "Tooling" ||
		fee.Quantity != nil || fee.Price != nil || fee.DiscountedPrice != nil || fee.ItemId != nil || fee.Number != nil {
		t.Fatalf("fee line %s", mustJSON(t, fee))
	}
	// Tax, discount, deposit adjustment: nothing but their subtotal.
	for _, l := range []client.InvoiceLineItem{lines[3], lines[4], lines[5]} {
		if l.SalesOrderLineItemId != nil || l.IsTaxable || l.Quantity != nil || l.Price != nil || l.DiscountedPrice != nil ||
			l.ExternalReferences == nil || len(l.ExternalReferences) != 0 {
			t.Fatalf("%s line %s", l.Type, mustJSON(t, l))
		}
	}
	// The progress-billing adjustment: quantity 1 at its amount, never taxed, negative.
	pba := lines[6]
	if pba.IsTaxable || pba.SalesOrderLineItemId != nil {
		t.Fatalf("progress-billing adjustment %s", mustJSON(t, pba))
	}
	lvMustOneAt(t, pba, "15")
	// Refunds: named by their reason code, the copied one carrying the order's refund line.
	reason := getRefundReason(t, te, m.reason)
	copied, written := lines[7], lines[8]
	if copied.SalesOrderLineItemId == nil || *copied.SalesOrderLineItemId != m.orderRefund || copied.Description == nil ||
		*copied.Description != "Scratched" || copied.Name == nil || *copied.Name != reason.Name || copied.IsTaxable ||
		copied.Quantity != nil || copied.Price != nil || copied.DiscountedPrice != nil {
		t.Fatalf("copied refund %s", mustJSON(t, copied))
	}
	if written.SalesOrderLineItemId != nil || written.Name == nil || *written.Name != reason.Name || written.Description != nil {
		t.Fatalf("written refund %s", mustJSON(t, written))
	}
	// Each line reads alone as it lists.
	for _, l := range lines {
		if got := lvLine(t, te, m.invoice, l.Id); mustJSON(t, got) != mustJSON(t, l) {
			t.Fatalf("line read %s, listed %s", mustJSON(t, got), mustJSON(t, l))
		}
	}
}

// TestInvoiceLineViewFiltersByEveryType: the types filter takes each type, the new ones
// included, alone and together.
func TestInvoiceLineViewFiltersByEveryType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	m := lvMixedInvoice(t, te)
	f := ivOrder(t, te, "10") // total 100
	deposit := irDeposit(t, te, f.order, `{"amount":12}`)
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Design","amount":30}]}`)
	billing := solCreate(t, te, irMilestonePath(f.order, s.Milestones[0].Id), "")
	for _, c := range []struct {
		invoice string
		typ     client.InvoiceLineType
		count   int
	}{
		{m.invoice, client.InvoiceLineTypePart, 2},
		{m.invoice, client.InvoiceLineTypeFee, 1},
		{m.invoice, client.InvoiceLineTypeTax, 1},
		{m.invoice, client.InvoiceLineTypeDiscount, 1},
		{m.invoice, client.InvoiceLineTypeDepositAdjustment, 1},
		{m.invoice, client.InvoiceLineTypeProgressBillingAdjustment, 1},
		{m.invoice, client.InvoiceLineTypeRefund, 2},
		{m.invoice, client.InvoiceLineTypeDeposit, 0},
		{m.invoice, client.InvoiceLineTypeProgressBilling, 0},
		{deposit, client.InvoiceLineTypeDeposit, 1},
		{deposit, client.InvoiceLineTypePart, 0},
		{billing, client.InvoiceLineTypeProgressBilling, 1},
		{billing, client.InvoiceLineTypeRefund, 0},
	} {
		got := lvLines(t, te, c.invoice, fmt.Sprintf(`{"types":[%q]}`, c.typ))
		if len(got) != c.count {
			t.Fatalf("types [%s]: %s, want %d lines", c.typ, mustJSON(t, got), c.count)
		}
		for _, l := range got {
			if l.Type != c.typ {
				t.Fatalf("types [%s] answered %s", c.typ, mustJSON(t, got))
			}
		}
	}
	credits := lvLines(t, te, m.invoice, `{"types":["refund","depositAdjustment","ProgressBillingAdjustment"]}`)
	var types []string
	for _, l := range credits {
		types = append(types, string(l.Type))
	}
	if !slices.Equal(types, []string{"depositAdjustment", "ProgressBillingAdjustment", "refund", "refund"}) {
		t.Fatalf("credit types %v", types)
	}
	every := `{"types":["part","fee","tax","discount","deposit","ProgressBilling","depositAdjustment","ProgressBillingAdjustment","refund"]}`
	if got := lvLines(t, te, m.invoice, every); len(got) != 9 {
		t.Fatalf("every type: %s", mustJSON(t, got))
	}
	res, b := ivSend(t, te, http.MethodPost, ivLinesPath(m.invoice)+"/list", `{"types":["credit"]}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

// TestInvoiceLineViewOfADepositInvoice: a deposit invoice's one line is quantity 1 at the
// deposit (33.333% of 100: 33.33), never taxed, and adds up to the invoice's total.
func TestInvoiceLineViewOfADepositInvoice(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3", "7") // total 100
	id := irDeposit(t, te, f.order, `{"percentage":33.333,"description":"Upfront"}`)
	lines := lvLines(t, te, id, `{}`)
	if len(lines) != 1 {
		t.Fatalf("lines %s", mustJSON(t, lines))
	}
	l := lines[0]
	if l.Type != client.InvoiceLineTypeDeposit || l.IsTaxable || l.SalesOrderLineItemId != nil || l.Description == nil ||
		*l.Description != "Upfront" || l.Name != nil || l.ItemId != nil || l.Number != nil || len(l.ExternalReferences) != 0 {
		t.Fatalf("deposit line %s", mustJSON(t, l))
	}
	mustDec(t, "deposit subTotal", l.SubTotal, "33.33")
	lvMustOneAt(t, l, "33.33")
	lvMustAddUp(t, te, id, "33.33")
	if got := lvLine(t, te, id, l.Id); mustJSON(t, got) != mustJSON(t, l) {
		t.Fatalf("deposit line read %s", mustJSON(t, got))
	}
}

// TestInvoiceLineViewOfAProgressBillingInvoice: a progress billing's one line is quantity 1 at
// the milestone's amount (40% of 100: 40), named by the milestone, never taxed; it adds up to
// the invoice's total, and a later regular invoice's adjustment takes it off.
func TestInvoiceLineViewOfAProgressBillingInvoice(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "10") // total 100
	s := irSchedule(t, te, f.order, `{"milestones":[{"name":"Design","percentage":40}]}`)
	id := solCreate(t, te, irMilestonePath(f.order, s.Milestones[0].Id), "")
	lines := lvLines(t, te, id, `{}`)
	if len(lines) != 1 {
		t.Fatalf("lines %s", mustJSON(t, lines))
	}
	l := lines[0]
	if l.Type != client.InvoiceLineTypeProgressBilling || l.IsTaxable || l.Name == nil || *l.Name != "Design" ||
		l.SalesOrderLineItemId != nil || len(l.ExternalReferences) != 0 {
		t.Fatalf("progress billing line %s", mustJSON(t, l))
	}
	mustDec(t, "progress billing subTotal", l.SubTotal, "40")
	lvMustOneAt(t, l, "40")
	lvMustAddUp(t, te, id, "40")
	// Issued, it comes off the next regular invoice: 60 billed less 40.
	ivMove(t, te, id, "issued")
	regular := ivBill(t, te, f.order, ivLine(f.lines[0], "6"))
	lvMustAddUp(t, te, regular, "20")
}

// TestInvoiceLineViewPartLineMembers: a part line's discountedPrice is the part line read's
// (subTotal / quantity rounded to the currency: 7 at 10 less 3.3% is 67.69, 9.67 each), its
// isTaxable and external references are the line's.
func TestInvoiceLineViewPartLineMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "7")
	ivMoveOrder(t, te, f.order, "draft")
	soOK[json.RawMessage](t, te, http.MethodPatch, soPartLinePath(f.order, f.lines[0]),
		`[{"op":"add","path":"/discount","value":{"isPercentage":true,"value":3.3}}]`)
	ivMoveOrder(t, te, f.order, "approved")
	id := ivBill(t, te, f.order)
	part := ivPartLines(t, te, id, `{}`)[0]
	soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, ivPartLinesPath(id)+"/"+part.Id,
		`[{"op":"replace","path":"/isTaxable","value":true},{"op":"add","path":"/externalReferences/erp","value":{"externalId":"E-7"}}]`)
	l := lvLine(t, te, id, part.Id)
	mustDec(t, "part subTotal", l.SubTotal, "67.69")
	lvMustDecPtr(t, "part discountedPrice", l.DiscountedPrice, "9.67")
	mustDec(t, "part line read discountedPrice", part.DiscountedPrice, "9.67")
	ref, ok := l.ExternalReferences["erp"]
	if !l.IsTaxable || !ok || ref.ExternalID == nil || *ref.ExternalID != "E-7" || len(l.ExternalReferences) != 1 {
		t.Fatalf("part line %s", mustJSON(t, l))
	}
	lvMustAddUp(t, te, id, "67.69")
}

// TestInvoiceLineViewNamesRefundsByTheirReasonsCurrentName: renaming the reason code renames
// the refund lines of the view; a refund line of another invoice or tenant is 404.
func TestInvoiceLineViewNamesRefundsByTheirReasonsCurrentName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "5", "5")
	id, other := ivBill(t, te, f.order, ivLine(f.lines[0], "5")), ivBill(t, te, f.order, ivLine(f.lines[1], "5"))
	reason := irReason(t, te)
	refund := irRefund(t, te, id, reason, "4")
	updateRefundReason(t, te, reason, client.RefundReasonCodeWrite{Name: "Renamed " + randomSuffix()})
	want := getRefundReason(t, te, reason).Name
	if got := lvLine(t, te, id, refund); got.Name == nil || *got.Name != want || got.Type != client.InvoiceLineTypeRefund {
		t.Fatalf("refund %s, want name %q", mustJSON(t, got), want)
	}
	listed := lvLines(t, te, id, `{"types":["refund"]}`)
	if len(listed) != 1 || listed[0].Name == nil || *listed[0].Name != want {
		t.Fatalf("refunds %s", mustJSON(t, listed))
	}
	mustDec(t, "refund subTotal", listed[0].SubTotal, "-4")
	lvMustAddUp(t, te, id, "46")
	res, b := ivSend(t, te, http.MethodGet, ivLinesPath(other)+"/"+refund, "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = ivSend(t, newTenant(t), http.MethodGet, ivLinesPath(id)+"/"+refund, "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// TestInvoiceLineViewShowsALinesOwnTax: what a part line pays at its own rate is its row's
// tax: 20 of parts taxed at 7.5% is a total of 21.5, the row's subTotal 20 and tax 1.5; an
// untaxed priced line's tax is 0 and a refund's null.
func TestInvoiceLineViewShowsALinesOwnTax(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "2")
	id := ivBill(t, te, f.order)
	part := ivPartLines(t, te, id, `{}`)[0]
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Line tax " + randomSuffix(), Rate: num("7.5")})
	soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, ivPartLinesPath(id)+"/"+part.Id,
		fmt.Sprintf(`[{"op":"replace","path":"/taxCodeId","value":%q},{"op":"replace","path":"/isTaxable","value":true}]`, rate))
	lines := lvLines(t, te, id, `{}`)
	if len(lines) != 1 || !lines[0].IsTaxable {
		t.Fatalf("lines %s", mustJSON(t, lines))
	}
	mustDec(t, "part subTotal", lines[0].SubTotal, "20")
	lvMustDecPtr(t, "part tax", lines[0].Tax, "1.5")
	lvMustDecPtr(t, "part tax read alone", lvLine(t, te, id, part.Id).Tax, "1.5")
	lvMustAddUp(t, te, id, "21.5")
	fee := imlCreate(t, te, id, `{"type":"amount","amount":4}`)
	refund := irRefund(t, te, id, irReason(t, te), "1")
	lvMustDecPtr(t, "untaxed amount line's tax", lvLine(t, te, id, fee).Tax, "0")
	if got := lvLine(t, te, id, refund).Tax; got != nil {
		t.Fatalf("a refund's tax %s, want null", got)
	}
	lvMustAddUp(t, te, id, "24.5")
}

// TestInvoiceLineViewShowsHandWrittenLines: the mixed invoice with one hand-written line of
// each type (priced 6, amount 4, a taxable quantity line of 2 × 3 without a rate of its own,
// an untaxed item line of 1 × 10): the lines are 121 with the shipping charge; the 10%
// discount takes 12.1; the tax line 10% of the fee's 18 and the quantity line's 5.4: 2.34;
// 111.24 before the deposit adjustment (10), the progress-billing adjustment (15) and the
// refunds (1.5 and 2.35): 82.39, which the view's subtotals and the shipping charge add up
// to. The hand-written lines follow the part lines, in their number order.
func TestInvoiceLineViewShowsHandWrittenLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	m := lvMixedInvoice(t, te)
	item := createItem(t, te, newItem("LV-"+randomSuffix()))
	priced := imlCreate(t, te, m.invoice, `{"type":"priced","name":"Setup","price":6}`)
	amount := imlCreate(t, te, m.invoice, `{"type":"amount","amount":4}`)
	quantity := imlCreate(t, te, m.invoice, `{"type":"quantity","quantity":2,"price":3,"isTaxable":true,"externalReferences":{"erp":{"externalId":"Q"}}}`)
	itemLine := imlCreate(t, te, m.invoice, fmt.Sprintf(`{"type":"item","quantity":1,"price":10,"itemId":%q,"isTaxable":false}`, item))
	lvMustAddUp(t, te, m.invoice, "82.39")

	lines := lvLines(t, te, m.invoice, `{}`)
	want := []struct {
		id       string
		typ      client.InvoiceLineType
		subTotal string
	}{{priced, client.InvoiceLineTypePriced, "6"}, {amount, client.InvoiceLineTypeAmount, "4"},
		{quantity, client.InvoiceLineTypeQuantity, "6"}, {itemLine, client.InvoiceLineTypeItem, "10"}}
	if len(lines) != 13 {
		t.Fatalf("lines %s", mustJSON(t, lines))
	}
	for i, w := range want {
		l := lines[2+i]
		if l.Id != w.id || l.Type != w.typ || l.Number == nil || *l.Number != i+1 || l.SalesOrderLineItemId != nil {
			t.Fatalf("line %d: %s", 2+i, mustJSON(t, l))
		}
		mustDec(t, string(w.typ)+" subTotal", l.SubTotal, w.subTotal)
	}
	p, a, q, it := lines[2], lines[3], lines[4], lines[5]
	if idlText(p.Name) != "Setup" || p.IsTaxable {
		t.Fatalf("priced %s", mustJSON(t, p))
	}
	lvMustOneAt(t, p, "6")
	if a.Quantity != nil || a.Price != nil || a.DiscountedPrice != nil || a.IsTaxable {
		t.Fatalf("amount %s", mustJSON(t, a))
	}
	if !q.IsTaxable || q.ExternalReferences["erp"].ExternalID == nil || *q.ExternalReferences["erp"].ExternalID != "Q" || q.ItemId != nil {
		t.Fatalf("quantity %s", mustJSON(t, q))
	}
	lvMustDecPtr(t, "quantity quantity", q.Quantity, "2")
	lvMustDecPtr(t, "quantity price", q.Price, "3")
	lvMustDecPtr(t, "quantity discountedPrice", q.DiscountedPrice, "3")
	if it.IsTaxable || it.ItemId == nil || *it.ItemId != item {
		t.Fatalf("item %s", mustJSON(t, it))
	}
	if got := lvLine(t, te, m.invoice, quantity); got.Type != client.InvoiceLineTypeQuantity || !got.SubTotal.Equal(num("6").Decimal) {
		t.Fatalf("read %s", mustJSON(t, got))
	}
	if got := lvLines(t, te, m.invoice, `{"types":["amount","item"]}`); len(got) != 2 || got[0].Id != amount || got[1].Id != itemLine {
		t.Fatalf("by types %s", mustJSON(t, got))
	}
}
