// Package invoices serves invoices: money asked of a customer against one of its sales
// orders. An invoice bills part lines of the order (advancing the order lines' invoiced
// quantities in the same transaction, never beyond what was ordered) and copies the order's
// fee lines, tax lines, discount line and shipping charge. Its lines live in one table per
// kind (part lines here; fee, tax and discount lines through linekinds); its totals are
// stored on the header and recomputed by one function (recomputeTotals, totals_service.go) in
// the transaction of every write that changes a line, which later line kinds extend.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// deps.go (the other areas it reads), totals_*.go, part_lines_*.go, doc_lines.go and
// report_*.go.
package invoices

import (
	"time"

	pdec "mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/shared/docaddress"
)

// dec is the decimal of money and quantities.
type dec = pdec.Decimal

// Invoice is a stored invoice header with its totals.
type Invoice struct {
	ID                  string
	Number              int64
	Status              Status
	CustomerID          string
	SalesOrderID        string
	CurrencyCode        string
	PrimaryCurrencyCode string
	ExchangeRate        dec
	// IssueDate is the issue day at midnight UTC as written, or the instant sending stamped.
	IssueDate *time.Time
	// DueDate and PaidDate are calendar days at midnight UTC.
	DueDate            *time.Time
	PaidDate           *time.Time
	CustomerPoNumber   *string
	NotesToCustomer    *string
	PaymentTermsID     *string
	PaymentTerms       *Reference
	CompanyInfoID      *string
	BillingAddress     *Address
	IsDeposit          bool
	ExternalReferences extref.References
	CustomFields       map[string]any
	Deleted            bool
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
	Totals             Totals
	// Version is the invoice's ETag as read or written with it (empty in lists).
	Version string
}

// Totals are an invoice's stored totals: SubTotal in the primary currency, the others in the
// document currency. The adjustments and the refunds are what comes off the total after tax.
type Totals struct {
	LineItemsTotal, Discount, Tax, Total, SubTotal        dec
	DepositAdjustment, ProgressBillingAdjustment, Refunds dec
}

// Address is the billing address an invoice keeps: a copy.
type Address = docaddress.Address

// Reference names another record.
type Reference struct {
	ID   string
	Name string
}

// Tenant is who writes: the tenant with its primary currency and shop timezone.
type Tenant struct {
	ID       string
	Currency string // primary currency
	Timezone string // shop timezone: whole days are its days
}

// PartLineChoice is a part line of the order a create bills, in the order line's unit.
type PartLineChoice struct {
	SalesOrderLineID string
	Quantity         dec
}

// AddressChoice is an address member of a create: Given false takes the default; Given with a
// nil Address stores none.
type AddressChoice struct {
	Given   bool
	Address *Address
}

// InvoiceCreate is what a create sets; nil members take their defaults.
type InvoiceCreate struct {
	SalesOrderID string
	// PartLines nil bills every part line's uninvoiced quantity.
	PartLines []PartLineChoice
	// ShipmentIDs, exclusive with PartLines, bills per order part line the sum of these
	// shipped shipments' quantities (shipments_billing.go).
	ShipmentIDs        []string
	IssueDate          *time.Time
	DueDate            *time.Time
	CustomerPoNumber   *string
	NotesToCustomer    *string
	PaymentTermsID     *string
	BillingAddress     AddressChoice
	CompanyInfoID      *string
	ExchangeRate       *dec
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// InvoiceWrite is what a full update (or a patch, through the same rules) sets.
type InvoiceWrite struct {
	// IssueDate is a day as written, or (IssueDateKept) the stored value sent back.
	IssueDate          *time.Time
	IssueDateKept      bool
	DueDate            *time.Time
	CustomerPoNumber   *string
	NotesToCustomer    *string
	PaymentTermsID     *string
	BillingAddress     *Address
	CompanyInfoID      *string
	ExchangeRate       *dec // nil keeps the stored rate
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Filter narrows the invoice list; nil or empty members apply no clause.
type Filter struct {
	Numbers     []int64
	CustomerIDs []string
	OrderIDs    []string
	Status      *Status
	// IssueFrom..IssueTo are days compared with the stored issue day, inclusive.
	IssueFrom, IssueTo *time.Time
	ModifiedAfterUtc   *time.Time
	ExternalReference  *extref.Filter
	IncludeDeleted     bool
}
