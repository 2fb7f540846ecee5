package tests

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
)

const (
	taxRatesPath     = "/api/tax-rates"
	taxRatesListPath = "/api/tax-rates/list"
	unknownTaxRateID = "ffffffffffffffffffffff0a"
)

func taxRatePath(id string) string { return "/api/tax-rates/" + id }

func createTaxRate(t *testing.T, te *tenantEnv, w client.TaxRateWrite) string {
	t.Helper()
	res, err := te.API.CreateTaxRateWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getTaxRate(t *testing.T, te *tenantEnv, id string) client.TaxRate {
	t.Helper()
	res, err := te.API.GetTaxRateWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateTaxRate(t *testing.T, te *tenantEnv, id string, w client.TaxRateWrite) client.TaxRate {
	t.Helper()
	res, err := te.API.UpdateTaxRateWithResponse(context.Background(), id, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listTaxRates(t *testing.T, te *tenantEnv, params *client.ListTaxRatesParams, f client.TaxRateFilter) []client.TaxRate {
	t.Helper()
	res, err := te.API.ListTaxRatesWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func taxRateNames(list []client.TaxRate) []string {
	out := make([]string, len(list))
	for i, r := range list {
		out[i] = r.Name
	}
	return out
}

// taxRateBody is a write body as JSON with the members of edit replaced (nil removes one),
// for requests the typed client cannot make.
func taxRateBody(t *testing.T, w client.TaxRateWrite, edit map[string]any) string {
	t.Helper()
	return editedBody(t, w, edit)
}

// writeTaxRateBoth sends body as a create and as a full update of id.
func writeTaxRateBoth(t *testing.T, te *tenantEnv, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, taxRatesPath, http.MethodPut, taxRatePath(id), body)
}

func TestTaxRateCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "  State tax  ", Rate: num("6.25"), Description: ptr("  State sales tax  ")})
	got := getTaxRate(t, te, id)
	if got.Id != id || got.Name != "State tax" || got.Description == nil || *got.Description != "State sales tax" || got.IsArchived {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	mustRate(t, "rate", got.Rate, "6.25")
	if got.CreatedUtc.IsZero() || got.ModifiedUtc.Before(got.CreatedUtc) {
		t.Fatalf("times: %s", mustJSON(t, got))
	}
	// Omitted and blank descriptions are none; isArchived defaults to false.
	got = getTaxRate(t, te, createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1"), Description: ptr("  ")}))
	if got.Description != nil || got.IsArchived {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
}

func TestTaxRateRateRequiredFromZeroToHundredInclusive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	for _, rate := range []any{-1, json.Number("-0.0001"), json.Number("100.0001"), 101, "5", nil} {
		for _, r := range writeTaxRateBoth(t, te, id, taxRateBody(t, client.TaxRateWrite{Name: "Other", Rate: num("1")}, map[string]any{"rate": rate})) {
			mustProblemNaming(t, r.res, r.body, "rate")
		}
	}
	for _, rate := range []string{"0", "100", "7.125", "0.00000000000000000001", "99.99999999999999999999"} {
		res, b := rawRequest(t, http.MethodPut, taxRatePath(id), te.Token, "application/json", `{"name":"State","rate":`+rate+`}`)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if got := rawRate(t, b); got != rate {
			t.Fatalf("rate %s answered as %s", rate, got)
		}
		res, b = rawRequest(t, http.MethodGet, taxRatePath(id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if got := rawRate(t, b); got != rate {
			t.Fatalf("rate %s read back as %s", rate, got)
		}
	}
}

// rawRate is the rate of a tax rate's answer exactly as written on the wire.
func rawRate(t *testing.T, body []byte) string {
	t.Helper()
	var m struct{ Rate json.RawMessage }
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return string(m.Rate)
}

// taxRateLookup is tax rates for the rules every named lookup shares.
var taxRateLookup = lookupResource{path: taxRatesPath, required: map[string]any{"rate": 5}, view: "View Customer", edit: "Edit Customer"}

func TestTaxRateSharedLookupRules(t *testing.T) {
	t.Parallel()
	lookupSharedRules(t, taxRateLookup, unknownTaxRateID)
}

func TestTaxRateUpdateReplacesTheRate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	got := updateTaxRate(t, te, id, client.TaxRateWrite{Name: "State again", Rate: num("5.5")})
	mustRate(t, "rate", got.Rate, "5.5")
	if again := getTaxRate(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
}

func TestTaxRateListSortsByRate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	createTaxRate(t, te, client.TaxRateWrite{Name: "county", Rate: num("1.5")})
	createTaxRate(t, te, client.TaxRateWrite{Name: "City", Rate: num("2")})
	createTaxRate(t, te, client.TaxRateWrite{Name: "Abolished", Rate: num("3"), IsArchived: ptr(true)})
	desc := client.SortDirectionDescending
	got := listTaxRates(t, te, &client.ListTaxRatesParams{SortField: ptr("rate"), SortDir: &desc}, client.TaxRateFilter{IsArchived: ptr(false)})
	if names := taxRateNames(got); !slices.Equal(names, []string{"State", "City", "county"}) || got[0].Id != state {
		t.Fatalf("by rate descending %v", names)
	}
}
