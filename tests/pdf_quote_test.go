package tests

import (
	"fmt"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"mos/gen/client"
)

// The quote as PDF (getQuotePdf): what the customer receives, read back with pdftotext.

func quotePdfPath(id string) string { return quotePath(id) + "/pdf" }

// printedQuote is a quote arranged to be printed: its id and number.
type printedQuote struct {
	id     string
	number int64
}

func (q printedQuote) file() string { return fmt.Sprintf("Quote-%d.pdf", q.number) }

// arrangePrintedQuote creates a customer named name in currency (the tenant's when empty)
// with billing and shipping addresses, a contact and payment terms, and a quote for it
// expiring on 2026-12-31 with notes, then adds lines (JSON part line writes without the
// item, which arrangePrintedQuote gives each: items[k] for the k-th).
func arrangePrintedQuote(t *testing.T, te *tenantEnv, name, currency string, items []string, lines ...string) printedQuote {
	t.Helper()
	terms := createPaymentTerm(t, te, "Net 30 "+randomSuffix(), 30)
	w := client.CustomerWrite{Name: name, PaymentTermsId: &terms}
	if currency != "" {
		w.CurrencyCode = &currency
	}
	customer := createCustomer(t, te, w)
	billing := client.CustomerAddressWrite{Name: ptr("Accounts payable"), Address1: "400 Canal St", Address2: ptr("Suite 12"),
		City: "Düsseldorf", StateProvince: ptr("NW"), PostalCode: "40213", Country: ptr("DE"), PrimaryBilling: ptr(true)}
	createAddress(t, te, customer, billing)
	createAddress(t, te, customer, client.CustomerAddressWrite{Address1: "1 Dock Rd", City: "Xenia", PostalCode: "45385",
		StateProvince: ptr("OH"), Country: ptr("US"), PrimaryShipping: ptr(true), Phone: ptr("+1 555 0142")})
	contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Jürgen", LastName: ptr("Weiß"), Email: ptr("jw@example.com")})
	res, b := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{
		"customerId": customer, "contactId": contact, "expirationDate": "2026-12-31",
		"notes": "Prices include deburring and inspection.",
	}))
	id := createdID(t, res, b)
	for k, l := range lines {
		addLine(t, te, id, fmt.Sprintf(`{"itemId":%q,%s}`, items[k], l))
	}
	return printedQuote{id: id, number: getQuote(t, te, id).Number}
}

// describedItem creates an item numbered number with a description.
func describedItem(t *testing.T, te *tenantEnv, number, description string) string {
	t.Helper()
	w := newItem(number)
	w.Description = &description
	return createItem(t, te, w)
}

// arrangeFullQuote is a realistic quote: two part lines (one discounted), a fee, a 5 %
// discount line and a tax line, for a customer of the tenant's primary company.
func arrangeFullQuote(t *testing.T, te *tenantEnv) printedQuote {
	t.Helper()
	setPrimaryCompany(t, te, "Acme Precision Machining")
	items := []string{describedItem(t, te, "BRKT-100", "Mounting bracket, zinc plated"), describedItem(t, te, "SHAFT-7", "Drive shaft, hardened")}
	q := arrangePrintedQuote(t, te, "Müller Drehteile GmbH", "", items,
		`"quantity":250,"unitPrice":4.25,"leadTimeDays":10,"isTaxable":true`,
		`"quantity":1200,"unitPrice":1.5,"leadTimeDays":15,"isTaxable":false,"discount":{"isPercentage":true,"value":10}`)
	createFeeLine(t, te, q.id, client.QuoteFeeLineItemWrite{Name: "Tooling", Description: ptr("one-time fixture"), Amount: num("150")})
	setDiscountLine(t, te, q.id, client.QuoteDiscountLineItemWrite{Name: ptr("Volume"), IsPercentage: true, Value: num("5")})
	createTaxLine(t, te, q.id, createTaxRate(t, te, client.TaxRateWrite{Name: "Ohio sales tax", Rate: num("7.25")}))
	return q
}

