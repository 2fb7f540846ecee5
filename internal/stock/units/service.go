package units

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// Service reads the units of measure catalogue.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the units of measure service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// List returns the page r asks for of the tenant's unit types matching f (by name unless r
// sorts otherwise), each with its matching units; a type left without units is dropped.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]UnitType, error) {
	page, err := listing.Resolve(r, typeListSpec)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.page(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	out := []UnitType{}
	for _, r := range rows { // ordered by type, so one type's units are adjacent
		if n := len(out); n == 0 || out[n-1].ID != r.TypeID {
			out = append(out, UnitType{ID: r.TypeID, Name: r.TypeName, BaseUnitName: r.BaseName})
		}
		out[len(out)-1].Units = append(out[len(out)-1].Units, r.toUnit())
	}
	return out, nil
}

// ByID returns the tenant's whole catalogue by unit id (one query; the catalogue is small),
// read through q: a caller inside a transaction passes it, because taking a second
// connection while holding one starves the pool when every connection is so held.
func (s *Service) ByID(ctx context.Context, q db.Q, tenantID string) (map[string]Unit, error) {
	rows, err := s.store.list(ctx, q, tenantID, Filter{})
	if err != nil {
		return nil, err
	}
	out := make(map[string]Unit, len(rows))
	for _, r := range rows {
		out[r.ID] = r.toUnit()
	}
	return out, nil
}

// Resolve returns the unit named unitName of the unit type named unitTypeName, inside q
// (so an item write can resolve in its own transaction). Both names are trimmed; the type
// matches case-insensitively, the unit case-sensitively (an item's unit matches exactly:
// "Each" is a unit, "each" is not). An unknown type is a 400 naming unitTypeName; a unit
// that is not one of the type's is a 400 naming unitOfMeasureName and the type's units.
func (s *Service) Resolve(ctx context.Context, q db.Q, tenantID, unitTypeName, unitName string) (Unit, error) {
	unitTypeName, unitName = strings.TrimSpace(unitTypeName), strings.TrimSpace(unitName)
	rows, err := s.store.list(ctx, q, tenantID, Filter{TypeName: &unitTypeName})
	if err != nil {
		return Unit{}, err
	}
	if len(rows) == 0 {
		return Unit{}, apperr.Field("unitTypeName", "unknown unit type %q", unitTypeName)
	}
	names := make([]string, len(rows))
	for i, r := range rows {
		if r.Name == unitName {
			return r.toUnit(), nil
		}
		names[i] = r.Name
	}
	return Unit{}, apperr.Field("unitOfMeasureName", "%s", NotOfType(unitName, rows[0].TypeName, names))
}

// NotOfType is the one message refusing a unit name that is not one of a unit type's
// units; it names the type's units (typeUnits, listed alphabetically) so that the client
// can pick one: `unit "Foot" is not a unit of Pieces; units of Pieces: Box, Dozen, Each`.
func NotOfType(unitName, typeName string, typeUnits []string) string {
	names := slices.Clone(typeUnits)
	slices.Sort(names)
	return fmt.Sprintf("unit %q is not a unit of %s; units of %s: %s", unitName, typeName, typeName, strings.Join(names, ", "))
}

// NamesOfType are the names of the units of type typeID in catalogue (as ByID answers it).
func NamesOfType(catalogue map[string]Unit, typeID string) []string {
	var names []string
	for _, u := range catalogue {
		if u.TypeID == typeID {
			names = append(names, u.Name)
		}
	}
	return names
}

// Convert expresses qty of unit from in unit to. Both must be of one type; converting a
// unit to itself is always possible, otherwise both need a factor (Box converts to
// nothing else). The result is exact when it is a finite decimal, else rounded to
// dec.MaxFractionDigits places.
func Convert(qty dec.Decimal, from, to Unit) (dec.Decimal, error) {
	if from.ID == to.ID {
		return qty, nil
	}
	if from.TypeID != to.TypeID {
		return dec.Decimal{}, apperr.Field("unitOfMeasureName", "%s (%s) does not convert to %s (%s)", from.Name, from.TypeName, to.Name, to.TypeName)
	}
	if from.Factor == nil || to.Factor == nil {
		return dec.Decimal{}, apperr.Field("unitOfMeasureName", "%s has no fixed conversion to %s", from.Name, to.Name)
	}
	// qty × from/base ÷ to/base = qty × from.Num × to.Den ÷ (from.Den × to.Num)
	num := qty.Mul(from.Factor.Num.Decimal).Mul(to.Factor.Den.Decimal)
	den := from.Factor.Den.Mul(to.Factor.Num.Decimal)
	return dec.Decimal{Decimal: num.DivRound(den, dec.MaxFractionDigits)}, nil
}
