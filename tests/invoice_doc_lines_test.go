package tests

import (
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// idlOrder is an approved order billing 100 (part lines 4 and 6 at 10, not taxable) with two
// fee lines (Tooling 20 taxable, then Expedite 15 described "Rush", not taxable), two tax
// lines (10% then 5%) and a 10% discount.
type idlOrder struct {
	ivOrderFixture
	fees      [2]string // the order's fee lines, in creation order
	ten, five string    // the tax rates
}

func idlChargedOrder(t *testing.T, te *tenantEnv) idlOrder {
	t.Helper()
	o := idlOrder{ivOrderFixture: ivOrder(t, te, "4", "6")}
	ivMoveOrder(t, te, o.order, "draft")
	o.fees[0] = solCreate(t, te, soFeeLinesPath(o.order), `{"name":"Tooling","amount":20,"isTaxable":true}`)
	o.fees[1] = solCreate(t, te, soFeeLinesPath(o.order), `{"name":"Expedite","description":"Rush","amount":15}`)
	o.ten = createTaxRate(t, te, client.TaxRateWrite{Name: "State " + randomSuffix(), Rate: num("10")})
	o.five = createTaxRate(t, te, client.TaxRateWrite{Name: "City " + randomSuffix(), Rate: num("5")})
	solCreate(t, te, soTaxLinesPath(o.order), fmt.Sprintf(`{"taxRateId":%q}`, o.ten))
	solCreate(t, te, soTaxLinesPath(o.order), fmt.Sprintf(`{"taxRateId":%q}`, o.five))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(o.order), `{"isPercentage":true,"value":10}`)
	ivMoveOrder(t, te, o.order, "approved")
	return o
}

// idlBill bills the whole order to the address of Billing dept in Lyon.
func idlBill(t *testing.T, te *tenantEnv, order string) string {
	t.Helper()
	return ivCreate(t, te, map[string]any{"salesOrderId": order, "billingAddress": map[string]any{"name": "Billing dept", "city": "Lyon"}})
}

func idlFees(t *testing.T, te *tenantEnv, invoice string) []client.InvoiceFeeLineItem {
	t.Helper()
	return soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivFeeLinesPath(invoice)+"/list", `{}`)
}

func idlTaxes(t *testing.T, te *tenantEnv, invoice string) []client.InvoiceTaxLineItem {
	t.Helper()
	return soOK[[]client.InvoiceTaxLineItem](t, te, http.MethodPost, ivTaxLinesPath(invoice)+"/list", `{}`)
}

// idlNoAccounting fails t unless every accounting detail is null.
func idlNoAccounting(t *testing.T, what string, d client.ItemAccountingDetails) {
	t.Helper()
	if d.ClassId != nil || d.IncomeAccountId != nil || d.AssetAccountId != nil || d.ExpenseAccountId != nil || d.CogsAccountId != nil {
		t.Errorf("%s accountingDetails %+v, want all null", what, d)
	}
}

