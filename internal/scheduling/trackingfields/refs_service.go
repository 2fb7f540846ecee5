package trackingfields

import (
	"context"

	"mos/internal/platform/db"
)

// What other areas (routings) need to know about tracking fields: which of the ids they were
// sent are the tenant's fields, with their names and data types. It takes the caller's q so
// it runs inside the caller's transaction.

// FieldRef names a tracking field and the kind of value it records.
type FieldRef struct {
	ID       string
	Name     string
	DataType DataType
}

// FieldsByID returns the tenant's tracking fields among ids, keyed by id; unknown and other
// tenants' ids are absent. One query however many ids.
func (s *Service) FieldsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]FieldRef, error) {
	out := make(map[string]FieldRef, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	refs, err := s.store.refs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}
