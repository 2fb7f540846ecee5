package quotes

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/sales/taxrates"
)

// Deps are the other areas quotes read through, handed in by the one wiring place. Each is
// the small interface quotes use, so a test or a later area can stand in for it.
type Deps struct {
	TaxRates taxRateLookup
}

// taxRateLookup answers the tenant's usable tax rates among ids (404 naming field when one
// is unknown, 400 when archived), share-locked until q's transaction ends, so a line copies
// the rate's name and percentage as they stand.
type taxRateLookup interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}
