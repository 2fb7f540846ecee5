package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// replacePurchaseBreaks PUTs body as the item's purchase price breaks.
func replacePurchaseBreaks(t *testing.T, te *tenantEnv, itemID, body string) (rawResponse, []byte) {
	t.Helper()
	return itemRequest(t, te, http.MethodPut, "/api/items/"+itemID+"/purchase-price-breaks", body)
}

func TestItemPurchasePriceBreaksReplaceAssignsEachBreakToItsVendorDetail(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newPurchaseBreakSetup(t, te, "PPB")
	res, b := replacePurchaseBreaks(t, te, s.itemID, fmt.Sprintf(`{"priceBreaks":[
		{"vendorId":%[1]q,"quantity":10,"price":2},
		{"vendorId":%[2]q,"quantity":5,"price":30,"unitOfMeasureName":"Dozen"},
		{"vendorId":%[2]q,"quantity":2,"price":3.5,"unitOfMeasureName":" Each "},
		{"vendorId":%[2]q,"quantity":1,"price":4,"unitOfMeasureName":"Each","currencyCode":"EUR"},
		{"vendorId":%[2]q,"quantity":1,"price":40,"unitOfMeasureName":"Dozen"}]}`, s.zeta, s.alpha))
	answered := mustPurchaseBreaks(t, res, b)
	// By vendor name (case-insensitive), then unit, then quantity; the vendor's currency
	// unless the break names one. Zeta's earlier break (quantity 99) is gone.
	c := s.currency
	want := []string{
		s.alpha + "/Dozen/1=40 " + c, s.alpha + "/Dozen/5=30 " + c,
		s.alpha + "/Each/1=4 EUR", s.alpha + "/Each/2=3.5 " + c,
		s.zeta + "/Each/10=2 " + c,
	}
	if got := breakKeys(answered); !sameIDs(got, want) {
		t.Fatalf("answered %v, want %v", got, want)
	}
	for _, pb := range answered {
		if pb.Type != client.PriceBreakTypePrice || pb.Margin != nil || pb.CustomerId != nil || pb.CustomerTierId != nil {
			t.Fatalf("purchase break carries sales members: %+v", pb)
		}
	}
	if got := breakKeys(listPurchaseBreaks(t, te, s.itemID, `{}`)); !sameIDs(got, want) {
		t.Fatalf("listed %v, want %v", got, want)
	}
	// The vendor details show the same breaks in the shared PriceBreak shape.
	for _, d := range listVendorDetails(t, te, s.itemID) {
		wantCount := map[string]int{s.alphaEach: 2, s.alphaDozen: 2}[d.Id]
		if d.VendorId == s.zeta {
			wantCount = 1
		}
		if len(d.PriceBreaks) != wantCount {
			t.Fatalf("detail %s (%s) has breaks %v, want %d", d.Id, d.UnitOfMeasureName, breakKeys(d.PriceBreaks), wantCount)
		}
		for i, pb := range d.PriceBreaks {
			if optText(pb.VendorId) != d.VendorId || pb.UnitOfMeasureName != d.UnitOfMeasureName || pb.Type != client.PriceBreakTypePrice {
				t.Fatalf("detail %s break %+v", d.Id, pb)
			}
			if i > 0 && d.PriceBreaks[i-1].Quantity >= pb.Quantity {
				t.Fatalf("detail %s breaks not by quantity: %v", d.Id, breakKeys(d.PriceBreaks))
			}
		}
	}
	// An empty list removes every break and keeps the vendor details.
	res, b = replacePurchaseBreaks(t, te, s.itemID, `{"priceBreaks":[]}`)
	if got := mustPurchaseBreaks(t, res, b); len(got) != 0 {
		t.Fatalf("after clearing: %v", breakKeys(got))
	}
	if n := len(listVendorDetails(t, te, s.itemID)); n != 3 {
		t.Fatalf("%d vendor details after clearing the breaks, want 3", n)
	}
}

