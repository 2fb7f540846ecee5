package items

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/tiers"
	"mos/internal/stock/units"
)

// maxSalesPriceBreaks bounds the sales price breaks of one item (one replace).
const maxSalesPriceBreaks = 500

// SalesBreakType is how a sales price break prices one unit.
type SalesBreakType string

const (
	// SalesBreakPrice sells at the fixed Price.
	SalesBreakPrice SalesBreakType = "price"
	// SalesBreakMargin sells at the item's cost marked up to the gross Margin percentage.
	SalesBreakMargin SalesBreakType = "margin"
)

// SalesPriceBreak is one unit's sales price from Quantity units of Unit up. Its scope is one
// customer (CustomerID), one customer tier (CustomerTierID) or, with neither, the item's list
// price. Exactly one of Price and Margin is set, as Type says.
type SalesPriceBreak struct {
	ID             string
	ItemID         string
	Quantity       int
	Type           SalesBreakType
	Price          *dec.Decimal
	Margin         *dec.Decimal
	CurrencyCode   string
	CustomerID     *string
	CustomerTierID *string
	UnitID         string
	UnitName       string // filled on reads
}

// SalesPriceBreakWrite is one break of a replace.
type SalesPriceBreakWrite struct {
	Quantity       int
	Type           SalesBreakType // "": price
	Price          *dec.Decimal
	Margin         *dec.Decimal
	CurrencyCode   *string // nil: the tenant's primary currency
	CustomerID     *string
	CustomerTierID *string
	UnitName       *string // nil or blank: the item's inventory unit
}

// SalesPriceBreakFilter narrows a list of an item's sales price breaks to scopes. Breaks of
// CustomerIDs and of CustomerTierIDs are answered (either list); ListPriceOnly answers only
// the list-price breaks and cannot be combined with them. No member: every break.
type SalesPriceBreakFilter struct {
	CustomerIDs     []string
	CustomerTierIDs []string
	ListPriceOnly   bool
}

// CustomerTierPrices are the sales price breaks of one customer tier on an item.
type CustomerTierPrices struct {
	Tier        tiers.Tier
	PriceBreaks []SalesPriceBreak // by unit name, then quantity; never empty
}

// ReplaceSalesPriceBreaks replaces every sales price break of the item with ws in one
// transaction on the locked item row and returns the item's breaks in list order.
func (s *Service) ReplaceSalesPriceBreaks(ctx context.Context, tenantID, tenantCurrency, itemID string, ws []SalesPriceBreakWrite) ([]SalesPriceBreak, error) {
	breaks, err := normalizeSalesPriceBreaks(ws, tenantCurrency)
	if err != nil {
		return nil, err
	}
	_, err = s.changeCustomerPricing(ctx, tenantID, itemID, "salesPriceBreaksReplaced", func(q db.Q, units itemUnits) (bool, error) {
		if err := s.resolveSalesPriceBreaks(ctx, q, tenantID, itemID, units, ws, breaks); err != nil {
			return false, err
		}
		return true, s.store.replaceSalesPriceBreaks(ctx, q, tenantID, itemID, breaks)
	})
	if err != nil {
		return nil, err
	}
	// Every break of the item: a replace writes at most maxSalesPriceBreaks, within one page.
	return s.SalesPriceBreaks(ctx, tenantID, itemID, SalesPriceBreakFilter{}, listing.Request{})
}

// SalesPriceBreaks returns the page r asks for of the item's sales price breaks matching f:
// ordered by scope (the list price, then tiers by name then id, then customers by name then
// id), unit name and quantity unless r sorts by a property; the page is chosen in SQL.
func (s *Service) SalesPriceBreaks(ctx context.Context, tenantID, itemID string, f SalesPriceBreakFilter, r listing.Request) ([]SalesPriceBreak, error) {
	if f.ListPriceOnly && (len(f.CustomerIDs) > 0 || len(f.CustomerTierIDs) > 0) {
		return nil, apperr.Field("listPriceOnly", "cannot be combined with customerIds or customerTierIds")
	}
	page, err := listing.Resolve(r, salesPriceBreakListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return nil, err
	}
	return s.store.salesPriceBreakPage(ctx, s.pool, tenantID, itemID, f, page)
}

