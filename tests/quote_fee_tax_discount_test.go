package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"mos/gen/client"
)

// Fee, tax and discount lines of quotes: each write recomputes the quote's stored totals.

func feeLinesPath(quoteID string) string     { return "/api/quotes/" + quoteID + "/fee-line-items" }
func feeLinePath(quoteID, id string) string  { return feeLinesPath(quoteID) + "/" + id }
func taxLinesPath(quoteID string) string     { return "/api/quotes/" + quoteID + "/tax-line-items" }
func taxLinePath(quoteID, id string) string  { return taxLinesPath(quoteID) + "/" + id }
func discountLinePath(quoteID string) string { return "/api/quotes/" + quoteID + "/discount-line-item" }

// unknownLineID is a well-formed line id no quote has.
const unknownLineID = "00000000-0000-7000-8000-ffffffffffff"

// quoteForLines creates a customer in currency (the tenant's when empty) and a quote for it.
func quoteForLines(t *testing.T, te *tenantEnv, currency string) string {
	t.Helper()
	w := client.CustomerWrite{Name: "Lines " + t.Name() + " " + randomSuffix()}
	if currency != "" {
		w.CurrencyCode = &currency
	}
	return createQuoteFor(t, te, createCustomer(t, te, w))
}

// createQuoteFor creates a quote for customerID and returns its id.
func createQuoteFor(t *testing.T, te *tenantEnv, customerID string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, "/api/quotes", te.Token, "application/json", fmt.Sprintf(`{"customerId":%q}`, customerID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ Id string }
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	return created.Id
}

