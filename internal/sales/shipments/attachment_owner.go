package shipments

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// Shipments own attachments (owner type shipment): httpapi registers the functions below
// with the attachments area, so shipments need not know attachments.

const (
	lockShipmentForAttachmentSQL = `SELECT true FROM shipments WHERE tenant_id = $1 AND id = $2 FOR UPDATE`
	touchShipmentSQL             = `UPDATE shipments SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`
)

// ExistsForAttachment answers whether the tenant has shipment id (and locks it until q's
// transaction ends when it has).
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "shipment for attachment", lockShipmentForAttachmentSQL, tenantID, id)
}

// TouchForAttachment advances the shipment's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchShipmentSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch shipment for attachment: %w", err)
	}
	return nil
}