// normalizeSalesPriceBreaks applies the rules a break states on its own (the schema states
// them too; they hold for direct callers), naming each offending member by its index. Units
// and scopes need the database: see resolveSalesPriceBreaks.
func normalizeSalesPriceBreaks(ws []SalesPriceBreakWrite, tenantCurrency string) ([]SalesPriceBreak, error) {
	fields := apperr.Fields{}
	if len(ws) > maxSalesPriceBreaks {
		fields.Add("priceBreaks", "at most %d price breaks", maxSalesPriceBreaks)
	}
	out := make([]SalesPriceBreak, len(ws))
	for i, w := range ws {
		name := func(member string) string { return fmt.Sprintf("priceBreaks.%d.%s", i, member) }
		b := SalesPriceBreak{
			ID: ids.NewSub(), Quantity: w.Quantity, Type: w.Type, Price: w.Price, Margin: w.Margin,
			CurrencyCode: tenantCurrency, CustomerID: w.CustomerID, CustomerTierID: w.CustomerTierID,
		}
		if b.Type == "" {
			b.Type = SalesBreakPrice
		}
		if b.Quantity < 1 {
			fields.Add(name("quantity"), "must be 1 or more")
		}
		switch b.Type {
		case SalesBreakPrice:
			if b.Price == nil {
				fields.Add(name("price"), "is required for a price break of type price")
			} else if b.Price.IsNegative() {
				fields.Add(name("price"), "must be 0 or more")
			}
			if b.Margin != nil {
				fields.Add(name("margin"), "must be omitted or null for a price break of type price")
			}
		case SalesBreakMargin:
			if b.Margin == nil {
				fields.Add(name("margin"), "is required for a price break of type margin")
			} else if b.Margin.IsNegative() || b.Margin.GreaterThanOrEqual(dec.FromInt(100).Decimal) {
				fields.Add(name("margin"), "must be 0 or more and less than 100")
			}
			if b.Price != nil {
				fields.Add(name("price"), "must be omitted or null for a price break of type margin")
			}
		default:
			fields.Add(name("type"), "%s", apperr.NotOneOf(string(b.Type), []SalesBreakType{SalesBreakPrice, SalesBreakMargin}))
		}
		if w.CurrencyCode != nil {
			if !currency.Valid(*w.CurrencyCode) {
				fields.Add(name("currencyCode"), "must be an ISO 4217 code of three capital letters")
			}
			b.CurrencyCode = *w.CurrencyCode
		}
		if b.CustomerID != nil && b.CustomerTierID != nil {
			fields.Add(name("customerTierId"), "a price break is for a customer or a customer tier, not both")
		}
		out[i] = b
	}
	return out, fields.Err()
}

// resolveSalesPriceBreaks fills the units of breaks (written as ws) and checks what needs the
// database: each unit is one of the item's type, each customer is live and each tier exists
// (one query each for all breaks), and no two breaks share scope, unit and quantity.
func (s *Service) resolveSalesPriceBreaks(ctx context.Context, q db.Q, tenantID, itemID string, u itemUnits, ws []SalesPriceBreakWrite, breaks []SalesPriceBreak) error {
	var customerIDs, tierIDs []string
	for _, b := range breaks {
		if b.CustomerID != nil {
			customerIDs = append(customerIDs, *b.CustomerID)
		}
		if b.CustomerTierID != nil {
			tierIDs = append(tierIDs, *b.CustomerTierID)
		}
	}
	liveCustomers, err := s.customers.ByIDs(ctx, q, tenantID, customerIDs)
	if err != nil {
		return err
	}
	tiers, err := s.tiers.ByIDs(ctx, q, tenantID, tierIDs)
	if err != nil {
		return err
	}
	// A customer or tier that does not exist (or a deleted customer) is a reference to a
	// missing record: 404 naming each break's field, before any rule of the breaks is judged.
	missing := apperr.Fields{}
	for i, b := range breaks {
		if id := b.CustomerID; id != nil {
			if c, ok := liveCustomers[*id]; !ok || c.Deleted {
				missing.Add(fmt.Sprintf("priceBreaks.%d.customerId", i), "customer %s not found", *id)
			}
		}
		if id := b.CustomerTierID; id != nil {
			if _, ok := tiers[*id]; !ok {
				missing.Add(fmt.Sprintf("priceBreaks.%d.customerTierId", i), "customer tier %s not found", *id)
			}
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return err
	}
	fields := apperr.Fields{}
	type key struct {
		scope, unitID string
		quantity      int
	}
	seen := map[key]int{} // index of the first break of each scope, unit and quantity
	for i := range breaks {
		b := &breaks[i]
		b.ItemID = itemID
		name := func(member string) string { return fmt.Sprintf("priceBreaks.%d.%s", i, member) }
		scope := "list"
		if id := b.CustomerID; id != nil {
			scope = "customer " + *id
		}
		if id := b.CustomerTierID; id != nil {
			scope = "tier " + *id
		}
		unit, ok := u.named(fields, name("unitOfMeasureName"), ws[i].UnitName)
		if !ok {
			continue
		}
		b.UnitID, b.UnitName = unit.ID, unit.Name
		k := key{scope, unit.ID, b.Quantity}
		if first, dup := seen[k]; dup {
			fields.Add(name("quantity"), "priceBreaks.%d already has quantity %d in %s for this customer, tier or list price", first, b.Quantity, unit.Name)
			continue
		}
		seen[k] = i
	}
	return fields.Err()
}

// itemUnits are the units of an item's unit type by name, and its inventory unit.
type itemUnits struct {
	inventory units.Unit
	byName    map[string]units.Unit
}

// named is the unit name (trimmed, case-sensitive) of the item's type; nil or blank is the
// inventory unit. Another name is reported in fields under field (ok false).
func (u itemUnits) named(fields apperr.Fields, field string, name *string) (unit units.Unit, ok bool) {
	if name == nil || strings.TrimSpace(*name) == "" {
		return u.inventory, true
	}
	n := strings.TrimSpace(*name)
	if unit, ok = u.byName[n]; !ok {
		fields.Add(field, "%s", units.NotOfType(n, u.inventory.TypeName, slices.Collect(maps.Keys(u.byName))))
	}
	return unit, ok
}

// unitsOfItem reads the units of it's type from the catalogue (one query); it has a unit.
func (s *Service) unitsOfItem(ctx context.Context, q db.Q, tenantID string, it Item) (itemUnits, error) {
	byID, err := s.units.ByID(ctx, q, tenantID)
	if err != nil {
		return itemUnits{}, err
	}
	inventory := byID[*it.UnitID]
	out := itemUnits{inventory: inventory, byName: map[string]units.Unit{}}
	for _, unit := range byID {
		if unit.TypeID == inventory.TypeID {
			out.byName[unit.Name] = unit
		}
	}
	return out, nil
}

// loadCustomerPricing fills the CustomerDetails and CustomerTiers of items in two queries
// however many items: their customer details and their sales price breaks, each with the
// names of the customers, tiers and units they name.
func (s *Service) loadCustomerPricing(ctx context.Context, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
		at[it.ID] = i
		items[i].CustomerDetails = []CustomerDetail{}
		items[i].CustomerTiers = []CustomerTierPrices{}
	}
	details, err := s.store.customerDetails(ctx, s.pool, tenantID, itemIDs)
	if err != nil {
		return err
	}
	breaks, refs, err := s.store.salesPriceBreaks(ctx, s.pool, tenantID, itemIDs, SalesPriceBreakFilter{})
	if err != nil || len(details)+len(breaks) == 0 {
		return err
	}
	refs.sortBreaks(breaks)
	// Breaks in list order, so each customer's and each tier's come out ordered.
	type scope struct{ itemID, id string }
	byCustomer := map[scope][]SalesPriceBreak{}
	for _, b := range breaks {
		i := at[b.ItemID]
		switch {
		case b.CustomerID != nil:
			k := scope{b.ItemID, *b.CustomerID}
			byCustomer[k] = append(byCustomer[k], b)
		case b.CustomerTierID != nil:
			tiers := items[i].CustomerTiers
			if n := len(tiers); n == 0 || tiers[n-1].Tier.ID != *b.CustomerTierID {
				items[i].CustomerTiers = append(tiers, CustomerTierPrices{Tier: refs.tiers[*b.CustomerTierID]})
			}
			last := &items[i].CustomerTiers[len(items[i].CustomerTiers)-1]
			last.PriceBreaks = append(last.PriceBreaks, b)
		}
	}
	refs.sortDetails(details)
	for _, d := range details {
		d.PriceBreaks = byCustomer[scope{d.ItemID, d.CustomerID}]
		if d.PriceBreaks == nil {
			d.PriceBreaks = []SalesPriceBreak{}
		}
		i := at[d.ItemID]
		items[i].CustomerDetails = append(items[i].CustomerDetails, d)
	}
	return nil
}

