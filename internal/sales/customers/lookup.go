package customers

import (
	"context"

	"mos/internal/platform/db"
)

// Lookup resolves customers by id for other areas (the items area's customer details and
// sales price breaks). It holds no connection: the caller passes its own (a transaction's,
// when it has one), so an area builds its own lookup.
type Lookup struct {
	store customerStore
}

// NewLookup returns a customer lookup.
func NewLookup() *Lookup { return &Lookup{} }

// ByIDs returns the tenant's customers among ids, keyed by id, deleted ones too (records
// that refer to them still show a name; a write checks Deleted); unknown ids are absent.
// One query however many ids, through q: a caller inside a transaction must pass it, as a
// second connection taken while holding one can starve the pool.
func (l *Lookup) ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Customer, error) {
	out := map[string]Customer{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := l.store.byIDs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		out[c.ID] = c
	}
	return out, nil
}