func TestItemPurchasePriceBreaksReplaceAdvancesModifiedUtcAndRecordsItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newPurchaseBreakSetup(t, te, "PPB-EVENTS")
	before, events := getItem(t, te, s.itemID).ModifiedUtc, itemEvents(t, te, s.itemID)
	res, b := replacePurchaseBreaks(t, te, s.itemID, fmt.Sprintf(`{"priceBreaks":[{"vendorId":%q,"quantity":1,"price":1}]}`, s.zeta))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if after := getItem(t, te, s.itemID).ModifiedUtc; !after.After(before) || itemEvents(t, te, s.itemID) != events+1 {
		t.Fatalf("modifiedUtc %v → %v, events %d → %d", before, after, events, itemEvents(t, te, s.itemID))
	}
}

func TestItemPurchasePriceBreaksReplaceRefusalsNameTheMemberAndChangeNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newPurchaseBreakSetup(t, te, "PPB-RULES")
	detailless := createVendor(t, te, "No Detail Vendor")
	foreign := createVendor(t, newTenant(t), "Foreign Vendor")
	// breaksOf is n breaks of zeta's only detail, quantities 1..n.
	breaksOf := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf(`{"vendorId":%q,"quantity":%d,"price":1}`, s.zeta, i+1)
		}
		return strings.Join(parts, ",")
	}
	zeta := func(members string) string { return fmt.Sprintf(`{"vendorId":%q,%s}`, s.zeta, members) }
	alpha := func(members string) string { return fmt.Sprintf(`{"vendorId":%q,%s}`, s.alpha, members) }
	stored := breakKeys(listPurchaseBreaks(t, te, s.itemID, `{}`))
	events := itemEvents(t, te, s.itemID)
	for _, c := range []struct{ name, breaks, field string }{
		{"vendor without a detail on the item", zeta(`"quantity":1,"price":1`) + "," + fmt.Sprintf(`{"vendorId":%q,"quantity":1,"price":1}`, detailless), "priceBreaks.1.vendorId"},
		{"several details and no unit", alpha(`"quantity":1,"price":1`), "priceBreaks.0.unitOfMeasureName"},
		{"several details and a blank unit", alpha(`"quantity":1,"price":1,"unitOfMeasureName":"  "`), "priceBreaks.0.unitOfMeasureName"},
		{"unit of no detail of the vendor", alpha(`"quantity":1,"price":1,"unitOfMeasureName":"Foot"`), "priceBreaks.0.unitOfMeasureName"},
		{"unit matched case-sensitively", zeta(`"quantity":1,"price":1,"unitOfMeasureName":"each"`), "priceBreaks.0.unitOfMeasureName"},
		{"quantity repeated within a detail", alpha(`"quantity":3,"price":1,"unitOfMeasureName":"Dozen"`) + "," + alpha(`"quantity":3,"price":2,"unitOfMeasureName":"Dozen"`), "priceBreaks.1.quantity"},
		{"51 breaks on one detail", breaksOf(51), "priceBreaks"},
		{"quantity 0", zeta(`"quantity":0,"price":1`), "priceBreaks.0.quantity"},
		{"negative price", zeta(`"quantity":1,"price":-0.01`), "priceBreaks.0.price"},
		{"lower-case currency", zeta(`"quantity":1,"price":1,"currencyCode":"eur"`), "priceBreaks.0.currencyCode"},
		{"no vendor", `{"quantity":1,"price":1}`, "priceBreaks.0.vendorId"},
		{"no price", zeta(`"quantity":1`), "priceBreaks.0.price"},
	} {
		res, b := replacePurchaseBreaks(t, te, s.itemID, `{"priceBreaks":[`+c.breaks+`]}`)
		mustProblemNaming(t, res, b, c.field)
		if got := breakKeys(listPurchaseBreaks(t, te, s.itemID, `{}`)); !sameIDs(got, stored) {
			t.Fatalf("%s: a refused replace changed the breaks to %v", c.name, got)
		}
	}
	// A vendor that does not exist for the tenant is a reference to a missing record: 404
	// naming the break's vendorId, and nothing changes.
	for _, c := range []struct{ name, breaks, field string }{
		{"unknown vendor", `{"vendorId":"000000000000000000000000","quantity":1,"price":1}`, "priceBreaks.0.vendorId"},
		{"another tenant's vendor", fmt.Sprintf(`{"vendorId":%q,"quantity":1,"price":1}`, foreign), "priceBreaks.0.vendorId"},
	} {
		res, b := replacePurchaseBreaks(t, te, s.itemID, `{"priceBreaks":[`+c.breaks+`]}`)
		mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), c.field)
		if got := breakKeys(listPurchaseBreaks(t, te, s.itemID, `{}`)); !sameIDs(got, stored) {
			t.Fatalf("%s: a refused replace changed the breaks to %v", c.name, got)
		}
	}
	// The body: priceBreaks required, at most 500.
	for _, body := range []string{`{}`, `{"priceBreaks":[` + breaksOf(501) + `]}`} {
		res, b := replacePurchaseBreaks(t, te, s.itemID, body)
		mustProblemNaming(t, res, b, "priceBreaks")
	}
	if n := itemEvents(t, te, s.itemID); n != events {
		t.Fatalf("%d events after refused replaces, want %d", n, events)
	}
	// Limits that hold: 50 breaks on one detail, and one quantity in two details of a vendor.
	res, b := replacePurchaseBreaks(t, te, s.itemID, `{"priceBreaks":[`+breaksOf(50)+","+
		alpha(`"quantity":1,"price":1,"unitOfMeasureName":"Each"`)+","+alpha(`"quantity":1,"price":1,"unitOfMeasureName":"Dozen"`)+`]}`)
	if got := mustPurchaseBreaks(t, res, b); len(got) != 52 {
		t.Fatalf("%d breaks stored, want 52", len(got))
	}
}