// deleteQuote soft-deletes a quote through the API.
func deleteQuote(t *testing.T, te *tenantEnv, quoteID string) {
	t.Helper()
	r, b := rawRequest(t, http.MethodDelete, quotePath(quoteID), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
}

// randomSuffix tells apart the names of records one test creates.
func randomSuffix() string { return fmt.Sprint(suffixCounter.Add(1)) }

var suffixCounter atomic.Int64

func createFeeLine(t *testing.T, te *tenantEnv, quoteID string, w client.QuoteFeeLineItemWrite) string {
	t.Helper()
	res, err := te.API.CreateQuoteFeeLineItemWithResponse(context.Background(), quoteID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getFeeLine(t *testing.T, te *tenantEnv, quoteID, id string) client.QuoteFeeLineItem {
	t.Helper()
	res, err := te.API.GetQuoteFeeLineItemWithResponse(context.Background(), quoteID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func createTaxLine(t *testing.T, te *tenantEnv, quoteID, taxRateID string) string {
	t.Helper()
	res, err := te.API.CreateQuoteTaxLineItemWithResponse(context.Background(), quoteID, nil, client.QuoteTaxLineItemWrite{TaxRateId: taxRateID})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getTaxLine(t *testing.T, te *tenantEnv, quoteID, id string) client.QuoteTaxLineItem {
	t.Helper()
	res, err := te.API.GetQuoteTaxLineItemWithResponse(context.Background(), quoteID, id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func setDiscountLine(t *testing.T, te *tenantEnv, quoteID string, w client.QuoteDiscountLineItemWrite) client.QuoteDiscountLineItem {
	t.Helper()
	res, err := te.API.SetQuoteDiscountLineItemWithResponse(context.Background(), quoteID, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// quoteTotals reads the quote's totals from GET /api/quotes/{id}, each as the decimal text
// the wire carries.
func quoteTotals(t *testing.T, te *tenantEnv, quoteID string) map[string]string {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, "/api/quotes/"+quoteID, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, k := range []string{"lineSubTotal", "feeTotal", "subTotal", "discountTotal", "taxableBase", "nonTaxableBase", "taxTotal", "total"} {
		out[k] = string(m[k])
	}
	return out
}

// mustQuoteTotals checks the quote's totals named in want, numerically.
func mustQuoteTotals(t *testing.T, te *tenantEnv, quoteID string, want map[string]string) {
	t.Helper()
	got := quoteTotals(t, te, quoteID)
	for k, v := range want {
		if !num(got[k]).Equal(num(v).Decimal) {
			t.Errorf("quote %s = %s, want %s (totals %v)", k, got[k], v, got)
		}
	}
}

func TestQuoteFeeLineCreateReadUpdateDeleteAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6.25")})
	freight := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "  Freight  ", Description: ptr("  Two pallets "),
		Amount: num("45.505"), IsTaxable: ptr(true), TaxRateId: &state})
	got := getFeeLine(t, te, quote, freight)
	if got.Id != freight || got.QuoteId != quote || got.Name != "Freight" || optText(got.Description) != "Two pallets" ||
		!got.IsTaxable || got.TaxRateId == nil || *got.TaxRateId != state {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	mustDec(t, "amount", got.Amount, "45.505")
	mustDec(t, "subTotal", got.SubTotal, "45.51") // rounded half away from zero to cents
	mustDec(t, "taxRate", got.TaxRate, "6.25")
	tooling := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Tooling", Amount: num("100")})
	got = getFeeLine(t, te, quote, tooling)
	if got.IsTaxable || got.TaxRateId != nil || got.Description != nil {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
	mustDec(t, "taxRate without a tax rate", got.TaxRate, "0")

	// The list: oldest first, then id; ids filter; sort.
	list := func(params *client.ListQuoteFeeLineItemsParams, f client.QuoteLineItemFilter) []string {
		res, err := te.API.ListQuoteFeeLineItemsWithResponse(context.Background(), quote, params, f)
		failOnTransportError(t, err)
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		var ids []string
		for _, l := range *res.JSON200 {
			ids = append(ids, l.Id)
		}
		return ids
	}
	if got := list(nil, client.QuoteLineItemFilter{}); !slices.Equal(got, []string{freight, tooling}) {
		t.Fatalf("list %v, want oldest first", got)
	}
	if got := list(nil, client.QuoteLineItemFilter{Ids: &[]string{tooling}}); !slices.Equal(got, []string{tooling}) {
		t.Fatalf("ids filter %v", got)
	}
	desc := client.SortDirectionDescending
	if got := list(&client.ListQuoteFeeLineItemsParams{SortField: ptr("amount"), SortDir: &desc}, client.QuoteLineItemFilter{}); !slices.Equal(got, []string{tooling, freight}) {
		t.Fatalf("by amount descending %v", got)
	}

	// A full update clears what it omits.
	res, err := te.API.UpdateQuoteFeeLineItemWithResponse(context.Background(), quote, freight, nil, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("50")})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if u := *res.JSON200; u.Description != nil || u.IsTaxable || u.TaxRateId != nil || !u.TaxRate.IsZero() {
		t.Fatalf("update kept members: %s", mustJSON(t, u))
	}
	if again := getFeeLine(t, te, quote, freight); mustJSON(t, again) != mustJSON(t, *res.JSON200) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, *res.JSON200), mustJSON(t, again))
	}
	mustQuoteTotals(t, te, quote, map[string]string{"feeTotal": "150", "subTotal": "150", "total": "150"})

	// Delete: 200, then 204; the totals follow.
	r, b := rawRequest(t, http.MethodDelete, feeLinePath(quote, freight), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = rawRequest(t, http.MethodDelete, feeLinePath(quote, freight), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	r, b = rawRequest(t, http.MethodGet, feeLinePath(quote, freight), te.Token, "", "")
	mustProblem(t, r, b, http.StatusNotFound)
	mustQuoteTotals(t, te, quote, map[string]string{"feeTotal": "100", "total": "100"})
}

func TestQuoteFeeLineMembersAreCheckedNamingTheField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "")
	line := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("1")})
	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("3"), IsArchived: ptr(true)})
	valid := client.QuoteFeeLineItemWrite{Name: "Fee", Amount: num("1")}
	cases := []struct {
		field string
		value any
	}{
		{"name", ""}, {"name", "   "}, {"name", strings.Repeat("n", 201)}, {"name", nil}, {"name", 7},
		{"amount", -1}, {"amount", json.Number("-0.001")}, {"amount", nil}, {"amount", "1"},
		{"description", strings.Repeat("d", 2001)},
		{"isTaxable", "yes"},
		{"taxRateId", archived},
	}
	for _, c := range cases {
		for _, r := range writeBoth(t, te.Token, feeLinesPath(quote), http.MethodPut, feeLinePath(quote, line), editedBody(t, valid, map[string]any{c.field: c.value})) {
			mustProblemNaming(t, r.res, r.body, c.field)
		}
	}
	for _, r := range writeBoth(t, te.Token, feeLinesPath(quote), http.MethodPut, feeLinePath(quote, line), editedBody(t, valid, map[string]any{"taxRateId": unknownTaxRateID})) {
		mustProblem(t, r.res, r.body, http.StatusNotFound)
		if !strings.Contains(string(r.body), "taxRateId") {
			t.Errorf("unknown tax rate: %s does not name taxRateId", r.body)
		}
	}
	long := strings.Repeat("é", 200)
	if got := getFeeLine(t, te, quote, createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: long, Amount: num("0")})); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
	}
}

