// Package vendors serves vendors: who the shop buys from. It holds what items need now (a
// name and the currency the vendor bills in); the purchasing area extends Vendor and
// VendorWrite with its members. Other areas resolve vendors through Service.ByIDs.
package vendors

// Vendor is a stored vendor.
type Vendor struct {
	ID           string
	Name         string
	CurrencyCode string
	Deleted      bool
}

// VendorWrite is a create or full-update request after parsing.
type VendorWrite struct {
	Name         string
	CurrencyCode *string // nil: the tenant's primary currency
}

// Tenant is the calling tenant with what vendor writes default from it.
type Tenant struct {
	ID       string
	Currency string // primary currency: currencyCode when none is given
}

// Filter narrows a list.
type Filter struct {
	Name *string  // case-insensitive substring
	IDs  []string // nil: no clause
}
