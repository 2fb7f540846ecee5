package items

import (
	"context"

	"mos/internal/platform/db"
)

// Items own attachments (files attached to an item). The attachments area finds an item and
// advances its modifiedUtc through these two, which httpapi registers as the "item" owner
// kind, so items need not know attachments.

// lockForAttachmentSQL locks the item row (archived or not) the way an item change does, so
// attaching or removing a file serialises with changes of the item and TouchForAttachment
// updates a row this transaction already holds.
const lockForAttachmentSQL = `SELECT true FROM items WHERE tenant_id = $1 AND id = $2 FOR UPDATE`

// ExistsForAttachment reports whether the tenant has item id and, when it has, locks its row
// until q's transaction ends.
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "item for attachment", lockForAttachmentSQL, tenantID, id)
}

// TouchForAttachment advances the item's modifiedUtc after a file was attached to it or
// removed from it, in q's transaction. It records no ItemUpdated: files are not part of the
// item's webhook (an ItemUpdated is not sent when a file is attached or removed).
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.store.touch(ctx, q, tenantID, id)
}
