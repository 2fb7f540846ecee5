package tests

import (
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"mos/gen/client"
)

// The purchase order's PDF (getPurchaseOrderPdf): what the vendor receives.

func poPdfPath(id string) string { return poOrderPath(id) + "/pdf" }

// poPdfFile is the file name of order number n: a request for quote keeps the same pattern.
func poPdfFile(t *testing.T, te *tenantEnv, id string) string {
	t.Helper()
	return fmt.Sprintf("PurchaseOrder-%d.pdf", poGet(t, te, id).Number)
}

// poPdf fetches the order's PDF and answers its ETag and text (spaces folded), keeping the
// file as build/pdf/name.pdf.
func poPdf(t *testing.T, te *tenantEnv, id, name string) (etag, text string, pdf []byte) {
	t.Helper()
	etag, pdf = fetchPDF(t, te, poPdfPath(id), poPdfFile(t, te, id))
	return etag, pdfText(t, pdf, name), pdf
}

// poPdfVendor creates a vendor named name billing in currency, with a primary billing
// address (the one the order is sent to) and a second address the PDF leaves out.
func poPdfVendor(t *testing.T, te *tenantEnv, name, currency string) string {
	t.Helper()
	vendor := poVendorIn(t, te, name, currency)
	pvCreateAddress(t, te, vendor, client.VendorAddressWrite{Address1: "9 Warehouse Row", City: "Elsewhere", PostalCode: "00000"})
	pvCreateAddress(t, te, vendor, client.VendorAddressWrite{Name: ptr("Vertrieb"), Address1: "Industriestraße 7", City: "Stuttgart",
		PostalCode: "70565", Country: ptr("DE"), PrimaryBilling: ptr(true), Phone: ptr("+49 711 5550")})
	return vendor
}

