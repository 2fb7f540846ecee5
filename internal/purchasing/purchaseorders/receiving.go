package purchaseorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Receipts receive purchase order lines through the methods below, in the receipt's
// transaction: they lock the order (shared: it cannot be deleted or change status while
// received) and then the line (for update: concurrent receipts of one line queue, and each
// sees what the one before received). The CHECK received_quantity <= quantity on the line
// tables is the last line.

// ReceivingKind is the kind of a purchase order line a receipt receives.
type ReceivingKind string

// The line kinds a receipt receives.
const (
	ReceivingPart              ReceivingKind = "part"
	ReceivingOutsideProcessing ReceivingKind = "outsideProcessing"
)

// ReceivingOrder is a purchase order as a receipt reads it.
type ReceivingOrder struct {
	ID     string
	Number int64
	Status Status
}

// Receivable reports whether goods may be received against an order in status s: an order
// sent to the vendor (ordered or paid), not a request for quote, a closed or a cancelled one.
func (o ReceivingOrder) Receivable() bool {
	return o.Status == StatusOrdered || o.Status == StatusPaid
}

// ReceivingLine is a part or outside-processing line as a receipt receives it. Quantity,
// Received and UnitPrice are in the line's (vendor) unit; InventoryQuantity is Quantity in the
// item's inventory unit (equal to Quantity on an outside-processing line).
type ReceivingLine struct {
	ID                string
	OrderID           string
	Kind              ReceivingKind
	ItemID            *string
	Quantity          dec.Decimal
	InventoryQuantity dec.Decimal
	UnitPrice         dec.Decimal
	Received          dec.Decimal
}

// Remaining is what is still to be received on the line.
func (l ReceivingLine) Remaining() dec.Decimal {
	return dec.Decimal{Decimal: l.Quantity.Sub(l.Received.Decimal)}
}

const lockReceivingOrderSQL = `
SELECT id, number, status FROM purchase_orders
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
FOR SHARE`

// LockForReceiving reads the tenant's active purchase order orderID, share-locked until q's
// transaction ends; a missing or deleted order is a 404 naming field.
func (s *Service) LockForReceiving(ctx context.Context, q db.Q, tenantID, orderID, field string) (ReceivingOrder, error) {
	var o ReceivingOrder
	err := q.QueryRowxContext(ctx, lockReceivingOrderSQL, tenantID, orderID).Scan(&o.ID, &o.Number, &o.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return ReceivingOrder{}, apperr.NotFoundField(field, "purchase order %s not found", orderID)
	}
	if err != nil {
		return ReceivingOrder{}, fmt.Errorf("lock purchase order for receiving: %w", err)
	}
	return o, nil
}

const (
	lockReceivingPartLineSQL = `
SELECT id, purchase_order_id, item_id, quantity, inventory_quantity, unit_price, received_quantity
FROM purchase_order_part_lines WHERE tenant_id = $1 AND id = $2
FOR UPDATE`
	lockReceivingOutsideLineSQL = `
SELECT id, purchase_order_id, item_id, quantity, quantity AS inventory_quantity, unit_price, received_quantity
FROM purchase_order_outside_processing_lines WHERE tenant_id = $1 AND id = $2
FOR UPDATE`
)

// LockLineForReceiving reads the tenant's part or outside-processing line lineID, locked for
// update until q's transaction ends; found is false when the tenant has no such line.
func (s *Service) LockLineForReceiving(ctx context.Context, q db.Q, tenantID, lineID string) (ReceivingLine, bool, error) {
	for _, k := range []struct {
		kind  ReceivingKind
		query string
	}{{ReceivingPart, lockReceivingPartLineSQL}, {ReceivingOutsideProcessing, lockReceivingOutsideLineSQL}} {
		l := ReceivingLine{Kind: k.kind}
		err := q.QueryRowxContext(ctx, k.query, tenantID, lineID).Scan(&l.ID, &l.OrderID, &l.ItemID, &l.Quantity, &l.InventoryQuantity, &l.UnitPrice, &l.Received)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return ReceivingLine{}, false, fmt.Errorf("lock purchase order line for receiving: %w", err)
		}
		return l, true, nil
	}
	return ReceivingLine{}, false, nil
}

const (
	addReceivedPartSQL    = `UPDATE purchase_order_part_lines SET received_quantity = received_quantity + $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`
	addReceivedOutsideSQL = `UPDATE purchase_order_outside_processing_lines SET received_quantity = received_quantity + $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`
)

// AddReceived moves the received quantity of line l (locked by LockLineForReceiving) by delta
// (negative when a receipt gives units back). Receiving more than ordered, or giving back
// more than received, is a 400 naming field.
func (s *Service) AddReceived(ctx context.Context, q db.Q, tenantID string, l ReceivingLine, delta dec.Decimal, field string) error {
	after := l.Received.Add(delta.Decimal)
	if after.GreaterThan(l.Quantity.Decimal) {
		return apperr.Field(field, "only %s remains to be received on purchase order line %s (ordered %s, received %s)", l.Remaining(), l.ID, l.Quantity, l.Received)
	}
	if after.IsNegative() {
		return apperr.Field(field, "purchase order line %s has only %s received", l.ID, l.Received)
	}
	query := addReceivedPartSQL
	if l.Kind == ReceivingOutsideProcessing {
		query = addReceivedOutsideSQL
	}
	if _, err := q.ExecContext(ctx, query, tenantID, l.ID, delta); err != nil {
		if _, ok := db.CheckViolation(err); ok {
			return apperr.Field(field, "receiving %s would take purchase order line %s beyond its quantity", delta, l.ID)
		}
		return fmt.Errorf("add received quantity: %w", err)
	}
	return nil
}