func TestQuoteTaxLineCopiesItsRateOncePerQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1.5")})
	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("3"), IsArchived: ptr(true)})
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("123.02"), IsTaxable: ptr(true)})
	stateLine := createTaxLine(t, te, quote, state)
	got := getTaxLine(t, te, quote, stateLine)
	if got.Id != stateLine || got.QuoteId != quote || got.TaxRateId != state || got.Name != "State" {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	mustDec(t, "rate", got.Rate, "6")
	mustDec(t, "taxableBase", got.TaxableBase, "123.02")
	mustDec(t, "amount", got.Amount, "7.38") // 7.3812

	// The same rate again, an archived one, an unknown one.
	r, b := rawRequest(t, http.MethodPost, taxLinesPath(quote), te.Token, "application/json", fmt.Sprintf(`{"taxRateId":%q}`, state))
	mustProblemNaming(t, r, b, "taxRateId")
	r, b = rawRequest(t, http.MethodPost, taxLinesPath(quote), te.Token, "application/json", fmt.Sprintf(`{"taxRateId":%q}`, archived))
	mustProblemNaming(t, r, b, "taxRateId")
	r, b = rawRequest(t, http.MethodPost, taxLinesPath(quote), te.Token, "application/json", fmt.Sprintf(`{"taxRateId":%q}`, unknownTaxRateID))
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = rawRequest(t, http.MethodPost, taxLinesPath(quote), te.Token, "application/json", `{}`)
	mustProblemNaming(t, r, b, "taxRateId")

	countyLine := createTaxLine(t, te, quote, county)
	mustQuoteTotals(t, te, quote, map[string]string{"taxableBase": "123.02", "taxTotal": "9.23", "total": "132.25"})
	// Moving the county line onto the state rate clashes; a changed rate is copied again.
	r, b = rawRequest(t, http.MethodPut, taxLinePath(quote, countyLine), te.Token, "application/json", fmt.Sprintf(`{"taxRateId":%q}`, state))
	mustProblemNaming(t, r, b, "taxRateId")
	updateTaxRate(t, te, county, client.TaxRateWrite{Name: "County 2", Rate: num("2")})
	if got := getTaxLine(t, te, quote, countyLine); got.Name != "County" {
		t.Fatalf("a tax rate's change reached a written line: %s", mustJSON(t, got))
	}
	res, err := te.API.UpdateQuoteTaxLineItemWithResponse(context.Background(), quote, countyLine, nil, client.QuoteTaxLineItemWrite{TaxRateId: county})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200.Name != "County 2" {
		t.Fatalf("update did not copy the rate again: %s", mustJSON(t, res.JSON200))
	}
	mustDec(t, "re-copied amount", res.JSON200.Amount, "2.46") // 2.4604
	mustQuoteTotals(t, te, quote, map[string]string{"taxTotal": "9.84"})

	lres, err := te.API.ListQuoteTaxLineItemsWithResponse(context.Background(), quote, nil, client.QuoteLineItemFilter{})
	failOnTransportError(t, err)
	mustStatus(t, lres.StatusCode(), http.StatusOK, lres.Body)
	if l := *lres.JSON200; len(l) != 2 || l[0].Id != stateLine || l[1].Id != countyLine {
		t.Fatalf("list %s", mustJSON(t, l))
	}
	r, b = rawRequest(t, http.MethodDelete, taxLinePath(quote, stateLine), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = rawRequest(t, http.MethodDelete, taxLinePath(quote, stateLine), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	mustQuoteTotals(t, te, quote, map[string]string{"taxTotal": "2.46"})
	// Deleted, the state rate can be added again.
	createTaxLine(t, te, quote, state)
}

func TestQuoteTaxLineConcurrentAddsOfOneRateMakeOneLine(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	counts := atOnce(t, 2, func(int) (int, error) {
		res, err := te.API.CreateQuoteTaxLineItemWithResponse(context.Background(), quote, nil, client.QuoteTaxLineItemWrite{TaxRateId: state})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("statuses %v, want one 200 and one 400", counts)
	}
	res, err := te.API.ListQuoteTaxLineItemsWithResponse(context.Background(), quote, nil, client.QuoteLineItemFilter{})
	failOnTransportError(t, err)
	if len(*res.JSON200) != 1 {
		t.Fatalf("stored %s", mustJSON(t, res.JSON200))
	}
}

func TestQuoteDiscountLineIsSetReplacedAndDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "USD")
	r, b := rawRequest(t, http.MethodGet, discountLinePath(quote), te.Token, "", "")
	mustProblem(t, r, b, http.StatusNotFound)
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("80")})
	d := setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Name: ptr(" Loyalty "), IsPercentage: true, Value: num("12.5")})
	if d.QuoteId != quote || optText(d.Name) != "Loyalty" || !d.IsPercentage {
		t.Fatalf("members: %s", mustJSON(t, d))
	}
	mustDec(t, "value", d.Value, "12.5")
	mustDec(t, "amount", d.Amount, "10")
	// Replacing keeps the id; the older path writes the same line.
	res, err := te.API.SetQuoteDiscountLineItemDeprecatedWithResponse(context.Background(), quote, nil, client.QuoteDiscountLineItemWrite{IsPercentage: false, Value: num("15")})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if again := *res.JSON200; again.Id != d.Id || again.Name != nil || again.IsPercentage {
		t.Fatalf("replaced: %s (first %s)", mustJSON(t, again), d.Id)
	}
	mustDec(t, "amount discount", res.JSON200.Amount, "15")
	mustQuoteTotals(t, te, quote, map[string]string{"subTotal": "80", "discountTotal": "15", "total": "65"})
	gres, err := te.API.GetQuoteDiscountLineItemWithResponse(context.Background(), quote, nil)
	failOnTransportError(t, err)
	mustStatus(t, gres.StatusCode(), http.StatusOK, gres.Body)
	if mustJSON(t, *gres.JSON200) != mustJSON(t, *res.JSON200) {
		t.Fatalf("set answered %s, get reads %s", mustJSON(t, res.JSON200), mustJSON(t, gres.JSON200))
	}

	// value: a percentage 0..100, an amount 0 or more; isPercentage required.
	for _, c := range []struct {
		body  string
		field string
	}{
		{`{"isPercentage":true,"value":100.01}`, "value"},
		{`{"isPercentage":true,"value":-1}`, "value"},
		{`{"isPercentage":false,"value":-0.01}`, "value"},
		{`{"isPercentage":false}`, "value"},
		{`{"value":5}`, "isPercentage"},
		{`{"isPercentage":false,"value":5,"name":"` + strings.Repeat("n", 201) + `"}`, "name"},
	} {
		for _, path := range []string{discountLinePath(quote), "/api/quote/" + quote + "/discount-line-item"} {
			r, b := rawRequest(t, http.MethodPut, path, te.Token, "application/json", c.body)
			mustProblemNaming(t, r, b, c.field)
		}
	}
	// An amount above the subtotal is accepted and takes the whole subtotal.
	d = setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Value: num("500")})
	mustDec(t, "capped amount", d.Amount, "80")
	mustQuoteTotals(t, te, quote, map[string]string{"discountTotal": "80", "total": "0"})

	r, b = rawRequest(t, http.MethodDelete, discountLinePath(quote), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = rawRequest(t, http.MethodDelete, discountLinePath(quote), te.Token, "", "")
	mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	r, b = rawRequest(t, http.MethodGet, discountLinePath(quote), te.Token, "", "")
	mustProblem(t, r, b, http.StatusNotFound)
	mustQuoteTotals(t, te, quote, map[string]string{"discountTotal": "0", "total": "80"})
}

