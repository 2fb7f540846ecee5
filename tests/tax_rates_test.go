package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
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

func TestTaxRateNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil, 7} {
		for _, r := range writeTaxRateBoth(t, te, id, taxRateBody(t, client.TaxRateWrite{Rate: num("5")}, map[string]any{"name": name})) {
			mustProblemNaming(t, r.res, r.body, "name")
		}
	}
	long := strings.Repeat("é", 200)
	if got := getTaxRate(t, te, createTaxRate(t, te, client.TaxRateWrite{Name: long, Rate: num("5")})); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
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

func TestTaxRateDescriptionAtMost200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	for _, r := range writeTaxRateBoth(t, te, id, taxRateBody(t, client.TaxRateWrite{Name: "Other", Rate: num("1")}, map[string]any{"description": strings.Repeat("d", 201)})) {
		mustProblemNaming(t, r.res, r.body, "description")
	}
	long := strings.Repeat("d", 200)
	if got := updateTaxRate(t, te, id, client.TaxRateWrite{Name: "State", Rate: num("5"), Description: &long}); got.Description == nil || *got.Description != long {
		t.Fatalf("description of 200 characters not stored")
	}
}

func TestTaxRateNameUniqueAmongNonArchivedCaseInsensitively(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	second := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
	res, b := rawRequest(t, http.MethodPost, taxRatesPath, te.Token, "application/json", `{"name":"  sTATE ","rate":2}`)
	mustProblemNaming(t, res, b, "name")
	res, b = rawRequest(t, http.MethodPut, taxRatePath(second), te.Token, "application/json", `{"name":"STATE","rate":2}`)
	mustProblemNaming(t, res, b, "name")
	// Updating a tax rate under its own name (in another case) is no clash.
	if got := updateTaxRate(t, te, first, client.TaxRateWrite{Name: "state", Rate: num("5")}); got.Name != "state" {
		t.Fatalf("renamed to %q", got.Name)
	}
	// Another tenant's names are its own.
	createTaxRate(t, other, client.TaxRateWrite{Name: "State", Rate: num("5")})
	// Archiving frees the name; restoring the archived one then clashes.
	updateTaxRate(t, te, first, client.TaxRateWrite{Name: "state", Rate: num("5"), IsArchived: ptr(true)})
	third := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	res, b = rawRequest(t, http.MethodPut, taxRatePath(first), te.Token, "application/json", `{"name":"state","rate":5,"isArchived":false}`)
	mustProblemNaming(t, res, b, "name")
	// Two archived tax rates may share a name.
	if got := updateTaxRate(t, te, third, client.TaxRateWrite{Name: "State", Rate: num("6"), IsArchived: ptr(true)}); !got.IsArchived {
		t.Fatalf("not archived: %s", mustJSON(t, got))
	}
}

func TestTaxRateNameUniqueUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.CreateTaxRateWithResponse(context.Background(), nil, client.TaxRateWrite{Name: fmt.Sprintf("VAT%s", strings.Repeat(" ", i%2)), Rate: num("20")})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != n-1 {
		t.Fatalf("statuses %v, want one 200 and %d 400", counts, n-1)
	}
	if got := listTaxRates(t, te, nil, client.TaxRateFilter{}); len(got) != 1 {
		t.Fatalf("stored %s", mustJSON(t, got))
	}
}

func TestTaxRateNameUniqueUnderConcurrentRenames(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ids := []string{
		createTaxRate(t, te, client.TaxRateWrite{Name: "A", Rate: num("1")}),
		createTaxRate(t, te, client.TaxRateWrite{Name: "B", Rate: num("2")}),
	}
	counts := atOnce(t, 2, func(i int) (int, error) {
		res, err := te.API.UpdateTaxRateWithResponse(context.Background(), ids[i], nil, client.TaxRateWrite{Name: "GST", Rate: num("5")})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("statuses %v, want one 200 and one 400", counts)
	}
}

func TestTaxRateUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5"), Description: ptr("x"), IsArchived: ptr(true)})
	got := updateTaxRate(t, te, id, client.TaxRateWrite{Name: "State again", Rate: num("5.5")})
	if got.Name != "State again" || got.Description != nil || got.IsArchived {
		t.Fatalf("full update kept members: %s", mustJSON(t, got))
	}
	mustRate(t, "rate", got.Rate, "5.5")
	if again := getTaxRate(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
	res, b := rawRequest(t, http.MethodPut, taxRatePath(unknownTaxRateID), te.Token, "application/json", `{"name":"X","rate":1}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, taxRatePath(unknownTaxRateID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestTaxRateListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "county", Rate: num("1.5")})
	city := createTaxRate(t, te, client.TaxRateWrite{Name: "City", Rate: num("2")})
	old := createTaxRate(t, te, client.TaxRateWrite{Name: "Abolished", Rate: num("3"), IsArchived: ptr(true)})

	if got := taxRateNames(listTaxRates(t, te, nil, client.TaxRateFilter{})); !slices.Equal(got, []string{"Abolished", "City", "county", "State"}) {
		t.Fatalf("default list %v, want every tax rate by name (case-insensitive)", got)
	}
	if got := taxRateNames(listTaxRates(t, te, nil, client.TaxRateFilter{IsArchived: ptr(false)})); !slices.Equal(got, []string{"City", "county", "State"}) {
		t.Fatalf("isArchived false %v", got)
	}
	if got := taxRateNames(listTaxRates(t, te, nil, client.TaxRateFilter{IsArchived: ptr(true)})); !slices.Equal(got, []string{"Abolished"}) {
		t.Fatalf("isArchived true %v", got)
	}
	if got := taxRateNames(listTaxRates(t, te, nil, client.TaxRateFilter{Name: ptr("TAT")})); !slices.Equal(got, []string{"State"}) {
		t.Fatalf("name filter %v", got)
	}
	if got := taxRateNames(listTaxRates(t, te, nil, client.TaxRateFilter{Ids: &[]string{city, old, county}, IsArchived: ptr(false)})); !slices.Equal(got, []string{"City", "county"}) {
		t.Fatalf("ids filter %v", got)
	}
	desc := client.SortDirectionDescending
	got := listTaxRates(t, te, &client.ListTaxRatesParams{SortField: ptr("rate"), SortDir: &desc}, client.TaxRateFilter{IsArchived: ptr(false)})
	if names := taxRateNames(got); !slices.Equal(names, []string{"State", "City", "county"}) || got[0].Id != state {
		t.Fatalf("by rate descending %v", names)
	}
	got = listTaxRates(t, te, &client.ListTaxRatesParams{Skip: ptr(client.Skip(1)), Take: ptr(client.Take(2))}, client.TaxRateFilter{})
	if names := taxRateNames(got); !slices.Equal(names, []string{"City", "county"}) {
		t.Fatalf("skip 1 take 2 %v", names)
	}
	res, b := rawRequest(t, http.MethodPost, taxRatesListPath+"?Sort.Field=description", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestTaxRatePermissionsAreViewCustomerAndEditCustomer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("5")})
	viewer, editor := te.userToken(t, "View Customer"), te.userToken(t, "Edit Customer")
	none := te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, taxRatePath(id), ""},
		{http.MethodPost, taxRatesListPath, "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, taxRatesPath, `{"name":"County","rate":1}`},
		{http.MethodPut, taxRatePath(id), `{"name":"State","rate":5}`},
	}
	for _, c := range reads {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range writes {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}
