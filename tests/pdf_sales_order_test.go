package tests

import (
	"fmt"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The sales order as PDF (getSalesOrderPdf): the order acknowledgement, rendered from the
// order's current state and the tenant's PDF settings.

func psoPath(orderID string) string { return soOrderPath(orderID) + "/pdf" }

// psoFetch fetches the order's PDF as te and answers its ETag and text (spaces folded); the
// file is kept under build/pdf as name.pdf.
func psoFetch(t *testing.T, te *tenantEnv, orderID, name string) (etag, text string, pdf []byte) {
	t.Helper()
	number := soGet(t, te, orderID).Number
	etag, pdf = fetchPDF(t, te, psoPath(orderID), "SalesOrder-"+strconv.FormatInt(number, 10)+".pdf")
	return etag, pdfText(t, pdf, name), pdf
}

// psoPartLines adds n part lines of one item to the order in one batch, line k (from 1) of
// quantity k at 2.50, and answers the item's number.
func psoPartLines(t *testing.T, te *tenantEnv, orderID string, n int) string {
	t.Helper()
	number := "PG-" + randomSuffix()
	item := createItem(t, te, newItem(number))
	body := `{"partLineItems":` + jsonArrayOf(n, func(k int) string {
		return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":2.5,"description":"Spacer %d"}`, item, k+1, k+1)
	}) + `}`
	res, b := soWrite(t, te, http.MethodPost, soPartLinesPath(orderID)+"/batch", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return number
}

// TestSalesOrderPdfShowsTheOrderEveryLineKindAndTheDropship: header, parties (the ship-to
// marked as a dropship), every kind of line with its quantity, price, delivery day and
// amount, the totals getSalesOrder answers, and the notes; the first page is kept as a PNG.
func TestSalesOrderPdfShowsTheOrderEveryLineKindAndTheDropship(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	setPrimaryCompany(t, te, "Brightline Machining")
	usd := "USD"
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Harbor Robotics", CurrencyCode: &usd})
	ground := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	terms := createPaymentTerm(t, te, "Net 30", 30)
	order := soCreate(t, te, map[string]any{
		"customerId": customer, "customerPoNumber": "PO-7781", "shippingMethodId": ground, "paymentTermsId": terms,
		"orderedDate": "2026-03-07", "dueDate": "2026-04-01", "deliveryDueDate": "2026-04-10",
		"billingAddress": map[string]any{"name": "Accounts payable", "address1": "400 Harbor Way", "city": "Tacoma",
			"stateProvince": "WA", "postalCode": "98402", "country": "US"},
		"shippingAddress": map[string]any{"name": "Coastal Assembly", "address1": "77 Pier Road", "city": "Astoria",
			"stateProvince": "OR", "postalCode": "97103", "country": "US"},
		"dropship": true, "dropshipCustomerPoNumber": "DS-55",
		"shippingCharge": map[string]any{"amount": 25}, "notes": "Deliver to dock 4.",
	})
	bracket := newItem("BRK-100")
	bracket.Description = ptr("Bracket, zinc plated")
	bracketID := createItem(t, te, bracket)
	shaftID := createItem(t, te, newItem("SHF-200"))
	soAddLine(t, te, order, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":19.99,"deliveryDate":"2026-04-02","isTaxable":true}`, bracketID))
	soAddLine(t, te, order, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":12.5,"description":"Drive shaft","isTaxable":true,
		"discount":{"isPercentage":true,"value":10}}`, shaftID))
	sbAdd(t, te, order, fmt.Sprintf(`{"itemId":%q,"quantity":100,"unitPrice":2.5,"description":"Yearly brackets",
		"startDate":"2026-01-01","endDate":"2026-12-31"}`, bracketID))
	solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":17.5,"description":"Fixture"}`)
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"name":"Loyalty","isPercentage":true,"value":10}`)
	reason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	solCreate(t, te, soRefundLinesPath(order), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":5,"description":"Dent"}`, reason))

	o := soGet(t, te, order)
	_, text, pdf := psoFetch(t, te, order, "sales-order-every-kind")
	money := func(d interface{ StringFixed(int32) string }) string { return d.StringFixed(2) }
	mustContainAll(t, text,
		"Brightline Machining", "Sales order", strconv.FormatInt(o.Number, 10),
		"Order date 2026-03-07", "Due date 2026-04-01", "Delivery by 2026-04-10", "Customer PO PO-7781",
		"Dropship PO DS-55", "Payment terms Net 30", "Ship via UPS Ground",
		"Bill to", "Harbor Robotics", "Accounts payable", "400 Harbor Way", "Tacoma, WA 98402",
		"Ship to (Dropship)", "Coastal Assembly", "77 Pier Road", "Astoria, OR 97103",
		// Part lines: quantity, unit, unit price, amount (after the line discount).
		"1 BRK-100 Bracket, zinc plated 2026-04-02 3 Each 19.99 59.97",
		"2 SHF-200 Drive shaft 2 Each 12.50 22.50", "Less 10% discount",
		// The blanket line: its period and quantity, no money of its own.
		"Blanket order", "Yearly brackets", "Released 0 of 100", "Delivered 2026-01-01 to 2026-12-31", "B1 BRK-100 Blanket order 100 Each 2.50",
		"Fee Tooling 17.50", "Fixture", "Shipping UPS Ground 25.00",
		"Tax State (6%) "+money(o.TaxTotal), "Discount Loyalty -"+money(o.DiscountTotal), "Refund Dent -5.00",
		"Lines "+money(o.LineSubTotal)+" USD", "Fees and shipping "+money(o.FeeTotal)+" USD",
		"Subtotal "+money(o.SubTotal)+" USD", "Discount -"+money(o.DiscountTotal)+" USD",
		"Tax "+money(o.TaxTotal)+" USD", "Refunds -"+money(o.RefundTotal)+" USD", "Total "+money(o.Total)+" USD",
		"Notes", "Deliver to dock 4.", "Page 1 of 1",
	)
	mustDec(t, "lineSubTotal", o.LineSubTotal, "82.47")
	mustDec(t, "feeTotal", o.FeeTotal, "42.50")
	renderFirstPagePNG(t, pdf, "sales-order")

	// Without dropship the ship-to is a plain one.
	res, b := soWrite(t, te, http.MethodPatch, soOrderPath(order), `[{"op":"replace","path":"/dropship","value":false}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	_, text, _ = psoFetch(t, te, order, "sales-order-not-dropship")
	mustContainAll(t, text, "Ship to", "Coastal Assembly")
	if strings.Contains(text, "Dropship") {
		t.Errorf("an order that is no dropship prints one:\n%s", text)
	}
}

// TestSalesOrderPdfSpansThreePagesWithTheHeadersRepeated: a long order breaks across pages,
// each with the table's column headers and its page number.
func TestSalesOrderPdfSpansThreePagesWithTheHeadersRepeated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	const lines = 100
	item := psoPartLines(t, te, order, lines)
	number := soGet(t, te, order).Number
	_, pdf := fetchPDF(t, te, psoPath(order), fmt.Sprintf("SalesOrder-%d.pdf", number))
	pages := pdfPages(t, pdf, "sales-order-three-pages")
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	for i, p := range pages {
		p = foldSpaces(p)
		mustContainAll(t, p, "Description", "Unit price", "Amount", fmt.Sprintf("Page %d of 3", i+1))
	}
	text := foldSpaces(strings.Join(pages, "\n"))
	// Line k: k × 2.50.
	mustContainAll(t, text, "1 "+item+" Spacer 1 1 Each 2.50 2.50", "57 "+item+" Spacer 57 57 Each 2.50 142.50",
		fmt.Sprintf("%d %s Spacer %d %d Each 2.50 250.00", lines, item, lines, lines), "Total 12,625.00 USD")
	if !strings.Contains(foldSpaces(pages[2]), "Total 12,625.00 USD") {
		t.Errorf("the totals are not on the last page")
	}
}

// TestSalesOrderPdfPrintsMoneyInTheOrdersCurrency: EUR with two minor units, JPY with none.
func TestSalesOrderPdfPrintsMoneyInTheOrdersCurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct{ currency, price, unit, amount, total string }{
		{"EUR", "1234.5", "1,234.50", "2,469.00", "Total 2,469.00 EUR"},
		{"JPY", "1500", "1,500", "3,000", "Total 3,000 JPY"},
	} {
		order := solOrder(t, te, c.currency)
		item := createItem(t, te, newItem("CUR-"+c.currency+"-"+randomSuffix()))
		soAddLine(t, te, order, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":%s}`, item, c.price))
		_, text, _ := psoFetch(t, te, order, "sales-order-"+strings.ToLower(c.currency))
		mustContainAll(t, text, "2 Each "+c.unit+" "+c.amount, c.total)
		if c.currency == "JPY" && strings.Contains(text, "3,000.00") {
			t.Errorf("JPY printed with minor units:\n%s", text)
		}
	}
}

