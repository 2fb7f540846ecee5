package invoices

import (
	"context"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/lineview"
)

// LineType is the type of a line in the lines view.
type LineType string

// The line types, in the view's default order. A later line kind adds its type here, its
// branch to invoiceLines and its pricing to lineTypePricing.
const (
	LineTypePart     LineType = "part"
	LineTypeFee      LineType = "fee"
	LineTypeTax      LineType = "tax"
	LineTypeDiscount LineType = "discount"
	// A progress-billing milestone billed, and what a regular invoice takes off for the
	// order's progress billings (progress_billing_service.go).
	LineTypeProgressBilling           LineType = "ProgressBilling"
	LineTypeProgressBillingAdjustment LineType = "ProgressBillingAdjustment"
)

// LineItem is any line of an invoice in the one shape of the lines view.
type LineItem struct {
	ID          string
	Type        LineType
	Number      *int
	Name        *string
	Description *string
	ItemID      *string
	Quantity    *dec
	Price       *dec
	// SubTotal is signed: what the line adds to the invoice, or (negative) takes from it.
	SubTotal    dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// LineItemFilter narrows the lines view; empty members apply no clause.
type LineItemFilter struct {
	Types []LineType
	IDs   []string
}

// lineTypePricing is how each type counts in the invoice's totals.
var lineTypePricing = map[LineType]lineview.Pricing{
	LineTypePart: lineview.Priced, LineTypeFee: lineview.Fee, LineTypeTax: lineview.Tax, LineTypeDiscount: lineview.Discount,
	LineTypeProgressBilling: lineview.Fee, LineTypeProgressBillingAdjustment: lineview.Credit,
}

func lineItemOf(r lineview.Row) LineItem {
	l := LineItem{
		ID: r.ID, Type: LineType(r.Kind), Number: r.LineNumber, Name: r.Name, Description: r.Description,
		SubTotal: r.SubTotal(lineTypePricing[LineType(r.Kind)]), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if l.Type == LineTypePart {
		l.ItemID, l.Quantity, l.Price = r.ItemID, r.Quantity, r.UnitPrice
	}
	return l
}

// LineItems lists the invoice's lines of every type matching f: two statements.
func (s *Service) LineItems(ctx context.Context, tenantID, invoiceID string, f LineItemFilter, r listing.Request) ([]LineItem, error) {
	return lineview.Items(ctx, invoiceLines, s.pool, tenantID, invoiceID, f.Types, f.IDs, r, lineItemOf)
}

// LineItem reads one line of the invoice, whatever its type, in one statement.
func (s *Service) LineItem(ctx context.Context, tenantID, invoiceID, id string) (LineItem, error) {
	return lineview.Item(ctx, invoiceLines, s.pool, tenantID, invoiceID, id, lineItemOf)
}

// ShippingChargeLine is the shipping charge an invoice bills, shown as a line.
type ShippingChargeLine struct {
	InvoiceID string
	Amount    dec
	IsTaxable bool
	SubTotal  dec
}

// ShippingChargeLine reads the invoice's shipping charge (deleted invoices too).
func (s *Service) ShippingChargeLine(ctx context.Context, tenantID, invoiceID string) (ShippingChargeLine, error) {
	l, code, err := invoiceStore{}.shippingCharge(ctx, s.pool, tenantID, invoiceID)
	if err != nil {
		return ShippingChargeLine{}, err
	}
	l.SubTotal = doclines.Round(l.Amount, currency.MinorUnits(code))
	return l, nil
}