func TestQuotePdfShowsTheQuoteItsLinesAndTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	q := arrangeFullQuote(t, te)
	// The totals printed are the ones the quote answers: lines 1,062.50 + 1,620.00 (1,800 less
	// 10 %), the fee 150.00, less 5 % of 2,832.50 = 141.63; tax 7.25 % of the taxable line
	// less its share of the discount (1,062.50 − 53.13 = 1,009.37) = 73.18.
	mustQuoteTotals(t, te, q.id, map[string]string{"lineSubTotal": "2682.5", "feeTotal": "150", "subTotal": "2832.5",
		"discountTotal": "141.63", "taxableBase": "1009.37", "taxTotal": "73.18", "total": "2764.05"})

	_, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	text := pdfText(t, pdf, "quote-full")
	mustContainAll(t, text,
		"Acme Precision Machining", "12 Foundry Lane",
		"Quote", strconv.FormatInt(q.number, 10), "Valid until 2026-12-31", "Payment terms Net 30", "Currency USD",
		"Bill to", "Ship to", "Müller Drehteile GmbH", "Accounts payable", "400 Canal St", "Düsseldorf, NW 40213",
		"1 Dock Rd", "Xenia, OH 45385", "+1 555 0142", "Contact", "Jürgen Weiß", "jw@example.com",
		"Part number", "Description", "Quantity", "Unit price", "Lead time", "Amount",
		"1 BRKT-100 Mounting bracket, zinc plated 250 Each 4.25 10 1,062.50",
		"2 SHAFT-7 Drive shaft, hardened 1,200 Each 1.50 15 1,620.00", "Less discount (10%, 180.00)",
		"Tooling - one-time fixture 150.00",
		"Lines 2,682.50", "Fees 150.00", "Subtotal 2,832.50", "Discount: Volume (5%) -141.63", "Ohio sales tax (7.25%) 73.18",
		"Total 2,764.05 USD",
		"Prices include deburring and inspection.", "Page 1 of 1")
	renderFirstPagePNG(t, pdf, "quote")
}

func TestQuotePdfBreaksAcrossThreePagesRepeatingTheHeaders(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := describedItem(t, te, "PIN-3", "Dowel pin")
	q := arrangePrintedQuote(t, te, "Long quote customer", "", nil)
	const lines = 70
	body := `{"partLineItems":` + jsonArrayOf(lines, func(k int) string {
		return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":2,"description":"Dowel pin batch %d"}`, item, k+1, k+1)
	}) + `}`
	res, b := rawRequest(t, http.MethodPost, partLinesPath(q.id)+"/batch", te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	_, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	pages := pdfPages(t, pdf, "quote-three-pages")
	if len(pages) != 3 {
		t.Fatalf("%d lines printed on %d pages, want 3", lines, len(pages))
	}
	for i, p := range pages {
		p = foldSpaces(p)
		mustContainAll(t, p, "Part number", "Unit price", "Amount", fmt.Sprintf("Page %d of 3", i+1))
	}
	// Every line is there once, the last on the last page with the total: Σ 2k for k = 1..70.
	all := foldSpaces(strings.Join(pages, "\n"))
	for k := 1; k <= lines; k++ {
		if !strings.Contains(all, fmt.Sprintf("Dowel pin batch %d ", k)) {
			t.Errorf("line %d is missing", k)
		}
	}
	mustContainAll(t, foldSpaces(pages[2]), "70 PIN-3 Dowel pin batch 70 70 Each 2.00 140.00", "Total 4,970.00 USD")
}

func TestQuotePdfPrintsTheQuotesCurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct{ currency, price, amount, total string }{
		{"EUR", "1234.5", "3,703.50", "Total 3,703.50 EUR"},
		{"JPY", "1500", "4,500", "Total 4,500 JPY"},
	} {
		item := describedItem(t, te, "GEAR-"+c.currency, "Spur gear")
		q := arrangePrintedQuote(t, te, "Customer in "+c.currency, c.currency, []string{item}, `"quantity":3,"unitPrice":`+c.price)
		_, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
		text := pdfText(t, pdf, "quote-"+strings.ToLower(c.currency))
		mustContainAll(t, text, "Currency "+c.currency, "3 Each", c.amount, c.total)
		if strings.Contains(text, "USD") {
			t.Errorf("a %s quote mentions USD:\n%s", c.currency, text)
		}
	}
}

func TestQuotePdfPrintsAccentsAndFallsBackForCJK(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := describedItem(t, te, "BUCHSE-1", "Lagerbuchse, gehärtet – Größe 12")
	q := arrangePrintedQuote(t, te, "Müller Drehteile GmbH", "", []string{item}, `"quantity":5,"unitPrice":3`)
	_, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	mustContainAll(t, pdfText(t, pdf, "quote-accents"), "Müller Drehteile GmbH", "Lagerbuchse, gehärtet", "Größe 12", "Düsseldorf", "Jürgen Weiß")

	cjk := arrangePrintedQuote(t, te, "東京精密株式会社", "", []string{item}, `"quantity":5,"unitPrice":3`)
	_, pdf = fetchPDF(t, te, quotePdfPath(cjk.id), cjk.file())
	mustContainAll(t, pdfText(t, pdf, "quote-cjk"), "????????", "15.00")
}

