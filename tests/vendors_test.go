package tests

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"mos/gen/client"
	"mos/internal/tenancy"
)

func listVendorNames(t *testing.T, api *client.ClientWithResponses, params *client.ListVendorsParams, f client.VendorFilter) []string {
	t.Helper()
	res, err := api.ListVendorsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	out := make([]string, len(*res.JSON200))
	for i, v := range *res.JSON200 {
		out[i] = v.Name
	}
	return out
}

func TestVendorCreateTrimsDefaultsCurrencyAndReadsBack(t *testing.T) {
	t.Parallel()
	te := newTenantWith(t, tenancy.NewTenant{CurrencyCode: "EUR"})
	ctx := context.Background()
	id := createVendor(t, te, "  Acme Steel  ")
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	if got, want := pvCore(getVendor(t, te.API, id)), (client.Vendor{Id: id, Name: "Acme Steel", CurrencyCode: "EUR"}); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %+v, want %+v (the tenant's currency by default)", got, want)
	}
	res, err := te.API.CreateVendorWithResponse(ctx, nil, client.VendorWrite{Name: "Globex", CurrencyCode: ptr("GBP")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if got := getVendor(t, te.API, res.JSON200.Id); got.CurrencyCode != "GBP" {
		t.Fatalf("currency %q, want GBP as given", got.CurrencyCode)
	}
	// An explicit null takes the tenant's currency too.
	res2, body := rawRequest(t, http.MethodPost, "/api/vendors", te.Token, "application/json", `{"name":"Initech","currencyCode":null}`)
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	if names := listVendorNames(t, te.API, nil, client.VendorFilter{Name: ptr("Initech")}); len(names) != 1 {
		t.Fatalf("listed %v", names)
	}
	res3, body := rawRequest(t, http.MethodGet, "/api/vendors/"+strings.Repeat("0", 24), te.Token, "", "")
	mustProblem(t, res3, body, http.StatusNotFound)
}

func TestVendorUpdateReplacesMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t) // USD
	ctx := context.Background()
	id := createVendor(t, te, "Acme")
	res, err := te.API.UpdateVendorWithResponse(ctx, id, nil, client.VendorWrite{Name: " Acme Metals ", CurrencyCode: ptr("CAD")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	want := client.Vendor{Id: id, Name: "Acme Metals", CurrencyCode: "CAD"}
	if !reflect.DeepEqual(pvCore(*res.JSON200), want) || !reflect.DeepEqual(pvCore(getVendor(t, te.API, id)), want) {
		t.Fatalf("update answered %+v, stored %+v, want %+v", *res.JSON200, getVendor(t, te.API, id), want)
	}
	// A full update without currencyCode takes the tenant's currency again.
	res, err = te.API.UpdateVendorWithResponse(ctx, id, nil, client.VendorWrite{Name: "Acme Metals"})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200.CurrencyCode != "USD" {
		t.Fatalf("currency %q after an update without one, want USD", res.JSON200.CurrencyCode)
	}
	// Renaming to its own name in another case is not a collision; to another vendor's is.
	other := createVendor(t, te, "Globex")
	res2, body := rawRequest(t, http.MethodPut, "/api/vendors/"+id, te.Token, "application/json", `{"name":"ACME METALS"}`)
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	res3, body := rawRequest(t, http.MethodPut, "/api/vendors/"+other, te.Token, "application/json", `{"name":"acme metals"}`)
	mustNameField(t, mustProblem(t, res3, body, http.StatusBadRequest), "name")
	res4, body := rawRequest(t, http.MethodPut, "/api/vendors/"+strings.Repeat("0", 24), te.Token, "application/json", `{"name":"Nobody"}`)
	mustProblem(t, res4, body, http.StatusNotFound)
}

func TestVendorWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createVendor(t, te, "Existing")
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body, field string }{
		{"missing name", `{}`, "name"},
		{"empty name", `{"name":""}`, "name"},
		{"blank name", `{"name":"   "}`, "name"},
		{"name over 200", `{"name":"` + long + `"}`, "name"},
		{"name not a string", `{"name":5}`, "name"},
		{"lowercase currency", `{"name":"A","currencyCode":"usd"}`, "currencyCode"},
		{"two-letter currency", `{"name":"A","currencyCode":"US"}`, "currencyCode"},
		{"blank currency", `{"name":"A","currencyCode":""}`, "currencyCode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/vendors", te.Token, "application/json", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
			res, body = rawRequest(t, http.MethodPut, "/api/vendors/"+id, te.Token, "application/json", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
		})
	}
	if got := listVendorNames(t, te.API, nil, client.VendorFilter{}); !reflect.DeepEqual(got, []string{"Existing"}) {
		t.Fatalf("refused writes changed the vendors: %v", got)
	}
	// The bound itself is accepted, counted in characters.
	createVendor(t, te, strings.Repeat("é", 200))
}

