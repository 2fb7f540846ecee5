package items

import (
	"testing"

	"mos/internal/platform/dec"
)

// TestBestBreakOrdersScopesThenQuantities walks the rule of SalesUnitPrices on one item's
// breaks: the customer's scope, then the tier's, then the list price, a scope without a break
// that applies giving way; within a scope the largest quantity not above the line's, in the
// line's unit only.
func TestBestBreakOrdersScopesThenQuantities(t *testing.T) {
	customer, tier := "C1", "T1"
	price := func(p string) *dec.Decimal { d := dec.MustParse(p); return &d }
	list := func(q int, p, unit string) SalesPriceBreak {
		return SalesPriceBreak{Quantity: q, Type: SalesBreakPrice, Price: price(p), UnitName: unit}
	}
	ofTier := func(q int, p string) SalesPriceBreak {
		b := list(q, p, "Each")
		b.CustomerTierID = &tier
		return b
	}
	ofCustomer := func(q int, p string) SalesPriceBreak {
		b := list(q, p, "Each")
		b.CustomerID = &customer
		return b
	}
	margin := SalesPriceBreak{Quantity: 1, Type: SalesBreakMargin, Margin: price("40"), UnitName: "Box"}
	breaks := []SalesPriceBreak{
		list(1, "10", "Each"), list(10, "9", "Each"), list(100, "8", "Each"), list(1, "100", "Dozen"),
		ofTier(1, "7"), ofTier(50, "6"), ofCustomer(20, "5"), margin,
	}
	for _, c := range []struct {
		name, customer, tier, quantity, unit string
		want                                 string // "" for no break; "margin" for the margin break
	}{
		{"list, first break", "", "", "5", "Each", "10"},
		{"list, largest not above", "", "", "99.5", "Each", "9"},
		{"list, at the quantity", "", "", "100", "Each", "8"},
		{"below every break", "", "", "0.5", "Each", ""},
		{"another unit", "", "", "2", "Dozen", "100"},
		{"a unit without breaks", "", "", "2", "Foot", ""},
		{"tier beats list", "", tier, "5", "Each", "7"},
		{"tier quantity", "", tier, "50", "Each", "6"},
		{"customer beats tier", customer, tier, "20", "Each", "5"},
		{"customer not reached: tier", customer, tier, "19", "Each", "7"},
		{"another customer's break ignored", "C2", "", "20", "Each", "9"},
		{"margin break", "", "", "3", "Box", "margin"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := bestBreak(breaks, PriceAsk{Quantity: dec.MustParse(c.quantity), UnitName: c.unit}, c.customer, c.tier)
			switch c.want {
			case "":
				if got.Found {
					t.Errorf("found %+v, want no break", got)
				}
			case "margin":
				if !got.Found || got.Type != SalesBreakMargin || got.Margin == nil || got.Margin.String() != "40" {
					t.Errorf("got %+v, want the margin break", got)
				}
			default:
				if !got.Found || got.Price == nil || !got.Price.Equal(dec.MustParse(c.want).Decimal) {
					t.Errorf("got %+v, want price %s", got, c.want)
				}
			}
		})
	}
}