// TestSalesOrderPdfPrintsAccentsAndFallsBackForCJK: accented names read back exactly; a CJK
// name renders, its characters as "?".
func TestSalesOrderPdfPrintsAccentsAndFallsBackForCJK(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	accented := soFor(t, te, "Müller Drehteile GmbH")
	item := createItem(t, te, newItem("ACC-"+randomSuffix()))
	soAddLine(t, te, accented, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":10,"description":"Lagerbüchse, gehärtet"}`, item))
	_, text, _ := psoFetch(t, te, accented, "sales-order-accents")
	mustContainAll(t, text, "Müller Drehteile GmbH", "Lagerbüchse, gehärtet")

	cjk := soFor(t, te, "東京精機")
	_, text, _ = psoFetch(t, te, cjk, "sales-order-cjk")
	mustContainAll(t, text, "????")
}

// pdfPageSize is what pdfinfo reads as the PDF's page size ("595.28 x 841.89 pts (A4)").
func pdfPageSize(t *testing.T, pdf []byte, name string) string {
	t.Helper()
	out, err := exec.Command("pdfinfo", keepPDF(t, pdf, name)).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if size, ok := strings.CutPrefix(l, "Page size:"); ok {
			return strings.TrimSpace(size)
		}
	}
	t.Fatalf("pdfinfo printed no page size: %s", out)
	return ""
}

