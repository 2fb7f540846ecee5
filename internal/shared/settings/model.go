// Package settings serves the tenant-wide settings other areas read: pricing (margins and
// markups used when pricing quote and sales order lines) and costing (how overhead is
// burdened). A tenant that never set a group reads Defaults.
package settings

import "mos/internal/platform/dec"

// Pricing holds the pricing settings; margins and markups are percentages.
type Pricing struct {
	UseMarginBasedPricing bool
	UseDefaultMargin      bool
	DefaultMargin         dec.Decimal // 0 to less than 100
	UseShopRatePricing    bool
	DefaultMaterialMarkup *dec.Decimal // >= 0; nil when never set
}

// OverheadMethod is how overhead is calculated.
type OverheadMethod string

const (
	LaborBurdened   OverheadMethod = "laborBurdened"
	MachineBurdened OverheadMethod = "machineBurdened"
)

// Costing holds the costing settings.
type Costing struct {
	OverheadCalculationMethod OverheadMethod
}

// Defaults are the settings of a tenant that never set them. The column defaults of the
// settings table repeat them for the group a PUT does not write.
var Defaults = struct {
	Pricing Pricing
	Costing Costing
}{
	Pricing: Pricing{DefaultMargin: dec.Zero},
	Costing: Costing{OverheadCalculationMethod: LaborBurdened},
}

// DefaultQuoteValidityDays is the quote validity of a tenant that never set it (the
// column's default).
const DefaultQuoteValidityDays = 30

// MaxQuoteValidityDays is the longest a quote may be valid for.
const MaxQuoteValidityDays = 3650

// Quotes are the tenant's quote settings.
type Quotes struct {
	// ValidityDays: a new quote's default expirationDate is this many days after its shop
	// day of creation (and of sending, while that default stands).
	ValidityDays int
}

// SalesOrders are the tenant's sales order settings.
type SalesOrders struct {
	// AutoAddCustomerTaxRates: a new sales order gets a tax line for each usable tax rate its
	// customer lists (false when never set).
	AutoAddCustomerTaxRates bool
}
