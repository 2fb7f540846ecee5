// Package refundreasons serves the tenant's refund reason codes: why money goes back to a
// customer ("Damaged in transit", "Returned unused"), with an optional short code (DMG).
package refundreasons

import (
	"time"

	"mos/internal/platform/namedlookups"
)

// maxCode is the longest code, in characters.
const maxCode = 50

// RefundReason is a stored refund reason code.
type RefundReason struct {
	ID string
	Write
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// Write is what a create or full update sets: every member, omitted ones at their zero value
// (no code, no description, not archived).
type Write struct {
	Name string
	// Code is a short label (DMG), unique among non-archived reasons when present.
	Code        *string
	Description *string
	// IsArchived frees the name and the code.
	IsArchived bool
}

// Filter narrows a list; empty members apply no clause.
type Filter = namedlookups.Filter