// TestSalesOrderPdfFollowsThePdfSettings: the footer, the sales order terms, the date format
// and the paper of the settings show in the next render, under a new ETag.
func TestSalesOrderPdfFollowsThePdfSettings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := soCreate(t, te, map[string]any{"customerId": createCustomer(t, te, client.CustomerWrite{Name: "Settings customer"}),
		"orderedDate": "2026-03-07"})
	before, text, pdf := psoFetch(t, te, order, "sales-order-settings-before")
	mustContainAll(t, text, "Order date 2026-03-07")
	if size := pdfPageSize(t, pdf, "sales-order-settings-before"); !strings.Contains(size, "612 x 792") {
		t.Errorf("default page size %q, want letter", size)
	}

	putPdfSettings(t, te, `{"footerText":"Brightline Machining - thank you for your order","dateFormat":"dd.MM.yyyy","pageSize":"a4",
		"terms":{"salesOrder":"Prices firm for 30 days.","quote":"Quote terms stay off."}}`)
	after, text, pdf := psoFetch(t, te, order, "sales-order-settings-after")
	if after == before {
		t.Errorf("the ETag %s did not change with the settings", after)
	}
	mustContainAll(t, text, "Brightline Machining - thank you for your order", "Terms", "Prices firm for 30 days.", "Order date 07.03.2026")
	if strings.Contains(text, "Quote terms stay off.") {
		t.Errorf("the sales order prints the quote's terms")
	}
	if size := pdfPageSize(t, pdf, "sales-order-settings-after"); !strings.Contains(size, "A4") {
		t.Errorf("page size %q, want A4", size)
	}
}

// TestSalesOrderPdfETagAnswersNotModifiedUntilTheOrderChanges: the same state has the same
// ETag; If-None-Match with it answers 304 without a body; a line's quantity changes it.
func TestSalesOrderPdfETagAnswersNotModifiedUntilTheOrderChanges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	item := createItem(t, te, newItem("TAG-"+randomSuffix()))
	line := soAddLine(t, te, order, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":5}`, item))
	first, _, _ := psoFetch(t, te, order, "sales-order-etag")
	again, _, _ := psoFetch(t, te, order, "sales-order-etag")
	if first != again {
		t.Fatalf("the same order answered ETags %s and %s", first, again)
	}
	res, b := conditionally(t, te, http.MethodGet, psoPath(order), "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusNotModified, b)
	if res.Header.Get("ETag") != first || len(b) != 0 {
		t.Errorf("304 with ETag %q and %d bytes, want %s and none", res.Header.Get("ETag"), len(b), first)
	}

	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(order, line), fmt.Sprintf(`{"itemId":%q,"quantity":7,"unitPrice":5}`, item))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = conditionally(t, te, http.MethodGet, psoPath(order), "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	changed := res.Header.Get("ETag")
	if changed == first {
		t.Fatalf("a new quantity kept the ETag %s", first)
	}
	_, text, _ := psoFetch(t, te, order, "sales-order-etag")
	mustContainAll(t, text, "7 Each 5.00 35.00", "Total 35.00 USD")

	putPdfSettings(t, te, `{"footerText":"Footer for the tag"}`)
	if settled, _, _ := psoFetch(t, te, order, "sales-order-etag"); settled == changed {
		t.Errorf("a change of the PDF settings kept the ETag %s", changed)
	}
}

// TestSalesOrderPdfIsNotFoundForUnknownAndDeletedOrdersAndNeedsViewSalesOrder.
func TestSalesOrderPdfIsNotFoundForUnknownAndDeletedOrdersAndNeedsViewSalesOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := soFor(t, te, "")
	res, b := rawRequest(t, http.MethodGet, psoPath(ids.New()), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	res, b = rawRequest(t, http.MethodGet, psoPath(order), te.userToken(t), "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, psoPath(order), te.userToken(t, "View Sales Order"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	res, b = rawRequest(t, http.MethodDelete, soOrderPath(order), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !soGet(t, te, order).Deleted {
		t.Fatal("the order reads as not deleted")
	}
	res, b = rawRequest(t, http.MethodGet, psoPath(order), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}
