package quotes

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
)

// Deps are the other areas quotes read through, handed in by the one wiring place. Each is
// the small interface quotes use, so a test or a later area can stand in for it.
type Deps struct {
	TaxRates taxRateLookup
	// Customers answers what a quote takes from its customer (customers.Service).
	Customers customerLookup
	// CustomFields validates a quote's customFields against module quote.
	CustomFields customFieldValidator
	// Settings answers the tenant's quote validity days (settings.Service).
	Settings quoteSettings
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

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// quoteSettings answers how many days a quote is valid for.
type quoteSettings interface {
	QuoteValidityDays(ctx context.Context, q db.Q, tenantID string) (int, error)
}
