package operations

import (
	"context"

	"mos/internal/platform/db"
)

// Names answers the names of the tenant's library operations among ids (archived ones too:
// routing operations keep linking them), by id, in one statement through q (also for no ids,
// so that a reader's statement count does not depend on its rows); unknown ids are absent.
func (s *Service) Names(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error) {
	if ids == nil {
		ids = []string{}
	}
	return s.store.names(ctx, q, tenantID, ids)
}
