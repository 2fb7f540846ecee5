package items

import (
	"context"

	"mos/internal/platform/dec"
	"mos/internal/stock/shapes"
)

// MaterialDetails is the material shape an item was cut from (see CreateFromMaterialShape).
type MaterialDetails struct {
	Shape     shapes.Shape
	IsRemnant bool
	// Width and Length are the item's cut dimensions, in the shape's dimension units.
	Width, Length *dec.Decimal
}

// Weight is the piece's weight from the shape's density, in the mass unit of its density
// units: pounds for shapes in inches; kilograms for shapes in millimeters, whose densities
// are per meter or square meter. Nil when a dimension or the density is missing.
func (m MaterialDetails) Weight() *dec.Decimal {
	if m.Length == nil {
		return nil
	}
	metric := m.Shape.DimensionUnits == shapes.Millimeter
	var w dec.Decimal
	switch {
	case m.Shape.IsPlanar() && m.Shape.PlanarDensity != nil && m.Width != nil:
		w = dec.Decimal{Decimal: m.Length.Mul(m.Width.Decimal).Mul(m.Shape.PlanarDensity.Decimal)}
		if metric {
			w = dec.Decimal{Decimal: w.Shift(-6)} // mm² to m²
		}
	case m.Shape.IsLinear() && m.Shape.LinearDensity != nil:
		w = dec.Decimal{Decimal: m.Length.Mul(m.Shape.LinearDensity.Decimal)}
		if metric {
			w = dec.Decimal{Decimal: w.Shift(-3)} // mm to m
		}
	default:
		return nil
	}
	w = dec.Decimal{Decimal: w.Round(dec.MaxFractionDigits)}
	return &w
}

// loadMaterialDetails fills the MaterialDetails of items cut from a material shape in one
// query however many items: their shape links with the shapes.
func (s *Service) loadMaterialDetails(ctx context.Context, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
	}
	links, err := s.store.shownShapeLinks(ctx, s.pool, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for i, it := range items {
		l, ok := links[it.ID]
		if !ok {
			continue
		}
		items[i].MaterialDetails = &MaterialDetails{Shape: l.Shape.Shape, IsRemnant: l.IsRemnant, Width: it.Width, Length: it.Length}
		// Nesting syncs the remnants left of a cut piece back to stock; a remnant is itself
		// what is left, so only pieces cut from a shape that are not remnants sync.
		items[i].EnableRemnantSync = !l.IsRemnant
	}
	return nil
}
