package jobs

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/stock/routing"
)

// The routings of items to make at /api/jobs/{jobId}/routing/{routingId}...: the routing
// service's bodies and rules (served by routing.OwnerPaths, handed to the handler at
// wiring), owned by the item to make whose routing id the path carries.
// The routing service asks the owner kind (LockForRouting) whether the job's status allows
// edits, and OperationLockedForRouting whether the operation an edit touches is still
// editable: a job operation is editable until work on it has started.

// itemToMakeRoutingOwner answers the routing owner of the item to make of job jobID whose
// routing id is routingID: an unknown job, another tenant's, or a routing id that is none
// of the job's items to make is NotFound. An item to make's job and routing id never change,
// so the check holds for the routing call that follows.
func (s *Service) itemToMakeRoutingOwner(ctx context.Context, tenantID, jobID, routingID string) (routing.Owner, error) {
	id, found, err := routingPathsStore{}.itemToMakeOfRouting(ctx, s.pool, tenantID, jobID, routingID)
	if err != nil {
		return routing.Owner{}, err
	}
	if !found {
		return routing.Owner{}, apperr.NotFound("job %s has no item to make with routing %s", jobID, routingID)
	}
	return routing.Owner{Type: routing.OwnerJobItemToMake, ID: id}, nil
}

// OperationLockedForRouting is the item to make's per-operation edit check (the routing
// owner kind's OperationLocked), run under the job's and the item to make's locks: a 400
// naming the operation once it has started (status started or complete), has a quantity
// completed or scrapped, or has material picked for it. An operation with no job operation
// row (not this item to make's) is left to the routing service's own checks.
func (s *Service) OperationLockedForRouting(ctx context.Context, q db.Q, tenantID, itemToMakeID, operationID string) error {
	st, found, err := routingPathsStore{}.operationState(ctx, q, tenantID, itemToMakeID, operationID)
	if err != nil || !found {
		return err
	}
	switch {
	case st.Status != OperationStatusNotStarted:
		return apperr.Invalid("job operation %s is %s: it and what is attached to it can no longer change", operationID, st.Status)
	case st.QuantityCompleted.IsPositive() || st.QuantityScrapped.IsPositive():
		return apperr.Invalid("job operation %s has recorded quantities: it and what is attached to it can no longer change", operationID)
	case st.Picked:
		return apperr.Invalid("job operation %s has material picked for it: it and what is attached to it can no longer change", operationID)
	}
	return nil
}
