// Package vendors serves vendors: who the shop buys from, with their addresses and contacts
// (served by the parties mechanism, which customers share). Other areas resolve vendors
// through Service.ByIDs and the SQL expressions of store.go.
package vendors

import (
	"time"

	"mos/internal/platform/extref"
	"mos/internal/shared/parties"
)

// Vendor is a stored vendor.
type Vendor struct {
	ID                 string
	Name               string
	Code               *string
	CurrencyCode       string
	PaymentTermsID     *string
	LeadTimeInDays     *int
	Notes              *string
	Website            *string
	Phone              *string
	Email              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	Deleted            bool
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
}

// VendorWrite is what a create or full update sets: every member, omitted ones cleared.
type VendorWrite struct {
	Name               string
	Code               *string
	CurrencyCode       *string // nil: the tenant's primary currency
	PaymentTermsID     *string
	LeadTimeInDays     *int
	Notes              *string
	Website            *string
	Phone              *string
	Email              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Tenant is the calling tenant with what vendor writes default from it.
type Tenant struct {
	ID       string
	Currency string // primary currency: currencyCode when none is given
}

// Filter narrows a list; nil members apply no clause.
type Filter struct {
	Name              *string  // case-insensitive substring
	IDs               []string // nil: no clause
	Code              *string  // exact, case-insensitive
	ModifiedAfterUtc  *time.Time
	ExternalReference *extrefFilter
	IncludeDeleted    bool
}

// A vendor's addresses and contacts, served by the parties mechanism.
type (
	Address      = parties.Address
	AddressWrite = parties.AddressWrite
	Contact      = parties.Contact
	ContactWrite = parties.ContactWrite
)

// extrefFilter matches vendors holding a reference under Key, narrowed by Type and
// ExternalID when given.
type extrefFilter = extref.Filter
