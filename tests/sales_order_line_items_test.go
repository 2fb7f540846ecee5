package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The lines view of a sales order: every line kind in one shape.

func soLineItemsPath(orderID string) string { return soOrderPath(orderID) + "/line-items" }

// soBlanketLine stores a blanket line of the order straight in the database.
func soBlanketLine(t *testing.T, te *tenantEnv, orderID string, number int) string {
	t.Helper()
	item := createItem(t, te, newItem(fmt.Sprintf("SOB-%s-%d", randomSuffix(), number)))
	id := ids.NewSub()
	solExec(t, `INSERT INTO sales_order_blanket_lines (tenant_id, sales_order_id, id, line_number, item_id, quantity,
	               unit_of_measure_name, unit_price, description)
	           VALUES ($1, $2, $3, $4, $5, 100, 'Each', 2.5, 'Yearly brackets')`, te.ID, orderID, id, number, item)
	return id
}

func TestSalesOrderLineItemsShowEveryKindInOneShape(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order, other := solOrder(t, te, "USD"), solOrder(t, te, "USD")
	// Part lines out of number order: 2 × 12.50 less 10 % = 22.50; 3 × 19.99 = 59.97.
	second := solPartLine(t, te, order, 2, "2", "12.50", ptr("10"))
	first := solPartLine(t, te, order, 1, "3", "19.99", nil)
	blanket := soBlanketLine(t, te, order, 1)
	fee := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":17.505,"description":"Fixture"}`)
	// Subtotal 59.97 + 22.50 + 17.51 = 99.98; 10 % discount 10.00; base 89.98 (part lines
	// taxable, the fee not: 82.47 − 8.25 = 74.22 taxed); 6 % tax 4.45.
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	tax := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	discount := soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"name":"Loyalty","isPercentage":true,"value":10}`).Id
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	refund := solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":5.005,"description":"Dent"}`, reason))
	solPartLine(t, te, other, 1, "1", "1", nil)

	totals := soTotals(t, te, order)
	list, err := te.API.ListSalesOrderLineItemsWithResponse(t.Context(), order, &client.ListSalesOrderLineItemsParams{}, client.SalesOrderLineItemsFilter{})
	failOnTransportError(t, err)
	mustStatus(t, list.StatusCode(), http.StatusOK, list.Body)
	lines := *list.JSON200
	var got []string
	for _, l := range lines {
		got = append(got, string(l.Kind)+":"+l.Id)
	}
	want := []string{"part:" + first, "part:" + second, "blanket:" + blanket, "fee:" + fee, "tax:" + tax, "discount:" + discount, "refund:" + refund}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("lines %v, want %v", got, want)
	}
	byID := map[string]client.SalesOrderLineItem{}
	for _, l := range lines {
		byID[l.Id] = l
	}
	p := byID[second]
	if p.LineNumber == nil || *p.LineNumber != 2 || p.ItemId == nil || p.Quantity == nil || p.UnitPrice == nil || p.Name != nil {
		t.Errorf("part line %s", mustJSON(t, p))
	}
	mustDec(t, "part subTotal after its discount", p.SubTotal, "22.50")
	mustDec(t, "first part subTotal", byID[first].SubTotal, "59.97")
	if b := byID[blanket]; b.LineNumber == nil || *b.LineNumber != 1 || b.Description == nil || *b.Description != "Yearly brackets" {
		t.Errorf("blanket line %s", mustJSON(t, b))
	}
	mustDec(t, "blanket subTotal", byID[blanket].SubTotal, "0")
	if f := byID[fee]; f.Name == nil || *f.Name != "Tooling" || f.Description == nil || f.LineNumber != nil || f.ItemId != nil || f.Quantity != nil || f.UnitPrice != nil {
		t.Errorf("fee line %s", mustJSON(t, f))
	}
	mustDec(t, "fee subTotal", byID[fee].SubTotal, "17.51")
	mustDec(t, "tax subTotal", byID[tax].SubTotal, totals["taxTotal"])
	mustDec(t, "discount subTotal", byID[discount].SubTotal, "-"+totals["discountTotal"])
	mustDec(t, "discount", num(totals["discountTotal"]), "10.00")
	mustDec(t, "refund subTotal", byID[refund].SubTotal, "-5.01")
	// The signed subtotals of the view come to the order's total (no line has a tax rate of
	// its own here).
	sum := num("0")
	for _, l := range lines {
		sum.Decimal = sum.Add(l.SubTotal.Decimal)
	}
	mustDec(t, "sum of the view", sum, totals["total"])

	// Filters, sorting, paging.
	kinds := soOK[[]client.SalesOrderLineItem](t, te, http.MethodPost, soLineItemsPath(order)+"/list", `{"kinds":["refund","fee"]}`)
	if len(kinds) != 2 || kinds[0].Id != fee || kinds[1].Id != refund {
		t.Errorf("kinds filter: %s", mustJSON(t, kinds))
	}
	picked := soOK[[]client.SalesOrderLineItem](t, te, http.MethodPost, soLineItemsPath(order)+"/list", fmt.Sprintf(`{"ids":[%q,%q]}`, tax, blanket))
	if len(picked) != 2 || picked[0].Id != blanket || picked[1].Id != tax {
		t.Errorf("ids filter: %s", mustJSON(t, picked))
	}
	page := soOK[[]client.SalesOrderLineItem](t, te, http.MethodPost, soLineItemsPath(order)+"/list?Skip=1&Take=2", `{}`)
	if len(page) != 2 || page[0].Id != second || page[1].Id != blanket {
		t.Errorf("page: %s", mustJSON(t, page))
	}
	desc := soOK[[]client.SalesOrderLineItem](t, te, http.MethodPost, soLineItemsPath(order)+"/list?Sort.Dir=descending", `{}`)
	if len(desc) != 7 || desc[0].Id != refund || desc[6].Id != first {
		t.Errorf("descending: %s", mustJSON(t, desc))
	}
	r, b := soSend(t, te.Token, http.MethodPost, soLineItemsPath(order)+"/list?Sort.Field=name", `{}`)
	mustProblemNaming(t, r, b, "Sort.Field")
	r, b = soSend(t, te.Token, http.MethodPost, soLineItemsPath(order)+"/list", `{"kinds":["shipping"]}`)
	mustProblem(t, r, b, http.StatusBadRequest)

	// One line, whatever its kind; another order's line or an unknown id is not found.
	for _, id := range []string{first, blanket, fee, tax, discount, refund} {
		l := soOK[client.SalesOrderLineItem](t, te, http.MethodGet, soLineItemsPath(order)+"/"+id, "")
		if mustJSON(t, l) != mustJSON(t, byID[id]) {
			t.Errorf("get %s: %s, listed %s", id, mustJSON(t, l), mustJSON(t, byID[id]))
		}
	}
	for _, path := range []string{soLineItemsPath(other) + "/" + fee, soLineItemsPath(order) + "/" + ids.NewSub(), soLineItemsPath(ids.New()) + "/" + fee} {
		r, b := soSend(t, te.Token, http.MethodGet, path, "")
		mustProblem(t, r, b, http.StatusNotFound)
	}
	r, b = soSend(t, te.Token, http.MethodPost, soLineItemsPath(ids.New())+"/list", `{}`)
	mustProblem(t, r, b, http.StatusNotFound)
	// An order with no lines lists none.
	empty := soOK[[]client.SalesOrderLineItem](t, te, http.MethodPost, soLineItemsPath(solOrder(t, te, "USD"))+"/list", `{}`)
	if len(empty) != 0 {
		t.Errorf("empty order: %s", mustJSON(t, empty))
	}
}
