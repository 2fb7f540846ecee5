package tests

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

	"mos/gen/client"
)

func listCustomerTiers(t *testing.T, api *client.ClientWithResponses, params *client.ListCustomerTiersParams, f client.CustomerTierFilter) []client.CustomerTier {
	t.Helper()
	res, err := api.ListCustomerTiersWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func tierNames(tiers []client.CustomerTier) string {
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = t.Name
	}
	return strings.Join(names, ",")
}

func TestCustomerTierCreateTrimsNameAndReadsBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	id := createCustomerTier(t, te, "  Gold  ", ptr("Volume customers"))
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	got, err := te.API.GetCustomerTierWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	if tier := got.JSON200; tier.Id != id || tier.Name != "Gold" || tier.Description == nil || *tier.Description != "Volume customers" {
		t.Fatalf("stored tier %+v", tier)
	}

	// A tier without a description reads description: null (present, not omitted).
	plain := createCustomerTier(t, te, "Silver", nil)
	res, body := rawRequest(t, http.MethodGet, "/api/customer-tiers/"+plain, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"description":null`) {
		t.Fatalf("description of a tier without one is not null: %s", body)
	}
}

func TestCustomerTierGetUnknownIdIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, err := te.API.GetCustomerTierWithResponse(context.Background(), "000000000000000000000000", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

func TestCustomerTierNameUniquePerTenantUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	var wg sync.WaitGroup
	type outcome struct {
		status int
		named  bool
	}
	outcomes := make(chan outcome, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := te.API.CreateCustomerTierWithResponse(context.Background(), nil, client.CustomerTierWrite{Name: "Gold"})
			if err != nil {
				t.Error(err)
				return
			}
			o := outcome{status: res.StatusCode()}
			if p := res.ApplicationproblemJSON400; p != nil && p.Errors != nil {
				o.named = len((*p.Errors)["name"]) > 0
			}
			outcomes <- o
		}()
	}
	wg.Wait()
	close(outcomes)
	created, refused := 0, 0
	for o := range outcomes {
		switch {
		case o.status == http.StatusOK:
			created++
		case o.status == http.StatusBadRequest && o.named:
			refused++
		default:
			t.Errorf("unexpected outcome %+v (want 200, or 400 naming name)", o)
		}
	}
	if created != 1 || refused != n-1 {
		t.Fatalf("%d created and %d refused; want exactly one created", created, refused)
	}
}

func TestCustomerTierNameUniqueCaseInsensitivelyAfterTrimming(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomerTier(t, te, "Gold", nil)
	for _, dup := range []string{"GOLD", "gold", "  Gold ", "\tgOLD"} {
		res, err := te.API.CreateCustomerTierWithResponse(context.Background(), nil, client.CustomerTierWrite{Name: dup})
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
		if p := res.ApplicationproblemJSON400; p == nil || p.Errors == nil || len((*p.Errors)["name"]) == 0 {
			t.Fatalf("duplicate %q: problem does not name the field: %s", dup, res.Body)
		}
	}
	// Another tenant may use the same name.
	createCustomerTier(t, newTenant(t), "Gold", nil)
}

func TestCustomerTierCreateValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct {
		name, body, field string
	}{
		{"missing name", `{}`, "name"},
		{"empty name", `{"name":""}`, "name"},
		{"blank name after trimming", `{"name":"   "}`, "name"},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `"}`, "name"},
		{"name not a string", `{"name":5}`, "name"},
		{"empty description", `{"name":"A","description":""}`, "description"},
		{"description over 200", `{"name":"A","description":"` + strings.Repeat("d", 201) + `"}`, "description"},
		{"description not a string", `{"name":"A","description":7}`, "description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/customer-tiers", te.Token, "application/json", c.body)
			mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
			if !strings.Contains(string(body), `"`+c.field+`"`) {
				t.Fatalf("problem does not name %s: %s", c.field, body)
			}
		})
	}
	// Boundaries that are accepted: 200 characters (counted in characters, not bytes) and
	// an explicit null description.
	for i, body := range []string{
		`{"name":"` + strings.Repeat("x", 200) + `","description":"` + strings.Repeat("é", 200) + `"}`,
		`{"name":"` + strings.Repeat("ü", 200) + `"}`,
		`{"name":"N","description":null}`,
	} {
		res, b := rawRequest(t, http.MethodPost, "/api/customer-tiers", te.Token, "application/json", body)
		if res.StatusCode != http.StatusOK {
			t.Errorf("accepted case %d: status %d: %s", i, res.StatusCode, b)
		}
	}
}

