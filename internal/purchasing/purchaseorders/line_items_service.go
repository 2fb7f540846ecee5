package purchaseorders

import (
	"context"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
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

// LineItems lists the order's lines of every kind matching f: part and outside-processing
// lines by line number, then fees, tax lines, the discount and vendor credits, each oldest
// first, then id, unless r sorts otherwise. Two statements: the order's existence, then one
// over every line table.
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

// signedSubTotal is the amount a line of the view adds to its order (LineItem.SubTotal), from
// its row's priced members: a priced line's extended price less its line discount, a fee's
// rounded amount, a tax line's tax on the order's taxable base, the order's discount total
// (negative) and a vendor credit's rounded amount (negative).
func (r lineItemRow) signedSubTotal() dec.Decimal {
	minor := currency.MinorUnits(r.Currency)
	switch LineKind(r.Kind) {
	case LineKindPart, LineKindOutsideProcessing:
		line := doclines.Line{Quantity: *r.Quantity, Price: *r.UnitPrice}
		if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
			line.Discount = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
		}
		ext := doclines.ExtendedPrice(line.Quantity, line.Price, minor)
		return dec.Decimal{Decimal: ext.Sub(doclines.DiscountAmount(line.Discount, ext, minor).Decimal)}
	case LineKindFee:
		return doclines.Round(*r.Amount, minor)
	case LineKindTax:
		return doclines.TaxLineAmount(r.TaxableBase, *r.Amount, minor)
	case LineKindDiscount:
		return dec.Decimal{Decimal: r.DiscountTotal.Neg()}
	case LineKindVendorCredit:
		return dec.Decimal{Decimal: doclines.Round(*r.Amount, minor).Neg()}
	}
	return dec.Decimal{}
}
