package items

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

// CostBasis is what an input unit cost was computed from.
type CostBasis string

const (
	BasisNone             CostBasis = "none"             // nothing prices the item
	BasisVendorPrice      CostBasis = "vendorPrice"      // the vendor detail's price
	BasisVendorPriceBreak CostBasis = "vendorPriceBreak" // a price break of the vendor detail
)

// maxCostQuantity bounds the quantity of an input unit cost (the int32 range the operation documents).
const maxCostQuantity = 2147483647

// InputUnitCost is the cost of one inventory unit of a bought item for a quantity.
type InputUnitCost struct {
	UnitCost           *dec.Decimal // nil with BasisNone
	Basis              CostBasis
	VendorID           *string // the vendor priced from; nil with BasisNone
	VendorName         string
	PriceBreakQuantity *int // vendor units; with BasisVendorPriceBreak only
	CurrencyCode       string
	UnitName           *string // the item's inventory unit; nil only on legacy items
	// UnconvertedVendorCurrencyCode is CurrencyCode when it is not the tenant's currency:
	// no currency conversion is done.
	UnconvertedVendorCurrencyCode *string
}

// InputUnitCost prices quantity inventory units of the item from one vendor detail: the
// primary one, else the first in read order (vendor name, then id). quantity becomes vendor
// units (× UnitQuantity ÷ InventoryUnitQuantity); the break with the largest quantity not
// above that is used, else the detail's price, else the smallest break; the cost per inventory unit is
// price × UnitQuantity ÷ InventoryUnitQuantity. Make and makeOrBuy items are not bought (400).
func (s *Service) InputUnitCost(ctx context.Context, tenantID, tenantCurrency, itemID string, quantity dec.Decimal) (InputUnitCost, error) {
	if !quantity.IsPositive() || quantity.GreaterThan(dec.FromInt(maxCostQuantity).Decimal) {
		return InputUnitCost{}, apperr.Field("quantity", "must be more than 0 and at most %d", maxCostQuantity)
	}
	it, err := s.Get(ctx, tenantID, itemID)
	if err != nil {
		return InputUnitCost{}, err
	}
	if it.Origin == OriginMake || it.Origin == OriginMakeOrBuy {
		return InputUnitCost{}, apperr.Field("itemId", "item %s is made (origin %s), so it has no input unit cost", it.ID, it.Origin)
	}
	out := InputUnitCost{Basis: BasisNone, CurrencyCode: tenantCurrency}
	if it.Unit != nil {
		out.UnitName = &it.Unit.Name
	}
	if len(it.VendorDetails) == 0 {
		return out, nil
	}
	d := it.VendorDetails[0] // primary first, see sortVendorDetails
	vendorQty := quantity.Mul(d.UnitQuantity.Decimal).DivRound(d.InventoryUnitQuantity.Decimal, dec.MaxFractionDigits)
	var price *dec.Decimal
	currency := d.VendorCurrency
	for _, b := range d.PriceBreaks { // by quantity: the last that applies is the best
		if dec.FromInt(int64(b.Quantity)).LessThanOrEqual(vendorQty) {
			price, currency, out.Basis = &b.Price, b.CurrencyCode, BasisVendorPriceBreak
			out.PriceBreakQuantity = &b.Quantity
		}
	}
	if price == nil && d.Price != nil {
		price, out.Basis = d.Price, BasisVendorPrice
	}
	if price == nil && len(d.PriceBreaks) > 0 {
		// Priced only by breaks and asked for less than the smallest: buying below it costs
		// at least its price, which beats answering no cost at all.
		b := d.PriceBreaks[0]
		price, currency, out.Basis = &b.Price, b.CurrencyCode, BasisVendorPriceBreak
		out.PriceBreakQuantity = &b.Quantity
	}
	if price == nil {
		return out, nil
	}
	cost := dec.Decimal{Decimal: price.Mul(d.UnitQuantity.Decimal).DivRound(d.InventoryUnitQuantity.Decimal, dec.MaxFractionDigits)}
	out.UnitCost, out.VendorID, out.VendorName, out.CurrencyCode = &cost, &d.VendorID, d.VendorName, currency
	if currency != tenantCurrency {
		out.UnconvertedVendorCurrencyCode = &currency
	}
	return out, nil
}
