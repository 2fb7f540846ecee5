package salesorders

import (
	"context"
	"time"

	"mos/internal/platform/listing"
	"mos/internal/shared/doclines/lineview"
)

// LineKind is the kind of a line in the lines view.
type LineKind string

// The line kinds, in the view's default order.
const (
	LineKindPart     LineKind = "part"
	LineKindBlanket  LineKind = "blanket"
	LineKindFee      LineKind = "fee"
	LineKindTax      LineKind = "tax"
	LineKindDiscount LineKind = "discount"
	LineKindRefund   LineKind = "refund"
)

// LineItem is any line of a sales order in the one shape of the lines view. Members a kind
// has not are nil.
type LineItem struct {
	ID   string
	Kind LineKind
	// LineNumber, ItemID, Quantity and UnitPrice are a part or blanket line's.
	LineNumber  *int
	Name        *string
	Description *string
	ItemID      *string
	Quantity    *dec
	UnitPrice   *dec
	// SubTotal is signed: what the line adds to the order (a part line's subtotal after its
	// line discount, a fee's rounded amount, a tax line's tax), or, negative, what it takes
	// (the discount's amount, a refund's rounded amount); 0 for a blanket line, whose money is
	// its released part lines'.
	SubTotal    dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// LineItemFilter narrows the lines view; empty members apply no clause.
type LineItemFilter struct {
	Kinds []LineKind
	IDs   []string
}

// lineKindPricing is how each kind counts in the order's totals (lineview.Row.SubTotal): a
// blanket line's money is its released part lines'.
var lineKindPricing = map[LineKind]lineview.Pricing{
	LineKindPart: lineview.Priced, LineKindBlanket: lineview.Unpriced, LineKindFee: lineview.Fee,
	LineKindTax: lineview.Tax, LineKindDiscount: lineview.Discount, LineKindRefund: lineview.Credit,
}

func lineItemOf(r lineview.Row) LineItem {
	l := LineItem{
		ID: r.ID, Kind: LineKind(r.Kind), LineNumber: r.LineNumber, Name: r.Name, Description: r.Description,
		SubTotal: r.SubTotal(lineKindPricing[LineKind(r.Kind)]), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if l.Kind == LineKindPart || l.Kind == LineKindBlanket {
		l.ItemID, l.Quantity, l.UnitPrice = r.ItemID, r.Quantity, r.UnitPrice
	}
	return l
}

// LineItems lists the order's lines of every kind matching f: by kind, then line number (part
// and blanket lines) or creation, then id, unless r sorts otherwise. Two statements: the
// order's existence, then one over every line table.
func (s *Service) LineItems(ctx context.Context, tenantID, orderID string, f LineItemFilter, r listing.Request) ([]LineItem, error) {
	return lineview.Items(ctx, salesLines, s.pool, tenantID, orderID, f.Kinds, f.IDs, r, lineItemOf)
}

// LineItem reads one line of the order, whatever its kind, in one statement; a line of
// another order is NotFound, and so is a missing order.
func (s *Service) LineItem(ctx context.Context, tenantID, orderID, id string) (LineItem, error) {
	return lineview.Item(ctx, salesLines, s.pool, tenantID, orderID, id, lineItemOf)
}
