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
		// The copy adds input items: the input item graph lock comes before the owner's.
		if err := s.LockInputItemGraph(ctx, q, tenantID); err != nil {
			return err
		}
		err := s.editIn(ctx, q, tenantID, to, func(q db.Q, k OwnerKind) (bool, error) {
			if _, err := s.readOwner(ctx, q, tenantID, from); apperr.IsKind(err, apperr.KindNotFound) {
				return false, apperr.NotFound("%s: %s %s not found", sourceField, from.Type, from.ID)
			} else if err != nil {
				return false, err
			}
			if err := s.checkCopiedInputs(ctx, q, tenantID, k, to, from, sourceField); err != nil {
				return false, err
			}
			if err := s.store.clear(ctx, q, tenantID, to); err != nil {
				return false, err
			}
			return true, s.store.copy(ctx, q, tenantID, from, to)
		})
		if err != nil {
			return err
		}
		// The answer is the routing as copied, read in the same transaction.
		r, err = s.read(ctx, q, tenantID, to)
		return err
	})
	return r, err
}

// checkCopiedInputs answers 400 naming sourceField when a copy of from's input items would
// make the item to makes an input of itself at any depth. to's current inputs, which the
// copy replaces, cannot hide or make such a cycle: a path through them starts at that item.
func (s *Service) checkCopiedInputs(ctx context.Context, q db.Q, tenantID string, k OwnerKind, to, from Owner, sourceField string) error {
	if k.MakesItem == nil {
		return nil
	}
	inputs, err := s.inputItemsByOwner(ctx, q, tenantID, from)
	if err != nil || len(inputs) == 0 {
		return err
	}
	made, err := k.MakesItem(ctx, q, tenantID, to.ID)
	if err != nil || made == "" {
		return err
	}
	if err := s.CheckNoCycle(ctx, q, tenantID, made, inputItemItemIDs(inputs)); apperr.IsKind(err, apperr.KindInvalid) {
		return apperr.Field(sourceField, "the source routing's input items use the item this routing makes (at some depth): no item may be an input of itself")
	} else if err != nil {
		return err
	}
	return nil
}