func TestItemPurchasePriceBreaksListFiltersByVendor(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newPurchaseBreakSetup(t, te, "PPB-LIST")
	res, b := replacePurchaseBreaks(t, te, s.itemID, fmt.Sprintf(`{"priceBreaks":[{"vendorId":%q,"quantity":1,"price":1},{"vendorId":%q,"quantity":2,"price":2,"unitOfMeasureName":"Dozen"}]}`, s.zeta, s.alpha))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	for _, c := range []struct {
		body    string
		vendors []string
	}{
		{``, []string{s.alpha, s.zeta}},
		{`{}`, []string{s.alpha, s.zeta}},
		{fmt.Sprintf(`{"vendorIds":[%q]}`, s.zeta), []string{s.zeta}},
		{fmt.Sprintf(`{"vendorIds":[%q,"000000000000000000000000"]}`, s.alpha), []string{s.alpha}},
		{`{"vendorIds":["000000000000000000000000"]}`, []string{}},
	} {
		list := listPurchaseBreaks(t, te, s.itemID, c.body)
		got := make([]string, len(list))
		for i, pb := range list {
			got[i] = optText(pb.VendorId)
		}
		if !sameIDs(got, c.vendors) {
			t.Fatalf("filter %s: vendors %v, want %v", c.body, got, c.vendors)
		}
	}
	res, b = itemRequest(t, te, http.MethodPost, "/api/items/"+s.itemID+"/purchase-price-breaks/list", `{"vendorIds":[]}`)
	mustProblemNaming(t, res, b, "vendorIds")
}

func TestItemUnitChangeBlockedByPricedPurchasePriceBreak(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("PPB-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	vendor := createVendor(t, te, "Unit Vendor")
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	// An unpriced vendor detail does not block; a priced purchase break does.
	res, b := replacePurchaseBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[{"vendorId":%q,"quantity":5,"price":2.5}]}`, vendor))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	// Clearing the purchase breaks in an earlier request lets the unit change.
	res, b = replacePurchaseBreaks(t, te, itemID, `{"priceBreaks":[]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	if got := optText(mustItem(t, res, b).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("unit %q, want Inch", got)
	}
}

func TestItemPurchasePriceBreaksUnknownItemAnd(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPut, "/api/items/000000000000000000000000/purchase-price-breaks", `{"priceBreaks":[]}`},
		{http.MethodPost, "/api/items/000000000000000000000000/purchase-price-breaks/list", `{}`},
	} {
		res, b := itemRequest(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	legacy := insertLegacyItem(t, te, "PPB-LEGACY")
	res, b := replacePurchaseBreaks(t, te, legacy, `{"priceBreaks":[]}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events for a refused replace", n)
	}
}
