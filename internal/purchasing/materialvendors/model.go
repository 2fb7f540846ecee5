// Package materialvendors serves material vendors: one vendor's offer of one material shape
// (who supplies a 1/4 in A36 plate, what they call it, at what price per weight, length,
// area or piece). A shape has at most one offer per vendor and at most one primary offer.
// Shapes and vendors belong to other areas and are read through the interfaces in service.go.
package materialvendors

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/stock/shapes"
)

// PriceUnit is what an offer's price is per.
type PriceUnit string

// The price units: by weight, by length, by area, or per piece.
const (
	Pound       PriceUnit = "pound"
	Kilogram    PriceUnit = "kilogram"
	Inch        PriceUnit = "inch"
	Foot        PriceUnit = "foot"
	Millimeter  PriceUnit = "millimeter"
	Meter       PriceUnit = "meter"
	SquareInch  PriceUnit = "squareInch"
	SquareFoot  PriceUnit = "squareFoot"
	SquareMeter PriceUnit = "squareMeter"
	Piece       PriceUnit = "piece"
)

// measure is the quantity a price unit counts.
type measure int

const (
	byWeight measure = iota + 1
	byLength
	byArea
	byPiece
)

// measures is the measure of every known unit; a unit missing here is unknown.
var measures = map[PriceUnit]measure{
	Pound: byWeight, Kilogram: byWeight,
	Inch: byLength, Foot: byLength, Millimeter: byLength, Meter: byLength,
	SquareInch: byArea, SquareFoot: byArea, SquareMeter: byArea,
	Piece: byPiece,
}

// priceUnits lists the units in the spec's order, for messages.
var priceUnits = []PriceUnit{Pound, Kilogram, Inch, Foot, Millimeter, Meter, SquareInch, SquareFoot, SquareMeter, Piece}

// Fits reports whether a shape of form f can be priced per u: a planar shape is sold by
// weight, area or piece, a linear one by weight, length or piece.
func (u PriceUnit) Fits(f shapes.Form) bool {
	switch measures[u] {
	case byWeight, byPiece:
		return true
	case byArea:
		return f == shapes.Planar
	case byLength:
		return f == shapes.Linear
	}
	return false
}

// MaterialVendor is a stored offer.
type MaterialVendor struct {
	ID                   string
	MaterialID           string
	VendorID             string
	VendorName           string // filled on reads
	VendorItemNumber     *string
	VendorItemName       *string
	Price                dec.Decimal
	PriceUnit            PriceUnit
	CurrencyCode         string
	LeadTimeInDays       *int
	MinimumOrderQuantity *dec.Decimal
	IsPrimary            bool
	Notes                *string
	CreatedUtc           time.Time
	ModifiedUtc          time.Time
}

// Terms are an offer's writable members: the body of a create or a full update.
type Terms struct {
	VendorItemNumber     *string
	VendorItemName       *string
	Price                dec.Decimal
	PriceUnit            PriceUnit
	CurrencyCode         *string // nil: the vendor's currency
	LeadTimeInDays       *int
	MinimumOrderQuantity *dec.Decimal
	IsPrimary            bool
	Notes                *string
}

// Offer is one entry of a vendor's catalogue: the shape and the terms.
type Offer struct {
	MaterialID string
	Terms
}

// Filter narrows the list across shapes.
type Filter struct {
	MaterialIDs      []string // nil: no clause
	VendorIDs        []string // nil: no clause
	IsPrimary        *bool
	ModifiedAfterUtc *time.Time // exclusive
}
