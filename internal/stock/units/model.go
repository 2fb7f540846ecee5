// Package units is the catalogue of units of measure: unit types (Pieces, Length, Weight,
// ...) and their units, filled in for every tenant by the database (migration 000014 for
// existing tenants, and a trigger on tenants for new ones). Items name a unit type and a
// unit, resolved through Service.Resolve, and convert quantities with Convert.
package units

import "mos/internal/platform/dec"

// Unit is one unit of measure of a unit type.
type Unit struct {
	ID       string
	TypeID   string
	TypeName string
	Name     string
	// Factor is how many of the type's base unit one of this unit is, as an exact fraction;
	// nil for a unit without a fixed conversion (Box: its count depends on the item).
	Factor *Ratio
	IsBase bool
}

// Ratio is the exact fraction Num/Den. Factors are kept as fractions because some are not
// finite decimals (a minute is 1/60 hour); conversions multiply first and divide once.
type Ratio struct {
	Num dec.Decimal
	Den dec.Decimal
}

// Decimal is the ratio as a decimal, rounded to dec.MaxFractionDigits places when it does
// not terminate; for display only, never for arithmetic.
func (r Ratio) Decimal() dec.Decimal {
	return dec.Decimal{Decimal: r.Num.DivRound(r.Den.Decimal, dec.MaxFractionDigits)}
}

// UnitType is a unit type with its units, ordered by factor (no factor last) then name.
type UnitType struct {
	ID           string
	Name         string
	BaseUnitName string // the unit with factor 1, even when a filter leaves it out of Units
	Units        []Unit
}

// Filter narrows the catalogue.
type Filter struct {
	TypeName *string // exact, case-insensitive
	Name     *string // case-insensitive substring of the unit name
}
