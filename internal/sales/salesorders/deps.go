package salesorders

import (
	"context"

	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/sales/partlines"
	"mos/internal/sales/quotes"
	"mos/internal/sales/refundreasons"
	"mos/internal/sales/shippingmethods"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/settings"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Deps are the other areas sales orders read through, handed in by the one wiring place. Each
// is the small interface sales orders use, so a test or a later area can stand in for it.
type Deps struct {
	// Printer frames the order's PDF: the tenant's header, logo and PDF settings
	// (docpdf.Printer).
	Printer printer
	// Customers answers what an order takes from its customer (customers.Service).
	Customers customerLookup
	// CustomFields validates an order's customFields against module sales_Order.
	CustomFields customFieldValidator
	// ShippingMethods checks the shipping method an order names and names it on the
	// shipping-charge line (shippingmethods.Service).
	ShippingMethods shippingMethodCheck
	// RefundReasons checks and names the refund reason codes of refund lines
	// (refundreasons.Service).
	RefundReasons refundReasonLookup
	// Settings answers the tenant's sales order settings (settings.Service).
	Settings salesOrderSettings
	// Items, Routings, TaxRates and Pricing serve the part lines (with CustomFields): the
	// items they sell and their price breaks (items.Service), their routings
	// (routing.Service), the tax rates they apply (taxrates.Service) and the default margin
	// (settings.Service). A new order also copies its customer's live tax rates through
	// TaxRates when the tenant's settings ask for it.
	Items    partlines.Items
	Routings lineRoutings
	TaxRates taxRateLookup
	Pricing  partlines.PricingSettings
	// Quotes answers what a sales order converted from a quote copies, and marks the quote
	// won (quotes.Service).
	Quotes quoteSource
	// Reservations hold the part lines' stock while the order is approved or in progress
	// (the inventory service).
	Reservations stockReservations
}

// quoteSource is the quotes service as a conversion uses it, in the conversion's
// transaction: ForConversion locks the active quote (404 otherwise) and answers its header
// and lines; MarkWon moves it to won.
type quoteSource interface {
	ForConversion(ctx context.Context, q db.Q, tenantID, quoteID string) (quotes.SalesOrderSource, error)
	MarkWon(ctx context.Context, q db.Q, tenantID, quoteID string) error
}

// customerLookup reads an order's customer, share-locked until q's transaction ends (so it
// cannot be deleted while the order is written), and one of its contacts. Unknown records
// are NotFound; one statement each.
type customerLookup interface {
	DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error)
	DocumentContact(ctx context.Context, q db.Q, tenantID, customerID, contactID string) (customers.Contact, error)
}

// customFieldValidator checks custom field values against the definitions of a module;
// Checker reads them once for the part lines of a batch.
type customFieldValidator interface {
	Checker(ctx context.Context, q db.Q, tenantID string, module customfields.Module) (customfields.Checker, error)
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// shippingMethodCheck answers 404 naming field for an unknown shipping method and 400 for an
// archived one, share-locking those it finds until q's transaction ends; Get reads one,
// archived or not (they are never deleted), for the shipping-charge line.
type shippingMethodCheck interface {
	CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	Get(ctx context.Context, tenantID, id string) (shippingmethods.ShippingMethod, error)
}

// refundReasonLookup checks the refund reason codes a refund line writes (404 naming field
// when unknown, 400 when archived; share-locked until q's transaction ends) and names those
// its reads show, archived ones too, in one statement.
type refundReasonLookup interface {
	CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]refundreasons.RefundReason, error)
}

// salesOrderSettings answers the tenant's sales order settings through q.
type salesOrderSettings interface {
	SalesOrderSettings(ctx context.Context, q db.Q, tenantID string) (settings.SalesOrders, error)
}

// lineRoutings is the routing service as part lines use it: each part line owns a routing
// (owner type salesOrderPartLine, owner id the line's id). Part line writes copy the routings
// of new lines (from their items' or quote lines'), remove a line's routing and estimate a
// line's unit cost from it, in the caller's transaction; the cost breakdown and make summary
// of a line estimate and explode its routing for the line's quantity. The line routing paths
// (routing.OwnerPaths, the handler's) read and edit a line's routing under the same rules as
// an item's, each in a transaction of its own (the owner's Lock refuses edits unless the
// order is draft or approved).
type lineRoutings interface {
	partlines.Routings
	Remove(ctx context.Context, q db.Q, tenantID string, o routing.Owner) error
	Estimate(ctx context.Context, tenantID string, o routing.Owner, quantity pdec.Decimal) (items.CostBreakdown, error)
	MakeSummary(ctx context.Context, tenantID string, o routing.Owner, quantity pdec.Decimal) (routing.MakeSummary, error)
}

// taxRateLookup is the tax rates as the part lines use them (Usable) and as a new order
// copies its customer's (LiveAmong: the non-archived ones among ids, in their order,
// share-locked until q's transaction ends).
type taxRateLookup interface {
	partlines.TaxRates
	LiveAmong(ctx context.Context, q db.Q, tenantID string, ids []string) ([]taxrates.TaxRate, error)
}

// stockReservations is what sales orders ask of the inventory ledger, in their own
// transaction: hold a line's units, release an order's or a line's, read what lines hold.
type stockReservations interface {
	Hold(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation, itemID string, want pdec.Decimal) (pdec.Decimal, error)
	Release(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation) error
	ReservedFor(ctx context.Context, q db.Q, tenantID, forType string, forIDs []string) (map[string]pdec.Decimal, error)
}

// printer reads the frame a document's PDF is printed in.
type printer interface {
	Frame(ctx context.Context, tenantID, timezone string, k docpdf.Kind) (docpdf.Frame, error)
}
