package salesorders

import (
	"time"

	"mos/internal/platform/extref"
	"mos/internal/sales/customers"
)

// SalesOrder is a stored sales order header with its totals.
type SalesOrder struct {
	ID         string
	Number     int64
	CustomerID string
	// CustomerName is the customer's name as it stands now (deleted or not).
	CustomerName     string
	CustomerPoNumber *string
	// Contact is the copy of the customer contact taken when the order was written.
	Contact          *Contact
	BillingAddress   *Address
	ShippingAddress  *Address
	ShippingMethodID *string
	ShippingMethod   *Reference
	SalesPersonID    *string
	CurrencyCode     string
	PaymentTermsID   *string
	PaymentTerms     *Reference
	Status           Status
	// OrderedDate and the due dates are calendar days at midnight UTC.
	OrderedDate              time.Time
	DueDate                  *time.Time
	ProductionDueDate        *time.Time
	DeliveryDueDate          *time.Time
	Dropship                 bool
	DropshipCustomerPoNumber *string
	QuoteID                  *string
	ShippingCharge           ShippingCharge
	Notes                    *string
	ExternalReferences       extref.References
	CustomFields             map[string]any
	Deleted                  bool
	CreatedBy                *Reference
	CreatedUtc               time.Time
	ModifiedUtc              time.Time
	Totals                   Totals
	// Version is the order's ETag as read or written with it (empty in lists).
	Version string
}

// ShippingCharge is what shipping adds to an order, a fee in its totals.
type ShippingCharge struct {
	Amount    dec
	IsTaxable bool
}

// Contact is a copy of a customer contact kept on a sales order.
type Contact = customers.ContactCopy

// Address is a postal address kept on a sales order: a copy, whatever later happens to the
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

// Tenant is who writes: the tenant with the defaults it supplies, and the user.
type Tenant struct {
	ID       string
	Currency string // primary currency
	Timezone string // shop timezone: whole days are its days
	UserID   string // empty for an integration token
}

// SalesOrderCreate is what a create sets; nil members take their defaults.
type SalesOrderCreate struct {
	CustomerID               string
	CustomerPoNumber         *string
	ContactID                *string
	BillingAddress           AddressChoice
	ShippingAddress          AddressChoice
	ShippingMethodID         *string
	SalesPersonID            *string
	CurrencyCode             *string
	PaymentTermsID           *string
	OrderedDate              *time.Time
	DueDate                  *time.Time
	ProductionDueDate        *time.Time
	DeliveryDueDate          *time.Time
	Dropship                 bool
	DropshipCustomerPoNumber *string
	ShippingCharge           ShippingCharge
	Notes                    *string
	ExternalReferences       extref.References
	CustomFields             map[string]any
}

// SalesOrderWrite is what a full update (or a patch, through the same rules) sets.
type SalesOrderWrite struct {
	CustomerID        string
	CustomerPoNumber  *string
	ContactID         *string
	BillingAddress    *Address
	ShippingAddress   *Address
	ShippingMethodID  *string
	SalesPersonID     *string
	CurrencyCode      *string // nil keeps the order's currency
	PaymentTermsID    *string
	OrderedDate       *time.Time // nil keeps the order's ordered date
	DueDate           *time.Time
	ProductionDueDate *time.Time
	DeliveryDueDate   *time.Time
	// DropshipWritten: the write sends dropship (a PUT member, a patch operation naming it),
	// so both dropship members are written; otherwise both are kept.
	DropshipWritten          bool
	Dropship                 bool
	DropshipCustomerPoNumber *string
	// DropshipPoOnly: a patch naming only dropshipCustomerPoNumber, which changes the PO
	// number of a dropship order.
	DropshipPoOnly bool
	// ShippingCharge nil keeps the stored charge.
	ShippingCharge     *ShippingCharge
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

// Filter narrows the sales order list; nil or empty members apply no clause.
type Filter struct {
	IDs         []string
	Numbers     []int64
	CustomerIDs []string
	Statuses    []Status
	// CustomerPoNumber: see poCandidates.
	CustomerPoNumber *string
	// OrderedFrom..OrderedTo are calendar days compared with orderedDate, inclusive.
	OrderedFrom, OrderedTo *time.Time
	// CreatedFrom..CreatedTo are calendar days of the shop's timezone, inclusive.
	CreatedFrom, CreatedTo *time.Time
	ModifiedAfterUtc       *time.Time
	ExternalReference      *ExternalReferenceFilter
	IncludeDeleted         bool
}

// ExternalReferenceFilter matches orders holding a reference under Key, narrowed by Type and
// ExternalID when given.
type ExternalReferenceFilter = extref.Filter
