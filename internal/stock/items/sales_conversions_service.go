package items

import (
	"context"
	"fmt"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/units"
)

const (
	maxSalesConversions = 50
	multiplierPlaces    = 12 // decimal places of SalesConversion.Multiplier
)

// SalesConversion is a unit an item is sold in: SourceQuantity of the item's inventory unit
// sell as DestinationQuantity of the unit UnitID. IsCustom conversions hold the quantities
// as written; the others follow the units catalogue.
type SalesConversion struct {
	UnitID              string
	UnitName            string // filled on reads
	SourceQuantity      dec.Decimal
	DestinationQuantity dec.Decimal
	IsCustom            bool
	IsDefault           bool
}

// Multiplier is the sales units in one inventory unit, rounded to multiplierPlaces.
func (c SalesConversion) Multiplier() dec.Decimal {
	return dec.Decimal{Decimal: c.DestinationQuantity.DivRound(c.SourceQuantity.Decimal, multiplierPlaces)}
}

// SalesConversionWrite is one conversion of a create or update.
type SalesConversionWrite struct {
	UnitName            string
	SourceQuantity      *dec.Decimal
	DestinationQuantity *dec.Decimal
	IsCustom            bool
	IsDefault           bool
}

// resolveSalesConversions turns the written conversions of an item counted in inventory
// into stored ones, naming each offending member: a destination is a unit of the catalogue
// (trimmed, case-sensitive; the item's own type first when a name repeats across types),
// not the inventory unit and listed once; a catalogue conversion (not IsCustom) stays within
// the item's unit type and its quantities follow the catalogue (omitted ones are filled in,
// sent ones must state the same ratio); a custom one needs both quantities; one default at
// most.
func (s *Service) resolveSalesConversions(ctx context.Context, q db.Q, tenantID string, inventory units.Unit, ws []SalesConversionWrite) ([]SalesConversion, error) {
	if len(ws) == 0 {
		return nil, nil
	}
	fields := apperr.Fields{}
	if len(ws) > maxSalesConversions {
		fields.Add("salesUnitOfMeasureConversions", "at most %d conversions", maxSalesConversions)
		return nil, fields.Err()
	}
	catalogue, err := s.units.ByID(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	out := make([]SalesConversion, 0, len(ws))
	seen := map[string]bool{}
	defaults := 0
	for i, w := range ws {
		at := fmt.Sprintf("salesUnitOfMeasureConversions.%d.", i)
		unit, ok := unitNamed(catalogue, inventory.TypeID, strings.TrimSpace(w.UnitName))
		switch {
		case !ok:
			fields.Add(at+"destinationUnitOfMeasureName", "%q is not a unit of measure", w.UnitName)
			continue
		case unit.ID == inventory.ID:
			fields.Add(at+"destinationUnitOfMeasureName", "%s is the item's inventory unit", unit.Name)
			continue
		case seen[unit.ID]:
			fields.Add(at+"destinationUnitOfMeasureName", "%s is listed more than once", unit.Name)
			continue
		case unit.TypeID != inventory.TypeID && !w.IsCustom:
			fields.Add(at+"destinationUnitOfMeasureName", "%s; a conversion to another unit type must be custom (isCustom true)",
				units.NotOfType(unit.Name, inventory.TypeName, units.NamesOfType(catalogue, inventory.TypeID)))
			continue
		}
		seen[unit.ID] = true
		if w.IsDefault {
			if defaults++; defaults > 1 {
				fields.Add(at+"isDefault", "only one conversion can be the default")
			}
		}
		c := SalesConversion{UnitID: unit.ID, UnitName: unit.Name, IsCustom: w.IsCustom, IsDefault: w.IsDefault}
		for name, q := range map[string]*dec.Decimal{"sourceQuantity": w.SourceQuantity, "destinationQuantity": w.DestinationQuantity} {
			if q != nil && !q.IsPositive() {
				fields.Add(at+name, "must be more than 0")
			}
		}
		if w.IsCustom {
			if w.SourceQuantity == nil || w.DestinationQuantity == nil {
				fields.Add(at+"sourceQuantity", "a custom conversion needs sourceQuantity and destinationQuantity")
				continue
			}
			c.SourceQuantity, c.DestinationQuantity = *w.SourceQuantity, *w.DestinationQuantity
			out = append(out, c)
			continue
		}
		if err := catalogueQuantities(&c, inventory, unit, w); err != nil {
			fields.Add(at+"destinationUnitOfMeasureName", "%s", err.Error())
			continue
		}
		out = append(out, c)
	}
	return out, fields.Err()
}

// catalogueQuantities fills c's quantities from the units catalogue: omitted ones follow
// from the other (sourceQuantity 1 when both are omitted); sent ones must state the
// catalogue's ratio, compared exactly on the factors' fractions. unit is of inventory's type:
// the caller refuses another type unless the conversion is custom.
func catalogueQuantities(c *SalesConversion, inventory, unit units.Unit, w SalesConversionWrite) error {
	if unit.Factor == nil || inventory.Factor == nil {
		return fmt.Errorf("%s has no fixed conversion to %s: the conversion must be custom (isCustom true)", unit.Name, inventory.Name)
	}
	switch {
	case w.SourceQuantity != nil && w.DestinationQuantity != nil:
		// src × inventory factor = dest × unit factor, on the fractions' terms.
		lhs := w.SourceQuantity.Mul(inventory.Factor.Num.Decimal).Mul(unit.Factor.Den.Decimal)
		rhs := w.DestinationQuantity.Mul(unit.Factor.Num.Decimal).Mul(inventory.Factor.Den.Decimal)
		if !lhs.Equal(rhs) {
			return fmt.Errorf("%s %s is not %s %s: leave the quantities out or set isCustom", w.SourceQuantity, inventory.Name, w.DestinationQuantity, unit.Name)
		}
		c.SourceQuantity, c.DestinationQuantity = *w.SourceQuantity, *w.DestinationQuantity
		return nil
	case w.DestinationQuantity != nil:
		src, err := units.Convert(*w.DestinationQuantity, unit, inventory)
		c.SourceQuantity, c.DestinationQuantity = src, *w.DestinationQuantity
		return err
	}
	c.SourceQuantity = dec.FromInt(1)
	if w.SourceQuantity != nil {
		c.SourceQuantity = *w.SourceQuantity
	}
	dest, err := units.Convert(c.SourceQuantity, inventory, unit)
	c.DestinationQuantity = dest
	return err
}

// unitNamed finds the unit called name (case-sensitive), preferring one of type typeID.
func unitNamed(catalogue map[string]units.Unit, typeID, name string) (units.Unit, bool) {
	var found units.Unit
	ok := false
	for _, u := range catalogue {
		if u.Name != name {
			continue
		}
		if u.TypeID == typeID {
			return u, true
		}
		if !ok || u.ID < found.ID {
			found, ok = u, true
		}
	}
	return found, ok
}

// loadSalesConversions fills the SalesConversions of items in one query however many items:
// their conversions with the units' names.
func (s *Service) loadSalesConversions(ctx context.Context, tenantID string, items []Item) error {
	return s.loadSalesConversionsIn(ctx, s.pool, tenantID, items)
}

func (s *Service) loadSalesConversionsIn(ctx context.Context, q db.Q, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
		at[it.ID] = i
		items[i].SalesConversions = []SalesConversion{}
	}
	rows, err := s.store.salesConversions(ctx, q, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for _, r := range rows {
		i := at[r.itemID]
		items[i].SalesConversions = append(items[i].SalesConversions, r.conversion)
	}
	return nil
}
