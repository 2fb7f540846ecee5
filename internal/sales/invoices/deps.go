package invoices

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/sales/salesorders"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docpdf"
)

// Deps are the other areas invoices read through, handed in by the one wiring place.
type Deps struct {
	// Printer frames the invoice's PDF: the tenant's header, logo and PDF settings
	// (docpdf.Printer).
	Printer printer
	// SalesOrders is the order an invoice bills, read and billed in the invoice's transaction
	// (salesorders.Service, invoicing.go).
	SalesOrders orderBilling
	// Orders answers the order an invoice bills as its PDF prints it: the customer's name and
	// the ship-to address (salesorders.Service, pdf_service.go).
	Orders orderParties
	// Customers answers the defaults an invoice takes from its customer (customers.Service).
	Customers customerDefaults
	// CustomFields validates customFields against modules invoice and invoice_Part_LineItem.
	CustomFields customFieldValidator
	// TaxRates finds the tax rates fee and tax lines name (taxrates.Service).
	TaxRates taxRateLookup
	// RefundReasons checks and names the refund reason codes of refund lines
	// (refundreasons.Service); OrderCredits answers the order's refund lines an invoice
	// copies and the total its deposits stay within (salesorders.Service). See
	// refund_lines_service.go and deposit_service.go.
	RefundReasons refundReasonLookup
	OrderCredits  orderCredits
	// Shipments answers the shipments an invoice bills (shipments.Service, shipments_billing.go).
	Shipments shipmentBilling
	// Items answers how the items billed are named and booked (items.Service, part_lines_service.go).
	Items itemBooking
	// AccountingCodes checks the accounting codes hand-written lines name (tags.Service,
	// manual_lines_service.go).
	AccountingCodes accountingCodes
}

// orderBilling is the sales order as an invoice bills it: lock it (share), read its part
// lines and charges, and move its part lines' invoiced quantities under row locks.
type orderBilling interface {
	LockForInvoicing(ctx context.Context, q db.Q, tenantID, orderID, field string) (salesorders.InvoicingOrder, error)
	LinesForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) ([]salesorders.InvoicingLine, error)
	ChargesForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) (salesorders.InvoicingCharges, error)
	MoveInvoiced(ctx context.Context, q db.Q, tenantID, orderID string, moves []salesorders.InvoicedMove, day time.Time) error
}

// orderParties reads a sales order (deleted or not) with its customer's current name.
type orderParties interface {
	Get(ctx context.Context, tenantID, id string) (salesorders.SalesOrder, error)
}

// customerDefaults reads an invoice's customer, share-locked until q's transaction ends.
type customerDefaults interface {
	DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// taxRateLookup answers the tenant's usable tax rates among ids (404 naming field when
// unknown, 400 when archived), share-locked until q's transaction ends.
type taxRateLookup interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}

// printer reads the frame a document's PDF is printed in.
type printer interface {
	Frame(ctx context.Context, tenantID, timezone string, k docpdf.Kind) (docpdf.Frame, error)
}
