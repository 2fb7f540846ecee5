package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

func TestItemVendorDetailsDefaultsOrderPrimaryDemotionAndItemRead(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("VD"))
	zeta, alpha := createVendor(t, te, "Zeta Supply"), createVendor(t, te, "alpha metals")
	before := getItem(t, te, itemID)
	events := itemEvents(t, te, itemID)

	zetaDetail := addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemName":"  Widget  ","isPrimary":true,"priceBreaks":[{"quantity":10,"price":2}]}`, zeta))
	alphaDetail := addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"price":3,"leadTimeInDays":5,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12}`, alpha))
	after := getItem(t, te, itemID)
	if !after.ModifiedUtc.After(before.ModifiedUtc) || itemEvents(t, te, itemID) != events+2 {
		t.Fatalf("modifiedUtc %v → %v, events %d → %d", before.ModifiedUtc, after.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// Primary first, then vendor name (case-insensitive).
	list := after.VendorDetails
	if len(list) != 2 || list[0].Id != zetaDetail || list[1].Id != alphaDetail {
		t.Fatalf("item vendor details %+v", list)
	}
	z, a := list[0], list[1]
	if optText(z.VendorItemName) != "Widget" || z.UnitOfMeasureName != "Each" || z.UnitQuantity.String() != "1" || z.InventoryUnitQuantity.String() != "1" {
		t.Fatalf("defaults not applied: %+v", z)
	}
	if len(z.PriceBreaks) != 1 || z.PriceBreaks[0].CurrencyCode != getVendor(t, te.API, zeta).CurrencyCode {
		t.Fatalf("break currency not the vendor's: %+v", z.PriceBreaks)
	}
	if a.UnitOfMeasureName != "Dozen" || a.InventoryUnitQuantity.String() != "12" || a.LeadTimeInDays == nil || *a.LeadTimeInDays != 5 {
		t.Fatalf("alpha detail %+v", a)
	}
	// Making alpha primary demotes zeta in the same change; the list reads the same order.
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID+"/vendors/"+alphaDetail, fmt.Sprintf(`{"vendorId":%q,"isPrimary":true}`, alpha))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	list = listVendorDetails(t, te, itemID)
	if len(list) != 2 || list[0].Id != alphaDetail || !list[0].IsPrimary || list[1].IsPrimary {
		t.Fatalf("after promotion %+v", list)
	}
	// A full update replaced every member: alpha's price, unit and lead time are gone.
	if list[0].Price != nil || list[0].UnitOfMeasureName != "Each" || list[0].LeadTimeInDays != nil {
		t.Fatalf("full update kept members: %+v", list[0])
	}
	if n := itemEvents(t, te, itemID); n != events+3 {
		t.Fatalf("%d events, want %d", n, events+3)
	}
}

func TestItemVendorDetailWriteRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("VDR"))
	vendor := createVendor(t, te, "Rules Vendor")
	path := "/api/items/" + itemID + "/vendors"
	for _, c := range []struct{ body, field string }{
		{fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":5,"price":1},{"quantity":5,"price":2}]}`, vendor), "priceBreaks"},
		{fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Foot"}`, vendor), "unitOfMeasureName"},
		{fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"each"}`, vendor), "unitOfMeasureName"},
		{fmt.Sprintf(`{"vendorId":%q,"vendorItemName":"   "}`, vendor), ""},
	} {
		res, b := itemRequest(t, te, http.MethodPost, path, c.body)
		if c.field == "" {
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			continue
		}
		mustItemField(t, res, b, c.field)
	}
	// Schema bounds answer 400.
	for _, body := range []string{
		`{}`,
		fmt.Sprintf(`{"vendorId":%q,"price":-1}`, vendor),
		fmt.Sprintf(`{"vendorId":%q,"unitQuantity":0}`, vendor),
		fmt.Sprintf(`{"vendorId":%q,"leadTimeInDays":-1}`, vendor),
		fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":0,"price":1}]}`, vendor),
	} {
		res, b := itemRequest(t, te, http.MethodPost, path, body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	// An unknown vendor, another tenant's vendor and an unknown detail are 404.
	other := newTenant(t)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, path, `{"vendorId":"000000000000000000000000"}`},
		{http.MethodPost, path, fmt.Sprintf(`{"vendorId":%q}`, createVendor(t, other, "Foreign"))},
		{http.MethodPut, path + "/00000000-0000-0000-0000-000000000000", fmt.Sprintf(`{"vendorId":%q}`, vendor)},
	} {
		res, b := itemRequest(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// An item without an inventory unit cannot take vendor details.
	legacy := insertLegacyItem(t, te, "VDR-LEGACY")
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+legacy+"/vendors", fmt.Sprintf(`{"vendorId":%q}`, vendor))
	mustItemField(t, res, b, "unitOfMeasureName")
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events for a refused change", n)
	}
}

