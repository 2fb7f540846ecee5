package jobs

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/stock/routing"
)

// The routing owner kind of items to make (routing.OwnerJobItemToMake): httpapi registers
// these four with the routing service. An item to make's routing is copied when the job is
// created and edited on its own from then on, until the job completes or is cancelled or the
// item to make completes. Its operations are the job's operations: Changed keeps their rows
// in step.

// ExistsForRouting reports whether the tenant has item to make id, for reads of its routing
// (in every status).
func (s *Service) ExistsForRouting(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return routingOwnerStore{}.itemToMakeExists(ctx, q, tenantID, id)
}

// LockForRouting locks the item to make's job, then the item to make, until q's transaction
// ends, and reports whether its routing may be edited: false (404) when the tenant has no
// such item to make, a 400 when the job is complete or cancelled or the item to make is
// complete. The statuses are read under the locks, so a status move waits for the edit or
// the edit sees the new status.
func (s *Service) LockForRouting(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	jobID, found, err := routingOwnerStore{}.jobOfItemToMake(ctx, q, tenantID, id)
	if err != nil || !found {
		return false, err
	}
	j, err := s.lockJob(ctx, q, tenantID, jobID)
	if apperr.IsKind(err, apperr.KindNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	status, found, err := routingOwnerStore{}.lockItemToMake(ctx, q, tenantID, id)
	if err != nil || !found {
		return false, err
	}
	if final(j.Status) {
		return false, apperr.Invalid("the routing of an item to make cannot change: job %d is %s", j.Number, j.Status)
	}
	if status == ItemToMakeComplete {
		return false, apperr.Invalid("the routing of an item to make cannot change: it is complete")
	}
	return true, nil
}

// MakesItemForRouting answers the item the item to make makes ("" when none).
func (s *Service) MakesItemForRouting(ctx context.Context, q db.Q, tenantID, id string) (string, error) {
	return routingOwnerStore{}.itemOfItemToMake(ctx, q, tenantID, id)
}

// RoutingChanged is the item to make's "record changed" hook, in the routing change's
// transaction (the job and the item to make locked by LockForRouting): it advances the item
// to make's and the job's modifiedUtc, writes the operation rows of added operations and
// deletes those of removed ones, and, while the job reserves, re-holds what its routings now
// need.
func (s *Service) RoutingChanged(ctx context.Context, q db.Q, tenantID, id string) error {
	jobID, err := routingOwnerStore{}.touchItemToMake(ctx, q, tenantID, id)
	if err != nil || jobID == "" {
		return err
	}
	owner := routing.Owner{Type: routing.OwnerJobItemToMake, ID: id}
	routings, err := s.deps.Routings.RoutingsIn(ctx, q, tenantID, []routing.Owner{owner})
	if err != nil {
		return err
	}
	ops := routings[owner].Operations
	keep := make([]string, len(ops))
	add := make(map[string]string, len(ops))
	for i, op := range ops {
		keep[i] = op.ID
		add[op.ID] = id
	}
	if err := s.checkRemoval(ctx, q, tenantID, id, keep); err != nil {
		return err
	}
	if err := (routingOwnerStore{}).deleteOperationsBut(ctx, q, tenantID, id, keep); err != nil {
		return err
	}
	if err := s.store.insertOperations(ctx, q, tenantID, jobID, add); err != nil {
		return err
	}
	j, err := s.store.getJob(ctx, q, tenantID, jobID)
	if err != nil {
		return err
	}
	return s.syncReservations(ctx, q, tenantID, j, nil)
}
