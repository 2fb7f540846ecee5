package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/tenancy"
)

// breakLabels describes breaks as scope:unit:quantity, for order checks.
func breakLabels(list []client.PriceBreak, names map[string]string) []string {
	out := make([]string, len(list))
	for i, b := range list {
		scope := "list"
		if b.CustomerTierId != nil {
			scope = names[*b.CustomerTierId]
		}
		if b.CustomerId != nil {
			scope = names[*b.CustomerId]
		}
		out[i] = fmt.Sprintf("%s:%s:%d", scope, b.UnitOfMeasureName, b.Quantity)
	}
	return out
}

func TestItemSalesPriceBreaksReplaceDefaultsAndOrder(t *testing.T) {
	t.Parallel()
	te := newTenantWith(t, tenancy.NewTenant{CurrencyCode: "CAD"})
	itemID := createItem(t, te, newItem("SPB"))
	tierB, tierA := createCustomerTier(t, te, "beta", nil), createCustomerTier(t, te, "Alpha", nil)
	zed, acme := newSubRecordCustomer(t, te, "Zed"), newSubRecordCustomer(t, te, "acme")
	names := map[string]string{tierB: "beta", tierA: "Alpha", zed: "Zed", acme: "acme"}
	before := getItem(t, te, itemID)
	events := itemEvents(t, te, itemID)

	got := replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":1,"price":9,"customerId":%[1]q},
		{"quantity":10,"price":4},
		{"quantity":1,"type":"margin","margin":30,"customerTierId":%[2]q},
		{"quantity":1,"price":5,"unitOfMeasureName":"Dozen","currencyCode":"EUR"},
		{"quantity":1,"price":6},
		{"quantity":5,"price":7,"customerId":%[3]q},
		{"quantity":2,"price":8,"customerTierId":%[4]q}]}`, zed, tierB, acme, tierA))
	// List price first, then tiers by name (case-insensitive), then customers by name; within
	// a scope by unit name, then quantity.
	want := []string{"list:Dozen:1", "list:Each:1", "list:Each:10", "Alpha:Each:2", "beta:Each:1", "acme:Each:5", "Zed:Each:1"}
	if labels := breakLabels(got, names); !sameIDs(labels, want) {
		t.Fatalf("replace answered %v, want %v", labels, want)
	}
	if listed := breakLabels(listSalesBreaks(t, te, itemID, `{}`), names); !sameIDs(listed, want) {
		t.Fatalf("list answered %v, want %v", listed, want)
	}
	// Defaults: type price, the tenant's currency, the inventory unit; vendorId is null.
	for _, b := range got {
		wantCurrency := "CAD"
		if b.UnitOfMeasureName == "Dozen" {
			wantCurrency = "EUR"
		}
		if b.CurrencyCode != wantCurrency || b.VendorId != nil {
			t.Fatalf("break %+v: currency %s, want %s", b, b.CurrencyCode, wantCurrency)
		}
		if b.Type == client.PriceBreakTypeMargin {
			if b.Price != nil || b.Margin == nil || b.Margin.String() != "30" {
				t.Fatalf("margin break %+v", b)
			}
		} else if b.Type != client.PriceBreakTypePrice || b.Price == nil || b.Margin != nil {
			t.Fatalf("price break %+v", b)
		}
	}
	after := getItem(t, te, itemID)
	if !after.ModifiedUtc.After(before.ModifiedUtc) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("modifiedUtc %v → %v, events %d → %d", before.ModifiedUtc, after.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// A replace replaces the whole set; [] removes every break.
	got = replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":3,"price":1.25}]}`)
	if labels := breakLabels(got, names); !sameIDs(labels, []string{"list:Each:3"}) || got[0].Price.String() != "1.25" {
		t.Fatalf("second replace answered %v", labels)
	}
	if got = replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[]}`); len(got) != 0 || len(listSalesBreaks(t, te, itemID, `{}`)) != 0 {
		t.Fatalf("[] left breaks %+v", got)
	}
	if n := itemEvents(t, te, itemID); n != events+3 {
		t.Fatalf("%d events after three replaces, want %d", n, events+3)
	}
}

func TestItemSalesPriceBreakWriteRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SPB-RULES"))
	path := "/api/items/" + itemID + "/sales-price-breaks"
	customer, tier := newSubRecordCustomer(t, te, "Rules Customer"), createCustomerTier(t, te, "Rules Tier", nil)
	gone := newSubRecordCustomer(t, te, "Gone Customer")
	deleteSubRecordCustomer(t, te, gone)
	foreign := newSubRecordCustomer(t, newTenant(t), "Foreign Customer")
	foreignTier := createCustomerTier(t, newTenant(t), "Foreign Tier", nil)
	kept := replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":1,"price":2}]}`)
	events := itemEvents(t, te, itemID)

	valid := `{"quantity":1,"price":1}`
	for _, c := range []struct{ name, breaks, field string }{
		{"price required for type price", `{"quantity":1}`, "priceBreaks.0.price"},
		{"margin not with type price", `{"quantity":1,"price":1,"margin":5}`, "priceBreaks.0.margin"},
		{"margin required for type margin", `{"quantity":1,"type":"margin"}`, "priceBreaks.0.margin"},
		{"price not with type margin", `{"quantity":1,"type":"margin","margin":5,"price":1}`, "priceBreaks.0.price"},
		{"margin below 100", `{"quantity":1,"type":"margin","margin":100}`, "priceBreaks.0.margin"},
		{"margin 0 or more", `{"quantity":1,"type":"margin","margin":-1}`, "priceBreaks.0.margin"},
		{"price 0 or more", `{"quantity":1,"price":-0.01}`, "priceBreaks.0.price"},
		{"quantity 1 or more", `{"quantity":0,"price":1}`, "priceBreaks.0.quantity"},
		{"quantity required", `{"price":1}`, "priceBreaks.0.quantity"},
		{"unknown type", `{"quantity":1,"type":"markup","price":1}`, "priceBreaks.0.type"},
		{"currency code", `{"quantity":1,"price":1,"currencyCode":"usd"}`, "priceBreaks.0.currencyCode"},
		{"customer or tier, not both", fmt.Sprintf(`{"quantity":1,"price":1,"customerId":%q,"customerTierId":%q}`, customer, tier), "priceBreaks.0.customerTierId"},
		{"unit of another type", `{"quantity":1,"price":1,"unitOfMeasureName":"Foot"}`, "priceBreaks.0.unitOfMeasureName"},
		{"unit is case-sensitive", `{"quantity":1,"price":1,"unitOfMeasureName":"each"}`, "priceBreaks.0.unitOfMeasureName"},
		// The omitted unit is the inventory unit, so these share scope, unit and quantity.
		{"duplicate list break", valid + `,{"quantity":1,"type":"margin","margin":5,"unitOfMeasureName":" Each "}`, "priceBreaks.1.quantity"},
		{"duplicate customer break", fmt.Sprintf(`{"quantity":4,"price":1,"customerId":%[1]q},{"quantity":4,"price":2,"customerId":%[1]q}`, customer), "priceBreaks.1.quantity"},
		{"duplicate tier break", fmt.Sprintf(`{"quantity":4,"price":1,"customerTierId":%[1]q},{"quantity":4,"price":2,"customerTierId":%[1]q}`, tier), "priceBreaks.1.quantity"},
	} {
		res, b := itemRequest(t, te, http.MethodPut, path, `{"priceBreaks":[`+c.breaks+`]}`)
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("%s: status %d, want 400: %s", c.name, res.StatusCode, b)
		}
		mustItemField(t, res, b, c.field)
	}
	// A customer or tier that does not exist for the tenant is a reference to a missing
	// record: 404 naming the break's member.
	for _, c := range []struct{ name, breaks, field string }{
		{"unknown customer", valid + fmt.Sprintf(`,{"quantity":1,"price":1,"customerId":%q}`, unknownCustomerID), "priceBreaks.1.customerId"},
		{"deleted customer", valid + fmt.Sprintf(`,{"quantity":1,"price":1,"customerId":%q}`, gone), "priceBreaks.1.customerId"},
		{"other tenant's customer", valid + fmt.Sprintf(`,{"quantity":1,"price":1,"customerId":%q}`, foreign), "priceBreaks.1.customerId"},
		{"unknown tier", valid + fmt.Sprintf(`,{"quantity":1,"price":1,"customerTierId":%q}`, unknownCustomerID), "priceBreaks.1.customerTierId"},
		{"other tenant's tier", valid + fmt.Sprintf(`,{"quantity":1,"price":1,"customerTierId":%q}`, foreignTier), "priceBreaks.1.customerTierId"},
	} {
		res, b := itemRequest(t, te, http.MethodPut, path, `{"priceBreaks":[`+c.breaks+`]}`)
		if res.StatusCode != http.StatusNotFound {
			t.Fatalf("%s: status %d, want 404: %s", c.name, res.StatusCode, b)
		}
		mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), c.field)
	}
	// At most 500 breaks; the body needs priceBreaks.
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf(`{"quantity":%d,"price":1}`, i+1)
	}
	for _, body := range []string{`{"priceBreaks":[` + strings.Join(many, ",") + `]}`, `{}`} {
		res, b := itemRequest(t, te, http.MethodPut, path, body)
		mustItemField(t, res, b, "priceBreaks")
	}
	// A refused replace changed nothing.
	if got := listSalesBreaks(t, te, itemID, `{}`); len(got) != 1 || got[0].Quantity != kept[0].Quantity || got[0].Price.String() != "2" {
		t.Fatalf("a refused replace changed the breaks: %+v", got)
	}
	if n := itemEvents(t, te, itemID); n != events {
		t.Fatalf("%d events after refused replaces, want %d", n, events)
	}
	// Breaks sharing a quantity in different scopes or units are distinct; 500 are accepted.
	got := replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[{"quantity":4,"price":1},{"quantity":4,"price":1,"unitOfMeasureName":"Dozen"},
		{"quantity":4,"price":1,"customerId":%q},{"quantity":4,"price":1,"customerTierId":%q}]}`, customer, tier))
	if len(got) != 4 {
		t.Fatalf("distinct scopes and units: %+v", got)
	}
	if got = replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[`+strings.Join(many[:500], ",")+`]}`); len(got) != 500 {
		t.Fatalf("500 breaks stored %d", len(got))
	}
	// Unknown items are 404; an item without an inventory unit takes no breaks.
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+unknownCustomerID+"/sales-price-breaks", `{"priceBreaks":[]}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = itemRequest(t, te, http.MethodPost, "/api/items/"+unknownCustomerID+"/sales-price-breaks/list", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
	legacy := insertLegacyItem(t, te, "SPB-LEGACY")
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+legacy+"/sales-price-breaks", `{"priceBreaks":[]}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events for a refused change", n)
	}
}

