package salesorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/settings"
)

// Deps are the other areas sales orders read through, handed in by the one wiring place. Each
// is the small interface sales orders use, so a test or a later area can stand in for it.
type Deps struct {
	// Customers answers what an order takes from its customer (customers.Service).
	Customers customerLookup
	// CustomFields validates an order's customFields against module sales_Order.
	CustomFields customFieldValidator
	// ShippingMethods checks the shipping method an order names (shippingmethods.Service).
	ShippingMethods shippingMethodCheck
	// Settings answers the tenant's sales order settings (settings.Service).
	Settings salesOrderSettings
}

// customerLookup reads an order's customer, share-locked until q's transaction ends (so it
// cannot be deleted while the order is written), and one of its contacts. Unknown records
// are NotFound; one statement each.
type customerLookup interface {
	DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error)
	DocumentContact(ctx context.Context, q db.Q, tenantID, customerID, contactID string) (customers.Contact, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// shippingMethodCheck answers 404 naming field for an unknown shipping method and 400 for an
// archived one, share-locking those it finds until q's transaction ends.
type shippingMethodCheck interface {
	CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
}

// salesOrderSettings answers the tenant's sales order settings through q.
type salesOrderSettings interface {
	SalesOrderSettings(ctx context.Context, q db.Q, tenantID string) (settings.SalesOrders, error)
}
