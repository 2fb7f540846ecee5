// Package purchaseorders serves purchase orders: what the shop orders from a vendor. The
// header (this package so far) has a per-tenant number (docnumbers), a vendor, a title with a
// default, calendar dates, a currency, payment terms, a ship-to address copy and statuses
// with a published transition table (status.go); the lifecycle statements every document
// header shares are docheaders'. The totals are stored columns, zero until the order has
// lines.
package purchaseorders

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/shared/docaddress"
)

// PurchaseOrder is a stored purchase order header with its totals.
type PurchaseOrder struct {
	ID     string
	Number int64
	// VendorName is the vendor's name as it stands now (deleted or not).
	VendorID   string
	VendorName string
	Status     Status
	// Title is the title as written; nil shows the default title (DefaultTitle).
	Title *string
	// OrderDate and DueDate are calendar days at midnight UTC.
	OrderDate          time.Time
	DueDate            *time.Time
	CurrencyCode       string
	PaymentTermsID     *string
	PaymentTerms       *Reference
	ShipTo             *Address
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	CreatedBy          *Reference
	Deleted            bool
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
	Totals             Totals
	// Version is the order's ETag as read or written with it (empty in lists).
	Version string
}

// Totals are a purchase order's stored totals, in its currency; zero until it has lines.
type Totals struct {
	LineSubTotal, FeeTotal, SubTotal, Discount, Tax, VendorCredit, Total dec.Decimal
}

// Address is the ship-to address a purchase order keeps: a copy.
type Address = docaddress.Address

// Reference names another record.
type Reference struct {
	ID   string
	Name string
}

// Tenant is who writes: the tenant with the defaults it supplies, and the user.
type Tenant struct {
	ID       string
	Timezone string // shop timezone: whole days are its days
	UserID   string // empty for an integration token
}

// PurchaseOrderCreate is what a create sets; nil members take their defaults.
type PurchaseOrderCreate struct {
	VendorID           string
	Title              *string
	OrderDate          *time.Time
	DueDate            *time.Time
	CurrencyCode       *string
	PaymentTermsID     *string
	ShipTo             *Address
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// PurchaseOrderWrite is what a full update (or a patch, through the same rules) sets.
type PurchaseOrderWrite struct {
	VendorID           string
	Title              *string
	OrderDate          *time.Time // nil keeps the order's date
	DueDate            *time.Time
	CurrencyCode       *string // nil keeps the order's currency
	PaymentTermsID     *string
	ShipTo             *Address
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Filter narrows the purchase order list; nil or empty members apply no clause.
type Filter struct {
	IDs       []string
	Numbers   []int64
	VendorIDs []string
	Statuses  []Status
	// The date bounds are calendar days compared with orderDate and dueDate, inclusive.
	OrderDateFrom, OrderDateTo *time.Time
	DueDateFrom, DueDateTo     *time.Time
	ModifiedAfterUtc           *time.Time
	ExternalReference          *extref.Filter
	IncludeDeleted             bool
}
