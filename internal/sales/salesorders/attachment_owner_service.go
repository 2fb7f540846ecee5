package salesorders

import (
	"context"

	"mos/internal/platform/db"
)

// Sales orders and their part lines own attachments. The attachments area finds the owner and
// advances its modifiedUtc through these, which httpapi registers as the "salesOrder" and
// "salesOrderPartLineItem" owner kinds, so sales orders need not know attachments.

// ExistsForAttachment reports whether the tenant has sales order id (deleted or not) and, when
// it has, locks its row until q's transaction ends, so attaching or removing a file
// serialises with the order's writes.
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.LockOwner(ctx, q, tenantID, id)
}

// TouchForAttachment advances the order's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.header.Touch(ctx, q, tenantID, id)
}

// PartLineExistsForAttachment reports whether the tenant has sales order part line id and,
// when it has, locks its order's row until q's transaction ends.
func (s *Service) PartLineExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return attachmentOwnerStore{}.lockPartLine(ctx, q, tenantID, id)
}

// TouchPartLineForAttachment advances the part line's modifiedUtc after a file was attached
// or removed.
func (s *Service) TouchPartLineForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return attachmentOwnerStore{}.touchPartLine(ctx, q, tenantID, id)
}

// NoteOwnerExists reports whether the tenant has sales order id, not deleted, share-locking it until
// q's transaction ends: the sales order owner kind of notes (httpapi registers it).
func (s *Service) NoteOwnerExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.ShareLive(ctx, q, tenantID, id)
}