func idlText(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// TestInvoiceFeeTaxAndDiscountLinesReadEveryMember: the copied lines read every member of
// their shapes. Lines 100 + fees 35 = 135; the 10% discount takes 13.5; the taxable base is
// the Tooling fee 20 less its 2 of the discount: 18; the 10% line adds 1.8, the 5% line 0.9.
func TestInvoiceFeeTaxAndDiscountLinesReadEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	o := idlChargedOrder(t, te)
	id := idlBill(t, te, o.order)

	fees := idlFees(t, te, id)
	if len(fees) != 2 {
		t.Fatalf("fees %+v", fees)
	}
	for i, want := range []struct {
		name, description, origin, amount string
		taxable                           bool
	}{{"Tooling", "<nil>", o.fees[0], "20", true}, {"Expedite", "Rush", o.fees[1], "15", false}} {
		f := fees[i]
		if len(f.Id) != 36 || f.InvoiceId != id || f.Number != i+1 || f.Name != want.name || idlText(f.Description) != want.description ||
			idlText(f.SalesOrderLineItemId) != want.origin || f.IsTaxable != want.taxable || f.TaxCodeId != nil || f.OverrideTaxRate ||
			len(f.ExternalReferences) != 0 {
			t.Errorf("fee %d: %+v", i, f)
		}
		mustDec(t, "fee amount", f.Amount, want.amount)
		mustDec(t, "fee subTotal", f.SubTotal, want.amount)
		mustDec(t, "fee taxRate", f.TaxRate, "0")
		idlNoAccounting(t, "fee", f.AccountingDetails)
	}

	taxes := idlTaxes(t, te, id)
	if len(taxes) != 2 {
		t.Fatalf("taxes %+v", taxes)
	}
	for i, want := range []struct{ rate, taxRate, price string }{{o.ten, "10", "1.8"}, {o.five, "5", "0.9"}} {
		x := taxes[i]
		if len(x.Id) != 36 || x.InvoiceId != id || x.Number != i+1 || x.Description != nil || x.SalesOrderLineItemId != nil ||
			x.TaxCodeId != want.rate || !x.TaxCodeEditable || len(x.ExternalReferences) != 0 ||
			x.TaxServiceOptions.Address == nil || idlText(x.TaxServiceOptions.Address.City) != "Lyon" ||
			idlText(x.TaxServiceOptions.Address.Name) != "Billing dept" {
			t.Errorf("tax %d: %+v", i, x)
		}
		mustDec(t, "taxRate", x.TaxRate, want.taxRate)
		mustDec(t, "taxableBase", x.TaxableBase, "18")
		mustDec(t, "price", x.Price, want.price)
		idlNoAccounting(t, "tax", x.AccountingDetails)
	}
	if got := soOK[client.InvoiceTaxLineItem](t, te, http.MethodGet, ivTaxLinesPath(id)+"/"+taxes[1].Id, ""); got.Number != 2 || got.TaxCodeId != o.five {
		t.Errorf("tax read %+v", got)
	}

	d := soOK[client.InvoiceDiscountLineItem](t, te, http.MethodGet, ivDiscountPath(id), "")
	if len(d.Id) != 36 || d.InvoiceId != id || d.Number != 1 || d.Name != nil || d.Description != nil || d.SalesOrderLineItemId != nil ||
		!d.IsPercentage || len(d.ExternalReferences) != 0 {
		t.Errorf("discount %+v", d)
	}
	mustDec(t, "discount amount (as written)", d.Amount, "10")
	mustDec(t, "discount price (taken)", d.Price, "13.5")
	idlNoAccounting(t, "discount", d.AccountingDetails)
	mustDec(t, "invoice total", ivGet(t, te, id).Total, "124.2")
}