func TestCustomerTierListFiltersByNameSubstringAndIds(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	gold := createCustomerTier(t, te, "Gold", nil)
	rose := createCustomerTier(t, te, "Rose Gold", nil)
	silver := createCustomerTier(t, te, "Silver", nil)
	createCustomerTier(t, te, "50% off", nil)
	createCustomerTier(t, te, "500 club", nil)

	cases := []struct {
		name   string
		filter client.CustomerTierFilter
		want   string
	}{
		{"no filter", client.CustomerTierFilter{}, "50% off,500 club,Gold,Rose Gold,Silver"},
		{"name substring case-insensitive", client.CustomerTierFilter{Name: ptr("GOL")}, "Gold,Rose Gold"},
		{"name wildcard matches literally", client.CustomerTierFilter{Name: ptr("50%")}, "50% off"},
		{"underscore matches literally", client.CustomerTierFilter{Name: ptr("_")}, ""},
		{"ids", client.CustomerTierFilter{Ids: &[]string{silver, gold}}, "Gold,Silver"},
		{"unknown id", client.CustomerTierFilter{Ids: &[]string{"ffffffffffffffffffffffff"}}, ""},
		{"name and ids together", client.CustomerTierFilter{Name: ptr("gold"), Ids: &[]string{rose, silver}}, "Rose Gold"},
	}
	for _, c := range cases {
		if got := tierNames(listCustomerTiers(t, te.API, nil, c.filter)); got != c.want {
			t.Errorf("%s: got [%s], want [%s]", c.name, got, c.want)
		}
	}
}

func TestCustomerTierListFilterValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf(`"%024d"`, i)
	}
	cases := []struct {
		name, body, field string
	}{
		{"more than 500 ids", `{"ids":[` + strings.Join(many, ",") + `]}`, "ids"},
		{"empty ids", `{"ids":[]}`, "ids"},
		{"empty name", `{"name":""}`, "name"},
	}
	for _, c := range cases {
		res, body := rawRequest(t, http.MethodPost, "/api/customer-tiers/list", te.Token, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
		if !strings.Contains(string(body), `"`+c.field+`"`) {
			t.Errorf("%s: problem does not name %s: %s", c.name, c.field, body)
		}
	}
	// Exactly 500 ids is accepted.
	res, body := rawRequest(t, http.MethodPost, "/api/customer-tiers/list", te.Token, "application/json", `{"ids":[`+strings.Join(many[:500], ",")+`]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

func TestCustomerTierListSortsByNameThenIdAndBySortableFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// Created out of order; descriptions tie so that sorting by description shows the id tie-break.
	c := createCustomerTier(t, te, "charlie", ptr("same"))
	a := createCustomerTier(t, te, "Alpha", ptr("same"))
	b := createCustomerTier(t, te, "bravo", ptr("first"))

	sortBy := func(field string, dir client.SortDirection) *client.ListCustomerTiersParams {
		p := &client.ListCustomerTiersParams{}
		if field != "" {
			p.SortField = ptr(field)
		}
		if dir != "" {
			p.SortDir = ptr(dir)
		}
		return p
	}
	ids := func(tiers []client.CustomerTier) string {
		out := make([]string, len(tiers))
		for i, t := range tiers {
			out[i] = t.Id
		}
		return strings.Join(out, ",")
	}
	join := func(s ...string) string { return strings.Join(s, ",") }
	// Ids are time-ordered but the test does not rely on it: lo and hi are a and c by id.
	lo, hi := a, c
	if hi < lo {
		lo, hi = hi, lo
	}
	byID := []string{a, b, c}
	sort.Strings(byID)
	cases := []struct {
		name   string
		params *client.ListCustomerTiersParams
		want   string
	}{
		{"default: name, case-insensitive", nil, join(a, b, c)},
		{"Sort.Dir alone reverses the default", sortBy("", client.SortDirectionDescending), join(c, b, a)},
		{"name", sortBy("Name", ""), join(a, b, c)},
		{"description then id", sortBy("description", ""), join(b, lo, hi)},
		{"description descending then id descending", sortBy("description", client.SortDirectionDescending), join(hi, lo, b)},
		{"id", sortBy("id", ""), join(byID...)},
		{"skip and take", &client.ListCustomerTiersParams{Skip: ptr[int32](1), Take: ptr[int32](1)}, b},
	}
	for _, tc := range cases {
		if got := ids(listCustomerTiers(t, te.API, tc.params, client.CustomerTierFilter{})); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}

	res, err := te.API.ListCustomerTiersWithResponse(context.Background(), sortBy("style", ""), client.CustomerTierFilter{})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
	if !strings.Contains(string(res.Body), "Sort.Field") || !strings.Contains(string(res.Body), "style") {
		t.Fatalf("unknown sort field problem does not name it: %s", res.Body)
	}
}
