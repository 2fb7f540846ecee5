package items

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
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
	priceFromVendorDetails(it.VendorDetails, tenantCurrency, quantity, &out)
	return out, nil
}

// priceFromVendorDetails applies the pricing rules of InputUnitCost to an item's vendor
// details (primary first, see sortVendorDetails) for quantity inventory units, filling out;
// out keeps BasisNone and no unit cost when nothing prices the item.
func priceFromVendorDetails(details []VendorDetail, tenantCurrency string, quantity dec.Decimal, out *InputUnitCost) {
	if len(details) == 0 {
		return
	}
	d := details[0]
	vendorQty := quantity.Mul(d.UnitQuantity.Decimal).DivRound(d.InventoryUnitQuantity.Decimal, dec.MaxFractionDigits)
	var price *dec.Decimal
	currency := d.VendorCurrency
	b, applies := priceBreakFor(d.PriceBreaks, dec.Decimal{Decimal: vendorQty}, "")
	switch {
	case applies:
		price, currency, out.Basis = &b.Price, b.CurrencyCode, BasisVendorPriceBreak
		out.PriceBreakQuantity = &b.Quantity
	case d.Price != nil:
		price, out.Basis = d.Price, BasisVendorPrice
	case b != nil:
		// Priced only by breaks and asked for less than the smallest: buying below it costs
		// at least its price, which beats answering no cost at all.
		price, currency, out.Basis = &b.Price, b.CurrencyCode, BasisVendorPriceBreak
		out.PriceBreakQuantity = &b.Quantity
	}
	if price == nil {
		return
	}
	cost := dec.Decimal{Decimal: price.Mul(d.UnitQuantity.Decimal).DivRound(d.InventoryUnitQuantity.Decimal, dec.MaxFractionDigits)}
	out.UnitCost, out.VendorID, out.VendorName, out.CurrencyCode = &cost, &d.VendorID, d.VendorName, currency
	if currency != tenantCurrency {
		out.UnconvertedVendorCurrencyCode = &currency
	}
}

// priceBreakFor is the break of breaks that prices vendorQty vendor units: the one with the
// largest quantity not above vendorQty (applies), else, when vendorQty is below every break,
// the smallest (applies false: the caller decides whether it beats the vendor's plain price);
// nil when there is no break. A non-empty currency keeps only the breaks in that currency.
// Every price of an item's vendor (input unit cost, purchase order lines) is chosen here.
func priceBreakFor(breaks []VendorPriceBreak, vendorQty dec.Decimal, currency string) (b *VendorPriceBreak, applies bool) {
	var best, smallest *VendorPriceBreak
	for i := range breaks {
		c := &breaks[i]
		if currency != "" && c.CurrencyCode != currency {
			continue
		}
		if smallest == nil || c.Quantity < smallest.Quantity {
			smallest = c
		}
		if dec.FromInt(int64(c.Quantity)).LessThanOrEqual(vendorQty.Decimal) && (best == nil || c.Quantity > best.Quantity) {
			best = c
		}
	}
	if best != nil {
		return best, true
	}
	return smallest, false
}

// InputUnitCosts answers, through q, the input unit cost of each item of quantities for its
// quantity (inventory units) under the rules of InputUnitCost, in two statements however many
// items: the vendor detail's price in its own currency, unconverted. Items that are made
// (origin make or makeOrBuy), that nothing prices, or that the tenant does not have are absent.
func (s *Service) InputUnitCosts(ctx context.Context, q db.Q, tenantID string, quantities map[string]dec.Decimal) (map[string]dec.Decimal, error) {
	out := make(map[string]dec.Decimal, len(quantities))
	if len(quantities) == 0 {
		return out, nil
	}
	itemIDs := make([]string, 0, len(quantities))
	for id := range quantities {
		itemIDs = append(itemIDs, id)
	}
	bought, err := s.store.boughtItems(ctx, q, tenantID, itemIDs)
	if err != nil {
		return nil, err
	}
	if len(bought) == 0 {
		return out, nil
	}
	details, err := s.store.vendorDetails(ctx, q, tenantID, bought)
	if err != nil {
		return nil, err
	}
	byItem := make(map[string][]VendorDetail, len(bought))
	for _, d := range details {
		byItem[d.ItemID] = append(byItem[d.ItemID], d)
	}
	for _, id := range bought {
		list := byItem[id]
		sortVendorDetails(list)
		var c InputUnitCost
		priceFromVendorDetails(list, "", quantities[id], &c)
		if c.UnitCost != nil {
			out[id] = *c.UnitCost
		}
	}
	return out, nil
}
