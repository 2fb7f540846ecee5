package items

import (
	"testing"

	"mos/internal/platform/dec"
)

func TestPurchaseItemDefaultsFromTheVendorDetail(t *testing.T) {
	price := dec.MustParse("30")
	it := PurchaseItem{
		SaleItem: SaleItem{InventoryUnit: "Each", InventoryPerUnit: map[string]dec.Decimal{"Each": dec.MustParse("1"), "Box": dec.MustParse("50")}},
		Vendor: &VendorDetail{UnitName: "Dozen", UnitQuantity: dec.MustParse("1"), InventoryUnitQuantity: dec.MustParse("12"),
			Price: &price, VendorCurrency: "USD", PriceBreaks: []VendorPriceBreak{
				{Quantity: 10, Price: dec.MustParse("25"), CurrencyCode: "USD"},
				{Quantity: 20, Price: dec.MustParse("20"), CurrencyCode: "USD"},
				{Quantity: 5, Price: dec.MustParse("1"), CurrencyCode: "EUR"},
			}},
	}
	if u := it.DefaultPurchaseUnit(); u != "Dozen" {
		t.Fatalf("default unit %q", u)
	}
	for _, c := range []struct {
		quantity, unit, currency, want string
		ok                             bool
	}{
		{"2", "Dozen", "USD", "30", true},  // below every break: the detail's price
		{"10", "Dozen", "USD", "25", true}, // the break for 10
		{"25", "Dozen", "USD", "20", true}, // the largest break not above
		{"6", "Dozen", "EUR", "1", true},   // breaks in the order's currency only
		{"2", "Dozen", "EUR", "1", true},   // below the EUR break and the price in USD: the break
		{"2", "Dozen", "CAD", "", false},   // nothing in CAD
		{"30", "Each", "USD", "", false},   // not the detail's unit
	} {
		got, ok := it.PurchaseUnitPrice(dec.MustParse(c.quantity), c.unit, c.currency)
		if ok != c.ok || (ok && !got.Equal(dec.MustParse(c.want).Decimal)) {
			t.Errorf("price of %s %s in %s = %s %v, want %s %v", c.quantity, c.unit, c.currency, got, ok, c.want, c.ok)
		}
	}
	for _, c := range []struct {
		quantity, unit, want string
		ok                   bool
	}{{"2", "Dozen", "24", true}, {"5", "Each", "5", true}, {"2", "Box", "100", true}, {"1", "Pallet", "", false}} {
		got, ok := it.PurchaseInventoryQuantity(dec.MustParse(c.quantity), c.unit)
		if ok != c.ok || (ok && !got.Equal(dec.MustParse(c.want).Decimal)) {
			t.Errorf("inventory quantity of %s %s = %s %v, want %s %v", c.quantity, c.unit, got, ok, c.want, c.ok)
		}
	}
	if u := (PurchaseItem{SaleItem: SaleItem{InventoryUnit: "Each"}}).DefaultPurchaseUnit(); u != "Each" {
		t.Fatalf("default unit without detail %q", u)
	}
}