func TestItemUnitChangeBlockedByPricedVendorDetail(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("VD-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	vendor := createVendor(t, te, "Blocker Vendor")
	for _, priced := range []string{`"priceBreaks":[{"quantity":1,"price":4}]`, `"price":4`} {
		detail := addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,%s}`, vendor, priced))
		res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
		mustItemField(t, res, b, "unitOfMeasureName")
		// Clearing the price in an earlier request (a zero-price break prices nothing) unblocks it.
		res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID+"/vendors/"+detail, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":1,"price":0}]}`, vendor))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	if got := optText(mustItem(t, res, b).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("unit %q, want Inch", got)
	}
}

// A vendor detail's inventoryUnitQuantity counts inventory units, so an allowed unit change
// (no detail carries a price) restates it in the new unit; a unit without a fixed
// conversion cannot restate it, so that change is 400 while the item has vendor details.
func TestItemUnitChangeRestatesUnpricedVendorDetailQuantities(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("VD-RESTATE")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	vendor := createVendor(t, te, "Bar Stock Vendor")
	// One vendor "Meter" holds 3.28 feet of the item; another vendor unit holds 2 feet.
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Meter","unitQuantity":1,"inventoryUnitQuantity":3.28}`, vendor))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Foot","unitQuantity":1,"inventoryUnitQuantity":2,"isPrimary":false}`, createVendor(t, te, "Other Vendor")))
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	if got := optText(mustItem(t, res, b).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("unit %q, want Inch", got)
	}
	got := map[string]string{}
	for _, d := range listVendorDetails(t, te, itemID) {
		got[d.UnitOfMeasureName] = d.InventoryUnitQuantity.String()
	}
	if got["Meter"] != "39.36" || got["Foot"] != "24" {
		t.Fatalf("inventory unit quantities after Foot -> Inch: %v, want Meter 39.36 and Foot 24", got)
	}

	// Pieces: Each -> Box has no fixed factor.
	boxed := createItem(t, te, newItem("VD-BOX"))
	addVendorDetail(t, te, boxed, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+boxed, `{"unitOfMeasureName":"Box"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	if list := listVendorDetails(t, te, boxed); len(list) != 1 || list[0].InventoryUnitQuantity.String() != "1" {
		t.Fatalf("a refused change touched the vendor detail: %+v", list)
	}
	// Without vendor details nothing needs restating, so Box is allowed.
	plain := createItem(t, te, newItem("VD-NOBOX"))
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+plain, `{"unitOfMeasureName":"Box"}`)
	if got := optText(mustItem(t, res, b).UnitOfMeasureName); got != "Box" {
		t.Fatalf("unit %q, want Box", got)
	}
}

