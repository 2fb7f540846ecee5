package shipments

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/sales/salesorders"
	"mos/internal/sales/shippingmethods"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docpdf"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
)

// Deps are the other areas shipments work through, handed in by the one wiring place.
type Deps struct {
	// Printer frames the packing slip's PDF: the tenant's header, logo and PDF settings
	// (docpdf.Printer).
	Printer printer
	// SalesOrders locks the orders and part lines shipped and moves their shipped quantity,
	// and reads what the packing slip prints of them (salesorders.Service).
	SalesOrders salesOrders
	// ShippingMethods names the shipping method and carrier on the packing slip
	// (shippingmethods.Service).
	ShippingMethods shippingMethodLookup
	// Inventory posts and reverts the ship picks, in the shipment's transaction
	// (inventory.Service).
	Inventory stockLedger
	// Items tells whether a shipped item holds stock (items.Service).
	Items itemStock
	// CustomFields validates custom fields of shipments (ship_Order) and their lines
	// (shipping_Part_LineItem).
	CustomFields customFieldValidator
}

// salesOrders is the sales orders service as shipments use it.
type salesOrders interface {
	salesOrderLines
	packingSlipOrder
}

// salesOrderLines is the sales orders service as shipments write through it, in q's
// transaction.
type salesOrderLines interface {
	LockForShipping(ctx context.Context, q db.Q, tenantID, orderID, field string) (salesorders.ShippingOrder, error)
	LockLineForShipping(ctx context.Context, q db.Q, tenantID, lineID string) (salesorders.ShippingLine, bool, error)
	AddShipped(ctx context.Context, q db.Q, tenantID string, o salesorders.ShippingOrder, l salesorders.ShippingLine, delta dec.Decimal, field string) error
	SetLastShipped(ctx context.Context, q db.Q, tenantID string, days map[string]*time.Time) error
}

// packingSlipOrder reads the order a shipment ships and the part lines it ships, for the
// packing slip.
type packingSlipOrder interface {
	ForPackingSlip(ctx context.Context, tenantID, orderID string, lineIDs []string) (salesorders.SalesOrder, map[string]salesorders.PartLine, error)
}

// shippingMethodLookup reads one shipping method, archived or not.
type shippingMethodLookup interface {
	Get(ctx context.Context, tenantID, id string) (shippingmethods.ShippingMethod, error)
}

// stockLedger takes units out of stock and reverts such a pick in the caller's transaction.
type stockLedger interface {
	PickIn(ctx context.Context, q db.Q, tenantID string, p inventory.Pick) (inventory.Event, error)
	RevertIn(ctx context.Context, q db.Q, tenantID, eventID string) (inventory.Event, error)
}

// itemStock reads (and share-locks) an item's stock flags.
type itemStock interface {
	StockInfo(ctx context.Context, q db.Q, tenantID, itemID string) (items.StockInfo, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
}

// printer reads the frame a document's PDF is printed in.
type printer interface {
	Frame(ctx context.Context, tenantID, timezone string, k docpdf.Kind) (docpdf.Frame, error)
}
