package tests

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"mos/gen/client"
)

// psPDFPath is the packing slip of shipment id.
func psPDFPath(id string) string { return shShipmentPath(id) + "/pdf" }

// psFile is the file name the packing slip of shipment number n answers.
func psFile(n int64) string { return "PackingSlip-" + strconv.FormatInt(n, 10) + ".pdf" }

// psLine is a part line of the order the slip's shipment ships from: ordered units of a new
// item at price, of which the shipment ships shipped.
type psLine struct {
	number, description, price string
	ordered, shipped           int
}

// psSlip is a shipment of an approved order, with what its packing slip prints of it.
type psSlip struct {
	id, order, location string
	number, orderNumber int64
	orderLines          []string
}

// psNew makes customer's approved order (PO-778, in the customer's currency) with lines,
// the stock it reserves at a location, a shipping method of carrier UPS, and an open
// shipment of every line to the Dayton dock with a tracking number.
func psNew(t *testing.T, te *tenantEnv, customer string, lines []psLine) psSlip {
	t.Helper()
	s := psSlip{location: createLocation(t, te, "Dock "+randomSuffix())}
	s.order = soCreate(t, te, map[string]any{"customerId": customer, "customerPoNumber": "PO-778"})
	soSetOrder(t, te, s.order, "status", "approved")
	method := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Ground " + randomSuffix(), Carrier: ptr("UPS")})
	var shipped []any
	for _, l := range lines {
		item := createItem(t, te, newItem(l.number))
		receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num(strconv.Itoa(l.ordered)), LocationId: &s.location})
		line := soAddLine(t, te, s.order, fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":%s,"description":%s}`,
			item, l.ordered, l.price, jsonString(l.description)))
		s.orderLines = append(s.orderLines, line)
		shipped = append(shipped, map[string]any{"salesOrderLineItemId": line, "quantity": l.shipped, "locationId": s.location})
	}
	s.id = shCreate(t, te, map[string]any{"salesOrderId": s.order, "shippingMethodId": method, "trackingNumber": "1Z999AA10123456784",
		"shipByDate": "2026-03-07", "notes": "Two crates, keep dry.",
		"shipTo": map[string]any{"name": "Receiving dock", "address1": "400 Commerce Blvd", "city": "Springfield", "stateProvince": "IL",
			"postalCode": "62701", "country": "US", "phone": "+1 217 555 0199"},
		"lineItems": shipped})
	s.number = shGet(t, te, s.id).Number
	s.orderNumber = soGet(t, te, s.order).Number
	return s
}

// psLines are three parts a shop ships: 4 of 10 brackets at 12.75, all 25 spacers at 0.40,
// 2 of 2 housings at 1,480.00.
var psLines = []psLine{
	{number: "BRK-100", description: "Mounting bracket, zinc plated", price: "12.75", ordered: 10, shipped: 4},
	{number: "SPC-220", description: "Spacer 8 mm, stainless", price: "0.40", ordered: 25, shipped: 25},
	{number: "HSG-7", description: "Gearbox housing, machined", price: "1480", ordered: 2, shipped: 2},
}

// TestPackingSlipPrintsTheShipmentWithoutPrices: the slip shows the shipment's number, days,
// order, PO number, customer, ship-to address, method, carrier and tracking, and each shipped
// line's part number, description, quantity shipped and unit; no price shows by default.
func TestPackingSlipPrintsTheShipmentWithoutPrices(t *testing.T) {
	te := newTenant(t)
	setPrimaryCompany(t, te, "Acme Precision Machining")
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Müller Drehteile GmbH"})
	s := psNew(t, te, customer, psLines)
	_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	renderFirstPagePNG(t, pdf, "packing-slip")
	text := pdfText(t, pdf, "packing-slip")
	mustContainAll(t, text, "Acme Precision Machining", "Packing slip", "Shipment SHP-"+strconv.FormatInt(s.number, 10),
		"Status Open", "Ship by 2026-03-07", fmt.Sprintf("Sales order %d", s.orderNumber), "Customer PO PO-778",
		"Müller Drehteile GmbH", "Receiving dock", "400 Commerce Blvd", "Springfield, IL 62701", "+1 217 555 0199",
		"Shipping method Ground ", "Carrier UPS", "Tracking 1Z999AA10123456784", "Two crates, keep dry.",
		"Part number", "Description", "Qty shipped", "Unit",
		"1 BRK-100 Mounting bracket, zinc plated 4 Each", "2 SPC-220 Spacer 8 mm, stainless 25 Each",
		"3 HSG-7 Gearbox housing, machined 2 Each")
	// A price that leaked would print in one of these forms.
	for _, price := range []string{"Unit price", "Amount", "Total", "12.75", "51.00", "0.40", "10.00", "1,480.00", "2,960.00", "3,021.00", "USD"} {
		if strings.Contains(text, price) {
			t.Errorf("the packing slip shows %q without packingSlipShowsPrices:\n%s", price, text)
		}
	}
	if strings.Contains(text, "Ship date") {
		t.Errorf("an open shipment prints a ship date:\n%s", text)
	}
}

