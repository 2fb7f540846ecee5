// Package locations serves stock locations: the shelves, bays and yards where inventory is
// kept per item, lot and location. Locations are soft-deleted, because the events and
// transactions of the inventory area keep naming them. Stock itself is the inventory area's
// business (inventory_balances); this area reads it only to refuse deleting a location that
// still holds stock, and lends the inventory area RequireLive so that a delete and a receipt
// at the same location cannot both win.
package locations

// Location is a stored location.
type Location struct {
	ID      string
	Name    string
	Deleted bool
}

// NewLocation is a create request after parsing.
type NewLocation struct {
	Name string
}

// Filter narrows a list.
type Filter struct {
	Name           *string  // case-insensitive substring
	IDs            []string // nil: no clause
	IncludeDeleted bool     // false: live locations only
}
