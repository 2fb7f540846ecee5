package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen/client"
)

const quoteReportPath = "/api/reporting/quote/list"

func quoteReport(t *testing.T, te *tenantEnv, params *client.ListQuoteReportParams, f client.QuoteReportFilter) client.QuoteReportPage {
	t.Helper()
	res, err := te.API.ListQuoteReportWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func reportIDs(p client.QuoteReportPage) []string {
	out := make([]string, len(p.Data))
	for i, r := range p.Data {
		out[i] = r.Id
	}
	return out
}

// moveQuote moves a quote to status through the status update.
func moveQuote(t *testing.T, te *tenantEnv, quoteID, status string) {
	t.Helper()
	r, b := rawRequest(t, http.MethodPost, quotePath(quoteID)+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
	mustStatus(t, r.StatusCode, http.StatusOK, b)
}

func date(t time.Time) *openapi_types.Date { return &openapi_types.Date{Time: t} }

func TestQuoteReportRowsLabelsTotalsAndOrder(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t, "America/Chicago"), newTenant(t)
	dayton := createCustomer(t, te, client.CustomerWrite{Name: "Dayton Precision"})
	akron := createCustomer(t, te, client.CustomerWrite{Name: "Akron Tool"})
	first, second, third := createQuoteFor(t, te, dayton), createQuoteFor(t, te, akron), createQuoteFor(t, te, dayton)
	deleted := createQuoteFor(t, te, dayton)
	deleteQuote(t, te, deleted)
	moveQuote(t, te, second, "needsApproval")
	moveQuote(t, te, third, "sent")
	createQuoteFor(t, other, createCustomer(t, other, client.CustomerWrite{Name: "Elsewhere"}))

	// Totals as stored on the quote: fee 80 taxable, 12.5 % off (10), 6 % tax on 70 (4.20).
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	createFeeLine(t, te, first, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("80"), IsTaxable: ptr(true)})
	setDiscountLine(t, te, first, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("12.5")})
	createTaxLine(t, te, first, state)
	// Two part lines on the second quote, of an item without a price.
	item := createItem(t, te, newItem("REPORT-PART"))
	for range 2 {
		addLine(t, te, second, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, item))
	}

	page := quoteReport(t, te, nil, client.QuoteReportFilter{})
	if got := reportIDs(page); !slices.Equal(got, []string{third, second, first}) {
		t.Fatalf("rows %v, want the active quotes newest first", got)
	}
	if page.TotalCount != 3 {
		t.Fatalf("totalCount %d", page.TotalCount)
	}
	byID := map[string]client.QuoteReportRow{}
	for _, row := range page.Data {
		byID[row.Id] = row
	}
	for id, want := range map[string]struct {
		status, label, customer string
		parts                   int
	}{
		first:  {"draft", "Draft", "Dayton Precision", 0},
		second: {"needsApproval", "Needs Approval", "Akron Tool", 2},
		third:  {"sent", "Sent", "Dayton Precision", 0},
	} {
		row := byID[id]
		if string(row.Status) != want.status || row.StatusLabel != want.label || row.Customer.Name != want.customer ||
			row.Customer.Id == "" || row.PartLineCount != want.parts {
			t.Errorf("row %s: %s", id, mustJSON(t, row))
		}
	}
	if byID[third].QuotedDate == nil || byID[first].QuotedDate != nil {
		t.Errorf("quotedDate: sent %v, draft %v", byID[third].QuotedDate, byID[first].QuotedDate)
	}
	row := byID[first]
	for name, c := range map[string]struct {
		got  client.Decimal
		want string
	}{
		"lineSubTotal": {row.LineSubTotal, "0"}, "feeTotal": {row.FeeTotal, "80"}, "subTotal": {row.SubTotal, "80"},
		"discountTotal": {row.DiscountTotal, "10"}, "taxTotal": {row.TaxTotal, "4.20"}, "total": {row.Total, "74.20"},
	} {
		mustDec(t, name, c.got, c.want)
	}
	totals := quoteTotals(t, te, first)
	mustDec(t, "total as the quote reads", num(totals["total"]), "74.20")
	// The dates read as the quote reads them.
	if q := getQuote(t, te, first); !q.ExpirationDate.Equal(row.ExpirationDate) || q.DueDate != nil || row.DueDate != nil {
		t.Errorf("expirationDate %v, the quote's %v; dueDate %v", row.ExpirationDate, q.ExpirationDate, row.DueDate)
	}

	// Sorting and paging.
	if got := reportIDs(quoteReport(t, te, &client.ListQuoteReportParams{SortField: ptr("number")}, client.QuoteReportFilter{})); !slices.Equal(got, []string{first, second, third}) {
		t.Fatalf("by number %v", got)
	}
	p := quoteReport(t, te, &client.ListQuoteReportParams{Take: ptr(client.Take(2))}, client.QuoteReportFilter{})
	if !slices.Equal(reportIDs(p), []string{third, second}) || p.Page != 1 || p.PageSize != 2 || p.TotalCount != 3 ||
		p.TotalPages != 2 || p.HasPreviousPage || !p.HasNextPage {
		t.Fatalf("first page %s", mustJSON(t, p))
	}
	p = quoteReport(t, te, &client.ListQuoteReportParams{Skip: ptr(client.Skip(2)), Take: ptr(client.Take(2))}, client.QuoteReportFilter{})
	if !slices.Equal(reportIDs(p), []string{first}) || p.Page != 2 || p.TotalCount != 3 || !p.HasPreviousPage || p.HasNextPage {
		t.Fatalf("second page %s", mustJSON(t, p))
	}
	p = quoteReport(t, te, &client.ListQuoteReportParams{Skip: ptr(client.Skip(10)), Take: ptr(client.Take(2))}, client.QuoteReportFilter{})
	if len(p.Data) != 0 || p.TotalCount != 3 {
		t.Fatalf("past the end %s", mustJSON(t, p))
	}
	r, b := rawRequest(t, http.MethodPost, quoteReportPath+"?Sort.Field=notes", te.Token, "application/json", `{}`)
	mustProblem(t, r, b, http.StatusBadRequest)
}

func TestQuoteReportFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "Pacific/Auckland")
	dayton := createCustomer(t, te, client.CustomerWrite{Name: "Dayton Precision"})
	akron := createCustomer(t, te, client.CustomerWrite{Name: "Akron Tool"})
	draft, sent, won := createQuoteFor(t, te, dayton), createQuoteFor(t, te, akron), createQuoteFor(t, te, dayton)
	moveQuote(t, te, sent, "sent")
	moveQuote(t, te, won, "sent")
	moveQuote(t, te, won, "won")
	loc, err := time.LoadLocation("Pacific/Auckland")
	if err != nil {
		t.Fatal(err)
	}
	// The shop's day now; a quote written around midnight could fall a day apart, so the
	// bounds leave a day's room on the side the test does not probe.
	today := time.Now().In(loc)
	yesterday, tomorrow := today.AddDate(0, 0, -1), today.AddDate(0, 0, 1)
	for name, c := range map[string]struct {
		f    client.QuoteReportFilter
		want []string
	}{
		"statuses":              {client.QuoteReportFilter{Statuses: &[]client.QuoteStatus{client.QuoteStatusSent, client.QuoteStatusWon}}, []string{won, sent}},
		"draft":                 {client.QuoteReportFilter{Statuses: &[]client.QuoteStatus{client.QuoteStatusDraft}}, []string{draft}},
		"customers":             {client.QuoteReportFilter{CustomerIds: &[]string{akron}}, []string{sent}},
		"customers and status":  {client.QuoteReportFilter{CustomerIds: &[]string{dayton}, Statuses: &[]client.QuoteStatus{client.QuoteStatusWon}}, []string{won}},
		"quoted in range":       {client.QuoteReportFilter{QuotedFrom: date(yesterday), QuotedTo: date(tomorrow)}, []string{won, sent}},
		"quoted from tomorrow":  {client.QuoteReportFilter{QuotedFrom: date(tomorrow.AddDate(0, 0, 1))}, nil},
		"quoted to yesterday":   {client.QuoteReportFilter{QuotedTo: date(yesterday.AddDate(0, 0, -1))}, nil},
		"created in range":      {client.QuoteReportFilter{CreatedFrom: date(yesterday), CreatedTo: date(tomorrow)}, []string{won, sent, draft}},
		"created from tomorrow": {client.QuoteReportFilter{CreatedFrom: date(tomorrow.AddDate(0, 0, 1))}, nil},
		"created to yesterday":  {client.QuoteReportFilter{CreatedTo: date(yesterday.AddDate(0, 0, -1))}, nil},
	} {
		if got := reportIDs(quoteReport(t, te, nil, c.f)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	for _, field := range []string{"quotedFrom", "quotedTo", "createdFrom", "createdTo"} {
		for _, day := range []string{"1999-12-31", "2100-01-01"} {
			r, b := rawRequest(t, http.MethodPost, quoteReportPath, te.Token, "application/json", fmt.Sprintf(`{%q:%q}`, field, day))
			mustProblemNaming(t, r, b, field)
		}
	}
	r, b := rawRequest(t, http.MethodPost, quoteReportPath, te.Token, "application/json", `{"statuses":["open"]}`)
	mustProblem(t, r, b, http.StatusBadRequest)
}