// TestPackingSlipShowsPricesWhenTheSettingsSaySo: with packingSlipShowsPrices each line adds
// its unit price and the amount of what shipped, and the slip its total, in the order's
// currency; turning it off again removes them.
func TestPackingSlipShowsPricesWhenTheSettingsSaySo(t *testing.T) {
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Dayton Tool"})
	s := psNew(t, te, customer, psLines)
	putPdfSettings(t, te, `{"packingSlipShowsPrices":true}`)
	_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	text := pdfText(t, pdf, "packing-slip-prices")
	mustContainAll(t, text, "Unit price", "Amount",
		"BRK-100 Mounting bracket, zinc plated 4 Each 12.75 51.00",
		"SPC-220 Spacer 8 mm, stainless 25 Each 0.40 10.00",
		"HSG-7 Gearbox housing, machined 2 Each 1,480.00 2,960.00",
		"Total 3,021.00 USD")
	putPdfSettings(t, te, `{"packingSlipShowsPrices":false}`)
	_, pdf = fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	if text := pdfText(t, pdf, "packing-slip-prices-off"); strings.Contains(text, "12.75") || strings.Contains(text, "Total") {
		t.Fatalf("prices still show after the setting went off:\n%s", text)
	}

	// In yen, amounts have no minor units.
	yen := createCustomer(t, te, client.CustomerWrite{Name: "Osaka Seiki", CurrencyCode: ptr("JPY")})
	putPdfSettings(t, te, `{"packingSlipShowsPrices":true}`)
	j := psNew(t, te, yen, []psLine{{number: "JP-1", description: "Collet", price: "1250", ordered: 3, shipped: 3}})
	_, pdf = fetchPDF(t, te, psPDFPath(j.id), psFile(j.number))
	mustContainAll(t, pdfText(t, pdf, "packing-slip-jpy"), "JP-1 Collet 3 Each 1,250 3,750", "Total 3,750 JPY")
}

// TestPackingSlipSpansPagesWithItsHeadersRepeated: a shipment of many lines prints on three
// numbered pages, each with the line table's headers.
func TestPackingSlipSpansPagesWithItsHeadersRepeated(t *testing.T) {
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Long Order Inc"})
	s := psNew(t, te, customer, []psLine{{number: "PIN-4", description: "Dowel pin", price: "0.15", ordered: 500, shipped: 1}})
	for range psManyLines - 1 {
		res, answer := soSend(t, te.Token, http.MethodPost, shLinesPath(s.id),
			fmt.Sprintf(`{"salesOrderLineItemId":%q,"quantity":1,"locationId":%q}`, s.orderLines[0], s.location))
		mustStatus(t, res.StatusCode, http.StatusOK, answer)
	}
	_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	pages := pdfPages(t, pdf, "packing-slip-pages")
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	for i, p := range pages {
		p = foldSpaces(p)
		mustContainAll(t, p, "Part number", "Description", "Qty shipped", fmt.Sprintf("Page %d of 3", i+1))
	}
	mustContainAll(t, foldSpaces(pages[2]), fmt.Sprintf("%d PIN-4 Dowel pin 1 Each", psManyLines))
}

// psManyLines is how many lines take a packing slip to three pages.
const psManyLines = 90

// TestPackingSlipRendersInEveryStatus: open, shipped (with its ship date), back to open and
// cancelled shipments all print.
func TestPackingSlipRendersInEveryStatus(t *testing.T) {
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Status Customer"})
	s := psNew(t, te, customer, psLines[:1])
	for _, c := range []struct{ status, want string }{
		{"open", "Status Open"}, {"shipped", "Status Shipped"}, {"open", "Status Open"}, {"cancelled", "Status Cancelled"},
	} {
		shMustStatus(t, te, s.id, c.status)
		_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
		text := pdfText(t, pdf, "packing-slip-"+c.status)
		mustContainAll(t, text, c.want, "BRK-100 Mounting bracket, zinc plated 4 Each")
		if shipped := shGet(t, te, s.id); c.status == "shipped" {
			if shipped.ShippedDate == nil {
				t.Fatalf("a shipped shipment without a shipped date: %+v", shipped)
			}
			mustContainAll(t, text, "Ship date "+shipped.ShippedDate.UTC().Format("2006-01-02")[:4])
		}
	}
}