// TestInvoiceFeeLineWritesTaxCodeAndExternalReferences: a fee write names its tax rate
// taxCodeId (copying its percentage; another rate than the stored one sets overrideTaxRate for
// good) and replaces its external references; bad input is a problem naming the member.
func TestInvoiceFeeLineWritesTaxCodeAndExternalReferences(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	o := idlChargedOrder(t, te)
	id := idlBill(t, te, o.order)
	fees := idlFees(t, te, id)
	tooling, expedite := ivFeeLinesPath(id)+"/"+fees[0].Id, ivFeeLinesPath(id)+"/"+fees[1].Id

	// The same (no) tax rate: not an override.
	f := soOK[client.InvoiceFeeLineItem](t, te, http.MethodPut, expedite, `{"name":"Expedite","amount":15}`)
	if f.OverrideTaxRate || f.TaxCodeId != nil || f.Description != nil || f.Number != 2 || idlText(f.SalesOrderLineItemId) != o.fees[1] {
		t.Fatalf("unchanged tax rate %+v", f)
	}
	f = soOK[client.InvoiceFeeLineItem](t, te, http.MethodPut, tooling, fmt.Sprintf(
		`{"name":"Tooling","amount":20,"isTaxable":true,"taxCodeId":%q,"externalReferences":{"erp":{"externalId":"F-1"}}}`, o.five))
	if !f.OverrideTaxRate || idlText(f.TaxCodeId) != o.five || f.ExternalReferences["erp"].ExternalID == nil ||
		*f.ExternalReferences["erp"].ExternalID != "F-1" || f.Number != 1 {
		t.Fatalf("new tax rate %+v", f)
	}
	mustDec(t, "copied taxRate", f.TaxRate, "5")
	// Tooling 20, taxable at its own 5% and by both tax lines: base 18 less nothing else; the
	// fee's own tax 18 × 5% = 0.9 joins the 1.8 and 0.9 of the tax lines.
	mustDec(t, "taxTotal", ivGet(t, te, id).TaxTotal, "3.6")
	// Naming the stored rate again keeps the override; omitting externalReferences clears them.
	f = soOK[client.InvoiceFeeLineItem](t, te, http.MethodPut, tooling, fmt.Sprintf(`{"name":"Tooling","amount":20,"taxCodeId":%q}`, o.five))
	if !f.OverrideTaxRate || len(f.ExternalReferences) != 0 {
		t.Fatalf("the override is for good; references cleared: %+v", f)
	}
	// A patch adds a reference; read-only members and the old tax rate name are refused.
	f = soOK[client.InvoiceFeeLineItem](t, te, http.MethodPatch, expedite, `[{"op":"add","path":"/externalReferences/erp","value":{"externalId":"F-2"}}]`)
	if f.ExternalReferences["erp"].ExternalID == nil || *f.ExternalReferences["erp"].ExternalID != "F-2" || f.OverrideTaxRate {
		t.Fatalf("patched references %+v", f)
	}
	if got := soOK[client.InvoiceFeeLineItem](t, te, http.MethodGet, expedite, ""); *got.ExternalReferences["erp"].ExternalID != "F-2" {
		t.Fatalf("stored references %+v", got.ExternalReferences)
	}
	for _, path := range []string{"/number", "/overrideTaxRate", "/salesOrderLineItemId", "/taxRateId"} {
		res, b := ivSend(t, te, http.MethodPatch, expedite, `[{"op":"replace","path":"`+path+`","value":"x"}]`)
		mustProblem(t, res, b, http.StatusBadRequest)
	}

	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old " + randomSuffix(), Rate: num("4"), IsArchived: ptr(true)})
	for _, c := range []struct {
		body   string
		status int
		field  string
	}{
		{`{"name":"Tooling","amount":20,"taxCodeId":"ffffffffffffffffffffff0f"}`, http.StatusNotFound, "taxCodeId"},
		{fmt.Sprintf(`{"name":"Tooling","amount":20,"taxCodeId":%q}`, archived), http.StatusBadRequest, "taxCodeId"},
		{`{"name":"Tooling","amount":20,"externalReferences":{" ":{"externalId":"x"}}}`, http.StatusBadRequest, "externalReferences"},
		{`{"name":"Tooling","amount":20,"externalReferences":{"erp":{"externalId":" "}}}`, http.StatusBadRequest, "externalReferences"},
	} {
		res, b := ivSend(t, te, http.MethodPut, tooling, c.body)
		ivMustProblem(t, res, b, c.status, c.field)
	}
	// The refused writes changed nothing.
	if got := soOK[client.InvoiceFeeLineItem](t, te, http.MethodGet, tooling, ""); idlText(got.TaxCodeId) != o.five || len(got.ExternalReferences) != 0 {
		t.Fatalf("after refused writes %+v", got)
	}
}

