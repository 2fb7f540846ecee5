package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/docheaders"
)

// Deps are the other areas purchase orders read through, handed in by the one wiring place.
type Deps struct {
	// Vendors answers an order's vendor (vendors.Service).
	Vendors vendorLookup
	// CustomFields validates an order's customFields against module purchase_Order.
	CustomFields docheaders.CustomFields
	// TaxRates answers the usable tax rates lines name (taxrates.Service).
	TaxRates taxRateLookup
}

// vendorLookup reads the tenant's vendors among ids, deleted ones too, keyed by id, through
// q; unknown ids are absent. One statement.
type vendorLookup interface {
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]vendors.Vendor, error)
}

// taxRateLookup reads the tenant's usable tax rates among ids, share-locked until q's
// transaction ends: unknown is NotFound naming field, archived a 400 naming it.
type taxRateLookup interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}
