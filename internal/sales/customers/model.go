// Package customers serves customers and their sub-records (addresses, contacts). A customer
// refers to payment terms, a sales person (a user) and a customer tier by id; their names are
// resolved through the owning areas' services.
package customers

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/shared/parties"
)

// A customer's addresses and contacts, served by the parties mechanism.
type (
	Address      = parties.Address
	AddressWrite = parties.AddressWrite
	Contact      = parties.Contact
	ContactWrite = parties.ContactWrite
)

// Customer is a stored customer.
type Customer struct {
	ID string
	// CustomerWrite holds the writable members; CurrencyCode is always set on a stored customer.
	CustomerWrite
	PaymentTerms     *Reference // resolved from PaymentTermsID; nil when none
	CustomerTierID   *string    // set only through Service.SetTier
	CustomerTierName *string    // resolved from CustomerTierID
	Deleted          bool
	CreatedUtc       time.Time
	ModifiedUtc      time.Time
	// Version is the customer's ETag as read or written with it (Get, Update, Patch and
	// SetTier; empty elsewhere).
	Version string
}

// CustomerWrite is what a create or full update sets: every member, omitted ones cleared.
type CustomerWrite struct {
	Name               string
	CustomerCode       *string
	CurrencyCode       *string // nil: the tenant's primary currency
	CreditLimit        *dec.Decimal
	PaymentTermsID     *string
	SalesPersonID      *string
	URL                *string
	IsTaxable          *bool
	TaxRateIDs         []string
	ExternalReferences extref.References
	CustomFields       map[string]any
	Notes              *string
	HasCustomerPortal  *bool
}

// Reference names another record.
type Reference struct {
	ID   string
	Name string
}

// Tenant is the tenant a write works on and the default it supplies.
type Tenant struct {
	ID       string
	Currency string // primary currency: currencyCode when none is given
}

// Filter narrows a list; nil members apply no clause.
type Filter struct {
	Name              *string // case-insensitive substring
	CustomerCode      *string // exact, case-insensitive
	Email             *string // a contact's email, exact, case-insensitive
	ModifiedAfterUtc  *time.Time
	ExternalReference *ExternalReferenceFilter
	IncludeDeleted    bool
}

// ExternalReferenceFilter matches customers holding a reference under Key, narrowed by Type
// and ExternalID when given.
type ExternalReferenceFilter = extref.Filter
