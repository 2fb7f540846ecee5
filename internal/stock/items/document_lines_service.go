package items

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Document lines (quote lines, and sales-order lines later) sell items: they read what an
// item sells as and how it is priced through these, so the documents never read the item
// master's tables.

// SaleItem is what a document line needs of the item it sells.
type SaleItem struct {
	ID          string
	Number      string
	Revision    *string
	Description *string
	IsArchived  bool
	IsTaxable   bool
	// InventoryUnit is the item's inventory unit; "" only on legacy items without one.
	InventoryUnit string
	// DefaultSalesUnit is the unit of the item's default sales conversion; "" when none.
	DefaultSalesUnit string
	// Units are the units a line may sell the item in: every unit of its unit type, and the
	// units of its sales conversions.
	Units []string
	// InventoryPerUnit is, for each of Units with a fixed conversion to the inventory unit,
	// how many inventory units one of it is (Dozen: 12 when sold by the Each); a unit
	// without one (a Box of the Pieces type with no conversion of the item's) is absent.
	InventoryPerUnit map[string]dec.Decimal
	// AccountingCodeID and Accounting are how the item's sales are booked (invoice lines copy
	// them when they bill it).
	AccountingCodeID *string
	Accounting       AccountingDetails
}

// InventoryQuantity converts quantity of unit into the item's inventory unit; ok is false
// when unit has no fixed conversion to it.
func (it SaleItem) InventoryQuantity(quantity dec.Decimal, unit string) (dec.Decimal, bool) {
	per, ok := it.InventoryPerUnit[unit]
	if !ok {
		return dec.Decimal{}, false
	}
	return dec.Decimal{Decimal: quantity.Mul(per.Decimal)}, true
}

// DefaultUnit is the unit a line sells the item in when it names none: the default sales
// unit when the item has one, else the inventory unit.
func (it SaleItem) DefaultUnit() string {
	if it.DefaultSalesUnit != "" {
		return it.DefaultSalesUnit
	}
	return it.InventoryUnit
}

// SaleItems answers the tenant's items among ids (archived or not), keyed by id, share-locked
// until q's transaction ends (so the item's unit cannot change under a line being written);
// unknown and other tenants' ids are absent. One query however many ids.
func (s *Service) SaleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]SaleItem, error) {
	return s.store.saleItems(ctx, q, tenantID, ids)
}

// PriceAsk is one line to price: Quantity of ItemID in the unit UnitName.
type PriceAsk struct {
	ItemID   string
	Quantity dec.Decimal
	UnitName string
}

// SalesPrice is the sales price break that applies to a line, if any. Exactly one of Price
// and Margin is set when Found, as Type says: a margin break prices from cost, which the
// document computes.
type SalesPrice struct {
	Found  bool
	Type   SalesBreakType
	Price  *dec.Decimal
	Margin *dec.Decimal
}

// SalesUnitPrice is SalesUnitPrices for one line.
func (s *Service) SalesUnitPrice(ctx context.Context, q db.Q, tenantID, customerID, currency string, ask PriceAsk) (SalesPrice, error) {
	out, err := s.SalesUnitPrices(ctx, q, tenantID, customerID, currency, []PriceAsk{ask})
	if err != nil {
		return SalesPrice{}, err
	}
	return out[0], nil
}

// SalesUnitPrices finds, for each ask, the sales price break of its item that prices it for
// the customer in currency, answering one SalesPrice per ask in order. Only breaks in the
// currency and in the ask's unit are considered (no unit conversion). The customer's breaks
// come first, then those of the customer's tier, then the list price (breaks with neither);
// a scope without a break that applies gives way to the next. Within a scope the break with
// the largest quantity not above the ask's quantity applies. Two queries however many asks.
func (s *Service) SalesUnitPrices(ctx context.Context, q db.Q, tenantID, customerID, currency string, asks []PriceAsk) ([]SalesPrice, error) {
	out := make([]SalesPrice, len(asks))
	if len(asks) == 0 {
		return out, nil
	}
	var tierID string
	if customerID != "" {
		found, err := s.customers.ByIDs(ctx, q, tenantID, []string{customerID})
		if err != nil {
			return nil, err
		}
		if c, ok := found[customerID]; ok && c.CustomerTierID != nil {
			tierID = *c.CustomerTierID
		}
	}
	itemIDs := make([]string, 0, len(asks))
	seen := map[string]bool{}
	for _, a := range asks {
		if !seen[a.ItemID] {
			seen[a.ItemID] = true
			itemIDs = append(itemIDs, a.ItemID)
		}
	}
	breaks, err := s.store.pricingBreaks(ctx, q, tenantID, itemIDs, currency, customerID, tierID)
	if err != nil {
		return nil, err
	}
	byItem := map[string][]SalesPriceBreak{}
	for _, b := range breaks {
		byItem[b.ItemID] = append(byItem[b.ItemID], b)
	}
	for i, a := range asks {
		out[i] = bestBreak(byItem[a.ItemID], a, customerID, tierID)
	}
	return out, nil
}

// bestBreak applies the scope order and the quantity rule of SalesUnitPrices to one item's
// breaks (already narrowed to the currency and the customer's scopes).
func bestBreak(breaks []SalesPriceBreak, a PriceAsk, customerID, tierID string) SalesPrice {
	inScope := []func(b SalesPriceBreak) bool{
		func(b SalesPriceBreak) bool { return b.CustomerID != nil && *b.CustomerID == customerID },
		func(b SalesPriceBreak) bool { return b.CustomerTierID != nil && *b.CustomerTierID == tierID },
		func(b SalesPriceBreak) bool { return b.CustomerID == nil && b.CustomerTierID == nil },
	}
	for _, in := range inScope {
		var best *SalesPriceBreak
		for i := range breaks {
			b := &breaks[i]
			if !in(*b) || b.UnitName != a.UnitName || dec.FromInt(int64(b.Quantity)).GreaterThan(a.Quantity.Decimal) {
				continue
			}
			if best == nil || b.Quantity > best.Quantity {
				best = b
			}
		}
		if best != nil {
			return SalesPrice{Found: true, Type: best.Type, Price: best.Price, Margin: best.Margin}
		}
	}
	return SalesPrice{}
}
