package purchaseorders

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// Part lines own attachments: the attachments area finds the line and advances its
// modifiedUtc through these, which httpapi registers as the "purchaseOrderPartLineItem" owner
// kind.

const (
	// The line's order is locked, as line writes lock it.
	lockPartLineForAttachmentSQL = `
SELECT true FROM purchase_order_part_lines l
JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
WHERE l.tenant_id = $1 AND l.id = $2
FOR UPDATE OF o`
	touchPartLineSQL = `UPDATE purchase_order_part_lines SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`
)

// PartLineExistsForAttachment reports whether the tenant has purchase order part line id
// and, when it has, locks its order's row until q's transaction ends.
func (s *Service) PartLineExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "purchase order part line for attachment", lockPartLineForAttachmentSQL, tenantID, id)
}

// TouchPartLineForAttachment advances the part line's modifiedUtc after a file was attached
// or removed.
func (s *Service) TouchPartLineForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchPartLineSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch purchase order part line: %w", err)
	}
	return nil
}

// NoteOwnerExists reports whether the tenant has purchase order id, not deleted, share-locking it until
// q's transaction ends: the purchase order owner kind of notes (httpapi registers it).
func (s *Service) NoteOwnerExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.ShareLive(ctx, q, tenantID, id)
}
