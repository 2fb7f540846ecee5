// Package pdf renders business documents (quotes, sales orders, invoices,
// purchase orders, packing slips, ...) to PDF. It is pure rendering: callers
// fill a Document with text they have already formatted (money, quantities,
// dates in the tenant's conventions) and Render lays it out. It imports no
// HTTP, generated or database code.
package pdf

// PageSize selects the paper. The zero value is Letter.
type PageSize int

// The supported paper sizes.
const (
	Letter PageSize = iota
	A4
)

// Align is the horizontal alignment of a table column.
type Align int

// The column alignments. The zero value is AlignLeft.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Document is everything a business document shows. Every text is printed as
// given; characters the embedded fonts lack are printed as "?" (see Render).
type Document struct {
	PageSize PageSize // Letter (default) or A4

	Company Company // the header block: who issues the document

	Title  string  // "Invoice", "Purchase order", ...
	Number string  // the document number, printed under the title
	Dates  []Field // label/value pairs under the number: "Date", "Due date", ...

	Parties []Party // addresses side by side: "Bill to", "Ship to", "Vendor", ...

	Columns []Column   // the line table's columns
	Rows    [][]string // the line table's rows: one cell per column, already formatted

	Totals []Field // label/value rows under the table; the last one is printed bold

	Notes  string // free text after the totals
	Terms  string // terms and conditions after the notes
	Footer string // printed at the bottom of every page, above the page number
}

// Company is the issuer shown in the header block.
type Company struct {
	Name         string
	AddressLines []string
	Phone        string
	Email        string
	// Logo is an optional PNG or JPEG image, scaled to fit the header's logo box
	// keeping its aspect ratio. Bytes that are neither make Render fail.
	Logo []byte
}

// Field is a label and its value.
type Field struct {
	Label string
	Value string
}

// Party is an addressee: a heading ("Bill to"), a name and address lines.
type Party struct {
	Label string
	Name  string
	Lines []string
}

// Column describes one column of the line table.
type Column struct {
	Header string
	// Width is the column's share of the table width, relative to the other
	// columns' (1, 4, 1.5 ...). Zero or negative counts as 1.
	Width float64
	Align Align
}
