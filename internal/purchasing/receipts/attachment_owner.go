package receipts

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// Receipts own attachments: a receipt is owner type purchaseOrderReceiving or
// salesOrderReceiving by the kind of order it receives, and its lines take certifications
// (owner types purchaseOrderReceivingLineItem and salesOrderReceivingLineItem) of lots of the
// item they received. httpapi registers the functions below with the attachments area, so
// receipts need not know attachments.

// Source is the kind of order a receipt receives against.
type Source bool

// The receipt sources.
const (
	FromPurchaseOrder Source = true
	FromSalesOrder    Source = false
)

const (
	lockReceiptForAttachmentSQL = `
SELECT true FROM receipts WHERE tenant_id = $1 AND id = $2 AND (purchase_order_id IS NOT NULL) = $3 FOR UPDATE`
	lockLineForAttachmentSQL = `
SELECT true FROM receipt_lines l JOIN receipts r ON r.tenant_id = l.tenant_id AND r.id = l.receipt_id
WHERE l.tenant_id = $1 AND l.id = $2 AND (r.purchase_order_id IS NOT NULL) = $3 FOR UPDATE OF l`
	touchReceiptSQL = `UPDATE receipts SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`
	touchLineSQL    = `UPDATE receipt_lines SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`
	lineItemOfSQL   = `SELECT item_id FROM receipt_lines WHERE tenant_id = $1 AND id = $2`
)

// ExistsForAttachment answers, for receipts of src, whether the tenant has receipt id (and
// locks it until q's transaction ends when it has).
func (s *Service) ExistsForAttachment(src Source) func(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return func(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
		return lockedExists(ctx, q, lockReceiptForAttachmentSQL, tenantID, id, src)
	}
}

// LineExistsForAttachment answers, for lines of receipts of src, whether the tenant has
// receipt line id (and locks it until q's transaction ends when it has).
func (s *Service) LineExistsForAttachment(src Source) func(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return func(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
		return lockedExists(ctx, q, lockLineForAttachmentSQL, tenantID, id, src)
	}
}

func lockedExists(ctx context.Context, q db.Q, query, tenantID, id string, src Source) (bool, error) {
	return db.Found(ctx, q, "receipt for attachment", query, tenantID, id, bool(src))
}

// TouchForAttachment advances the receipt's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return touch(ctx, q, touchReceiptSQL, tenantID, id)
}

// TouchLineForAttachment advances the line's modifiedUtc after a certification was attached
// or removed.
func (s *Service) TouchLineForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return touch(ctx, q, touchLineSQL, tenantID, id)
}

func touch(ctx context.Context, q db.Q, query, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, query, tenantID, id); err != nil {
		return fmt.Errorf("touch receipt for attachment: %w", err)
	}
	return nil
}

// CertifiedItem answers the item a receipt line received, whose lots a certification of the
// line may certify; a line without an item (a fee) is a 400 naming Detail.Owner.Id.
func (s *Service) CertifiedItem(ctx context.Context, q db.Q, tenantID, id string) (string, error) {
	var itemID *string
	if err := q.QueryRowxContext(ctx, lineItemOfSQL, tenantID, id).Scan(&itemID); err != nil {
		return "", fmt.Errorf("read receipt line item: %w", err)
	}
	if itemID == nil {
		return "", apperr.Field("Detail.Owner.Id", "receipt line %s received no item", id)
	}
	return *itemID, nil
}
