package receipts

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/purchasing/purchaseorders"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
)

// Deps are the other areas receipts work through, handed in by the one wiring place.
type Deps struct {
	// PurchaseOrders locks the orders and lines received and moves their received quantity
	// (purchaseorders.Service).
	PurchaseOrders purchaseOrderLines
	// SalesOrders reads the sales orders and part lines whose customer-supplied material is
	// received (salesorders.Service).
	SalesOrders salesOrderLines
	// Inventory posts and reverts the receive events, in the receipt's transaction
	// (inventory.Service).
	Inventory stockLedger
	// Items tells whether a received item holds stock (items.Service).
	Items itemStock
	// CustomFields validates a receipt's customFields against module receive_Order.
	CustomFields customFieldValidator
}

// purchaseOrderLines is the purchase orders service as receipts use it, in q's transaction.
type purchaseOrderLines interface {
	LockForReceiving(ctx context.Context, q db.Q, tenantID, orderID, field string) (purchaseorders.ReceivingOrder, error)
	LockLineForReceiving(ctx context.Context, q db.Q, tenantID, lineID string) (purchaseorders.ReceivingLine, bool, error)
	AddReceived(ctx context.Context, q db.Q, tenantID string, l purchaseorders.ReceivingLine, delta dec.Decimal, field string) error
}

// salesOrderLines is the sales orders service as receipts use it, in q's transaction.
type salesOrderLines interface {
	LockForReceiving(ctx context.Context, q db.Q, tenantID, orderID, field string) (salesorders.ReceivingOrder, error)
	LineForReceiving(ctx context.Context, q db.Q, tenantID, lineID string) (salesorders.ReceivingLine, bool, error)
}

// stockLedger posts a receive event and reverts one in the caller's transaction.
type stockLedger interface {
	ReceiveIn(ctx context.Context, q db.Q, tenantID string, r inventory.Receive) (inventory.Event, error)
	RevertIn(ctx context.Context, q db.Q, tenantID, eventID string) (inventory.Event, error)
	Hold(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation, itemID string, want dec.Decimal) (dec.Decimal, error)
	Release(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation) error
}

// itemStock reads (and share-locks) an item's stock flags.
type itemStock interface {
	StockInfo(ctx context.Context, q db.Q, tenantID, itemID string) (items.StockInfo, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
}
