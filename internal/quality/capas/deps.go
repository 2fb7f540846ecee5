package capas

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/shared/customfields"
)

// Deps are the other services CAPAs read through, handed in by the one wiring place.
type Deps struct {
	// NCRs answers whether an NCR exists, share-locking it (ncrs.Service).
	NCRs ncrExistence
	// CustomFields validates customFields against module capa (customfields.Service).
	CustomFields customFieldValidator
}

// ncrExistence is what CAPAs ask of NCRs.
type ncrExistence interface {
	ExistsForCapa(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
}
