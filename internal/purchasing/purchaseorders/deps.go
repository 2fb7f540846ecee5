package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/docpdf"
	"mos/internal/stock/items"
)

// Deps are the other areas purchase orders read through, handed in by the one wiring place.
type Deps struct {
	// Printer frames the order's PDF: the tenant's header, logo and PDF settings
	// (docpdf.Printer).
	Printer printer
	// Vendors answers an order's vendor (vendors.Service).
	Vendors vendorLookup
	// VendorAddresses answers the vendor's addresses, the one a printed order is sent to
	// among them (vendors.Service).
	VendorAddresses vendorAddresses
	// CustomFields validates an order's customFields against module purchase_Order.
	CustomFields docheaders.CustomFields
	// Items answers the items part and outside-processing lines name, with their vendor
	// details for the order's vendor (items.Service).
	Items itemLookup
	// TaxRates answers the usable tax rates lines apply (taxrates.Service).
	TaxRates taxRateLookup
	// LineCustomFields validates the lines' customFields against their modules
	// (customfields.Service).
	LineCustomFields lineCustomFields
}

// itemLookup reads the tenant's items among ids, archived or not, each with its vendor detail
// for vendorID, share-locked until q's transaction ends; unknown ids are absent.
type itemLookup interface {
	PurchaseItems(ctx context.Context, q db.Q, tenantID, vendorID string, ids []string) (map[string]items.PurchaseItem, error)
}

// taxRateLookup answers the tenant's usable tax rates among ids (404 naming field when one is
// unknown, 400 when archived), share-locked until q's transaction ends.
type taxRateLookup interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}

// lineCustomFields reads a module's custom field definitions once for a line write.
type lineCustomFields interface {
	Checker(ctx context.Context, q db.Q, tenantID string, module customfields.Module) (customfields.Checker, error)
}

// vendorLookup reads the tenant's vendors among ids, deleted ones too, keyed by id, through
// q; unknown ids are absent. One statement.
type vendorLookup interface {
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]vendors.Vendor, error)
}

// printer reads the frame a document's PDF is printed in.
type printer interface {
	Frame(ctx context.Context, tenantID, timezone string, k docpdf.Kind) (docpdf.Frame, error)
}

// vendorAddresses answers a vendor's addresses, a deleted vendor's too (vendors.Service).
type vendorAddresses interface {
	Addresses(ctx context.Context, tenantID, vendorID string, r listing.Request) ([]vendors.Address, error)
}