// Restating is computed to the 20 fraction digits quantities keep (PostgreSQL's division
// alone keeps about 16 significant digits), and a change that would round a vendor
// detail's quantity to 0 is a 400 naming unitOfMeasureName that changes nothing.
func TestItemUnitChangeRestatesVendorQuantitiesExactlyAndRefusesOnesThatVanish(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Scale Vendor")

	w := newItem("VD-POUND")
	w.UnitTypeName, w.UnitOfMeasureName = "Weight", "Kilogram"
	pounds := createItem(t, te, w)
	addVendorDetail(t, te, pounds, fmt.Sprintf(`{"vendorId":%q,"inventoryUnitQuantity":1}`, vendor))
	itemSaved(t, te, http.MethodPut, "/api/items/"+pounds, `{"unitOfMeasureName":"Pound"}`)
	if list := listVendorDetails(t, te, pounds); len(list) != 1 || list[0].InventoryUnitQuantity.String() != "2.20462262184877580723" {
		t.Fatalf("1 kg restated in pounds: %+v, want 2.20462262184877580723", list)
	}

	w = newItem("VD-TINY")
	w.UnitTypeName, w.UnitOfMeasureName = "Weight", "Gram"
	tiny := createItem(t, te, w)
	addVendorDetail(t, te, tiny, fmt.Sprintf(`{"vendorId":%q,"inventoryUnitQuantity":0.00000000000000000001}`, vendor))
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+tiny, `{"unitOfMeasureName":"Kilogram"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	if got := optText(getItem(t, te, tiny).UnitOfMeasureName); got != "Gram" {
		t.Fatalf("unit %q after a refused change, want Gram", got)
	}
	if list := listVendorDetails(t, te, tiny); len(list) != 1 || list[0].InventoryUnitQuantity.String() != "0.00000000000000000001" {
		t.Fatalf("a refused change touched the vendor detail: %+v", list)
	}
}

func TestItemInputUnitCostChoosesBreakByQuantity(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := buyItem(t, te, "IUC")
	currency := getVendor(t, te.API, createVendor(t, te, "Currency Probe")).CurrencyCode

	// Nothing prices the item: unitCost null, basis none.
	res, b, c := inputUnitCost(t, te, itemID, "5")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if c.UnitCost != nil || c.Basis != "none" || c.Vendor != nil || c.CurrencyCode != currency || optText(c.UnitOfMeasureName) != "Each" {
		t.Fatalf("unpriced: %s", b)
	}

	// Primary: sold by the Dozen (1 dozen = 12 Each), 24 per dozen, breaks at 2 and 10 dozen.
	// A non-primary vendor with a lower price is not used.
	primary := createVendor(t, te, "Primary Vendor")
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"price":1}`, createVendor(t, te, "Aaa Cheaper")))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"isPrimary":true,"price":24,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12,
		"priceBreaks":[{"quantity":10,"price":12},{"quantity":2,"price":18}]}`, primary))
	for _, c := range []struct {
		quantity, unitCost, basis string
		breakQty                  int
	}{
		{"1", "2", "vendorPrice", 0},         // 1/12 dozen: no break applies; 24 / 12
		{"23.99", "2", "vendorPrice", 0},     // just under 2 dozen
		{"24", "1.5", "vendorPriceBreak", 2}, // exactly 2 dozen: 18 / 12
		{"119", "1.5", "vendorPriceBreak", 2},
		{"120", "1", "vendorPriceBreak", 10}, // 10 dozen: 12 / 12
		{"2147483647", "1", "vendorPriceBreak", 10},
	} {
		res, b, got := inputUnitCost(t, te, itemID, c.quantity)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if got.UnitCost == nil || got.UnitCost.String() != c.unitCost || got.Basis != c.basis || got.Vendor == nil || got.Vendor.Id != primary {
			t.Fatalf("quantity %s: %s, want %s %s", c.quantity, b, c.unitCost, c.basis)
		}
		if (c.breakQty == 0) != (got.PriceBreakQuantity == nil) || (got.PriceBreakQuantity != nil && *got.PriceBreakQuantity != c.breakQty) {
			t.Fatalf("quantity %s: break %s", c.quantity, b)
		}
		if got.UnconvertedVendorCurrencyCode != nil {
			t.Fatalf("same currency reported unconverted: %s", b)
		}
	}
}

func TestItemInputUnitCostReportsForeignVendorCurrencyUnconverted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := buyItem(t, te, "IUC-EUR")
	res, err := te.API.CreateVendorWithResponse(t.Context(), nil, client.VendorWrite{Name: "Euro Vendor", CurrencyCode: ptr("EUR")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"price":7.5}`, res.JSON200.Id))
	r, b, c := inputUnitCost(t, te, itemID, "1")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	if c.UnitCost == nil || c.UnitCost.String() != "7.5" || c.CurrencyCode != "EUR" || optText(c.UnconvertedVendorCurrencyCode) != "EUR" {
		t.Fatalf("foreign currency: %s", b)
	}
}

