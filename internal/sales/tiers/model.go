// Package tiers serves customer tiers: named price levels customers are grouped
// into. Customers show their tier read-only and resolve it through Service.Get / ByIDs.
package tiers

// Tier is a stored customer tier.
type Tier struct {
	ID          string
	Name        string
	Description *string
}

// NewTier is a create request after parsing.
type NewTier struct {
	Name        string
	Description *string
}

// Filter narrows a list.
type Filter struct {
	Name *string  // case-insensitive substring
	IDs  []string // nil: no clause
}
