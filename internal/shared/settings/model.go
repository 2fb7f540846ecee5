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

// DateFormat is how a document prints dates (presentational only).
type DateFormat string

// The date formats a tenant may choose, named by their pattern.
const (
	DateISO      DateFormat = "yyyy-MM-dd"
	DateUS       DateFormat = "MM/dd/yyyy"
	DateEuropean DateFormat = "dd/MM/yyyy"
	DateDotted   DateFormat = "dd.MM.yyyy"
	DateMonthDay DateFormat = "MMM d, yyyy"
	DateDayMonth DateFormat = "d MMM yyyy"
)

// The paper sizes.
const (
	PageLetter PageSize = "letter"
	PageA4     PageSize = "a4"
)

// Lengths of the PDF settings' texts (the spec and the table's checks repeat them).
const (
	maxFooterText = 500
	maxTermsText  = 4000
)

// DateFormats are the date formats in the order the spec lists them.
var DateFormats = []DateFormat{DateISO, DateUS, DateEuropean, DateDotted, DateMonthDay, DateDayMonth}

// GoLayout is the format as a Go time layout.
func (f DateFormat) GoLayout() string {
	switch f {
	case DateUS:
		return "01/02/2006"
	case DateEuropean:
		return "02/01/2006"
	case DateDotted:
		return "02.01.2006"
	case DateMonthDay:
		return "Jan 2, 2006"
	case DateDayMonth:
		return "2 Jan 2006"
	default:
		return "2006-01-02"
	}
}

// PageSize is the paper documents are laid out on.
type PageSize string

// PDF are the tenant's PDF and email settings: what its documents show.
type PDF struct {
	ShowLogo               bool
	LogoAttachmentID       *string // a stored PNG or JPEG attachment; nil: none
	FooterText             *string
	DateFormat             DateFormat
	PageSize               PageSize
	DocumentEmail          *string // printed in the header; nil: the primary company's email
	PackingSlipShowsPrices bool
	Terms                  PDFTerms
}

// PDFTerms are the terms and conditions each document prints; nil: none.
type PDFTerms struct {
	Quote, SalesOrder, Invoice, PurchaseOrder, PackingSlip *string
}

// DefaultPDF are the PDF settings of a tenant that never saved them (the columns' defaults).
var DefaultPDF = PDF{ShowLogo: true, DateFormat: DateISO, PageSize: PageLetter}