func TestItemInputUnitCostRefusesMadeItemsAndBadQuantities(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	made := createItem(t, te, newItem("IUC-MAKE"))
	w := newItem("IUC-MOB")
	w.ItemOrigin = ptr(client.ItemOriginMakeOrBuy)
	makeOrBuy := createItem(t, te, w)
	for _, id := range []string{made, makeOrBuy} {
		res, b, _ := inputUnitCost(t, te, id, "1")
		mustItemField(t, res, b, "itemId")
	}
	bought := buyItem(t, te, "IUC-Q")
	for _, q := range []string{"0", "-1", "2147483648", "abc"} {
		res, b, _ := inputUnitCost(t, te, bought, q)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	res, b := rawRequest(t, http.MethodGet, "/api/items/"+bought+"/input-unit-cost", te.Token, "", "")
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestItemVendorDetailDeleteTakesItsPriceBreaksAndAnswers204WhenMissing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, otherItem := createItem(t, te, newItem("VD-DEL")), createItem(t, te, newItem("VD-DEL-OTHER"))
	gone, kept := createVendor(t, te, "Gone Vendor"), createVendor(t, te, "Kept Vendor")
	detail := addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":1,"price":5},{"quantity":10,"price":4}]}`, gone))
	keptDetail := addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":2,"price":3}]}`, kept))
	othersDetail := addVendorDetail(t, te, otherItem, fmt.Sprintf(`{"vendorId":%q}`, gone))
	path := "/api/items/" + itemID + "/vendors/"
	before, events := getItem(t, te, itemID).ModifiedUtc, itemEvents(t, te, itemID)

	// A detail of another item is not this item's: 204, nothing changes.
	res, b := itemRequest(t, te, http.MethodDelete, path+othersDetail, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if got := listVendorDetails(t, te, otherItem); len(got) != 1 || got[0].Id != othersDetail {
		t.Fatalf("other item's details %+v", got)
	}
	if n := itemEvents(t, te, itemID); n != events {
		t.Fatalf("a 204 delete recorded %d events", n-events)
	}

	res, b = itemRequest(t, te, http.MethodDelete, path+detail, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	it := getItem(t, te, itemID)
	if len(it.VendorDetails) != 1 || it.VendorDetails[0].Id != keptDetail {
		t.Fatalf("details after delete %+v", it.VendorDetails)
	}
	if !it.ModifiedUtc.After(before) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("modifiedUtc %v → %v, events %d → %d", before, it.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// Its price breaks went with it; the other detail's stay.
	if got := breakKeys(listPurchaseBreaks(t, te, itemID, `{}`)); len(got) != 1 || !strings.HasPrefix(got[0], kept+"/Each/2=3 ") {
		t.Fatalf("purchase breaks after delete %v", got)
	}
	var left int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM item_vendor_price_breaks WHERE tenant_id = $1 AND vendor_detail_id = $2`, te.ID, detail).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d price breaks of the deleted detail left (%v)", left, err)
	}

	res, b = itemRequest(t, te, http.MethodDelete, path+detail, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if n := itemEvents(t, te, itemID); n != events+1 {
		t.Fatalf("%d events after a 204 delete, want %d", n, events+1)
	}

	// An unknown item is 404; a legacy item without an inventory unit is refused.
	res, b = itemRequest(t, te, http.MethodDelete, "/api/items/000000000000000000000000/vendors/"+keptDetail, "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = itemRequest(t, te, http.MethodDelete, "/api/items/"+insertLegacyItem(t, te, "VD-DEL-LEGACY")+"/vendors/"+keptDetail, "")
	mustItemField(t, res, b, "unitOfMeasureName")
}
