package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// A receipt records material a customer supplies for its sales order: it receives the
// order's part lines through the methods below, in the receipt's transaction, with the order
// share-locked (it cannot be deleted while received against).

// ReceivingOrder is a sales order as a receipt reads it.
type ReceivingOrder struct {
	ID     string
	Number int64
}

// ReceivingLine is a part line as a receipt receives it: Quantity and UnitPrice in the line's
// unit, InventoryQuantity the quantity in the item's inventory unit (nil when the line's unit
// has no fixed conversion).
type ReceivingLine struct {
	ID                string
	OrderID           string
	ItemID            string
	Quantity          dec
	InventoryQuantity *dec
	UnitPrice         dec
}

const lockReceivingOrderSQL = `
SELECT id, number FROM sales_orders WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR SHARE`

// LockForReceiving reads the tenant's active sales order orderID, share-locked until q's
// transaction ends; a missing or deleted order is a 404 naming field.
func (s *Service) LockForReceiving(ctx context.Context, q db.Q, tenantID, orderID, field string) (ReceivingOrder, error) {
	var o ReceivingOrder
	err := q.QueryRowxContext(ctx, lockReceivingOrderSQL, tenantID, orderID).Scan(&o.ID, &o.Number)
	if errors.Is(err, sql.ErrNoRows) {
		return ReceivingOrder{}, apperr.NotFoundField(field, "sales order %s not found", orderID)
	}
	if err != nil {
		return ReceivingOrder{}, fmt.Errorf("lock sales order for receiving: %w", err)
	}
	return o, nil
}

const receivingLineSQL = `
SELECT id, sales_order_id, item_id, quantity, inventory_quantity, unit_price
FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2 FOR SHARE`

// LineForReceiving reads the tenant's part line lineID, share-locked until q's transaction
// ends; found is false when the tenant has no such line.
func (s *Service) LineForReceiving(ctx context.Context, q db.Q, tenantID, lineID string) (ReceivingLine, bool, error) {
	var l ReceivingLine
	err := q.QueryRowxContext(ctx, receivingLineSQL, tenantID, lineID).Scan(&l.ID, &l.OrderID, &l.ItemID, &l.Quantity, &l.InventoryQuantity, &l.UnitPrice)
	if errors.Is(err, sql.ErrNoRows) {
		return ReceivingLine{}, false, nil
	}
	if err != nil {
		return ReceivingLine{}, false, fmt.Errorf("read sales order line for receiving: %w", err)
	}
	return l, true, nil
}
