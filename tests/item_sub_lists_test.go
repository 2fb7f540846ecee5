package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// subList is one of an item's lists, filled so that its default order, the order of one
// sortable field (whose values are distinct) and the order of creation all differ.
type subList struct {
	path      string // the POST …/list path
	body      string // the filter body sent with every call
	labels    func(t *testing.T, body []byte) []string
	byDefault []string // labels in the documented default order
	field     string   // a sortable property, and the labels it sorts ascending
	byField   []string
	sortable  string // the sortable fields, as an unknown Sort.Field's problem lists them
}

// mustFollowTheListConvention checks the list against the list convention: Skip and Take
// page the default order, the field sorts both ways, Sort.Dir alone reverses the default
// order, an unknown Sort.Field is a 400 listing the sortable fields and Take above 5000 is
// a 400 naming Take.
func mustFollowTheListConvention(t *testing.T, te *tenantEnv, l subList) {
	t.Helper()
	capitalised := strings.ToUpper(l.field[:1]) + l.field[1:]
	n := len(l.byDefault)
	cases := []struct {
		query string
		want  []string
	}{
		{"", l.byDefault},
		{"Skip=1&Take=2", l.byDefault[1:3]},
		{"Take=1", l.byDefault[:1]},
		{"Skip=1", l.byDefault[1:]},
		{fmt.Sprintf("Skip=%d", n), []string{}},
		{"Take=0", []string{}},
		{"Sort.Dir=descending", reversed(l.byDefault)},
		{"Sort.Dir=descending&Skip=1&Take=2", reversed(l.byDefault)[1:3]},
		{"Sort.Dir=ascending", l.byDefault},
		{"Sort.Field=" + l.field, l.byField},
		{"Sort.Field=" + capitalised + "&Sort.Dir=descending", reversed(l.byField)},
		{"Sort.Field=" + l.field + "&Skip=1&Take=2", l.byField[1:3]},
	}
	for _, c := range cases {
		t.Run("query "+c.query, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, l.path+"?"+c.query, te.Token, "application/json", l.body)
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			if got := l.labels(t, b); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	refusals := []struct{ query, field, want string }{
		{"Sort.Field=colour", "Sort.Field", `unknown sort field "colour"; sortable fields: ` + l.sortable},
		{"Take=5001", "Take", ""},
	}
	for _, c := range refusals {
		t.Run("refuses "+c.query, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, l.path+"?"+c.query, te.Token, "application/json", l.body)
			p := mustProblem(t, res, b, http.StatusBadRequest)
			mustNameField(t, p, c.field)
			if c.want != "" && p.Errors[c.field][0] != c.want {
				t.Fatalf("%q, want %q", p.Errors[c.field][0], c.want)
			}
		})
	}
}

// decodeLabels decodes a bare array of T and labels each element.
func decodeLabels[T any](label func(T) string) func(t *testing.T, body []byte) []string {
	return func(t *testing.T, body []byte) []string {
		t.Helper()
		var list []T
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(list))
		for i, v := range list {
			out[i] = label(v)
		}
		return out
	}
}

func TestItemVendorDetailListFollowsTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-VD"))
	names := map[string]string{}
	for _, v := range []struct {
		name    string
		lead    int
		primary bool
	}{{"Zeta", 5, false}, {"alpha", 3, false}, {"Mid", 9, true}, {"beta", 1, false}} {
		id := createVendor(t, te, v.name)
		names[id] = v.name
		addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"leadTimeInDays":%d,"isPrimary":%t}`, id, v.lead, v.primary))
	}
	mustFollowTheListConvention(t, te, subList{
		path: "/api/items/" + itemID + "/vendors/list", body: `{}`,
		labels: decodeLabels(func(d client.ItemVendorDetail) string { return names[d.VendorId] }),
		// The primary first, then by vendor name, case-insensitively.
		byDefault: []string{"Mid", "alpha", "beta", "Zeta"},
		field:     "leadTimeInDays", byField: []string{"beta", "alpha", "Zeta", "Mid"},
		sortable: "id, inventoryUnitQuantity, isPrimary, leadTimeInDays, notes, price, unitOfMeasureName, " +
			"unitQuantity, vendorId, vendorItemName, vendorItemNumber",
	})
}

func TestItemMaterialVendorDetailListFollowsTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-MV"))
	names := map[string]string{}
	for _, v := range []struct{ name, number string }{{"Zeta", "N3"}, {"alpha", "N4"}, {"Mid", "N1"}, {"beta", "N2"}} {
		id := createVendor(t, te, v.name)
		names[id] = v.name
		addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":%q}`, id, v.number))
	}
	mustFollowTheListConvention(t, te, subList{
		path: "/api/items/" + itemID + "/material-vendors/list", body: `{}`,
		labels: decodeLabels(func(d client.ItemMaterialVendorDetail) string { return names[d.VendorId] }),
		// By vendor name, case-insensitively.
		byDefault: []string{"alpha", "beta", "Mid", "Zeta"},
		field:     "vendorItemNumber", byField: []string{"Mid", "beta", "Zeta", "alpha"},
		sortable: "id, notes, vendorId, vendorItemName, vendorItemNumber",
	})
}

func TestItemCustomerDetailListFollowsTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-CD"))
	names := map[string]string{}
	for _, c := range []struct{ name, number string }{{"Zed", "C2"}, {"acme", "C3"}, {"Mid", "C1"}, {"beta", "C4"}} {
		id := newSubRecordCustomer(t, te, c.name)
		names[id] = c.name
		addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":%q}`, id, c.number))
	}
	mustFollowTheListConvention(t, te, subList{
		path: "/api/items/" + itemID + "/customers/list", body: `{}`,
		labels: decodeLabels(func(d client.ItemCustomerDetail) string { return names[d.CustomerId] }),
		// By customer name, case-insensitively.
		byDefault: []string{"acme", "beta", "Mid", "Zed"},
		field:     "customerItemNumber", byField: []string{"Mid", "Zed", "acme", "beta"},
		sortable: "customerId, customerItemName, customerItemNumber, id, unitOfMeasureName",
	})
}

// TestItemCustomerDetailListPageCarriesEachDetailsPriceBreaks: a page of customer details
// carries each detail's own sales price breaks, by unit name then quantity.
func TestItemCustomerDetailListPageCarriesEachDetailsPriceBreaks(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-CD-PB"))
	acme, zed := newSubRecordCustomer(t, te, "acme"), newSubRecordCustomer(t, te, "Zed")
	addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, acme))
	addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, zed))
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":10,"price":1,"customerId":%[1]q},{"quantity":1,"price":2,"unitOfMeasureName":"Dozen","customerId":%[1]q},
		{"quantity":2,"price":3,"customerId":%[1]q},{"quantity":4,"price":4,"customerId":%[2]q},{"quantity":1,"price":5}]}`, zed, acme))
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/customers/list?Skip=1&Take=1", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var page []client.ItemCustomerDetail
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	names := map[string]string{zed: "Zed", acme: "acme"}
	if len(page) != 1 || page[0].CustomerId != zed {
		t.Fatalf("page %+v, want Zed's detail alone", page)
	}
	if got := breakLabels(page[0].PriceBreaks, names); !slices.Equal(got, []string{"Zed:Dozen:1", "Zed:Each:2", "Zed:Each:10"}) {
		t.Fatalf("Zed's breaks %v", got)
	}
}

func TestItemPurchasePriceBreakListFollowsTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-PPB"))
	zeta, alpha := createVendor(t, te, "Zeta"), createVendor(t, te, "alpha")
	names := map[string]string{zeta: "Zeta", alpha: "alpha"}
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":5,"price":9},{"quantity":2,"price":7.5}]}`, zeta))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":10,"price":8},{"quantity":1,"price":10}]}`, alpha))
	mustFollowTheListConvention(t, te, subList{
		path: "/api/items/" + itemID + "/purchase-price-breaks/list", body: `{}`,
		labels: decodeLabels(func(b client.PriceBreak) string {
			return fmt.Sprintf("%s/%s/%d", names[optText(b.VendorId)], b.UnitOfMeasureName, b.Quantity)
		}),
		// By vendor name (case-insensitive), then unit, then quantity.
		byDefault: []string{"alpha/Each/1", "alpha/Each/10", "Zeta/Each/2", "Zeta/Each/5"},
		field:     "price", byField: []string{"Zeta/Each/2", "alpha/Each/10", "Zeta/Each/5", "alpha/Each/1"},
		sortable: "currencyCode, price, quantity, unitOfMeasureName, vendorId",
	})
}

func TestItemSalesPriceBreakListFollowsTheListConvention(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SUB-SPB"))
	tier, acme := createCustomerTier(t, te, "Alpha", nil), newSubRecordCustomer(t, te, "acme")
	names := map[string]string{tier: "Alpha", acme: "acme"}
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":5,"price":7,"customerId":%[1]q},{"quantity":10,"price":4},{"quantity":2,"price":8,"customerTierId":%[2]q},
		{"quantity":1,"price":6},{"quantity":1,"price":5,"unitOfMeasureName":"Dozen"}]}`, acme, tier))
	mustFollowTheListConvention(t, te, subList{
		path: "/api/items/" + itemID + "/sales-price-breaks/list", body: `{}`,
		labels: decodeLabels(func(b client.PriceBreak) string { return breakLabels([]client.PriceBreak{b}, names)[0] }),
		// The list price, then tiers, then customers; within a scope by unit, then quantity.
		byDefault: []string{"list:Dozen:1", "list:Each:1", "list:Each:10", "Alpha:Each:2", "acme:Each:5"},
		field:     "price", byField: []string{"list:Each:10", "list:Dozen:1", "list:Each:1", "acme:Each:5", "Alpha:Each:2"},
		sortable: "currencyCode, customerId, customerTierId, margin, price, quantity, type, unitOfMeasureName",
	})
	// Paging applies after the filter.
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/sales-price-breaks/list?Skip=1&Take=1", `{"listPriceOnly":true}`)
	if got := breakLabels(mustSalesBreaks(t, res, b), names); !slices.Equal(got, []string{"list:Each:1"}) {
		t.Fatalf("second list-price break %v", got)
	}
}

// TestItemSubListsAnswer404ForAnUnknownItemWhateverThePage: paging does not hide an unknown item.
func TestItemSubListsAnswer404ForAnUnknownItemWhateverThePage(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, list := range []string{"vendors", "material-vendors", "customers", "purchase-price-breaks", "sales-price-breaks"} {
		res, b := itemRequest(t, te, http.MethodPost, "/api/items/6745f0a2c81e4b0012ab34cd/"+list+"/list?Skip=0&Take=10", `{}`)
		mustProblem(t, res, b, http.StatusNotFound)
	}
}
