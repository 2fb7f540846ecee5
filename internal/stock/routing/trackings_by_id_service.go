package routing

import (
	"context"

	"mos/internal/platform/db"
)

// TrackingsByID answers the in-process tracking assignments ids names that exist, by id,
// whoever owns their routings, in one statement through q (the caller's transaction): job
// operations record values against their assignments by id. Field names and data types are
// not filled in.
func (s *Service) TrackingsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Tracking, error) {
	out := make(map[string]Tracking, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := trackingsByIDStore{}.trackingsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, t := range rows {
		out[t.ID] = t
	}
	return out, nil
}
