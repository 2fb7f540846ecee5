package tests

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

const (
	shippingMethodsListPath = "/api/shipping-methods/list"
	shippingMethodsPath     = "/api/shipping-methods"
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

// shippingMethodLookup is shipping methods for the rules every named lookup shares.
var shippingMethodLookup = lookupResource{path: shippingMethodsPath, view: "View Sales Order", edit: "Edit Sales Order"}

func TestShippingMethodSharedLookupRules(t *testing.T) {
	t.Parallel()
	lookupSharedRules(t, shippingMethodLookup, unknownShippingMethodID)
}

func TestShippingMethodCarrierAtMost200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground"})
	for _, r := range writeShippingMethodBoth(t, te, id, editedBody(t, client.ShippingMethodWrite{Name: "Other"}, map[string]any{"carrier": strings.Repeat("d", 201)})) {
		mustProblemNaming(t, r.res, r.body, "carrier")
	}
	long := strings.Repeat("d", 200)
	if got := updateShippingMethod(t, te, id, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: &long}); got.Carrier == nil || *got.Carrier != long {
		t.Fatalf("carrier of 200 characters not stored")
	}
}

func TestShippingMethodUpdateResetsAnOmittedCarrier(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS")})
	if got := updateShippingMethod(t, te, id, client.ShippingMethodWrite{Name: "Customer pickup"}); got.Carrier != nil {
		t.Fatalf("full update kept the carrier: %s", mustJSON(t, got))
	}
}

func TestShippingMethodListSortsByCarrier(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ground := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS")})
	createShippingMethod(t, te, client.ShippingMethodWrite{Name: "customer pickup"})
	freight := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "FedEx Freight", Carrier: ptr("FedEx")})
	asc := client.SortDirectionAscending
	got := listShippingMethods(t, te, &client.ListShippingMethodsParams{SortField: ptr("carrier"), SortDir: &asc}, client.ShippingMethodFilter{IsArchived: ptr(false), Ids: &[]string{ground, freight}})
	if names := shippingMethodNames(got); !slices.Equal(names, []string{"FedEx Freight", "UPS Ground"}) || got[1].Id != ground {
		t.Fatalf("by carrier %v", names)
	}
}
