package salesorders

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

type attachmentOwnerStore struct{}

const (
	// The line's order is locked, as line writes lock it.
	lockPartLineForAttachmentSQL = `
SELECT true FROM sales_order_part_lines l
JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
WHERE l.tenant_id = $1 AND l.id = $2
FOR UPDATE OF o`
	touchPartLineSQL = `UPDATE sales_order_part_lines SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`
)

func (attachmentOwnerStore) lockPartLine(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "sales order part line for attachment", lockPartLineForAttachmentSQL, tenantID, id)
}

func (attachmentOwnerStore) touchPartLine(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchPartLineSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch sales order part line: %w", err)
	}
	return nil
}