func TestItemSalesPriceBreaksListFilter(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SPB-FILTER"))
	c1, c2 := newSubRecordCustomer(t, te, "Filter One"), newSubRecordCustomer(t, te, "Filter Two")
	t1, t2 := createCustomerTier(t, te, "Filter Tier 1", nil), createCustomerTier(t, te, "Filter Tier 2", nil)
	names := map[string]string{c1: "c1", c2: "c2", t1: "t1", t2: "t2"}
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[{"quantity":1,"price":1},
		{"quantity":1,"price":1,"customerId":%q},{"quantity":1,"price":1,"customerId":%q},
		{"quantity":1,"price":1,"customerTierId":%q},{"quantity":1,"price":1,"customerTierId":%q}]}`, c1, c2, t1, t2))
	for _, c := range []struct {
		body string
		want []string
	}{
		{``, []string{"list:Each:1", "t1:Each:1", "t2:Each:1", "c1:Each:1", "c2:Each:1"}},
		{`{}`, []string{"list:Each:1", "t1:Each:1", "t2:Each:1", "c1:Each:1", "c2:Each:1"}},
		{`{"listPriceOnly":false}`, []string{"list:Each:1", "t1:Each:1", "t2:Each:1", "c1:Each:1", "c2:Each:1"}},
		{`{"listPriceOnly":true}`, []string{"list:Each:1"}},
		{fmt.Sprintf(`{"customerIds":[%q]}`, c2), []string{"c2:Each:1"}},
		{fmt.Sprintf(`{"customerTierIds":[%q]}`, t1), []string{"t1:Each:1"}},
		{fmt.Sprintf(`{"customerIds":[%q],"customerTierIds":[%q]}`, c1, t2), []string{"t2:Each:1", "c1:Each:1"}},
		{fmt.Sprintf(`{"customerIds":[%q]}`, unknownCustomerID), []string{}},
	} {
		if got := breakLabels(listSalesBreaks(t, te, itemID, c.body), names); !sameIDs(got, c.want) {
			t.Fatalf("filter %s answered %v, want %v", c.body, got, c.want)
		}
	}
	for _, c := range []struct{ body, field string }{
		{fmt.Sprintf(`{"listPriceOnly":true,"customerIds":[%q]}`, c1), "listPriceOnly"},
		{`{"customerIds":[]}`, "customerIds"},
		{`{"customerTierIds":[]}`, "customerTierIds"},
		{`{"customerIds":["short"]}`, "customerIds.0"},
	} {
		res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/sales-price-breaks/list", c.body)
		mustItemField(t, res, b, c.field)
	}
}

func TestItemReadShowsCustomerTiersAndCustomerDetailPriceBreaks(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, otherID := createItem(t, te, newItem("SPB-READ")), createItem(t, te, newItem("SPB-READ-2"))
	gold := createCustomerTier(t, te, "gold", ptr("Volume customers"))
	bronze := createCustomerTier(t, te, "Bronze", nil)
	createCustomerTier(t, te, "Unused", nil)
	withDetail, withoutDetail := newSubRecordCustomer(t, te, "Has Detail"), newSubRecordCustomer(t, te, "No Detail")
	detail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, withDetail))
	otherDetail := addCustomerDetail(t, te, otherID, fmt.Sprintf(`{"customerId":%q}`, withDetail))
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":10,"price":7,"customerId":%[1]q},{"quantity":1,"price":9,"customerId":%[1]q},
		{"quantity":1,"price":3,"customerId":%[1]q,"unitOfMeasureName":"Dozen"},
		{"quantity":1,"price":8,"customerId":%[2]q},
		{"quantity":5,"price":6,"customerTierId":%[3]q},{"quantity":1,"type":"margin","margin":25,"customerTierId":%[3]q},
		{"quantity":1,"price":5,"customerTierId":%[4]q},
		{"quantity":1,"price":10}]}`, withDetail, withoutDetail, gold, bronze))
	replaceSalesBreaks(t, te, otherID, fmt.Sprintf(`{"priceBreaks":[{"quantity":2,"price":1,"customerId":%q},{"quantity":2,"price":1,"customerTierId":%q}]}`, withDetail, gold))
	names := map[string]string{withDetail: "has", withoutDetail: "no", gold: "gold", bronze: "bronze"}

	check := func(it client.Item) {
		t.Helper()
		switch it.Id {
		case itemID:
			// The detail's read-only breaks are the customer's only, by unit name then quantity;
			// a customer without a detail shows nowhere on the item; list breaks neither.
			if len(it.CustomerDetails) != 1 || it.CustomerDetails[0].Id != detail {
				t.Fatalf("customer details %+v", it.CustomerDetails)
			}
			if got := breakLabels(it.CustomerDetails[0].PriceBreaks, names); !sameIDs(got, []string{"has:Dozen:1", "has:Each:1", "has:Each:10"}) {
				t.Fatalf("detail price breaks %v", got)
			}
			// One entry per tier with breaks, by tier name (case-insensitive); Unused has none.
			if len(it.CustomerTiers) != 2 {
				t.Fatalf("customer tiers %+v", it.CustomerTiers)
			}
			b, g := it.CustomerTiers[0], it.CustomerTiers[1]
			if b.CustomerTier.Id != bronze || b.CustomerTier.Name != "Bronze" || b.CustomerTier.Description != nil {
				t.Fatalf("first tier %+v", b.CustomerTier)
			}
			if g.CustomerTier.Id != gold || optText(g.CustomerTier.Description) != "Volume customers" {
				t.Fatalf("second tier %+v", g.CustomerTier)
			}
			if got := breakLabels(g.PriceBreaks, names); !sameIDs(got, []string{"gold:Each:1", "gold:Each:5"}) || g.PriceBreaks[0].Type != client.PriceBreakTypeMargin {
				t.Fatalf("gold breaks %v", got)
			}
			if got := breakLabels(b.PriceBreaks, names); !sameIDs(got, []string{"bronze:Each:1"}) {
				t.Fatalf("bronze breaks %v", got)
			}
		case otherID:
			if len(it.CustomerDetails) != 1 || it.CustomerDetails[0].Id != otherDetail ||
				!sameIDs(breakLabels(it.CustomerDetails[0].PriceBreaks, names), []string{"has:Each:2"}) {
				t.Fatalf("other item's customer details %+v", it.CustomerDetails)
			}
			if len(it.CustomerTiers) != 1 || it.CustomerTiers[0].CustomerTier.Id != gold || len(it.CustomerTiers[0].PriceBreaks) != 1 {
				t.Fatalf("other item's tiers %+v", it.CustomerTiers)
			}
		}
	}
	check(getItem(t, te, itemID))
	// A list reads every item's own details and tiers (loaded together for the page).
	list := listItemsV2(t, te, client.ItemFilterV2{ItemIds: &[]string{itemID, otherID}})
	if len(list) != 2 {
		t.Fatalf("listed %d items", len(list))
	}
	for _, it := range list {
		check(it)
	}
	// The customer details list shows the same read-only breaks.
	if got := listCustomerDetails(t, te, itemID); len(got) != 1 || len(got[0].PriceBreaks) != 3 {
		t.Fatalf("listed details %+v", got)
	}
}

