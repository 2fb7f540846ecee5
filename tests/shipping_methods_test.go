package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

const (
	shippingMethodsPath     = "/api/shipping-methods"
	shippingMethodsListPath = "/api/shipping-methods/list"
	unknownShippingMethodID = "ffffffffffffffffffffff0b"
)

func shippingMethodPath(id string) string { return "/api/shipping-methods/" + id }

func createShippingMethod(t *testing.T, te *tenantEnv, w client.ShippingMethodWrite) string {
	t.Helper()
	res, err := te.API.CreateShippingMethodWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getShippingMethod(t *testing.T, te *tenantEnv, id string) client.ShippingMethod {
	t.Helper()
	res, err := te.API.GetShippingMethodWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateShippingMethod(t *testing.T, te *tenantEnv, id string, w client.ShippingMethodWrite) client.ShippingMethod {
	t.Helper()
	res, err := te.API.UpdateShippingMethodWithResponse(context.Background(), id, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listShippingMethods(t *testing.T, te *tenantEnv, params *client.ListShippingMethodsParams, f client.ShippingMethodFilter) []client.ShippingMethod {
	t.Helper()
	res, err := te.API.ListShippingMethodsWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func shippingMethodNames(list []client.ShippingMethod) []string {
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Name
	}
	return out
}

// writeShippingMethodBoth sends body as a create and as a full update of id.
func writeShippingMethodBoth(t *testing.T, te *tenantEnv, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, shippingMethodsPath, http.MethodPut, shippingMethodPath(id), body)
}

func TestShippingMethodCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "  UPS Ground  ", Carrier: ptr("  UPS "), Description: ptr("  1 to 5 days  ")})
	got := getShippingMethod(t, te, id)
	if got.Id != id || got.Name != "UPS Ground" || got.Carrier == nil || *got.Carrier != "UPS" ||
		got.Description == nil || *got.Description != "1 to 5 days" || got.IsArchived {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	if got.CreatedUtc.IsZero() || got.ModifiedUtc.Before(got.CreatedUtc) {
		t.Fatalf("times: %s", mustJSON(t, got))
	}
	// Omitted and blank carriers and descriptions are none; isArchived defaults to false.
	got = getShippingMethod(t, te, createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Customer pickup", Carrier: ptr(" "), Description: ptr("  ")}))
	if got.Carrier != nil || got.Description != nil || got.IsArchived {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
	got = getShippingMethod(t, te, createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Own truck"}))
	if got.Carrier != nil || got.Description != nil || got.IsArchived {
		t.Fatalf("omitted: %s", mustJSON(t, got))
	}
}

func TestShippingMethodNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil, 7} {
		for _, r := range writeShippingMethodBoth(t, te, id, editedBody(t, client.ShippingMethodWrite{}, map[string]any{"name": name})) {
			mustProblemNaming(t, r.res, r.body, "name")
		}
	}
	long := strings.Repeat("é", 200)
	if got := getShippingMethod(t, te, createShippingMethod(t, te, client.ShippingMethodWrite{Name: long})); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
	}
}

func TestShippingMethodCarrierAndDescriptionAtMost200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	for _, field := range []string{"carrier", "description"} {
		for _, r := range writeShippingMethodBoth(t, te, id, editedBody(t, client.ShippingMethodWrite{Name: "Other"}, map[string]any{field: strings.Repeat("d", 201)})) {
			mustProblemNaming(t, r.res, r.body, field)
		}
	}
	long := strings.Repeat("d", 200)
	got := updateShippingMethod(t, te, id, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: &long, Description: &long})
	if got.Carrier == nil || *got.Carrier != long || got.Description == nil || *got.Description != long {
		t.Fatalf("carrier and description of 200 characters not stored")
	}
}

func TestShippingMethodNameUniqueAmongNonArchivedCaseInsensitively(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	second := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Customer pickup"})
	res, b := rawRequest(t, http.MethodPost, shippingMethodsPath, te.Token, "application/json", `{"name":"  ups GROUND "}`)
	mustProblemNaming(t, res, b, "name")
	res, b = rawRequest(t, http.MethodPut, shippingMethodPath(second), te.Token, "application/json", `{"name":"UPS GROUND"}`)
	mustProblemNaming(t, res, b, "name")
	// Updating a shipping method under its own name (in another case) is no clash.
	if got := updateShippingMethod(t, te, first, client.ShippingMethodWrite{Name: "ups ground"}); got.Name != "ups ground" {
		t.Fatalf("renamed to %q", got.Name)
	}
	// Another tenant's names are its own.
	createShippingMethod(t, other, client.ShippingMethodWrite{Name: "UPS Ground"})
	// Archiving frees the name; restoring the archived one then clashes.
	updateShippingMethod(t, te, first, client.ShippingMethodWrite{Name: "ups ground", IsArchived: ptr(true)})
	third := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	res, b = rawRequest(t, http.MethodPut, shippingMethodPath(first), te.Token, "application/json", `{"name":"ups ground","isArchived":false}`)
	mustProblemNaming(t, res, b, "name")
	// Two archived shipping methods may share a name.
	if got := updateShippingMethod(t, te, third, client.ShippingMethodWrite{Name: "UPS Ground", IsArchived: ptr(true)}); !got.IsArchived {
		t.Fatalf("not archived: %s", mustJSON(t, got))
	}
}

func TestShippingMethodNameUniqueUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.CreateShippingMethodWithResponse(context.Background(), nil, client.ShippingMethodWrite{Name: fmt.Sprintf("Freight%s", strings.Repeat(" ", i%2))})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != n-1 {
		t.Fatalf("statuses %v, want one 200 and %d 400", counts, n-1)
	}
	if got := listShippingMethods(t, te, nil, client.ShippingMethodFilter{}); len(got) != 1 {
		t.Fatalf("stored %s", mustJSON(t, got))
	}
}

func TestShippingMethodUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS"), Description: ptr("x"), IsArchived: ptr(true)})
	got := updateShippingMethod(t, te, id, client.ShippingMethodWrite{Name: "Customer pickup"})
	if got.Name != "Customer pickup" || got.Carrier != nil || got.Description != nil || got.IsArchived {
		t.Fatalf("full update kept members: %s", mustJSON(t, got))
	}
	if again := getShippingMethod(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
	res, b := rawRequest(t, http.MethodPut, shippingMethodPath(unknownShippingMethodID), te.Token, "application/json", `{"name":"X"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, shippingMethodPath(unknownShippingMethodID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestShippingMethodListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ground := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS")})
	pickup := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "customer pickup"})
	freight := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "FedEx Freight", Carrier: ptr("FedEx")})
	old := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Air mail", Carrier: ptr("Post"), IsArchived: ptr(true)})

	if got := shippingMethodNames(listShippingMethods(t, te, nil, client.ShippingMethodFilter{})); !slices.Equal(got, []string{"Air mail", "customer pickup", "FedEx Freight", "UPS Ground"}) {
		t.Fatalf("default list %v, want every shipping method by name (case-insensitive)", got)
	}
	if got := shippingMethodNames(listShippingMethods(t, te, nil, client.ShippingMethodFilter{IsArchived: ptr(false)})); !slices.Equal(got, []string{"customer pickup", "FedEx Freight", "UPS Ground"}) {
		t.Fatalf("isArchived false %v", got)
	}
	if got := shippingMethodNames(listShippingMethods(t, te, nil, client.ShippingMethodFilter{IsArchived: ptr(true)})); !slices.Equal(got, []string{"Air mail"}) {
		t.Fatalf("isArchived true %v", got)
	}
	if got := shippingMethodNames(listShippingMethods(t, te, nil, client.ShippingMethodFilter{Name: ptr("GROU")})); !slices.Equal(got, []string{"UPS Ground"}) {
		t.Fatalf("name filter %v", got)
	}
	if got := shippingMethodNames(listShippingMethods(t, te, nil, client.ShippingMethodFilter{Ids: &[]string{pickup, old, freight}, IsArchived: ptr(false)})); !slices.Equal(got, []string{"customer pickup", "FedEx Freight"}) {
		t.Fatalf("ids filter %v", got)
	}
	asc := client.SortDirectionAscending
	got := listShippingMethods(t, te, &client.ListShippingMethodsParams{SortField: ptr("carrier"), SortDir: &asc}, client.ShippingMethodFilter{IsArchived: ptr(false), Ids: &[]string{ground, freight}})
	if names := shippingMethodNames(got); !slices.Equal(names, []string{"FedEx Freight", "UPS Ground"}) || got[1].Id != ground {
		t.Fatalf("by carrier %v", names)
	}
	got = listShippingMethods(t, te, &client.ListShippingMethodsParams{Skip: ptr(client.Skip(1)), Take: ptr(client.Take(2))}, client.ShippingMethodFilter{})
	if names := shippingMethodNames(got); !slices.Equal(names, []string{"customer pickup", "FedEx Freight"}) {
		t.Fatalf("skip 1 take 2 %v", names)
	}
	res, b := rawRequest(t, http.MethodPost, shippingMethodsListPath+"?Sort.Field=description", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestShippingMethodsAreIsolatedBetweenTenants(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	id := createShippingMethod(t, a, client.ShippingMethodWrite{Name: "UPS Ground"})
	res, body := rawRequest(t, http.MethodGet, shippingMethodPath(id), b.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodPut, shippingMethodPath(id), b.Token, "application/json", `{"name":"Taken over"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	if got := listShippingMethods(t, b, nil, client.ShippingMethodFilter{Ids: &[]string{id}}); len(got) != 0 {
		t.Fatalf("B lists A's shipping method: %s", mustJSON(t, got))
	}
	if got := getShippingMethod(t, a, id); got.Name != "UPS Ground" {
		t.Fatalf("B's update reached A: %s", mustJSON(t, got))
	}
}

func TestShippingMethodPermissionsAreViewSalesOrderAndEditSalesOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	viewer, editor := te.userToken(t, "View Sales Order"), te.userToken(t, "Edit Sales Order")
	none := te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, shippingMethodPath(id), ""},
		{http.MethodPost, shippingMethodsListPath, "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, shippingMethodsPath, `{"name":"Customer pickup"}`},
		{http.MethodPut, shippingMethodPath(id), `{"name":"UPS Ground"}`},
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
