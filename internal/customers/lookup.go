package customers

import (
	"context"

	"mos/internal/platform/db"
)

// Lookup resolves customers by id for other areas (the items area's customer details and
// sales price breaks). It needs only the pool, so an area builds its own.
type Lookup struct {
	pool  *db.Pool
	store customerStore
}

// NewLookup returns a customer lookup on pool.
func NewLookup(pool *db.Pool) *Lookup { return &Lookup{pool: pool} }

// ByIDs returns the tenant's customers among ids, keyed by id, deleted ones too (records
// that refer to them still show a name; a write checks Deleted); unknown ids are absent.
// One query however many ids.
func (l *Lookup) ByIDs(ctx context.Context, tenantID string, ids []string) (map[string]Customer, error) {
	out := map[string]Customer{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := l.store.byIDs(ctx, l.pool, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		out[c.ID] = c
	}
	return out, nil
}
