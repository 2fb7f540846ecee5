package jobs

import (
	"context"

	"mos/internal/platform/db"
)

// What lower areas ask of jobs through the registries they own, which httpapi fills: the
// attachment owner kinds job and operation (a job operation), the unit-change blocker of
// items, and the job operations purchase orders' outside-processing lines name.

// ExistsForAttachment reports whether the tenant has job id and, when it has, locks its row
// until q's transaction ends, so attaching or removing a file serialises with the job's
// writes.
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return ownersStore{}.lockJob(ctx, q, tenantID, id)
}

// TouchForAttachment advances the job's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return ownersStore{}.touchJob(ctx, q, tenantID, id)
}

// OperationExistsForAttachment reports whether the tenant has job operation id and, when it
// has, locks its job's row until q's transaction ends.
func (s *Service) OperationExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return ownersStore{}.lockOperationJob(ctx, q, tenantID, id)
}

// TouchOperationForAttachment advances the job operation's modifiedUtc after a file was
// attached or removed.
func (s *Service) TouchOperationForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return ownersStore{}.touchOperation(ctx, q, tenantID, id)
}

// UsesItem reports whether a job makes item itemID (an item to make of it): the item's unit
// of measure, which the quantity to make counts in, cannot change then.
func (s *Service) UsesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return ownersStore{}.makesItem(ctx, q, tenantID, itemID)
}

// JobOperationExists reports whether the tenant has job operation id, share-locking it until
// q's transaction ends (an outside-processing line naming it).
func (s *Service) JobOperationExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return ownersStore{}.shareOperation(ctx, q, tenantID, id)
}
