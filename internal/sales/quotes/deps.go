package quotes

import (
	"context"

	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Deps are the other areas quotes read through, handed in by the one wiring place. Each is
// the small interface quotes use, so a test or a later area can stand in for it.
type Deps struct {
	// Printer frames the quote's PDF: the tenant's header, logo and PDF settings
	// (docpdf.Printer).
	Printer  printer
	TaxRates taxRateLookup
	// Customers answers what a quote takes from its customer (customers.Service).
	Customers customerLookup
	// CustomFields validates a quote's customFields against module quote.
	CustomFields customFieldValidator
	// Settings answers the tenant's quote validity days (settings.Service).
	Settings quoteSettings
	// Items, Routings and Pricing serve the part lines: the items they sell and their
	// price breaks (items.Service), their routings (routing.Service) and the default
	// margin (settings.Service).
	Items    partItems
	Routings lineRoutings
	Pricing  pricingSettings
	// CustomerNames names the customers of the quote report's rows (customers.Service).
	CustomerNames customerNames
}

// taxRateLookup answers the tenant's usable tax rates among ids (404 naming field when one
// is unknown, 400 when archived), share-locked until q's transaction ends, so a line copies
// the rate's name and percentage as they stand.
type taxRateLookup interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}

// customerLookup reads a quote's customer, share-locked until q's transaction ends (so it
// cannot be deleted while the quote is written), and one of its contacts. Unknown records
// are NotFound; one statement each.
type customerLookup interface {
	DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error)
	DocumentContact(ctx context.Context, q db.Q, tenantID, customerID, contactID string) (customers.Contact, error)
}

// customFieldValidator checks custom field values against the definitions of a module;
// Checker reads them once for the lines of a batch.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
	Checker(ctx context.Context, q db.Q, tenantID string, module customfields.Module) (customfields.Checker, error)
}

// quoteSettings answers how many days a quote is valid for.
type quoteSettings interface {
	QuoteValidityDays(ctx context.Context, q db.Q, tenantID string) (int, error)
}

// partItems finds the items part lines sell (share-locked) and their sales price breaks
// (the item master).
type partItems interface {
	SaleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.SaleItem, error)
	SalesUnitPrices(ctx context.Context, q db.Q, tenantID, customerID, currency string, asks []items.PriceAsk) ([]items.SalesPrice, error)
}

// lineRoutings is the routing service as part lines use it: each part line owns a routing
// (owner type quotePartLine, owner id the line's id). Part line writes copy items' routings to
// their lines (a batch in one statement), remove a line's routing and estimate a line's unit
// cost from it, in the caller's transaction; the line's cost breakdown and make summary
// estimate and summarise it for the line's quantity, each in a transaction of its own. The
// line routing paths (routing.OwnerPaths, the handler's) read and edit a line's routing
// under the same rules as an item's.
type lineRoutings interface {
	CopyEach(ctx context.Context, q db.Q, tenantID string, pairs []routing.CopyPair) error
	Remove(ctx context.Context, q db.Q, tenantID string, o routing.Owner) error
	UnitCost(ctx context.Context, q db.Q, tenantID string, o routing.Owner, quantity pdec.Decimal) (pdec.Decimal, error)
	Estimate(ctx context.Context, tenantID string, o routing.Owner, quantity pdec.Decimal) (items.CostBreakdown, error)
	MakeSummary(ctx context.Context, tenantID string, o routing.Owner, quantity pdec.Decimal) (routing.MakeSummary, error)
}

// pricingSettings answers the tenant's pricing settings (the default margin) in a line
// write's transaction.
type pricingSettings interface {
	PricingIn(ctx context.Context, q db.Q, tenantID string) (settings.Pricing, error)
}

// customerNames answers the tenant's customers among ids, deleted ones too, in one query.
type customerNames interface {
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]customers.Customer, error)
}

// printer reads the frame a document's PDF is printed in.
type printer interface {
	Frame(ctx context.Context, tenantID, timezone string, k docpdf.Kind) (docpdf.Frame, error)
}