// TestQuoteLineTotalsMatchHandComputedValues: fees, a percentage and then an amount discount
// and two tax lines, in dollars and in yen (no minor unit), against sums worked out by hand.
func TestQuoteLineTotalsMatchHandComputedValues(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "USD")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1.5")})
	// Freight 37.50 taxable at 6 % (its own rate), tooling 72.00 taxable without a rate,
	// setup 10.00 not taxable: subtotal 119.50.
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("37.50"), IsTaxable: ptr(true), TaxRateId: &state})
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Tooling", Amount: num("72"), IsTaxable: ptr(true)})
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Setup", Amount: num("10")})
	// 5 % of 119.50 = 5.975 → 5.98, shared 37.50 → 1.875…, 72.00 → 3.600…, 10.00 → 0.500…:
	// whole cents 1.87, 3.60, 0.50 = 5.97, the last cent to the largest remainder (37.50's):
	// 1.88, 3.60, 0.50. Taxable base 35.62 + 68.40 = 104.02; non-taxable 9.50.
	// Fee tax 6 % of 35.62 = 2.1372 → 2.14; tax lines 6 % of 104.02 = 6.2412 → 6.24 and
	// 1.5 % = 1.5603 → 1.56: tax 9.94. Total 119.50 − 5.98 + 9.94 = 123.46.
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
	createTaxLine(t, te, quote, state)
	countyLine := createTaxLine(t, te, quote, county)
	mustQuoteTotals(t, te, quote, map[string]string{
		"lineSubTotal": "0", "feeTotal": "119.50", "subTotal": "119.50", "discountTotal": "5.98",
		"taxableBase": "104.02", "nonTaxableBase": "9.50", "taxTotal": "9.94", "total": "123.46",
	})
	mustDec(t, "county line", getTaxLine(t, te, quote, countyLine).Amount, "1.56")
	// An amount discount of 20.00: exact shares 6.276…, 12.050…, 1.673…; whole cents 6.27,
	// 12.05, 1.67 = 19.99, the last cent to the largest remainder (37.50's): 6.28, 12.05,
	// 1.67. Taxable base 31.22 + 59.95 = 91.17; non-taxable 8.33. Fee tax 6 % of 31.22 =
	// 1.8732 → 1.87; tax lines 6 % of 91.17 = 5.4702 → 5.47 and 1.5 % = 1.36755 → 1.37:
	// tax 8.71. Total 119.50 − 20.00 + 8.71 = 108.21.
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Value: num("20")})
	mustQuoteTotals(t, te, quote, map[string]string{
		"discountTotal": "20", "taxableBase": "91.17", "nonTaxableBase": "8.33", "taxTotal": "8.71", "total": "108.21",
	})

	// Yen: no minor unit. 1005 yen taxable, 10 % tax line: 100.5 → 101; fee 250.5 → 251
	// (not taxable). Subtotal 1256; 3 % discount 37.68 → 38, shared 1005 → 30.40… and
	// 251 → 7.59…: 30 and 7 = 37, the yen to 251's larger remainder: 30, 8. Taxable base
	// 975; tax 97.5 → 98. Total 1256 − 38 + 98 = 1316.
	yen := quoteForLines(t, te, "JPY")
	ten := createTaxRate(t, te, client.TaxRateWrite{Name: "Consumption", Rate: num("10")})
	createFeeLine(t, te, yen, client.QuoteFeeLineItemWrite{Name: "Machining", Amount: num("1005"), IsTaxable: ptr(true)})
	createTaxLine(t, te, yen, ten)
	mustQuoteTotals(t, te, yen, map[string]string{"subTotal": "1005", "taxableBase": "1005", "taxTotal": "101", "total": "1106"})
	fee := createFeeLine(t, te, yen, client.QuoteFeeLineItemWrite{Name: "Crate", Amount: num("250.5")})
	mustDec(t, "yen fee subtotal", getFeeLine(t, te, yen, fee).SubTotal, "251")
	setDiscountLine(t, te, yen, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("3")})
	mustQuoteTotals(t, te, yen, map[string]string{
		"subTotal": "1256", "discountTotal": "38", "taxableBase": "975", "nonTaxableBase": "243", "taxTotal": "98", "total": "1316",
	})
}

