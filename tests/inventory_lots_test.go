package tests

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

func lotIDs(list []client.InventoryLot) []string {
	out := make([]string, len(list))
	for i, l := range list {
		out[i] = l.Id
	}
	return out
}

func TestInventoryLotCreateTrimsNameAndGetReturnsIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("STEEL"))
	id := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("  HEAT-22871 "), ExpirationDate: lotDay("2027-06-30")})
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	got := getLot(t, te, id)
	if got.Id != id || got.ItemId != item || got.Name == nil || *got.Name != "HEAT-22871" || got.System || !got.Custom ||
		!got.Quantity.IsZero() || got.ExpirationDate == nil || got.ExpirationDate.String() != "2027-06-30" {
		t.Fatalf("stored lot %+v", got)
	}
	// The raw wire form too: a date, and a JSON number quantity.
	res, body := rawRequest(t, http.MethodGet, "/api/inventory-lots/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"expirationDate":"2027-06-30"`) || !strings.Contains(string(body), `"quantity":0`) {
		t.Fatalf("lot body %s", body)
	}
}

func TestInventoryLotNullOrBlankNameIsAnUnnamedLot(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("BAR"))
	for _, body := range []string{
		`{"itemId":"` + item + `"}`,
		`{"itemId":"` + item + `","name":null}`,
		`{"itemId":"` + item + `","name":"   "}`,
		`{"itemId":"` + item + `","name":"","expirationDate":null}`,
	} {
		res, raw := rawRequest(t, http.MethodPost, "/api/inventory-lots", te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, raw)
	}
	// Unnamed lots never collide with one another.
	lots := listLots(t, te, nil, client.InventoryLotFilter{})
	if len(lots) != 4 {
		t.Fatalf("%d lots, want 4 unnamed lots", len(lots))
	}
	for _, l := range lots {
		if l.Name != nil || l.Custom || l.System || l.ExpirationDate != nil || l.ItemId != item {
			t.Fatalf("unnamed lot %+v", l)
		}
	}
}

func TestInventoryLotCreateValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("PIPE"))
	cases := []struct{ name, body, field string }{
		{"name over 200", `{"itemId":"` + item + `","name":"` + strings.Repeat("x", 201) + `"}`, "name"},
		{"name of the wrong type", `{"itemId":"` + item + `","name":5}`, "name"},
		{"missing itemId", `{"name":"L1"}`, "itemId"},
		{"short itemId", `{"itemId":"abc","name":"L1"}`, "itemId"},
		{"expirationDate not a date", `{"itemId":"` + item + `","expirationDate":"30/06/2027"}`, "expirationDate"},
		{"expirationDate with a time", `{"itemId":"` + item + `","expirationDate":"2027-06-30T00:00:00Z"}`, "expirationDate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/inventory-lots", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	if got := listLots(t, te, nil, client.InventoryLotFilter{}); len(got) != 0 {
		t.Fatalf("refused creates stored lots: %+v", got)
	}
	createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr(strings.Repeat("x", 200))})
}

func TestInventoryLotNameUniqueWithinItemCaseInsensitivelyUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	item := createItem(t, te, newItem("ROD"))
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateInventoryLotWithResponse(ctx, nil, client.InventoryLotCreate{ItemId: item, Name: ptr("Heat 7")})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want exactly one 200 and seven 400", counts)
	}
	for _, taken := range []string{"HEAT 7", "  heat 7  "} {
		res, body := rawRequest(t, http.MethodPost, "/api/inventory-lots", te.Token, "application/json", `{"itemId":"`+item+`","name":"`+taken+`"}`)
		mustProblemNaming(t, res, body, "name")
	}
	// Another item, and another tenant's item, may have a lot of the same name.
	createLot(t, te, client.InventoryLotCreate{ItemId: createItem(t, te, newItem("TUBE")), Name: ptr("Heat 7")})
	other := newTenant(t)
	createLot(t, other, client.InventoryLotCreate{ItemId: createItem(t, other, newItem("ROD")), Name: ptr("Heat 7")})
}

