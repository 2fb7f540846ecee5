package items

import (
	"context"

	"mos/internal/platform/db"
)

// ItemName is how other areas name an item in their answers: its number and description.
type ItemName struct {
	ID          string
	Number      string
	Description *string
}

// ItemNames answers the tenant's items among ids (archived or not), keyed by id, without
// locking them; unknown and other tenants' ids are absent. One statement through q however
// many ids, none for none.
func (s *Service) ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]ItemName, error) {
	out := make(map[string]ItemName, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.store.itemNames(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