// TestPackingSlipNamesInAnyScript: accented names read back exactly; a CJK name prints as the
// documented "?" without failing the document.
func TestPackingSlipNamesInAnyScript(t *testing.T) {
	te := newTenant(t)
	setPrimaryCompany(t, te, "Société Générale d'Usinage")
	accented := createCustomer(t, te, client.CustomerWrite{Name: "Müller Drehteile GmbH"})
	s := psNew(t, te, accented, []psLine{{number: "ZÄH-1", description: "Zahnrad für Getriebe, gehärtet", price: "9", ordered: 1, shipped: 1}})
	_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	mustContainAll(t, pdfText(t, pdf, "packing-slip-accents"), "Société Générale d'Usinage", "Müller Drehteile GmbH",
		"ZÄH-1 Zahnrad für Getriebe, gehärtet 1 Each")

	cjk := createCustomer(t, te, client.CustomerWrite{Name: "東京精密 Tokyo"})
	c := psNew(t, te, cjk, []psLine{{number: "TK-1", description: "精密シャフト shaft", price: "9", ordered: 1, shipped: 1}})
	_, pdf = fetchPDF(t, te, psPDFPath(c.id), psFile(c.number))
	mustContainAll(t, pdfText(t, pdf, "packing-slip-cjk"), "???? Tokyo", "TK-1 ?????? shaft 1 Each")
}

// TestPackingSlipFollowsThePdfSettings: the footer and the packing slip terms print, the date
// format changes the printed days, and A4 paper is used when asked; the other documents'
// terms do not print.
func TestPackingSlipFollowsThePdfSettings(t *testing.T) {
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Settings Customer"})
	s := psNew(t, te, customer, psLines[:1])
	putPdfSettings(t, te, `{"footerText":"Acme Precision - ISO 9001 certified","dateFormat":"dd.MM.yyyy","pageSize":"a4",
		"terms":{"packingSlip":"Report damage within 48 hours of delivery.","invoice":"Net 30 days."}}`)
	_, pdf := fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	text := pdfText(t, pdf, "packing-slip-settings")
	mustContainAll(t, text, "Acme Precision - ISO 9001 certified", "Report damage within 48 hours of delivery.", "Ship by 07.03.2026")
	if strings.Contains(text, "Net 30 days.") || strings.Contains(text, "2026-03-07") {
		t.Fatalf("the slip prints the invoice terms or the default date format:\n%s", text)
	}
	if !psIsA4(pdf) {
		t.Fatalf("pageSize a4 printed another paper")
	}
	putPdfSettings(t, te, `{"dateFormat":"MMM d, yyyy"}`)
	_, pdf = fetchPDF(t, te, psPDFPath(s.id), psFile(s.number))
	mustContainAll(t, pdfText(t, pdf, "packing-slip-settings-2"), "Ship by Mar 7, 2026")
	if psIsA4(pdf) {
		t.Fatalf("the default paper is letter")
	}
}

// psIsA4 tells whether the PDF's pages are A4 (595 points wide) rather than letter (612).
func psIsA4(pdf []byte) bool {
	return strings.Contains(string(pdf), "/MediaBox [ 0 0 595.")
}

// TestPackingSlipETagFollowsWhatItShows: the same state answers the same ETag, and 304 without
// a body when the client names it; a change of a line or of the PDF settings gives a new one.
func TestPackingSlipETagFollowsWhatItShows(t *testing.T) {
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "ETag Customer"})
	s := psNew(t, te, customer, psLines[:1])
	path := psPDFPath(s.id)
	first, _ := fetchPDF(t, te, path, psFile(s.number))
	if again, _ := fetchPDF(t, te, path, psFile(s.number)); again != first {
		t.Fatalf("the same shipment answered ETag %s then %s", first, again)
	}
	res, b := conditionally(t, te, http.MethodGet, path, "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusNotModified, b)
	if len(b) != 0 || res.Header.Get("ETag") != first {
		t.Fatalf("304 with ETag %q and %d bytes, want %s and none", res.Header.Get("ETag"), len(b), first)
	}
	line := shGet(t, te, s.id).LineItems[0].Id
	res, b = soSend(t, te.Token, http.MethodPut, shLinePath(s.id, line), fmt.Sprintf(`{"quantity":3,"locationId":%q}`, s.location))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	changed, pdf := fetchPDF(t, te, path, psFile(s.number))
	if changed == first {
		t.Fatalf("a line's new quantity kept ETag %s", first)
	}
	mustContainAll(t, pdfText(t, pdf, "packing-slip-etag"), "BRK-100 Mounting bracket, zinc plated 3 Each")
	res, b = conditionally(t, te, http.MethodGet, path, "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	putPdfSettings(t, te, `{"footerText":"New footer"}`)
	if after, _ := fetchPDF(t, te, path, psFile(s.number)); after == changed {
		t.Fatalf("new PDF settings kept ETag %s", changed)
	}
}

// TestPackingSlipNotFoundAndPermission: an unknown, deleted or another tenant's shipment is a
// 404 problem; View Shipments reads the slip, a token without it is refused.
func TestPackingSlipNotFoundAndPermission(t *testing.T) {
	te := newTenant(t)
	other := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Access Customer"})
	s := psNew(t, te, customer, psLines[:1])
	viewer := te.userToken(t, "View Shipments")
	res, b := rawRequest(t, http.MethodGet, psPDFPath(s.id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodGet, psPDFPath(s.id), te.userToken(t), "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, psPDFPath(s.id), other.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, psPDFPath(shUnknownID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = soSend(t, te.Token, http.MethodDelete, shShipmentPath(s.id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodGet, psPDFPath(s.id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}