// TestQuoteLinesOfAnotherQuoteOrTenantAreNotFound: a line is found only under its own quote
// of the caller's tenant.
func TestQuoteLinesOfAnotherQuoteOrTenantAreNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	quote, second := quoteForLines(t, te, ""), quoteForLines(t, te, "")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	fee := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("1")})
	tax := createTaxLine(t, te, quote, state)
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Value: num("1")})
	for _, p := range []struct{ line, body string }{
		{feeLinePath(second, fee), `{"name":"X","amount":1}`},
		{taxLinePath(second, tax), fmt.Sprintf(`{"taxRateId":%q}`, state)},
		{feeLinePath(quote, unknownLineID), `{"name":"X","amount":1}`},
		{taxLinePath(quote, unknownLineID), fmt.Sprintf(`{"taxRateId":%q}`, state)},
	} {
		r, b := rawRequest(t, http.MethodGet, p.line, te.Token, "", "")
		mustProblem(t, r, b, http.StatusNotFound)
		r, b = rawRequest(t, http.MethodPut, p.line, te.Token, "application/json", p.body)
		mustProblem(t, r, b, http.StatusNotFound)
		// The quote has no such line: nothing to delete.
		r, b = rawRequest(t, http.MethodDelete, p.line, te.Token, "", "")
		mustStatus(t, r.StatusCode, http.StatusNoContent, b)
	}
	r, b := rawRequest(t, http.MethodGet, discountLinePath(second), te.Token, "", "")
	mustProblem(t, r, b, http.StatusNotFound)
	// Another tenant sees none of it: its quote is not found, for reads and writes.
	otherRate := createTaxRate(t, other, client.TaxRateWrite{Name: "State", Rate: num("6")})
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, feeLinePath(quote, fee), ""},
		{http.MethodPut, feeLinePath(quote, fee), `{"name":"X","amount":1}`},
		{http.MethodDelete, feeLinePath(quote, fee), ""},
		{http.MethodPost, feeLinesPath(quote), `{"name":"X","amount":1}`},
		{http.MethodPost, feeLinesPath(quote) + "/list", `{}`},
		{http.MethodGet, taxLinePath(quote, tax), ""},
		{http.MethodPut, taxLinePath(quote, tax), fmt.Sprintf(`{"taxRateId":%q}`, otherRate)},
		{http.MethodDelete, taxLinePath(quote, tax), ""},
		{http.MethodPost, taxLinesPath(quote), fmt.Sprintf(`{"taxRateId":%q}`, otherRate)},
		{http.MethodPost, taxLinesPath(quote) + "/list", `{}`},
		{http.MethodGet, discountLinePath(quote), ""},
		{http.MethodPut, discountLinePath(quote), `{"isPercentage":false,"value":1}`},
		{http.MethodDelete, discountLinePath(quote), ""},
	} {
		r, b := rawRequest(t, c.method, c.path, other.Token, "application/json", c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	// A tax rate of another tenant is unknown here.
	r, b = rawRequest(t, http.MethodPost, taxLinesPath(quote), te.Token, "application/json", fmt.Sprintf(`{"taxRateId":%q}`, otherRate))
	mustProblem(t, r, b, http.StatusNotFound)
	// Nothing the other tenant sent changed the lines.
	if got := getFeeLine(t, te, quote, fee); got.Name != "Freight" {
		t.Fatalf("fee line changed: %s", mustJSON(t, got))
	}
}

// TestQuoteLineWritesOnADeletedQuoteAreNotFound: a deleted quote takes no line write, while
// its lines stay readable.
func TestQuoteLineWritesOnADeletedQuoteAreNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	fee := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("1")})
	tax := createTaxLine(t, te, quote, state)
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Value: num("1")})
	deleteQuote(t, te, quote)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, feeLinesPath(quote), `{"name":"X","amount":1}`},
		{http.MethodPut, feeLinePath(quote, fee), `{"name":"X","amount":1}`},
		{http.MethodDelete, feeLinePath(quote, fee), ""},
		{http.MethodPost, taxLinesPath(quote), fmt.Sprintf(`{"taxRateId":%q}`, county)},
		{http.MethodPut, taxLinePath(quote, tax), fmt.Sprintf(`{"taxRateId":%q}`, county)},
		{http.MethodDelete, taxLinePath(quote, tax), ""},
		{http.MethodPut, discountLinePath(quote), `{"isPercentage":false,"value":2}`},
		{http.MethodPut, "/api/quote/" + quote + "/discount-line-item", `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, discountLinePath(quote), ""},
	} {
		r, b := rawRequest(t, c.method, c.path, te.Token, "application/json", c.body)
		mustProblem(t, r, b, http.StatusNotFound)
	}
	for _, path := range []string{feeLinePath(quote, fee), taxLinePath(quote, tax), discountLinePath(quote)} {
		r, b := rawRequest(t, http.MethodGet, path, te.Token, "", "")
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
	for _, path := range []string{feeLinesPath(quote) + "/list", taxLinesPath(quote) + "/list"} {
		r, b := rawRequest(t, http.MethodPost, path, te.Token, "application/json", `{}`)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		if !strings.Contains(string(b), quote) {
			t.Errorf("%s: a deleted quote's lines are listed: %s", path, b)
		}
	}
	r, b := rawRequest(t, http.MethodPost, feeLinesPath(unknownQuoteID)+"/list", te.Token, "application/json", `{}`)
	mustProblem(t, r, b, http.StatusNotFound)
}

func TestQuoteLinePermissionsAreViewQuoteAndEditQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	fee := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("1")})
	tax := createTaxLine(t, te, quote, state)
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{Value: num("1")})
	viewer, editor, none := te.userToken(t, "View Quote"), te.userToken(t, "Edit Quote"), te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, feeLinePath(quote, fee), ""},
		{http.MethodPost, feeLinesPath(quote) + "/list", "{}"},
		{http.MethodGet, taxLinePath(quote, tax), ""},
		{http.MethodPost, taxLinesPath(quote) + "/list", "{}"},
		{http.MethodGet, discountLinePath(quote), ""},
		{http.MethodPost, "/api/reporting/quote/list", "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, feeLinesPath(quote), `{"name":"X","amount":1}`},
		{http.MethodPut, feeLinePath(quote, fee), `{"name":"X","amount":1}`},
		{http.MethodPost, taxLinesPath(quote), fmt.Sprintf(`{"taxRateId":%q}`, county)},
		{http.MethodPut, taxLinePath(quote, tax), fmt.Sprintf(`{"taxRateId":%q}`, state)},
		{http.MethodPut, discountLinePath(quote), `{"isPercentage":false,"value":2}`},
		{http.MethodPut, "/api/quote/" + quote + "/discount-line-item", `{"isPercentage":false,"value":2}`},
		{http.MethodDelete, feeLinePath(quote, fee), ""},
		{http.MethodDelete, taxLinePath(quote, tax), ""},
		{http.MethodDelete, discountLinePath(quote), ""},
	}
	for _, c := range reads {
		r, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		r, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, r, b, http.StatusForbidden)
	}
	for _, c := range writes {
		r, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, r, b, http.StatusForbidden)
		r, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
}

// TestQuoteLineETagsFollowTheQuoteAmountsTheyShow: a tax line shows the quote's taxable
// base and a discount line the quote's discount total, so their ETags move when another line
// changes those, though their own rows did not change.
func TestQuoteLineETagsFollowTheQuoteAmountsTheyShow(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quote := quoteForLines(t, te, "")
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("100"), IsTaxable: ptr(true)})
	tax := createTaxLine(t, te, quote, state)
	setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("10")})
	etag := func(path string) string {
		t.Helper()
		r, b := sendRequest(t, http.MethodGet, srv.URL+path, bearer(te.Token), nil)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		return r.Header.Get("ETag")
	}
	taxTag, discountTag := etag(taxLinePath(quote, tax)), etag(discountLinePath(quote))
	if taxTag == "" || discountTag == "" {
		t.Fatalf("no ETag: tax %q, discount %q", taxTag, discountTag)
	}
	createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Tooling", Amount: num("50"), IsTaxable: ptr(true)})
	for path, old := range map[string]string{taxLinePath(quote, tax): taxTag, discountLinePath(quote): discountTag} {
		r, b := sendRequest(t, http.MethodGet, srv.URL+path, mergeHeaders(bearer(te.Token), http.Header{"If-None-Match": {old}}), nil)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		if r.Header.Get("ETag") == old {
			t.Errorf("%s: ETag %s stayed while the quote's amounts it shows changed", path, old)
		}
	}
	mustDec(t, "tax on the new base", getTaxLine(t, te, quote, tax).Amount, "8.10") // 6 % of 135
}

// arrangeQuoteDocumentLines: quotes, each with fee lines, tax lines and a discount line, and
// the quote report over them (statement counts).
func arrangeQuoteDocumentLines(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ quotes, fees, taxes []string }
	build := func(te *tenantEnv, size worldSize) built {
		customer := createCustomer(t, te, client.CustomerWrite{Name: "Statements"})
		rates := make([]string, manySubs)
		for k := range rates {
			rates[k] = createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Tax %02d", k), Rate: num("5")})
		}
		var b built
		b.quotes = arrangeEach(size, func(i, subs int) string {
			quote := createQuoteFor(t, te, customer)
			for k := range subs {
				fee := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: fmt.Sprintf("Fee %d", k), Amount: num("10"), IsTaxable: ptr(true), TaxRateId: &rates[k]})
				tax := createTaxLine(t, te, quote, rates[k])
				if i == 0 {
					b.fees, b.taxes = append(b.fees, fee), append(b.taxes, tax)
				}
			}
			setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
			return quote
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	sq, lq := s.quotes[0], l.quotes[0]
	return []readCase{
		listRead("listQuoteFeeLineItems", feeLinesPath(sq)+"/list", feeLinesPath(lq)+"/list", `{}`),
		getRead("getQuoteFeeLineItem", feeLinePath(sq, s.fees[0]), feeLinePath(lq, l.fees[0])),
		listRead("listQuoteTaxLineItems", taxLinesPath(sq)+"/list", taxLinesPath(lq)+"/list", `{}`),
		getRead("getQuoteTaxLineItem", taxLinePath(sq, s.taxes[0]), taxLinePath(lq, l.taxes[0])),
		getRead("getQuoteDiscountLineItem", discountLinePath(sq), discountLinePath(lq)),
		// The PDF prints every fee and tax line: 22 of each cost what one does.
		getRead("getQuotePdf", quotePdfPath(sq), quotePdfPath(lq)),
		listRead("listQuoteReport", quoteReportPath, quoteReportPath, `{}`),
	}
}
