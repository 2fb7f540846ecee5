package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// A shipment sends an order's part lines out: it reads and locks the order and its lines
// through the methods below, in the shipment's transaction, with the order share-locked (it
// cannot be deleted or change status while shipped against) and each line locked for update
// (concurrent shipments of one line queue, so their quantities never exceed the line's).

// ShippingOrder is a sales order as a shipment reads it.
type ShippingOrder struct {
	ID               string
	Number           int64
	Status           Status
	CustomerID       string
	ShipTo           *Address
	ShippingMethodID *string
}

// Ships tells whether the order may ship: it is approved or in progress.
func (o ShippingOrder) Ships() bool {
	return o.Status == StatusApproved || o.Status == StatusInProgress
}

// ShippingLine is a part line as a shipment ships it: Quantity in the line's unit,
// InventoryQuantity the quantity in the item's inventory unit (nil when the line's unit has no
// fixed conversion), ShippedQuantity what shipped shipments sent of it.
type ShippingLine struct {
	ID                string
	OrderID           string
	ItemID            string
	Quantity          dec
	InventoryQuantity *dec
	ShippedQuantity   dec
	DeliveryDate      *time.Time
	UnitName          string
}

const lockShippingOrderSQL = `
SELECT id, number, status, customer_id, shipping_address, shipping_method_id
FROM sales_orders WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR SHARE`

// LockForShipping reads the tenant's active sales order orderID, share-locked until q's
// transaction ends; a missing or deleted order is a 404 naming field.
func (s *Service) LockForShipping(ctx context.Context, q db.Q, tenantID, orderID, field string) (ShippingOrder, error) {
	var o ShippingOrder
	var shipTo []byte
	err := q.QueryRowxContext(ctx, lockShippingOrderSQL, tenantID, orderID).Scan(&o.ID, &o.Number, &o.Status, &o.CustomerID, &shipTo, &o.ShippingMethodID)
	if errors.Is(err, sql.ErrNoRows) {
		return ShippingOrder{}, apperr.NotFoundField(field, "sales order %s not found", orderID)
	}
	if err != nil {
		return ShippingOrder{}, fmt.Errorf("lock sales order for shipping: %w", err)
	}
	if err := readJSON(shipTo, &o.ShipTo); err != nil {
		return ShippingOrder{}, err
	}
	return o, nil
}

const lockShippingLineSQL = `
SELECT id, sales_order_id, item_id, quantity, inventory_quantity, shipped_quantity, delivery_date, unit_of_measure_name
FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2 FOR UPDATE`

// LockLineForShipping reads the tenant's part line lineID, locked for update until q's
// transaction ends; found is false when the tenant has no such line.
func (s *Service) LockLineForShipping(ctx context.Context, q db.Q, tenantID, lineID string) (ShippingLine, bool, error) {
	var l ShippingLine
	err := q.QueryRowxContext(ctx, lockShippingLineSQL, tenantID, lineID).Scan(&l.ID, &l.OrderID, &l.ItemID, &l.Quantity, &l.InventoryQuantity, &l.ShippedQuantity, &l.DeliveryDate, &l.UnitName)
	if errors.Is(err, sql.ErrNoRows) {
		return ShippingLine{}, false, nil
	}
	if err != nil {
		return ShippingLine{}, false, fmt.Errorf("lock sales order line for shipping: %w", err)
	}
	return l, true, nil
}

// addShippedSQL moves a line's shipped quantity by $3 when it stays within 0 and the line's
// quantity.
const addShippedSQL = `
UPDATE sales_order_part_lines SET shipped_quantity = shipped_quantity + $3, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND shipped_quantity + $3 BETWEEN 0 AND quantity`

// AddShipped moves line l's shipped quantity by delta (negative when a shipment goes back to
// open) and makes the line hold what it should of the order's reservation (less once more
// shipped). l was locked by LockLineForShipping and o by LockForShipping in q's transaction.
// Shipping more than the line's quantity is a 400 naming field. The shipment then sets the
// line's last shipped day (SetLastShipped).
func (s *Service) AddShipped(ctx context.Context, q db.Q, tenantID string, o ShippingOrder, l ShippingLine, delta dec, field string) error {
	res, err := q.ExecContext(ctx, addShippedSQL, tenantID, l.ID, delta)
	if err != nil {
		return fmt.Errorf("add shipped quantity: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("add shipped quantity: %w", err)
	} else if n == 0 {
		return apperr.Field(field, "line %s has %s of %s shipped; cannot ship %s more", l.ID, l.ShippedQuantity, l.Quantity, delta)
	}
	return s.syncLineReservation(ctx, q, tenantID, o.ID, o.Status, l.ID)
}

// SetLastShipped sets the last shipped day of each line of days (nil: none ships it), in q's
// transaction: the shipments know which of theirs are shipped and on which day, the order
// line keeps the latest for its reads and report.
func (s *Service) SetLastShipped(ctx context.Context, q db.Q, tenantID string, days map[string]*time.Time) error {
	return shippingStore{}.setLastShipped(ctx, q, tenantID, days)
}
