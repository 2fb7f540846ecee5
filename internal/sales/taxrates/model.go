// Package taxrates serves the tenant's tax rates (tax codes): a named percentage that
// document lines apply and customers name for their new sales orders.
package taxrates

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/namedlookups"
)

// maxRate is the largest rate, in percent.
var maxRate = dec.FromInt(100)

// TaxRate is a stored tax rate.
type TaxRate struct {
	ID string
	Write
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// Write is what a create or full update sets: every member, omitted ones at their zero value
// (no description, not archived).
type Write struct {
	Name string
	// Rate is a percentage, 0 to 100 inclusive, kept exactly as sent.
	Rate        dec.Decimal
	Description *string
	// IsArchived frees the name and stops customers from naming the tax rate.
	IsArchived bool
}

// Filter narrows a list; empty members apply no clause.
type Filter = namedlookups.Filter
