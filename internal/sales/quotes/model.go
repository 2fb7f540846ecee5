package quotes

import (
	"time"

	"mos/internal/platform/extref"
	"mos/internal/sales/customers"
)

// Quote is a stored quote header with its totals.
type Quote struct {
	ID         string
	Number     int64
	CustomerID string
	// CustomerName is the customer's name as it stands now (deleted or not).
	CustomerName string
	// Contact is the copy of the customer contact taken when the quote was written.
	Contact         *Contact
	BillingAddress  *Address
	ShippingAddress *Address
	SalesPersonID   *string
	CurrencyCode    string
	PaymentTermsID  *string
	PaymentTerms    *Reference
	Status          Status
	// QuotedUtc is when the quote was sent; nil until it is.
	QuotedUtc *time.Time
	// ExpirationDate and DueDate are days at midnight UTC.
	ExpirationDate time.Time
	// ExpirationIsDefault: ExpirationDate is the create-time default, recomputed on send.
	ExpirationIsDefault bool
	DueDate             *time.Time
	Notes               *string
	ExternalReferences  extref.References
	CustomFields        map[string]any
	Deleted             bool
	// CreatedBy is the user who created the quote; nil for an integration token.
	CreatedBy   *Reference
	CreatedUtc  time.Time
	ModifiedUtc time.Time
	Totals      Totals
	// Version is the quote's ETag as read or written with it (empty in lists).
	Version string
}

// Contact is a copy of a customer contact kept on a quote.
type Contact = customers.ContactCopy

// Address is a postal address kept on a quote: a copy, whatever later happens to the
// customer's addresses.
type Address = customers.DocumentAddress

// Reference names another record.
type Reference struct {
	ID   string
	Name string
}

// AddressChoice is an address member of a create: Given false takes the customer's; Given
// with a nil Address stores none.
type AddressChoice struct {
	Given   bool
	Address *Address
}

// QuoteCreate is what a create sets; nil members take their defaults.
type QuoteCreate struct {
	CustomerID         string
	ContactID          *string
	BillingAddress     AddressChoice
	ShippingAddress    AddressChoice
	SalesPersonID      *string
	CurrencyCode       *string
	PaymentTermsID     *string
	ExpirationDate     *time.Time
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Tenant is who writes: the tenant with the defaults it supplies, and the user.
type Tenant struct {
	ID       string
	Currency string // primary currency
	Timezone string // shop timezone: whole days are its days
	UserID   string // empty for an integration token
}

// QuoteWrite is what a full update (or a patch, through the same rules) sets.
type QuoteWrite struct {
	CustomerID      string
	ContactID       *string
	BillingAddress  *Address
	ShippingAddress *Address
	SalesPersonID   *string
	CurrencyCode    *string // nil keeps the quote's currency
	PaymentTermsID  *string
	// ExpirationWritten: the write names expirationDate (a PUT sending it, a patch operation
	// on it), which then is no longer the recomputed default; ExpirationDate nil keeps it.
	ExpirationWritten bool
	ExpirationDate    *time.Time
	// DueDate nil keeps the stored due date unless ClearDueDate (a patch setting it to null
	// or removing it).
	DueDate            *time.Time
	ClearDueDate       bool
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Filter narrows the quote list; nil or empty members apply no clause.
type Filter struct {
	IDs         []string
	Numbers     []int64
	CustomerIDs []string
	Statuses    []Status
	// CreatedFrom..CreatedTo and QuotedFrom..QuotedTo are calendar days of the shop's
	// timezone, inclusive.
	CreatedFrom, CreatedTo *time.Time
	QuotedFrom, QuotedTo   *time.Time
	ModifiedAfterUtc       *time.Time
	ExternalReference      *ExternalReferenceFilter
	IncludeDeleted         bool
}

// ExternalReferenceFilter matches quotes holding a reference under Key, narrowed by Type and
// ExternalID when given.
type ExternalReferenceFilter = extref.Filter

// instants are a Filter's shop days as UTC bounds: [from, to).
type instants struct {
	createdFrom, createdTo *time.Time
	quotedFrom, quotedTo   *time.Time
}
