package salesorders

import (
	"context"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
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

// LineItems lists the order's lines of every kind matching f: by kind, then line number (part
// and blanket lines) or creation, then id, unless r sorts otherwise. Two statements: the
// order's existence, then one over every line table.
func (s *Service) LineItems(ctx context.Context, tenantID, orderID string, f LineItemFilter, r listing.Request) ([]LineItem, error) {
	page, err := listing.Resolve(r, lineItemListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return nil, err
	}
	return lineItemsStore{}.list(ctx, s.pool, tenantID, orderID, f, page)
}

// LineItem reads one line of the order, whatever its kind, in one statement; a line of
// another order is NotFound, and so is a missing order.
func (s *Service) LineItem(ctx context.Context, tenantID, orderID, id string) (LineItem, error) {
	return lineItemsStore{}.get(ctx, s.pool, tenantID, orderID, id)
}

// lineSubTotal is the signed amount a line of the view adds to its order (LineItem.SubTotal),
// from its row's priced members.
func lineSubTotal(r lineItemRow) dec {
	minor := currency.MinorUnits(r.Currency)
	switch LineKind(r.Kind) {
	case LineKindPart:
		ext := doclines.ExtendedPrice(*r.Quantity, *r.UnitPrice, minor)
		var d *doclines.Discount
		if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
			d = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
		}
		return dec{Decimal: ext.Sub(doclines.DiscountAmount(d, ext, minor).Decimal)}
	case LineKindFee:
		return doclines.Round(*r.Amount, minor)
	case LineKindTax:
		return doclines.TaxLineAmount(r.TaxableBase, *r.Amount, minor)
	case LineKindDiscount:
		return dec{Decimal: r.DiscountTotal.Neg()}
	case LineKindRefund:
		return dec{Decimal: doclines.Round(*r.Amount, minor).Neg()}
	}
	return dec{}
}
