package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/db"
)

// routingOwnerStore reads and locks sales order part lines as the owners of their routings.
type routingOwnerStore struct{}

const partLineExistsSQL = `SELECT EXISTS (SELECT 1 FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2)`

// lineExists reports whether the tenant has part line lineID, its order deleted or not.
func (routingOwnerStore) lineExists(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, partLineExistsSQL, tenantID, lineID).Scan(&ok); err != nil {
		return false, fmt.Errorf("find sales order part line: %w", err)
	}
	return ok, nil
}

// The order is locked before its line, the order every line write takes (lockForLineWrite,
// then the line's UPDATE), so a routing edit never deadlocks with one. The order's status is
// read under that lock, so no status change slips between the check and the edit.
const (
	lockLineOrderSQL = `
SELECT o.status FROM sales_orders o
JOIN sales_order_part_lines l ON l.tenant_id = o.tenant_id AND l.sales_order_id = o.id
WHERE l.tenant_id = $1 AND l.id = $2 AND NOT o.deleted
FOR UPDATE OF o`
	lockLineSQL = `SELECT id FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2 FOR UPDATE`
)

// lockLine locks part line lineID and its order until q's transaction ends and answers the
// order's status; found is false when the tenant has no such line on an active (not deleted)
// order.
func (routingOwnerStore) lockLine(ctx context.Context, q db.Q, tenantID, lineID string) (status Status, found bool, err error) {
	err = q.QueryRowxContext(ctx, lockLineOrderSQL, tenantID, lineID).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("lock sales order of part line: %w", err)
	}
	var id string
	err = q.QueryRowxContext(ctx, lockLineSQL, tenantID, lineID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("lock sales order part line: %w", err)
	}
	return status, true, nil
}

const partLineItemSQL = `SELECT item_id FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`

// lineItem answers the item part line lineID sells ("" when the tenant has no such line).
func (routingOwnerStore) lineItem(ctx context.Context, q db.Q, tenantID, lineID string) (string, error) {
	var id string
	err := q.QueryRowxContext(ctx, partLineItemSQL, tenantID, lineID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read sales order part line item: %w", err)
	}
	return id, nil
}

// touchLineSQL advances the line's and its order's modifiedUtc (and so both versions) in one
// statement.
const touchLineSQL = `
WITH line AS (
    UPDATE sales_order_part_lines SET modified_utc = now() WHERE tenant_id = $1 AND id = $2 RETURNING sales_order_id
)
UPDATE sales_orders SET modified_utc = now() WHERE tenant_id = $1 AND id = (SELECT sales_order_id FROM line)`

func (routingOwnerStore) touchLine(ctx context.Context, q db.Q, tenantID, lineID string) error {
	if _, err := q.ExecContext(ctx, touchLineSQL, tenantID, lineID); err != nil {
		return fmt.Errorf("touch sales order part line: %w", err)
	}
	return nil
}

const lineRoutingIDSQL = `
SELECT routing_id FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// lineRoutingID answers the routing id of part line lineID of order orderID (deleted or not);
// found is false when the tenant has no such line on that order.
func (routingOwnerStore) lineRoutingID(ctx context.Context, q db.Q, tenantID, orderID, lineID string) (routingID string, found bool, err error) {
	err = q.QueryRowxContext(ctx, lineRoutingIDSQL, tenantID, orderID, lineID).Scan(&routingID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read sales order part line: %w", err)
	}
	return routingID, true, nil
}
