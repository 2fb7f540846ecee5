package ncrs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/customfields"
	"mos/internal/stock/items"
)

// Deps are the other areas NCRs read through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers a job's quantity made, share-locking the job (jobs.Service).
	Jobs jobQuantities
	// Items answers which items exist (items.Service).
	Items itemNames
	// CustomFields validates customFields against module ncr (customfields.Service).
	CustomFields customFieldValidator
}

// jobQuantities is what NCRs ask of jobs: whether a job exists and what it has made.
type jobQuantities interface {
	QuantityMade(ctx context.Context, q db.Q, tenantID, jobID string, itemID *string) (dec.Decimal, bool, error)
}

// itemNames answers the tenant's items among ids.
type itemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
}
