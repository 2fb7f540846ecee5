package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"mos/gen/client"
)

// The invoice as a PDF (getInvoicePdf): what the customer receives, rendered from the
// invoice's current state and the tenant's PDF settings.

func pivPath(invoiceID string) string { return ivInvoicePath(invoiceID) + "/pdf" }

// pivFile is the file name an invoice's PDF is answered as.
func pivFile(t *testing.T, te *tenantEnv, invoiceID string) string {
	t.Helper()
	return fmt.Sprintf("Invoice-%d.pdf", ivGet(t, te, invoiceID).Number)
}

// pivFetch GETs the invoice's PDF and answers its ETag, its bytes and its text.
func pivFetch(t *testing.T, te *tenantEnv, invoiceID, name string) (string, []byte, string) {
	t.Helper()
	etag, pdf := fetchPDF(t, te, pivPath(invoiceID), pivFile(t, te, invoiceID))
	return etag, pdf, pdfText(t, pdf, name)
}

// pivOrder creates a customer named name (in currency; the tenant's when empty) with an item
// and an approved sales order of one part line per price (quantity i+1), with a billing and a
// shipping address.
func pivOrder(t *testing.T, te *tenantEnv, name, currency string, prices ...string) ivOrderFixture {
	t.Helper()
	w := client.CustomerWrite{Name: name}
	if currency != "" {
		w.CurrencyCode = &currency
	}
	f := ivOrderFixture{customer: createCustomer(t, te, w)}
	f.item = createItem(t, te, newItem("PIV-"+randomSuffix()))
	f.order = soCreate(t, te, map[string]any{"customerId": f.customer, "customerPoNumber": "PO-7781",
		"billingAddress": map[string]any{"name": "Accounts payable", "address1": "Hauptstraße 5", "city": "Köln",
			"postalCode": "50667", "country": "DE", "email": "ap@example.com"},
		"shippingAddress": map[string]any{"name": "Goods in", "address1": "Werkstraße 12", "address2": "Tor 3",
			"city": "Düsseldorf", "postalCode": "40210", "country": "DE"}})
	lines := make([]string, len(prices))
	for i, p := range prices {
		lines[i] = fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":%s,"description":"Bracket, machined, line %d"}`, f.item, i+1, p, i+1)
	}
	res, b := rawRequest(t, http.MethodPost, soPartLinesPath(f.order)+"/batch", te.Token, "application/json",
		`{"partLineItems":[`+strings.Join(lines, ",")+`]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct {
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal(b, &created); err != nil || len(created.IDs) != len(prices) {
		t.Fatalf("batch answered %s", b)
	}
	f.lines = created.IDs
	ivMoveOrder(t, te, f.order, "approved")
	return f
}

// pivMustShowLines fails t unless text shows each line of the invoice's lines view with its
// name and amount, and the invoice's totals as its read answers them.
func pivMustShowLines(t *testing.T, te *tenantEnv, invoiceID, text string) client.Invoice {
	t.Helper()
	lines := lvLines(t, te, invoiceID, `{}`)
	for _, l := range lines {
		if l.Name != nil {
			mustContainAll(t, text, *l.Name)
		}
		mustContainAll(t, text, pdfMoney(l.SubTotal, 2))
		credit := l.Type == client.InvoiceLineTypeDepositAdjustment || l.Type == client.InvoiceLineTypeProgressBillingAdjustment ||
			l.Type == client.InvoiceLineTypeRefund
		if l.Quantity != nil && l.Price != nil && !credit {
			mustContainAll(t, text, fmt.Sprintf("%s %s", l.Quantity.String(), pdfMoney(*l.Price, 2)))
		}
	}
	inv := ivGet(t, te, invoiceID)
	code := inv.CurrencyInfo.DocumentCurrencyCode
	mustContainAll(t, text, "Subtotal "+pdfMoney(inv.LineItemsTotal, 2)+" "+code, "Tax "+pdfMoney(inv.TaxTotal, 2)+" "+code,
		"Total "+pdfMoney(inv.Total, 2)+" "+code)
	return inv
}

// TestInvoicePdfShowsEveryLineAndTheTotals: an invoice carrying every line the API writes on
// a regular invoice (part lines, the four hand-written kinds, a fee, the shipping charge, a tax
// line, a discount, the deposit and progress billing applied, refunds) prints each with its
// quantity, unit price and amount, and the totals its read answers with what is paid and
// due; the deposit invoice and the progress-billing invoice print their own lines; a paid
// invoice owes nothing.
func TestInvoicePdfShowsEveryLineAndTheTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	setPrimaryCompany(t, te, "Foundry Works Inc")
	m := lvMixedInvoice(t, te)
	item := createItem(t, te, newItem("PIV-M-"+randomSuffix()))
	imlCreate(t, te, m.invoice, `{"type":"priced","name":"Setup","price":6}`)
	imlCreate(t, te, m.invoice, `{"type":"amount","amount":4,"description":"Certificate of conformance"}`)
	imlCreate(t, te, m.invoice, `{"type":"quantity","quantity":2,"price":3,"name":"Deburring"}`)
	imlCreate(t, te, m.invoice, fmt.Sprintf(`{"type":"item","quantity":1,"price":10,"itemId":%q}`, item))
	inv := ivGet(t, te, m.invoice)
	// The customer's name as it stands now.
	customer := soOK[client.Customer](t, te, http.MethodPatch, "/api/customers/"+inv.CustomerId,
		`[{"op":"replace","path":"/name","value":"Acme Pump Works `+randomSuffix()+`"}]`)

	_, pdf, text := pivFetch(t, te, m.invoice, "invoice-every-line")
	renderFirstPagePNG(t, pdf, "invoice")
	pivMustShowLines(t, te, m.invoice, text)
	mustContainAll(t, text, "Invoice", fmt.Sprintf("%d", inv.Number), customer.Name, "Foundry Works Inc",
		"Bill to", "Remit to", "PO Box 9", "Dayton 45401", "Tooling", "Shipping charge (not taxable) 5.00", "Tax", "Discount", "Deposit applied",
		"Progress billing applied", "Refund: Damaged", "Scratched", "Setup", "Certificate of conformance", "Deburring",
		"Deposit applied -10.00 USD", "Progress billing applied -15.00 USD", "Refunds -3.85 USD",
		"Status Unpaid", "Amount paid 0.00 USD", "Balance due "+pdfMoney(inv.Total, 2)+" USD")
	if strings.Contains(text, "Page 2 of") {
		t.Errorf("a short invoice prints on one page:\n%s", text)
	}

	// The deposit invoice and the progress-billing invoice the adjustments take off.
	others := soOK[[]client.Invoice](t, te, http.MethodPost, ivListPath, fmt.Sprintf(`{"salesOrderIds":[%q]}`, inv.SalesOrderId))
	seen := 0
	for _, o := range others {
		if o.Id == m.invoice {
			continue
		}
		seen++
		_, _, other := pivFetch(t, te, o.Id, fmt.Sprintf("invoice-prepaid-%d", seen))
		pivMustShowLines(t, te, o.Id, other)
		if o.IsDeposit {
			mustContainAll(t, other, "Deposit 1 10.00 10.00", "Total 10.00 USD")
		} else {
			mustContainAll(t, other, "Progress billing: Start 1 15.00 15.00", "Total 15.00 USD")
		}
	}
	if seen != 2 {
		t.Fatalf("the order has %d other invoices, want the deposit and the progress billing", seen)
	}

	// Paid: the whole total is paid and nothing is due.
	ivMove(t, te, m.invoice, "issued")
	ivMove(t, te, m.invoice, "paid", "2026-03-20")
	_, _, text = pivFetch(t, te, m.invoice, "invoice-paid")
	mustContainAll(t, text, "Status Paid", "Paid date 2026-03-20", "Amount paid "+pdfMoney(inv.Total, 2)+" USD", "Balance due 0.00 USD")
}

// TestInvoicePdfSpansThreePages: a long invoice breaks its line table across three pages,
// each numbered and each repeating the column headers, and shows every line.
func TestInvoicePdfSpansThreePages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	prices := make([]string, 45)
	for i := range prices {
		prices[i] = fmt.Sprintf("%d.25", 10+i)
	}
	f := pivOrder(t, te, "Long Run Fabrication "+randomSuffix(), "", prices...)
	id := ivBill(t, te, f.order)
	pdf := func() []string {
		_, b := fetchPDF(t, te, pivPath(id), pivFile(t, te, id))
		return pdfPages(t, b, "invoice-three-pages")
	}()
	if len(pdf) != 3 {
		t.Fatalf("%d pages, want 3", len(pdf))
	}
	for i, page := range pdf {
		p := foldSpaces(page)
		mustContainAll(t, p, "Description Quantity Unit price Amount", fmt.Sprintf("Page %d of 3", i+1))
	}
	text := foldSpaces(strings.Join(pdf, "\n"))
	pivMustShowLines(t, te, id, text)
	// The last line: 45 × 54.25.
	mustContainAll(t, text, "45 54.25 2,441.25", "Bracket, machined, line 45")
}

// TestInvoicePdfInTheInvoicesCurrency: money prints in the invoice's currency with its minor
// units and thousands separators (EUR with 2, JPY with none), the totals with the code.
func TestInvoicePdfInTheInvoicesCurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	eur := pivOrder(t, te, "Euro Teile "+randomSuffix(), "EUR", "1234.5", "0.125")
	id := ivCreate(t, te, map[string]any{"salesOrderId": eur.order, "exchangeRate": 1.1})
	_, _, text := pivFetch(t, te, id, "invoice-eur")
	mustContainAll(t, text, "1 1,234.50 1,234.50", "2 0.13 0.25", "Subtotal 1,234.75 EUR", "Total 1,234.75 EUR",
		"Balance due 1,234.75 EUR")
	if strings.Contains(text, "USD") {
		t.Errorf("a EUR invoice prints USD:\n%s", text)
	}

	jpy := pivOrder(t, te, "Yen Seimitsu "+randomSuffix(), "JPY", "1500", "2000")
	id = ivCreate(t, te, map[string]any{"salesOrderId": jpy.order, "exchangeRate": 0.0067})
	_, _, text = pivFetch(t, te, id, "invoice-jpy")
	mustContainAll(t, text, "1 1,500 1,500", "2 2,000 4,000", "Total 5,500 JPY")
	if strings.Contains(text, "5,500.00") {
		t.Errorf("JPY prints minor units:\n%s", text)
	}
}

// TestInvoicePdfPrintsNonASCIINames: accented names and addresses read back exactly; a CJK
// name renders, as "?" for the characters the fonts lack.
func TestInvoicePdfPrintsNonASCIINames(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	name := "Müller Drehteile GmbH " + randomSuffix()
	f := pivOrder(t, te, name, "", "12")
	id := ivCreate(t, te, map[string]any{"salesOrderId": f.order, "notesToCustomer": "Vielen Dank für Ihren Auftrag — Grüße"})
	_, _, text := pivFetch(t, te, id, "invoice-accents")
	mustContainAll(t, text, name, "Hauptstraße 5", "Köln 50667", "Werkstraße 12", "Düsseldorf 40210", "Ship to",
		"Vielen Dank für Ihren Auftrag")

	f = pivOrder(t, te, "東京精密株式会社", "", "12")
	id = ivBill(t, te, f.order)
	_, _, text = pivFetch(t, te, id, "invoice-cjk")
	mustContainAll(t, text, "????????", "Total 12.00 USD")
}

// TestInvoicePdfFollowsThePdfSettings: the settings' footer and invoice terms print, their
// date format prints the dates, their page size sets the paper.
func TestInvoicePdfFollowsThePdfSettings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 30 "+randomSuffix(), 30)
	f := pivOrder(t, te, "Settings Customer "+randomSuffix(), "", "10")
	id := ivCreate(t, te, map[string]any{"salesOrderId": f.order, "issueDate": "2026-03-07", "dueDate": "2026-04-06",
		"paymentTermsId": terms})
	_, pdf, text := pivFetch(t, te, id, "invoice-settings-default")
	mustContainAll(t, text, "Invoice date 2026-03-07", "Due date 2026-04-06", "Payment terms Net 30", "Customer PO PO-7781")
	if pdfIsA4(t, pdf, "invoice-settings-default") {
		t.Fatalf("the default paper is A4, want Letter")
	}

	putPdfSettings(t, te, `{"footerText":"Foundry Works · VAT DE123456789","dateFormat":"dd.MM.yyyy","pageSize":"a4",
		"terms":{"invoice":"Payment due within 30 days of the invoice date.","quote":"Quote terms only."}}`)
	_, pdf, text = pivFetch(t, te, id, "invoice-settings")
	mustContainAll(t, text, "Foundry Works · VAT DE123456789", "Payment due within 30 days of the invoice date.",
		"Invoice date 07.03.2026", "Due date 06.04.2026")
	if strings.Contains(text, "Quote terms only.") {
		t.Errorf("the invoice prints the quote's terms:\n%s", text)
	}
	if !pdfIsA4(t, pdf, "invoice-settings") {
		t.Fatalf("pageSize a4 printed on another paper")
	}

	putPdfSettings(t, te, `{"dateFormat":"MMM d, yyyy"}`)
	_, _, text = pivFetch(t, te, id, "invoice-settings-month")
	mustContainAll(t, text, "Invoice date Mar 7, 2026", "Due date Apr 6, 2026")
}

// pdfIsA4 reports whether pdfinfo reads the PDF's pages as A4 rather than Letter.
func pdfIsA4(t *testing.T, pdf []byte, name string) bool {
	t.Helper()
	out, err := exec.Command("pdfinfo", keepPDF(t, pdf, name)).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	switch info := string(out); {
	case strings.Contains(info, "(A4)"):
		return true
	case strings.Contains(info, "(letter)"):
		return false
	default:
		t.Fatalf("pdfinfo reads neither A4 nor Letter:\n%s", info)
		return false
	}
}

// TestInvoicePdfETag: the same state answers the same ETag, and 304 without a body for it; a
// change of a line or of the PDF settings answers a new one.
func TestInvoicePdfETag(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := pivOrder(t, te, "Tagged Customer "+randomSuffix(), "", "10", "20")
	id := ivBill(t, te, f.order)
	first, _ := fetchPDF(t, te, pivPath(id), pivFile(t, te, id))
	if again, _ := fetchPDF(t, te, pivPath(id), pivFile(t, te, id)); again != first {
		t.Fatalf("the same invoice answered ETag %s then %s", first, again)
	}
	res, b := conditionally(t, te, http.MethodGet, pivPath(id), "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusNotModified, b)
	if len(b) != 0 || res.Header.Get("ETag") != first {
		t.Fatalf("304 with ETag %q and body %q, want %s and none", res.Header.Get("ETag"), b, first)
	}

	line := ivPartLines(t, te, id, `{}`)[0]
	soOK[client.InvoicePartLineItem](t, te, http.MethodPatch, ivPartLinesPath(id)+"/"+line.Id, `[{"op":"replace","path":"/quantity","value":0.5}]`)
	changed, _ := fetchPDF(t, te, pivPath(id), pivFile(t, te, id))
	if changed == first {
		t.Fatalf("a line's new quantity left the ETag at %s", first)
	}
	if res, b := conditionally(t, te, http.MethodGet, pivPath(id), "", ifNoneMatch(first)); res.StatusCode != http.StatusOK {
		t.Fatalf("If-None-Match naming the old copy: %d %s", res.StatusCode, truncate(b))
	}

	putPdfSettings(t, te, `{"footerText":"New footer"}`)
	if after, _ := fetchPDF(t, te, pivPath(id), pivFile(t, te, id)); after == changed {
		t.Fatalf("new PDF settings left the ETag at %s", changed)
	}
}

// TestInvoicePdfNotFoundAndPermission: an unknown or deleted invoice is 404 problem+json; a
// user without View Invoices is refused, one with it gets the file.
func TestInvoicePdfNotFoundAndPermission(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := rawRequest(t, http.MethodGet, pivPath(ivUnknownID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	f := pivOrder(t, te, "Deleted Customer "+randomSuffix(), "", "10")
	gone := ivBill(t, te, f.order)
	fetchPDF(t, te, pivPath(gone), pivFile(t, te, gone))
	res, b = ivSend(t, te, http.MethodDelete, ivInvoicePath(gone), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodGet, pivPath(gone), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	id := ivBill(t, te, f.order)
	res, b = rawRequest(t, http.MethodGet, pivPath(id), te.userToken(t, "View Sales Order"), "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, pivPath(id), te.userToken(t, "View Invoices"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("a user with View Invoices got %q", truncate(b[:min(len(b), 40)]))
	}
}
