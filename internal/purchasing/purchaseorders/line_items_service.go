package purchaseorders

import (
	"context"
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines/lineview"
)

// LineKind is the kind of a line in the lines view.
type LineKind string

// The line kinds, in the view's default order (part and outside-processing lines together, by
// their shared line number).
const (
	LineKindPart              LineKind = "part"
	LineKindOutsideProcessing LineKind = "outsideProcessing"
	LineKindFee               LineKind = "fee"
	LineKindTax               LineKind = "tax"
	LineKindDiscount          LineKind = "discount"
	LineKindVendorCredit      LineKind = "vendorCredit"
)

// LineItem is any line of a purchase order in the one shape of the lines view. Members a kind
// has not are nil.
type LineItem struct {
	ID   string
	Kind LineKind
	// LineNumber, Quantity and UnitPrice are a part or outside-processing line's; ItemID a
	// part line's, or an outside-processing line's done on an item.
	LineNumber  *int
	Name        *string
	Description *string
	ItemID      *string
	Quantity    *dec.Decimal
	UnitPrice   *dec.Decimal
	// SubTotal is signed: what the line adds to the order (a part or outside-processing
	// line's subtotal after its line discount, a fee's rounded amount, a tax line's tax), or,
	// negative, what it takes (the discount's amount, a vendor credit's rounded amount).
	SubTotal    dec.Decimal
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// LineItemFilter narrows the lines view; empty members apply no clause.
type LineItemFilter struct {
	Kinds []LineKind
	IDs   []string
}

// lineKindPricing is how each kind counts in the order's totals (lineview.Row.SubTotal).
var lineKindPricing = map[LineKind]lineview.Pricing{
	LineKindPart: lineview.Priced, LineKindOutsideProcessing: lineview.Priced, LineKindFee: lineview.Fee,
	LineKindTax: lineview.Tax, LineKindDiscount: lineview.Discount, LineKindVendorCredit: lineview.Credit,
}

func lineItemOf(r lineview.Row) LineItem {
	kind := LineKind(r.Kind)
	return LineItem{
		ID: r.ID, Kind: kind, LineNumber: r.LineNumber, Name: r.Name, Description: r.Description,
		ItemID: r.ItemID, Quantity: r.Quantity, UnitPrice: r.UnitPrice,
		SubTotal: r.SubTotal(lineKindPricing[kind]), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// LineItems lists the order's lines of every kind matching f: part and outside-processing
// lines by line number, then fees, tax lines, the discount and vendor credits, each oldest
// first, then id, unless r sorts otherwise. Two statements: the order's existence, then one
// over every line table.
func (s *Service) LineItems(ctx context.Context, tenantID, orderID string, f LineItemFilter, r listing.Request) ([]LineItem, error) {
	return lineview.Items(ctx, purchaseLines, s.pool, tenantID, orderID, f.Kinds, f.IDs, r, lineItemOf)
}

// LineItem reads one line of the order, whatever its kind, in one statement; a line of
// another order is NotFound, and so is a missing order.
func (s *Service) LineItem(ctx context.Context, tenantID, orderID, id string) (LineItem, error) {
	return lineview.Item(ctx, purchaseLines, s.pool, tenantID, orderID, id, lineItemOf)
}