func TestQuotePdfFollowsThePdfSettings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := describedItem(t, te, "NUT-8", "Hex nut M8")
	q := arrangePrintedQuote(t, te, "Settings customer", "", []string{item}, `"quantity":100,"unitPrice":0.1`)
	before, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	text := pdfText(t, pdf, "quote-settings-before")
	mustContainAll(t, text, "Valid until 2026-12-31")
	if strings.Contains(text, "Quotes are valid") || mustPageSize(t, pdf) != "letter" {
		t.Fatalf("default settings print terms or another paper:\n%s", text)
	}

	putPdfSettings(t, te, `{"footerText":"Acme Precision - thank you for your business","dateFormat":"dd.MM.yyyy","pageSize":"a4",
		"terms":{"quote":"Quotes are valid for the days shown.","invoice":"Invoice terms only"}}`)
	after, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	text = pdfText(t, pdf, "quote-settings-after")
	mustContainAll(t, text, "Acme Precision - thank you for your business", "Quotes are valid for the days shown.", "Valid until 31.12.2026")
	if strings.Contains(text, "Invoice terms only") || strings.Contains(text, "2026-12-31") {
		t.Errorf("the quote prints another kind's terms or the old date format:\n%s", text)
	}
	if got := mustPageSize(t, pdf); got != "a4" {
		t.Errorf("page size %s, want a4", got)
	}
	if after == before {
		t.Errorf("the ETag %s did not change with the settings", after)
	}
}

// mustPageSize is the paper of the PDF's first page as pdfinfo names it: letter or a4.
func mustPageSize(t *testing.T, pdf []byte) string {
	t.Helper()
	out, err := exec.Command("pdfinfo", keepPDF(t, pdf, "quote-page-size")).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	switch s := string(out); {
	case strings.Contains(s, "612 x 792"):
		return "letter"
	case strings.Contains(s, "595.28 x 841.89") || strings.Contains(s, "(A4)"):
		return "a4"
	default:
		t.Fatalf("pdfinfo names neither paper:\n%s", s)
		return ""
	}
}

func TestQuotePdfETagNamesTheRenderedState(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := describedItem(t, te, "WSH-2", "Washer")
	q := arrangePrintedQuote(t, te, "ETag customer", "", []string{item}, `"quantity":4,"unitPrice":2.5`)
	first, _ := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	if again, _ := fetchPDF(t, te, quotePdfPath(q.id), q.file()); again != first {
		t.Fatalf("the same quote printed with ETags %s and %s", first, again)
	}
	res, b := conditionally(t, te, http.MethodGet, quotePdfPath(q.id), "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusNotModified, b)
	if len(b) != 0 || res.Header.Get("ETag") != first {
		t.Fatalf("304 with ETag %q and %d bytes, want %s and none", res.Header.Get("ETag"), len(b), first)
	}
	if res, b := conditionally(t, te, http.MethodGet, quotePdfPath(q.id), "", ifNoneMatch(`"0"`)); res.StatusCode != http.StatusOK || !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("If-None-Match naming another copy: %d", res.StatusCode)
	}

	// A line's new quantity is a new document.
	lineID := listLines(t, te, q.id, "", `{}`)[0].ID
	res, b = rawRequest(t, http.MethodPut, partLinePath(q.id, lineID), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":6,"unitPrice":2.5}`, item))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	changed, pdf := fetchPDF(t, te, quotePdfPath(q.id), q.file())
	if changed == first {
		t.Fatalf("the ETag %s did not change with the line's quantity", first)
	}
	mustContainAll(t, pdfText(t, pdf, "quote-etag"), "6 Each 2.50", "Total 15.00 USD")
	res, b = conditionally(t, te, http.MethodGet, quotePdfPath(q.id), "", ifNoneMatch(first))
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	// So is a change of the PDF settings.
	putPdfSettings(t, te, `{"footerText":"New footer"}`)
	if again, _ := fetchPDF(t, te, quotePdfPath(q.id), q.file()); again == changed {
		t.Fatalf("the ETag %s did not change with the PDF settings", changed)
	}
}

func TestQuotePdfOfAnUnknownOrDeletedQuoteIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := rawRequest(t, http.MethodGet, quotePdfPath(unknownQuoteID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	q := arrangePrintedQuote(t, te, "Deleted quote customer", "", nil)
	fetchPDF(t, te, quotePdfPath(q.id), q.file())
	markQuoteDeleted(t, te, q.id)
	res, b = rawRequest(t, http.MethodGet, quotePdfPath(q.id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestQuotePdfNeedsViewQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	q := arrangePrintedQuote(t, te, "Permission customer", "", nil)
	res, b := rawRequest(t, http.MethodGet, quotePdfPath(q.id), te.userToken(t, "View Customer"), "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, quotePdfPath(q.id), te.userToken(t, "View Quote"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("a user with View Quote got %q", truncate(b[:min(len(b), 40)]))
	}
}