func TestItemUnitChangeBlockedBySalesPriceBreakCarryingAPrice(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("SPB-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	customer, tier := newSubRecordCustomer(t, te, "Unit Customer"), createCustomerTier(t, te, "Unit Tier", nil)
	path := "/api/items/" + itemID
	unitOf := func(body string) string {
		t.Helper()
		res, b := itemRequest(t, te, http.MethodPut, path, body)
		return optText(mustItem(t, res, b).UnitOfMeasureName)
	}
	// Margin breaks carry no price, and a zero price prices nothing: neither blocks.
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[{"quantity":1,"type":"margin","margin":20},
		{"quantity":1,"type":"margin","margin":20,"customerId":%q},{"quantity":2,"price":0}]}`, customer))
	if got := unitOf(`{"unitOfMeasureName":"Inch"}`); got != "Inch" {
		t.Fatalf("unit %q after a change with margin breaks, want Inch", got)
	}
	// A priced break of any scope (list, tier, customer) blocks the change.
	for _, priced := range []string{
		`{"quantity":1,"price":4}`,
		fmt.Sprintf(`{"quantity":1,"price":4,"customerTierId":%q}`, tier),
		fmt.Sprintf(`{"quantity":1,"price":4,"customerId":%q}`, customer),
	} {
		replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[`+priced+`]}`)
		res, b := itemRequest(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Foot"}`)
		mustItemField(t, res, b, "unitOfMeasureName")
		res, b = itemRequest(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/unitOfMeasureName","value":"Foot"}]`)
		mustItemField(t, res, b, "unitOfMeasureName")
		// Naming the current unit is not a change.
		if got := unitOf(`{"unitOfMeasureName":"Inch"}`); got != "Inch" {
			t.Fatalf("unit %q, want Inch", got)
		}
	}
	// Clearing the breaks in an earlier request unblocks it.
	replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[]}`)
	if got := unitOf(`{"unitOfMeasureName":"Foot"}`); got != "Foot" {
		t.Fatalf("unit %q after clearing the breaks, want Foot", got)
	}
}