func TestVendorNameUniqueAmongLiveVendorsCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createVendor(t, te, "Acme Steel")
	for _, name := range []string{"Acme Steel", "ACME STEEL", "  acme steel "} {
		res, body := rawRequest(t, http.MethodPost, "/api/vendors", te.Token, "application/json", fmt.Sprintf(`{"name":%q}`, name))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	}
	// Another tenant may use the name.
	createVendor(t, other, "Acme Steel")

	// Concurrent creates of one name: exactly one wins, the others are 400s naming name.
	var n atomic.Int32
	spellings := []string{"Globex", "GLOBEX", " globex ", "Globex  ", "gLoBeX", "GLOBEX"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateVendorWithResponse(context.Background(), nil, client.VendorWrite{Name: spellings[n.Add(1)-1]})
		if err != nil {
			return 0, err
		}
		if res.StatusCode() == http.StatusBadRequest && !strings.Contains(string(res.Body), `"name"`) {
			t.Errorf("400 does not name name: %s", res.Body)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != len(spellings)-1 {
		t.Fatalf("concurrent creates answered %v, want one 200 and %d 400s", counts, len(spellings)-1)
	}
	if got := listVendorNames(t, te.API, nil, client.VendorFilter{Name: ptr("globex")}); len(got) != 1 {
		t.Fatalf("stored %v, want one", got)
	}

	// Concurrent renames of different vendors to one name: exactly one wins.
	renamed := make([]string, 4)
	for i := range renamed {
		renamed[i] = createVendor(t, te, fmt.Sprintf("Vendor %d", i))
	}
	var m atomic.Int32
	counts = concurrently(t, len(renamed), func() (int, error) {
		res, err := te.API.UpdateVendorWithResponse(context.Background(), renamed[m.Add(1)-1], nil, client.VendorWrite{Name: "Initech"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != len(renamed)-1 {
		t.Fatalf("concurrent renames answered %v, want one 200 and %d 400s", counts, len(renamed)-1)
	}
}

func TestVendorListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	acme := createVendor(t, te, "Acme")
	globex := createVendor(t, te, "globex")
	initech := createVendor(t, te, "Initech")
	for id, currency := range map[string]string{globex: "EUR", initech: "CAD"} {
		res, err := te.API.UpdateVendorWithResponse(context.Background(), id, nil, client.VendorWrite{Name: getVendor(t, te.API, id).Name, CurrencyCode: ptr(currency)})
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	}

	cases := []struct {
		name   string
		params *client.ListVendorsParams
		filter client.VendorFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.VendorFilter{}, []string{"Acme", "globex", "Initech"}},
		{"descending default", &client.ListVendorsParams{SortDir: ptr(client.SortDirectionDescending)}, client.VendorFilter{}, []string{"Initech", "globex", "Acme"}},
		{"by currencyCode", &client.ListVendorsParams{SortField: ptr("CurrencyCode")}, client.VendorFilter{}, []string{"Initech", "globex", "Acme"}},
		{"name contains, case-insensitive", nil, client.VendorFilter{Name: ptr("E")}, []string{"Acme", "globex", "Initech"}},
		{"name contains", nil, client.VendorFilter{Name: ptr("tech")}, []string{"Initech"}},
		{"ids", nil, client.VendorFilter{Ids: &[]string{initech, acme}}, []string{"Acme", "Initech"}},
		{"name and ids", nil, client.VendorFilter{Name: ptr("x"), Ids: &[]string{initech, globex}}, []string{"globex"}},
		{"paged", &client.ListVendorsParams{Skip: ptr[int32](1), Take: ptr[int32](1)}, client.VendorFilter{}, []string{"globex"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := listVendorNames(t, te.API, c.params, c.filter); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, field := range []string{"deleted", "colour"} {
		res, body := rawRequest(t, http.MethodPost, "/api/vendors/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Field")
	}
	tooMany := `{"ids":[` + strings.TrimSuffix(strings.Repeat(`"`+acme+`",`, 501), ",") + `]}`
	res2, body := rawRequest(t, http.MethodPost, "/api/vendors/list", te.Token, "application/json", tooMany)
	mustProblem(t, res2, body, http.StatusBadRequest)
}
