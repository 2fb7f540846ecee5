package routing

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// ReplaceWithCopy replaces to's whole routing with a copy of from's (see Copy) in one
// transaction and answers to's new routing. sourceField names the source in errors: 400 when
// from is to, 404 when the tenant has no from. The owner's Changed hook runs once.
func (s *Service) ReplaceWithCopy(ctx context.Context, tenantID string, to, from Owner, sourceField string) (Routing, error) {
	if to == from {
		return Routing{}, apperr.Field(sourceField, "a routing cannot be copied onto itself")
	}
	var r Routing
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		k, err := s.requireOwner(ctx, q, tenantID, to)
		if err != nil {
			return err
		}
		if _, err := s.readOwner(ctx, q, tenantID, from); apperr.IsKind(err, apperr.KindNotFound) {
			return apperr.NotFound("%s: %s %s not found", sourceField, from.Type, from.ID)
		} else if err != nil {
			return err
		}
		if err := s.store.clear(ctx, q, tenantID, to); err != nil {
			return err
		}
		if err := s.store.copy(ctx, q, tenantID, from, to); err != nil {
			return err
		}
		if err := changed(ctx, q, k, tenantID, to); err != nil {
			return err
		}
		r, err = s.read(ctx, q, tenantID, to)
		return err
	})
	return r, err
}
