package items

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Purchase order lines buy items: they read what an item is bought as, from a vendor, through
// these, so the purchasing area never reads the item master's tables.

// PurchaseItem is what a purchase order part line needs of the item it buys.
type PurchaseItem struct {
	SaleItem
	// Vendor is the item's vendor detail for the order's vendor; nil when it has none.
	Vendor *VendorDetail
}

// PurchaseItems answers the tenant's items among ids (archived or not), keyed by id, each with
// its vendor detail for vendorID, share-locked until q's transaction ends; unknown and other
// tenants' ids are absent. Two queries however many ids.
func (s *Service) PurchaseItems(ctx context.Context, q db.Q, tenantID, vendorID string, ids []string) (map[string]PurchaseItem, error) {
	found, err := s.store.saleItems(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]PurchaseItem, len(found))
	if len(found) == 0 {
		return out, nil
	}
	itemIDs := make([]string, 0, len(found))
	for id, it := range found {
		out[id] = PurchaseItem{SaleItem: it}
		itemIDs = append(itemIDs, id)
	}
	details, err := s.store.vendorDetails(ctx, q, tenantID, itemIDs)
	if err != nil {
		return nil, err
	}
	for i := range details {
		d := details[i]
		if d.VendorID != vendorID {
			continue
		}
		it := out[d.ItemID]
		it.Vendor = &d
		out[d.ItemID] = it
	}
	return out, nil
}

// DefaultPurchaseUnit is the unit a purchase line buys the item in when it names none: the
// vendor detail's unit when the item has one for the vendor, else its inventory unit.
func (it PurchaseItem) DefaultPurchaseUnit() string {
	if it.Vendor != nil && it.Vendor.UnitName != "" {
		return it.Vendor.UnitName
	}
	return it.InventoryUnit
}

// PurchaseInventoryQuantity converts quantity of unit into the item's inventory unit: through
// the vendor detail's conversion (UnitQuantity vendor units are InventoryUnitQuantity
// inventory units) when unit is the detail's, equal in the inventory unit, else by the item's
// fixed conversion of unit; ok is false when none applies.
func (it PurchaseItem) PurchaseInventoryQuantity(quantity dec.Decimal, unit string) (dec.Decimal, bool) {
	if v := it.Vendor; v != nil && unit == v.UnitName && v.UnitQuantity.IsPositive() {
		return dec.Decimal{Decimal: quantity.Mul(v.InventoryUnitQuantity.Decimal).DivRound(v.UnitQuantity.Decimal, dec.MaxFractionDigits)}, true
	}
	if unit == it.InventoryUnit && unit != "" {
		return quantity, true
	}
	return it.InventoryQuantity(quantity, unit)
}

// PurchaseUnitPrice is the vendor's price of one unit for a line of quantity units of unit in
// currency, by the rules of an item's input unit cost among the vendor detail's breaks in
// currency: the break with the largest quantity not above quantity, else the detail's price
// when the vendor's currency is currency, else (quantity below every break) the smallest
// break. Only a line in the detail's unit is priced (breaks count vendor units); ok is false
// when nothing prices it. Prices in another currency are not converted.
func (it PurchaseItem) PurchaseUnitPrice(quantity dec.Decimal, unit, currency string) (dec.Decimal, bool) {
	v := it.Vendor
	if v == nil || unit != v.UnitName {
		return dec.Decimal{}, false
	}
	b, applies := priceBreakFor(v.PriceBreaks, quantity, currency)
	switch {
	case applies:
		return b.Price, true
	case v.Price != nil && v.VendorCurrency == currency:
		return *v.Price, true
	case b != nil:
		return b.Price, true
	}
	return dec.Decimal{}, false
}
