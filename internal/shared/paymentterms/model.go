// Package paymentterms serves payment terms: how many days after the invoice date payment is
// due. Customers (and later invoices) refer to them by id and show their name, resolved
// through Service.ByIDs.
package paymentterms

// Term is stored payment terms.
type Term struct {
	ID          string
	Name        string
	NetDays     int
	Description *string
	Deleted     bool
}

// NewTerm is a create request after parsing.
type NewTerm struct {
	Name        string
	NetDays     int
	Description *string
}

// Filter narrows a list.
type Filter struct {
	Name *string  // case-insensitive substring
	IDs  []string // nil: no clause
}

// MaxNetDays is the longest payment period, ten years.
const MaxNetDays = 3650
