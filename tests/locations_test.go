package tests

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func listLocations(t *testing.T, te *tenantEnv, p *client.ListLocationsParams, f client.LocationFilter) []client.Location {
	t.Helper()
	res, err := te.API.ListLocationsWithResponse(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func locationNames(list []client.Location) []string {
	out := make([]string, len(list))
	for i, l := range list {
		out[i] = l.Name
	}
	return out
}

func TestLocationCreateTrimsNameAndGetAndListReturnIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createLocation(t, te, "  Rack A-01  ")
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	if got := getLocation(t, te, id); got.Id != id || got.Name != "Rack A-01" || got.Deleted {
		t.Fatalf("stored location %+v", got)
	}
	other := createLocation(t, te, "Yard")
	if got := listLocations(t, te, nil, client.LocationFilter{}); len(got) != 2 || got[0].Id != id || got[1].Id != other {
		t.Fatalf("list %+v", got)
	}
}

func TestLocationCreateValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct{ name, body string }{
		{"missing name", `{}`},
		{"empty name", `{"name":""}`},
		{"blank name after trimming", `{"name":"   "}`},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `"}`},
		{"null name", `{"name":null}`},
		{"wrong type", `{"name":5}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/locations", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, "name")
		})
	}
	// 200 characters is the limit, not past it.
	createLocation(t, te, strings.Repeat("x", 200))
}

func TestLocationNameUniqueAmongLiveLocationsCaseInsensitivelyUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateLocationWithResponse(ctx, nil, client.LocationCreate{Name: "Bay 3"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want exactly one 200 and seven 400", counts)
	}
	for _, taken := range []string{"BAY 3", "  bay 3 "} {
		res, body := rawRequest(t, http.MethodPost, "/api/locations", te.Token, "application/json", `{"name":"`+taken+`"}`)
		mustProblemNaming(t, res, body, "name")
	}
	// A deleted location frees its name; another tenant has its own names.
	list := listLocations(t, te, nil, client.LocationFilter{})
	if len(list) != 1 {
		t.Fatalf("%d locations after the concurrent creates, want 1", len(list))
	}
	mustStatus(t, deleteLocation(t, te, list[0].Id), http.StatusOK, nil)
	createLocation(t, te, "bay 3")
	createLocation(t, newTenant(t), "Bay 3")
}

func TestLocationListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	bravo := createLocation(t, te, "bravo")
	alpha := createLocation(t, te, "Alpha")
	charlie := createLocation(t, te, "charlie")
	byID := []string{bravo, alpha, charlie}
	slices.Sort(byID)
	cases := []struct {
		name   string
		params *client.ListLocationsParams
		filter client.LocationFilter
		want   []string // names
	}{
		{"by name case-insensitively by default", nil, client.LocationFilter{}, []string{"Alpha", "bravo", "charlie"}},
		{"Sort.Dir alone reverses the default", &client.ListLocationsParams{SortDir: ptr(client.SortDirectionDescending)}, client.LocationFilter{}, []string{"charlie", "bravo", "Alpha"}},
		{"name filter is a case-insensitive substring", nil, client.LocationFilter{Name: ptr("RAV")}, []string{"bravo"}},
		{"ids filter", nil, client.LocationFilter{Ids: &[]string{alpha, charlie}}, []string{"Alpha", "charlie"}},
		{"skip and take", &client.ListLocationsParams{Skip: ptr[int32](1), Take: ptr[int32](1)}, client.LocationFilter{}, []string{"bravo"}},
	}
	for _, c := range cases {
		if got := locationNames(listLocations(t, te, c.params, c.filter)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	sorted := listLocations(t, te, &client.ListLocationsParams{SortField: ptr("Id")}, client.LocationFilter{})
	if got := []string{sorted[0].Id, sorted[1].Id, sorted[2].Id}; !slices.Equal(got, byID) {
		t.Errorf("sorted by id: %v, want %v", got, byID)
	}
	for _, field := range []string{"deleted", "colour"} {
		res, body := rawRequest(t, http.MethodPost, "/api/locations/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
}

func TestLocationListOmitsDeletedUnlessIncludeDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	gone := createLocation(t, te, "Old shelf")
	live := createLocation(t, te, "New shelf")
	mustStatus(t, deleteLocation(t, te, gone), http.StatusOK, nil)
	if got := listLocations(t, te, nil, client.LocationFilter{}); len(got) != 1 || got[0].Id != live {
		t.Fatalf("default list %+v, want only the live location", got)
	}
	if got := listLocations(t, te, nil, client.LocationFilter{IncludeDeleted: ptr(false)}); len(got) != 1 || got[0].Id != live {
		t.Fatalf("includeDeleted false %+v, want only the live location", got)
	}
	got := listLocations(t, te, nil, client.LocationFilter{IncludeDeleted: ptr(true)})
	if len(got) != 2 || got[0].Id != live || got[1].Id != gone || got[0].Deleted || !got[1].Deleted {
		t.Fatalf("includeDeleted true %+v, want both, the old one deleted", got)
	}
}

func TestLocationDeleteAnswers200Then204AndGetShowsDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createLocation(t, te, "Rack B")
	res, err := te.API.DeleteLocationWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete body %s", res.Body)
	}
	if got := getLocation(t, te, id); got.Name != "Rack B" || !got.Deleted {
		t.Fatalf("deleted location reads %+v", got)
	}
	mustStatus(t, deleteLocation(t, te, id), http.StatusNoContent, nil)
	mustStatus(t, deleteLocation(t, te, ids.New()), http.StatusNoContent, nil)
}

func TestLocationDeleteRefusedWhileItHoldsStock(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("BOLT"))
	shelf := createLocation(t, te, "Shelf")
	elsewhere := createLocation(t, te, "Elsewhere")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("0.5"), LocationId: &shelf})
	// Stock at another location, or without one, does not hold this one.
	receiveStock(t, te, client.InventoryReceive{ItemId: createItem(t, te, newItem("NUT")), Quantity: num("3"), LocationId: &elsewhere})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("7")})

	res, body := rawRequest(t, http.MethodDelete, "/api/locations/"+shelf, te.Token, "", "")
	mustProblemNaming(t, res, body, "id")
	if got := getLocation(t, te, shelf); got.Deleted {
		t.Fatalf("refused delete deleted the location: %+v", got)
	}
	// Once the stock is gone (a balance at 0 is no stock), the location can go.
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("0.5"), LocationId: &shelf})
	mustStatus(t, deleteLocation(t, te, shelf), http.StatusOK, nil)
	mustStatus(t, deleteLocation(t, te, elsewhere), http.StatusBadRequest, nil)
}

func TestLocationGetUnknownAnswers404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodGet, "/api/locations/"+ids.New(), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodGet, "/api/locations/short", te.Token, "", "")
	mustProblem(t, res, body, http.StatusBadRequest)
}