// TestPurchaseOrderPdfShowsTheOrderInTheVendorsUnits: an ordered purchase order prints its
// number, dates, vendor with its billing address, ship-to, every line of every kind (part
// lines in the vendor's unit, vendor part number and unit price; outside-processing, fee, tax,
// discount and vendor-credit lines), the totals its GET answers, its notes; and its first page
// is kept as build/pdf/purchase-order.png.
func TestPurchaseOrderPdfShowsTheOrderInTheVendorsUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	setPrimaryCompany(t, te, "Acme Precision Works")
	vendor := poPdfVendor(t, te, "Müller Drehteile GmbH", "USD")
	terms := createPaymentTerm(t, te, "Net 30", 30)
	// The item is counted by the Each; the vendor sells it by the Dozen (1 Dozen = 12 Each).
	item := createItem(t, te, newItem("BRK-100"))
	addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"MD-4711","price":30,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12}`, vendor))
	order := poCreate(t, te, map[string]any{"vendorId": vendor, "orderDate": "2026-03-07", "dueDate": "2026-04-15",
		"paymentTermsId": terms, "notes": "Deliver to dock 3, mornings only.",
		"shipTo": map[string]any{"name": "Acme Receiving", "address1": "12 Foundry Lane", "city": "Dayton", "stateProvince": "OH", "postalCode": "45402", "country": "US"}})
	part := plAddPart(t, te, order, map[string]any{"itemId": item, "quantity": 2, "isTaxable": true, "description": "Mounting bracket, zinc plated"})
	if l := plGetPart(t, te, order, part); l.UnitOfMeasureName != "Dozen" || optText(l.VendorItemNumber) != "MD-4711" {
		t.Fatalf("the part line is not in the vendor's unit: %+v", l)
	}
	plAddOP(t, te, order, map[string]any{"description": "Anodize, type II black", "quantity": 10, "unitOfMeasureName": "Each",
		"unitPrice": 4.5, "dueDate": "2026-04-20", "discount": map[string]any{"isPercentage": true, "value": 10}})
	solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":12.5}`)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "State tax", Rate: num("6")})
	solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"name":"Volume","isPercentage":false,"value":5}`)
	poMoveTo(t, te, order, client.PurchaseOrderStatusOrdered)
	solCreate(t, te, pdCreditPath(order), `{"amount":3,"description":"Short shipment"}`)

	o := poGet(t, te, order)
	_, text, pdf := poPdf(t, te, order, "purchase-order-lines")
	mustContainAll(t, text,
		"Purchase order", fmt.Sprint(o.Number), "Order date 2026-03-07", "Due date 2026-04-15", "Payment terms Net 30",
		"Acme Precision Works",
		"Vendor", "Müller Drehteile GmbH", "Vertrieb", "Industriestraße 7", "Stuttgart 70565", "+49 711 5550",
		"Ship to", "Acme Receiving", "12 Foundry Lane", "Dayton, OH 45402",
		// The part line as the vendor sells it: 2 Dozen of MD-4711 at 30.00.
		"MD-4711", "Mounting bracket, zinc plated", "Our part: BRK-100", "2 Dozen 30.00 2026-04-15 60.00",
		// The outside-processing line: 10 Each at 4.50 less 10 %, due on its own date.
		"Anodize, type II black; less 10%", "10 Each 4.50 2026-04-20 40.50",
		"Freight 12.50", "State tax (6%) "+pdfMoney(o.TaxTotal, 2), "Discount - Volume -5.00", "Vendor credit - Short shipment -3.00",
		"Lines "+pdfMoney(o.LineSubTotal, 2), "Fees 12.50", "Subtotal "+pdfMoney(o.SubTotal, 2),
		"Discount -5.00", "Tax "+pdfMoney(o.TaxTotal, 2), "Vendor credits -3.00", "Total "+pdfMoney(o.Total, 2)+" USD",
		"Notes", "Deliver to dock 3, mornings only.")
	for _, absent := range []string{"9 Warehouse Row", "Request for quote"} {
		if strings.Contains(text, absent) {
			t.Errorf("the PDF shows %q", absent)
		}
	}
	renderFirstPagePNG(t, pdf, "purchase-order")
}

// TestPurchaseOrderPdfSpansPagesInEuros: an order in EUR with enough lines for three pages
// prints three numbered pages, each with the line table's headers, and its amounts in euros.
func TestPurchaseOrderPdfSpansPagesInEuros(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Eurotech SA", "EUR")})
	const lines = 75
	for k := range lines {
		plAddOP(t, te, order, map[string]any{"description": fmt.Sprintf("Heat treat batch %02d", k+1), "quantity": 100,
			"unitOfMeasureName": "kg", "unitPrice": 12.5})
	}
	o := poGet(t, te, order)
	mustDec(t, "total", o.Total, fmt.Sprint(lines*1250))
	_, pdf := fetchPDF(t, te, poPdfPath(order), poPdfFile(t, te, order))
	pages := pdfPages(t, pdf, "purchase-order-pages")
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	for i, p := range pages {
		p = foldSpaces(p)
		mustContainAll(t, p, "Vendor part no.", "Description", "Unit price", "Amount", fmt.Sprintf("Page %d of 3", i+1))
	}
	text := pdfText(t, pdf, "purchase-order-pages")
	mustContainAll(t, text, "Heat treat batch 01", "Heat treat batch 75", "100 kg 12.50 1,250.00",
		"Subtotal 93,750.00", "Total 93,750.00 EUR", "Currency EUR")
}

// TestPurchaseOrderPdfInYenHasNoMinorUnits: amounts in JPY print without decimals.
func TestPurchaseOrderPdfInYenHasNoMinorUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Osaka Kikai", "JPY")})
	plAddOP(t, te, order, map[string]any{"description": "Wire EDM", "quantity": 3, "unitOfMeasureName": "Each", "unitPrice": 1500})
	solCreate(t, te, pdFeePath(order), `{"name":"Handling","amount":800}`)
	_, text, _ := poPdf(t, te, order, "purchase-order-jpy")
	mustContainAll(t, text, "3 Each 1,500", "4,500", "Handling 800", "Total 5,300 JPY")
	if strings.Contains(text, "4,500.00") {
		t.Errorf("yen printed with minor units:\n%s", text)
	}
}

// TestPurchaseOrderPdfOfADraftIsARequestForQuote: while draft the order prints as a request
// for quote with its RFQ title (its default "RFQ" when it has none); once ordered as a
// purchase order. The file name keeps one pattern.
func TestPurchaseOrderPdfOfADraftIsARequestForQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := poPdfVendor(t, te, "Quote Works", "USD")
	titled := poCreate(t, te, map[string]any{"vendorId": vendor, "title": "Brackets for cell 4"})
	_, text, _ := poPdf(t, te, titled, "purchase-order-rfq")
	mustContainAll(t, text, "Request for quote", "RFQ Brackets for cell 4")
	if strings.Contains(text, "Purchase order") {
		t.Errorf("a draft prints as a purchase order:\n%s", text)
	}
	untitled := poCreate(t, te, map[string]any{"vendorId": vendor})
	_, text, _ = poPdf(t, te, untitled, "purchase-order-rfq-default")
	mustContainAll(t, text, "Request for quote", "RFQ RFQ")

	poMoveTo(t, te, titled, client.PurchaseOrderStatusOrdered)
	_, text, _ = poPdf(t, te, titled, "purchase-order-ordered")
	mustContainAll(t, text, "Purchase order", "Title Brackets for cell 4")
	if strings.Contains(text, "Request for quote") {
		t.Errorf("an ordered order prints as a request for quote:\n%s", text)
	}
}

// TestPurchaseOrderPdfPrintsAccentsAndFallsBackForCJK: accented names read back exactly; a CJK
// name renders (as "?" per character) without error.
func TestPurchaseOrderPdfPrintsAccentsAndFallsBackForCJK(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	accented := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Müller Drehteile GmbH", "USD")})
	plAddOP(t, te, accented, map[string]any{"description": "Flansch Ø 40, geschliffen – Größe M", "quantity": 1, "unitOfMeasureName": "Stück", "unitPrice": 9})
	_, text, _ := poPdf(t, te, accented, "purchase-order-accents")
	mustContainAll(t, text, "Müller Drehteile GmbH", "Industriestraße 7", "Flansch Ø 40, geschliffen – Größe M", "1 Stück 9.00")

	cjk := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "東京精密", "USD")})
	_, text, _ = poPdf(t, te, cjk, "purchase-order-cjk")
	mustContainAll(t, text, "????", "Vendor")
}

// TestPurchaseOrderPdfFollowsTheSettings: the footer, the purchase order terms, the date format
// and the paper of the PDF settings show in the next render.
func TestPurchaseOrderPdfFollowsTheSettings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Settings Supply", "USD"), "orderDate": "2026-03-07"})
	_, text, _ := poPdf(t, te, order, "purchase-order-settings-before")
	mustContainAll(t, text, "Order date 2026-03-07")
	putPdfSettings(t, te, `{"footerText":"Acme Precision Works - VAT DE123","dateFormat":"dd.MM.yyyy","pageSize":"a4",
		"terms":{"purchaseOrder":"Confirm within 48 hours.","quote":"Quote terms are not ours."}}`)
	_, text, pdf := poPdf(t, te, order, "purchase-order-settings")
	mustContainAll(t, text, "Acme Precision Works - VAT DE123", "Terms", "Confirm within 48 hours.", "Order date 07.03.2026")
	if strings.Contains(text, "Quote terms are not ours.") {
		t.Errorf("the purchase order prints the quote's terms")
	}
	info, err := exec.Command("pdfinfo", keepPDF(t, pdf, "purchase-order-settings")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(info), "(A4)") {
		t.Errorf("the page is not A4:\n%s", info)
	}
}

// TestPurchaseOrderPdfETag: the same state answers the same ETag, If-None-Match with it 304
// without a body; a changed line or changed settings answer a new one.
func TestPurchaseOrderPdfETag(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Tag Tools", "USD")})
	line := plAddOP(t, te, order, map[string]any{"description": "Grind", "quantity": 2, "unitOfMeasureName": "Each", "unitPrice": 5})
	file := poPdfFile(t, te, order)
	first, _ := fetchPDF(t, te, poPdfPath(order), file)
	again, _ := fetchPDF(t, te, poPdfPath(order), file)
	if first != again {
		t.Fatalf("the same order answered ETags %s and %s", first, again)
	}
	res, body := sendRequest(t, http.MethodGet, srv.URL+poPdfPath(order), mergeHeaders(bearer(te.Token), http.Header{"If-None-Match": {first}}), nil)
	mustStatus(t, res.StatusCode, http.StatusNotModified, body)
	if len(body) != 0 || res.Header.Get("ETag") != first {
		t.Fatalf("304 with ETag %q and %d bytes, want %s and none", res.Header.Get("ETag"), len(body), first)
	}
	res, body = plSend(t, te, http.MethodPatch, plOPPath(order)+"/"+line, `[{"op":"replace","path":"/quantity","value":3}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	changed, _ := fetchPDF(t, te, poPdfPath(order), file)
	if changed == first {
		t.Fatalf("a changed line kept ETag %s", first)
	}
	res, body = sendRequest(t, http.MethodGet, srv.URL+poPdfPath(order), mergeHeaders(bearer(te.Token), http.Header{"If-None-Match": {first}}), nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	putPdfSettings(t, te, `{"footerText":"New footer"}`)
	if resettled, _ := fetchPDF(t, te, poPdfPath(order), file); resettled == changed {
		t.Fatalf("changed settings kept ETag %s", changed)
	}
}

// TestPurchaseOrderPdfNotFoundAndPermissions: an unknown, deleted or another tenant's order is
// a 404 problem; a user needs View Purchase Order.
func TestPurchaseOrderPdfNotFoundAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	order := poCreate(t, te, map[string]any{"vendorId": poPdfVendor(t, te, "Gone Gears", "USD")})
	poPdfMissing(t, te.Token, poUnknownID)
	poPdfMissing(t, other.Token, order)

	res, body := rawRequest(t, http.MethodGet, poPdfPath(order), te.userToken(t), "", "")
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodGet, poPdfPath(order), te.userToken(t, "View Purchase Order"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	res, body = rawRequest(t, http.MethodDelete, poOrderPath(order), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !poRequest(t, te, http.MethodGet, poOrderPath(order), "").Deleted {
		t.Fatal("the deleted order does not answer deleted")
	}
	poPdfMissing(t, te.Token, order)
}

// poPdfMissing fails t unless the PDF of order id answers a 404 problem to token.
func poPdfMissing(t *testing.T, token, id string) {
	t.Helper()
	res, body := rawRequest(t, http.MethodGet, poPdfPath(id), token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}
