// Package shapes is each tenant's catalogue of stock shapes (a 1/4 in A36 plate, a
// 1 in 6061 round tube, ...) that items made from material are cut from: shape type, material,
// dimensions and density. The database fills a catalogue of common shapes for every tenant
// (migration 000016 for existing tenants, and a trigger on tenants for new ones); tenants
// add their own and deactivate what they do not stock. The items area resolves the shape an
// item is cut from through Service.Activated.
package shapes

import "mos/internal/platform/dec"

// Type is a shape type; its form follows from it.
type Type string

// The shape types: the first three are planar, the rest linear.
const (
	Sheet      Type = "sheet"
	Plate      Type = "plate"
	TreadPlate Type = "treadPlate"
	Bar        Type = "bar"
	Tube       Type = "tube"
	Pipe       Type = "pipe"
	Beam       Type = "beam"
	Angle      Type = "angle"
	Channel    Type = "channel"
)

// Form is how a shape is measured and weighed.
type Form string

const (
	// Planar shapes have a thickness; items cut from them give a length and a width, and
	// weigh planar density × area.
	Planar Form = "planar"
	// Linear shapes have a cross-section; items cut from them give a length only, and weigh
	// linear density × length.
	Linear Form = "linear"
)

// forms is the form of every known type; a type missing here is unknown.
var forms = map[Type]Form{
	Sheet: Planar, Plate: Planar, TreadPlate: Planar,
	Bar: Linear, Tube: Linear, Pipe: Linear, Beam: Linear, Angle: Linear, Channel: Linear,
}

// Units is the unit of a shape's thickness and dimensions.
type Units string

const (
	Inch       Units = "inch"
	Millimeter Units = "millimeter"
)

// Shape is a stored material shape.
type Shape struct {
	ID           string
	Name         string
	MaterialName string
	Type         Type
	// Thickness is set for planar shapes only.
	Thickness *dec.Decimal
	// Dimensions is the cross-section of a linear shape as named measures; empty for planar.
	Dimensions     map[string]dec.Decimal
	DimensionUnits Units
	LinearDensity  *dec.Decimal // linear shapes only: mass per unit length
	PlanarDensity  *dec.Decimal // planar shapes only: mass per unit area
	IsActivated    bool
	Deleted        bool
}

// Form is planar or linear, by the shape's type.
func (s Shape) Form() Form { return forms[s.Type] }

// IsPlanar reports whether items cut from the shape need a width (sheet, plate, tread plate).
func (s Shape) IsPlanar() bool { return s.Form() == Planar }

// IsLinear reports whether items cut from the shape must not carry a width (bar, tube, pipe,
// beam, angle, channel).
func (s Shape) IsLinear() bool { return s.Form() == Linear }

// DensityUnits is the unit of the shape's density, which follows from its dimension units
// and form so that the two never disagree: pounds per inch or square inch for shapes in
// inches, kilograms per meter or square meter for shapes in millimeters (the customary
// metric units for profiles and plates).
func (s Shape) DensityUnits() string {
	switch {
	case s.DimensionUnits == Millimeter && s.IsPlanar():
		return "kg/m²"
	case s.DimensionUnits == Millimeter:
		return "kg/m"
	case s.IsPlanar():
		return "lb/in²"
	default:
		return "lb/in"
	}
}

// Write is a create or full-update request after parsing.
type Write struct {
	Name           string
	MaterialName   string
	Type           Type
	Thickness      *dec.Decimal
	Dimensions     map[string]dec.Decimal // nil or empty: none
	DimensionUnits Units
	LinearDensity  *dec.Decimal
	PlanarDensity  *dec.Decimal
	IsActivated    bool
}

// Filter narrows a list.
type Filter struct {
	Name        *string // case-insensitive substring
	Types       []Type  // nil: no clause
	IsActivated *bool
	IDs         []string // nil: no clause
}