// TestInvoiceDocLineNumbersRunPerInvoiceAndKind: fee and tax lines are numbered 1, 2 … in
// each invoice; a fee line names the order's fee line it bills until its invoice is deleted,
// and the next invoice then bills it, numbered from 1.
func TestInvoiceDocLineNumbersRunPerInvoiceAndKind(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	o := idlChargedOrder(t, te)
	first := ivBill(t, te, o.order, ivLine(o.lines[0], "1"))
	second := ivBill(t, te, o.order, ivLine(o.lines[0], "1"))
	if got := idlFees(t, te, second); len(got) != 0 {
		t.Fatalf("the second invoice's fees %+v", got)
	}
	for _, invoice := range []string{first, second} {
		taxes := idlTaxes(t, te, invoice)
		if len(taxes) != 2 || taxes[0].Number != 1 || taxes[1].Number != 2 || taxes[0].TaxCodeId != o.ten || taxes[1].TaxCodeId != o.five {
			t.Fatalf("taxes of %s: %+v", invoice, taxes)
		}
	}
	res, b := ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	for _, f := range idlFees(t, te, first) {
		if f.SalesOrderLineItemId != nil {
			t.Fatalf("a deleted invoice's fee still names the order's fee line: %+v", f)
		}
	}
	third := ivBill(t, te, o.order, ivLine(o.lines[1], "1"))
	fees := idlFees(t, te, third)
	if len(fees) != 2 || fees[0].Number != 1 || fees[1].Number != 2 || idlText(fees[0].SalesOrderLineItemId) != o.fees[0] ||
		idlText(fees[1].SalesOrderLineItemId) != o.fees[1] {
		t.Fatalf("the third invoice's fees %+v", fees)
	}
}

// TestInvoiceTaxLineFollowsStatusAndBillingAddress: taxCodeEditable is true while the
// invoice's lines may be written and false once it is issued (true again when it moves back
// to approved); taxServiceOptions.address is the invoice's billing address as it stands.
func TestInvoiceTaxLineFollowsStatusAndBillingAddress(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	o := idlChargedOrder(t, te)
	id := idlBill(t, te, o.order)
	taxPath := ivTaxLinesPath(id) + "/" + idlTaxes(t, te, id)[0].Id
	tax := func() client.InvoiceTaxLineItem {
		t.Helper()
		return soOK[client.InvoiceTaxLineItem](t, te, http.MethodGet, taxPath, "")
	}

	// The tax line's ETag follows what it shows of its invoice.
	moved := func(what, tag string) string {
		t.Helper()
		res, b := conditionally(t, te, http.MethodGet, taxPath, "", ifNoneMatch(tag))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		next, _ := etagOf(t, te, taxPath)
		if next == tag {
			t.Fatalf("%s: the ETag stayed %s", what, tag)
		}
		return next
	}
	tag, _ := etagOf(t, te, taxPath)

	soOK[client.Invoice](t, te, http.MethodPatch, ivInvoicePath(id), `[{"op":"replace","path":"/billingAddress/city","value":"Dayton"}]`)
	tag = moved("the billing address changed", tag)
	if a := tax().TaxServiceOptions.Address; a == nil || idlText(a.City) != "Dayton" || idlText(a.Name) != "Billing dept" {
		t.Fatalf("address after the invoice's change %+v", a)
	}
	soOK[client.Invoice](t, te, http.MethodPatch, ivInvoicePath(id), `[{"op":"replace","path":"/billingAddress","value":null}]`)
	tag = moved("the billing address removed", tag)
	if a := tax().TaxServiceOptions.Address; a != nil {
		t.Fatalf("address without a billing address %+v", a)
	}

	for _, c := range []struct {
		status   string
		editable bool
	}{{"needsApproval", true}, {"approved", true}, {"issued", false}, {"paid", false}, {"approved", true}} {
		ivMove(t, te, id, c.status)
		if got := tax().TaxCodeEditable; got != c.editable {
			t.Fatalf("%s: taxCodeEditable %v, want %v", c.status, got, c.editable)
		}
		if c.status == "issued" {
			tag = moved("issued", tag)
		}
	}
}