// pricingRefs are the names of the customers and the tiers that sales price breaks name, read
// with the breaks, for their read shapes and their order.
type pricingRefs struct {
	customerNames map[string]string
	tiers         map[string]tiers.Tier
}

// sortBreaks orders breaks by scope (the list price, then tiers by name case-insensitively
// and id, then customers likewise), then unit name, then quantity. Names live in other
// areas, so the order is made here.
func (r pricingRefs) sortBreaks(breaks []SalesPriceBreak) {
	type rank struct {
		kind     int // 0 list, 1 tier, 2 customer
		name, id string
	}
	rankOf := func(b SalesPriceBreak) rank {
		switch {
		case b.CustomerTierID != nil:
			return rank{1, strings.ToLower(r.tiers[*b.CustomerTierID].Name), *b.CustomerTierID}
		case b.CustomerID != nil:
			return rank{2, strings.ToLower(r.customerNames[*b.CustomerID]), *b.CustomerID}
		}
		return rank{}
	}
	sort.SliceStable(breaks, func(i, j int) bool {
		a, b := breaks[i], breaks[j]
		if ra, rb := rankOf(a), rankOf(b); ra != rb {
			if ra.kind != rb.kind {
				return ra.kind < rb.kind
			}
			if ra.name != rb.name {
				return ra.name < rb.name
			}
			return ra.id < rb.id
		}
		if an, bn := strings.ToLower(a.UnitName), strings.ToLower(b.UnitName); an != bn {
			return an < bn
		}
		return a.Quantity < b.Quantity
	})
}

// sortDetails orders customer details by customer name (case-insensitive), then id.
func (r pricingRefs) sortDetails(details []CustomerDetail) {
	sort.Slice(details, func(i, j int) bool {
		a, b := details[i], details[j]
		if an, bn := strings.ToLower(a.CustomerName), strings.ToLower(b.CustomerName); an != bn {
			return an < bn
		}
		return a.ID < b.ID
	})
}