func TestInventoryLotUnknownItemAnswers404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, "/api/inventory-lots", te.Token, "application/json", `{"itemId":"`+ids.New()+`","name":"L1"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	if got := listLots(t, te, nil, client.InventoryLotFilter{}); len(got) != 0 {
		t.Fatalf("a refused create made lots: %+v", got)
	}
}

func TestInventoryLotQuantityIsOnHandOverEveryLocation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("PLATE"))
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("A")})
	otherLot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("B")})
	empty := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("C")})
	shelf := createLocation(t, te, "Shelf")
	yard := createLocation(t, te, "Yard")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), LotId: &lot, LocationId: &shelf})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("2.5"), LotId: &lot, LocationId: &shelf})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("4"), LotId: &lot, LocationId: &yard})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1.25"), LotId: &lot})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LotId: &otherLot, LocationId: &shelf})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("100"), LocationId: &shelf}) // stock without a lot is no lot's
	// A lot whose stock was all picked holds 0.
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3"), LotId: &empty, LocationId: &yard})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("3"), LotId: &empty, LocationId: &yard})

	want := map[string]string{lot: "7.75", otherLot: "10", empty: "0"}
	for id, q := range want {
		if got := getLot(t, te, id); !got.Quantity.Equal(dec.MustParse(q).Decimal) {
			t.Errorf("get lot %s: quantity %s, want %s", id, got.Quantity, q)
		}
	}
	list := listLots(t, te, nil, client.InventoryLotFilter{})
	if len(list) != 3 {
		t.Fatalf("%d lots listed, want 3", len(list))
	}
	for _, l := range list {
		if !l.Quantity.Equal(dec.MustParse(want[l.Id]).Decimal) {
			t.Errorf("listed lot %s: quantity %s, want %s", l.Id, l.Quantity, want[l.Id])
		}
	}
}

func TestInventoryLotSystemAndCustomFlags(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := lotTrackedItem(t, te, "WIRE")
	named := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("Coil 1")})
	unnamed := createLot(t, te, client.InventoryLotCreate{ItemId: item})
	// A receipt of a lot-tracked item naming no lot creates a system lot.
	system := optText(receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")}).LotId)
	cases := []struct {
		id             string
		system, custom bool
	}{
		{named, false, true},
		{unnamed, false, false},
		{system, true, false},
	}
	for _, c := range cases {
		if got := getLot(t, te, c.id); got.System != c.system || got.Custom != c.custom {
			t.Errorf("lot %s: system %v custom %v, want %v %v", c.id, got.System, got.Custom, c.system, c.custom)
		}
	}
	if got := lotIDs(listLots(t, te, nil, client.InventoryLotFilter{System: ptr(true)})); !slices.Equal(got, []string{system}) {
		t.Errorf("system lots %v, want %v", got, []string{system})
	}
	if got := lotIDs(listLots(t, te, nil, client.InventoryLotFilter{System: ptr(false)})); !slices.Equal(got, []string{unnamed, named}) {
		t.Errorf("other lots %v, want %v", got, []string{unnamed, named})
	}
}

func TestInventoryLotListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	first := createItem(t, te, newItem("FIRST"))
	second := createItem(t, te, newItem("SECOND"))
	bravo := createLot(t, te, client.InventoryLotCreate{ItemId: first, Name: ptr("bravo"), ExpirationDate: lotDay("2026-01-01")})
	alpha := createLot(t, te, client.InventoryLotCreate{ItemId: second, Name: ptr("Alpha"), ExpirationDate: lotDay("2028-01-01")})
	unnamed := createLot(t, te, client.InventoryLotCreate{ItemId: second})
	charlie := createLot(t, te, client.InventoryLotCreate{ItemId: first, Name: ptr("charlie"), ExpirationDate: lotDay("2027-01-01")})
	byItem := []string{bravo, charlie, alpha, unnamed}
	if first > second {
		byItem = []string{alpha, unnamed, bravo, charlie}
	}
	cases := []struct {
		name   string
		params *client.ListInventoryLotsParams
		filter client.InventoryLotFilter
		want   []string
	}{
		{"by name, unnamed first, by default", nil, client.InventoryLotFilter{}, []string{unnamed, alpha, bravo, charlie}},
		{"Sort.Dir alone reverses the default", &client.ListInventoryLotsParams{SortDir: ptr(client.SortDirectionDescending)}, client.InventoryLotFilter{}, []string{charlie, bravo, alpha, unnamed}},
		{"by expirationDate, never last", &client.ListInventoryLotsParams{SortField: ptr("ExpirationDate")}, client.InventoryLotFilter{}, []string{bravo, charlie, alpha, unnamed}},
		{"by itemId then id", &client.ListInventoryLotsParams{SortField: ptr("itemId")}, client.InventoryLotFilter{}, byItem},
		{"itemIds filter", nil, client.InventoryLotFilter{ItemIds: &[]string{first}}, []string{bravo, charlie}},
		{"name is a case-insensitive substring; unnamed lots never match", nil, client.InventoryLotFilter{Name: ptr("A")}, []string{alpha, bravo, charlie}},
		{"filters combine", nil, client.InventoryLotFilter{Name: ptr("ALPH"), ItemIds: &[]string{first}}, []string{}},
		{"skip and take", &client.ListInventoryLotsParams{Skip: ptr[int32](1), Take: ptr[int32](2)}, client.InventoryLotFilter{}, []string{alpha, bravo}},
	}
	for _, c := range cases {
		if got := lotIDs(listLots(t, te, c.params, c.filter)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	for _, field := range []string{"quantity", "system", "colour"} {
		res, body := rawRequest(t, http.MethodPost, "/api/inventory-lots/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
}

func TestInventoryLotGetUnknownAnswers404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodGet, "/api/inventory-lots/"+ids.New(), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}
