// Package lots serves the lots of items: units received together and tracked by a lot.
// A lot is named by a person (custom), unnamed, or created by the service for a receipt of
// a lot-tracked item that named none (system). Lots are never deleted. What a lot holds is
// the inventory area's business (inventory_balances); a lot's Quantity is read from there.
// The inventory area finds and creates the lots of its receipts through ForItem,
// EnsureNamed and CreateSystem.
package lots

import (
	"time"

	"mos/internal/platform/dec"
)

// Lot is a stored lot.
type Lot struct {
	ID     string
	ItemID string
	Name   *string // nil: an unnamed lot
	System bool    // created by the service for a receipt that named no lot
	// ExpirationDate is a calendar day (midnight UTC); nil: never expires.
	ExpirationDate *time.Time
	// Quantity is on hand over every location, filled on reads.
	Quantity dec.Decimal
}

// Custom reports whether a person named the lot.
func (l Lot) Custom() bool { return !l.System && l.Name != nil }

// NewLot is a create request after parsing.
type NewLot struct {
	ItemID         string
	Name           *string // nil or blank: an unnamed lot
	ExpirationDate *time.Time
}

// Filter narrows a list.
type Filter struct {
	Name    *string  // case-insensitive substring; unnamed lots never match
	ItemIDs []string // nil: no clause
	System  *bool    // nil: no clause
}
