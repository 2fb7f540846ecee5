// Package lineview reads the one view over every line kind of a business document (its part
// lines, fee and tax lines, discount line and the kinds the document has of its own) in one
// shape, for the documents' "line-items" paths. A document declares its view once (Declare): a
// UNION ALL with one branch per line table, each answering the view's columns; the package
// lists the view of one document (filtered by kind and id, sorted and paged by listing) and
// reads one line of it, each in one statement, and prices every row as its document counts
// it (Row.SubTotal). Each document keeps its own kinds, shapes and handlers. Only the
// document areas may import it.
package lineview

import (
	"time"

	"mos/internal/platform/currency"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
)

// dec is the decimal of money and quantities.
type dec = pdec.Decimal

// Columns are what every branch of a view's UNION ALL answers, in this order and with these
// names: the line's tenant and document (parent_id), its id, kind and kind_rank (the rank
// orders the kinds: kinds of one rank are ordered together by line number), line_number,
// name, description, item_id, quantity, unit_price, discount_is_percentage, discount_value,
// amount (a fee's or credit's amount, a tax line's rate), created_utc and modified_utc. A
// kind without a member answers NULL for it (typed in the first branch).
const Columns = `tenant_id, parent_id, id, kind, kind_rank, line_number, name, description, item_id, quantity,
unit_price, discount_is_percentage, discount_value, amount, created_utc, modified_utc`

// The optional columns a view may answer after Columns, each branch in the order Declare's
// extra names them; a view that does not name one leaves its Row member at its zero value.
const (
	// SourceLineID is the line of another document the line copies or bills (text).
	SourceLineID = "source_line_id"
	// IsTaxable is whether the line counts in its document's taxable base (boolean).
	IsTaxable = "is_taxable"
	// ExternalReferences are the line's external references (jsonb; '{}' for none).
	ExternalReferences = "external_references"
	// ReasonID is the reason code the line carries (text), for the document to name.
	ReasonID = "reason_id"
)

// Row is a line of a view with its document's currency, taxable base and discount total,
// which price it (SubTotal).
type Row struct {
	ID                   string    `db:"id"`
	Kind                 string    `db:"kind"`
	KindRank             int       `db:"kind_rank"`
	LineNumber           *int      `db:"line_number"`
	Name                 *string   `db:"name"`
	Description          *string   `db:"description"`
	ItemID               *string   `db:"item_id"`
	Quantity             *dec      `db:"quantity"`
	UnitPrice            *dec      `db:"unit_price"`
	DiscountIsPercentage *bool     `db:"discount_is_percentage"`
	DiscountValue        *dec      `db:"discount_value"`
	Amount               *dec      `db:"amount"`
	CreatedUtc           time.Time `db:"created_utc"`
	ModifiedUtc          time.Time `db:"modified_utc"`
	// The optional columns, when the view answers them.
	SourceLineID       *string           `db:"source_line_id"`
	IsTaxable          *bool             `db:"is_taxable"`
	ExternalReferences extref.References `db:"external_references"`
	ReasonID           *string           `db:"reason_id"`
	Currency           string            `db:"currency_code"`
	TaxableBase        dec               `db:"taxable_base"`
	DiscountTotal      dec               `db:"discount_total"`
}

// Pricing is how a kind's rows count in their document.
type Pricing int

// The pricings of the line kinds.
const (
	// Unpriced rows carry no money of their own: 0.
	Unpriced Pricing = iota
	// Priced rows are quantity × unit price, rounded, less their line discount.
	Priced
	// Fee rows are their amount rounded to the currency.
	Fee
	// Tax rows are their rate (amount) on the document's taxable base, rounded.
	Tax
	// Discount rows take the document's discount total (negative).
	Discount
	// Credit rows take their amount rounded to the currency (negative).
	Credit
)

// SubTotal is the signed amount the row adds to its document, or (negative) takes from it,
// priced as p says: what the document's totals count of it.
func (r Row) SubTotal(p Pricing) dec {
	minor := currency.MinorUnits(r.Currency)
	switch p {
	case Priced:
		ext := doclines.ExtendedPrice(*r.Quantity, *r.UnitPrice, minor)
		var d *doclines.Discount
		if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
			d = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
		}
		return dec{Decimal: ext.Sub(doclines.DiscountAmount(d, ext, minor).Decimal)}
	case Fee:
		return doclines.Round(*r.Amount, minor)
	case Tax:
		return doclines.TaxLineAmount(r.TaxableBase, *r.Amount, minor)
	case Discount:
		return dec{Decimal: r.DiscountTotal.Neg()}
	case Credit:
		return dec{Decimal: doclines.Round(*r.Amount, minor).Neg()}
	}
	return dec{}
}

// ListSpec sorts a view: by kind (then line number or creation) by default.
var ListSpec = listing.Spec{Fields: map[string]string{
	"id":          "v.id",
	"kind":        "(v.kind_rank, v.line_number, v.created_utc)",
	"createdUtc":  "v.created_utc",
	"modifiedUtc": "v.modified_utc",
}, Default: "kind", IDColumn: "v.id"}
