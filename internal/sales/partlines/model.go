// Package partlines is the one body of the priced part lines of the sales documents (quotes,
// sales orders): an item in a quantity of one of its units, priced by a scheme from the item's
// sales price breaks or from the line's own routing's estimated cost, with a line discount, a
// tax rate and custom fields. A document declares its lines with a Kind (its custom field
// module and routing owner type) and keeps its own tables, SQL, handlers and rules; it calls
// Kind.Start, then Batch.Create or Batch.Update inside its write transaction, and stores the
// lines the batch answers. The maths of amounts is doclines'.
package partlines

import (
	"context"
	"time"

	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// dec is the decimal of money and quantities.
type dec = pdec.Decimal

// Limits of a part line's members.
const (
	MaxLineText = 2000
	MaxUnitName = 100
	// MaxBatch is the most lines one batch create takes.
	MaxBatch = 500
)

// PricingScheme is how a part line's unit price is set.
type PricingScheme string

// The pricing schemes.
const (
	// PricingPrice prices from the item's sales price breaks.
	PricingPrice PricingScheme = "price"
	// PricingMargin prices from the line's estimated unit cost and a gross margin.
	PricingMargin PricingScheme = "margin"
)

// ItemRef is the item a line sells, as its answer shows it.
type ItemRef struct {
	ID          string
	Number      string
	Revision    *string
	Description *string
}

// Line is the members every document's part line has, with its computed amounts.
type Line struct {
	ID          string
	RoutingID   string
	LineNumber  int32
	ItemID      string
	Item        ItemRef
	Description *string
	Quantity    dec
	// InventoryQuantity is Quantity in the item's inventory unit, which the line's routing
	// costs and counts in; nil when UnitName has no fixed conversion to it.
	InventoryQuantity *dec
	UnitName          string
	UnitPrice         dec
	PricingScheme     PricingScheme
	Margin            *dec
	EstimatedUnitCost *dec
	Discount          *doclines.Discount
	IsTaxable         bool
	TaxRateID         *string
	TaxRate           dec
	LeadTimeDays      *int32
	Notes             *string
	CustomFields      map[string]any
	// Amounts are the line's own amounts (doclines; its share of the document discount and
	// its tax are not filled).
	Amounts     doclines.LineAmounts
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// Write is a create or full update of a part line; nil members were omitted (or null) and
// take their defaults (see the documents' part line write schemas in the spec).
type Write struct {
	ItemID        string
	LineNumber    *int32
	Description   *string
	Quantity      dec
	UnitName      *string
	UnitPrice     *dec
	PricingScheme *PricingScheme
	Margin        *dec
	Discount      *doclines.Discount
	IsTaxable     *bool
	TaxRateID     *string
	LeadTimeDays  *int32
	Notes         *string
	// CustomFields nil: omitted.
	CustomFields map[string]any
}

// Filter narrows a part line list; empty members apply no clause.
type Filter struct {
	IDs     []string
	ItemIDs []string
}

// Parent is the locked document a write of lines works under.
type Parent struct {
	// CustomerID and Currency choose the price breaks; Currency rounds the amounts.
	CustomerID string
	Currency   string
}

// Deps are the other areas part lines read through; each document hands in its own.
type Deps struct {
	Items        Items
	Routings     Routings
	TaxRates     TaxRates
	CustomFields CustomFields
	Pricing      PricingSettings
}

// Items finds the items part lines sell (share-locked) and their sales price breaks (the item
// master).
type Items interface {
	SaleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.SaleItem, error)
	SalesUnitPrices(ctx context.Context, q db.Q, tenantID, customerID, currency string, asks []items.PriceAsk) ([]items.SalesPrice, error)
}

// Routings copies routings to new lines (a batch in one statement), and estimates a line's
// unit cost from its own routing, in the caller's transaction.
type Routings interface {
	CopyEach(ctx context.Context, q db.Q, tenantID string, pairs []routing.CopyPair) error
	UnitCost(ctx context.Context, q db.Q, tenantID string, o routing.Owner, quantity pdec.Decimal) (pdec.Decimal, error)
}

// TaxRates answers the tenant's usable tax rates among ids (404 naming field when one is
// unknown, 400 when archived), share-locked until q's transaction ends.
type TaxRates interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]taxrates.TaxRate, error)
}

// CustomFields reads a module's custom field definitions once for the lines of a batch.
type CustomFields interface {
	Checker(ctx context.Context, q db.Q, tenantID string, module customfields.Module) (customfields.Checker, error)
}

// PricingSettings answers the tenant's pricing settings (the default margin) through the
// write's transaction.
type PricingSettings interface {
	PricingIn(ctx context.Context, q db.Q, tenantID string) (settings.Pricing, error)
}

// Kind declares one document's part lines.
type Kind struct {
	Deps Deps
	// Module is the custom field module of the lines (quote_Part_LineItem…).
	Module customfields.Module
	// OwnerType is the routing owner type of the lines (routing.OwnerQuotePartLine…).
	OwnerType string
	// FixedUnitOnReprice refuses an update that changes the line's unit and sends
	// pricingScheme in the same request (400 naming unitOfMeasureName).
	FixedUnitOnReprice bool
}

// Owner is the routing owner of the document's line id.
func (k *Kind) Owner(lineID string) routing.Owner {
	return routing.Owner{Type: k.OwnerType, ID: lineID}
}
