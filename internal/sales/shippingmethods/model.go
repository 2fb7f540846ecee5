// Package shippingmethods serves the tenant's shipping methods: how a sales order or shipment
// travels ("UPS Ground", "Customer pickup").
package shippingmethods

import (
	"time"

	"mos/internal/platform/namedlookups"
)

// maxCarrier is the longest carrier, in characters.
const maxCarrier = 200

// ShippingMethod is a stored shipping method.
type ShippingMethod struct {
	ID string
	Write
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// Write is what a create or full update sets: every member, omitted ones at their zero value
// (no carrier, no description, not archived).
type Write struct {
	Name string
	// Carrier names who moves the goods (UPS); nil for none (customer pickup, own truck).
	Carrier     *string
	Description *string
	// IsArchived frees the name and stops documents from naming the shipping method.
	IsArchived bool
}

// Filter narrows a list; empty members apply no clause.
type Filter = namedlookups.Filter
