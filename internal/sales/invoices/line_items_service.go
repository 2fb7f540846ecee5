package invoices

import (
	"context"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/lineview"
)

// LineType is the type of a line in the lines view.
type LineType string

// The line types, in the view's default order (the order the totals count them). A later line
// kind adds its type here, its branch to invoiceLines and its pricing to lineTypePricing.
const (
	LineTypePart     LineType = "part"
	LineTypeFee      LineType = "fee"
	LineTypeTax      LineType = "tax"
	LineTypeDiscount LineType = "discount"
	// What a deposit invoice bills upfront (deposit_service.go).
	LineTypeDeposit LineType = "deposit"
	// A progress-billing milestone billed, and what a regular invoice takes off for the
	// order's progress billings (progress_billing_service.go).
	LineTypeProgressBilling LineType = "ProgressBilling"
	// The deposit balance a regular invoice takes off (deposit_service.go).
	LineTypeDepositAdjustment         LineType = "depositAdjustment"
	LineTypeProgressBillingAdjustment LineType = "ProgressBillingAdjustment"
	// Money given back for a refund reason (refund_lines_service.go).
	LineTypeRefund LineType = "refund"
	// The lines written on the invoice by hand (manual_lines_service.go).
	LineTypePriced   LineType = LineType(ManualPriced)
	LineTypeAmount   LineType = LineType(ManualAmount)
	LineTypeQuantity LineType = LineType(ManualQuantity)
	LineTypeItem     LineType = LineType(ManualItem)
)

// LineItem is any line of an invoice in the one shape of the lines view. Members a type has
// not are nil (IsTaxable false, ExternalReferences empty).
type LineItem struct {
	ID     string
	Type   LineType
	Number *int
	// Name is the line's name, a progress billing's milestone or a refund's reason code's
	// current name.
	Name        *string
	Description *string
	// SalesOrderLineID is the order line the line bills or copies (part, fee, refund).
	SalesOrderLineID *string
	ItemID           *string
	// Quantity and Price are a part line's, or 1 at the amount of a deposit or
	// progress-billing line; DiscountedPrice is a part line's (PartLine.Amounts) or that
	// amount.
	Quantity        *dec
	Price           *dec
	DiscountedPrice *dec
	// Rate is a tax line's rate (a percentage); nil for the other types.
	Rate      *dec
	IsTaxable bool
	// SubTotal is signed: what the line adds to the invoice, or (negative) takes from it.
	SubTotal dec
	// Tax is what a priced line or fee pays at its own tax rate (withOwnTax); nil for the
	// other types.
	Tax                *dec
	ExternalReferences extref.References
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
	// reasonID is a refund's reason code, named by nameReasons; currency the invoice's.
	reasonID *string
	currency string
}

// LineItemFilter narrows the lines view; empty members apply no clause.
type LineItemFilter struct {
	Types []LineType
	IDs   []string
}

// lineTypePricing is how each type counts in the invoice's totals (recomputeTotals): with the
// shipping charge, the subtotals of the view add up to the invoice's total.
var lineTypePricing = map[LineType]lineview.Pricing{
	LineTypePart: lineview.Priced, LineTypeFee: lineview.Fee, LineTypeTax: lineview.Tax, LineTypeDiscount: lineview.Discount,
	LineTypeDeposit: lineview.Fee, LineTypeProgressBilling: lineview.Fee,
	LineTypeDepositAdjustment: lineview.Credit, LineTypeProgressBillingAdjustment: lineview.Credit, LineTypeRefund: lineview.Credit,
	LineTypePriced: lineview.Priced, LineTypeAmount: lineview.Fee, LineTypeQuantity: lineview.Priced, LineTypeItem: lineview.Priced,
}

func lineItemOf(r lineview.Row) LineItem {
	l := LineItem{
		ID: r.ID, Type: LineType(r.Kind), Number: r.LineNumber, Name: r.Name, Description: r.Description,
		SalesOrderLineID: r.SourceLineID, ItemID: r.ItemID, Quantity: r.Quantity, Price: r.UnitPrice,
		DiscountedPrice: r.UnitPrice, IsTaxable: r.IsTaxable != nil && *r.IsTaxable,
		SubTotal: r.SubTotal(lineTypePricing[LineType(r.Kind)]), ExternalReferences: r.ExternalReferences,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc, reasonID: r.ReasonID, currency: r.Currency,
	}
	if l.Type == LineTypeTax {
		l.Rate = r.Amount
	}
	if l.Type == LineTypePart {
		// The part line read's amounts, from the same function.
		a := PartLine{PartLineWrite: PartLineWrite{Quantity: *r.Quantity}, Price: *r.UnitPrice,
			IsPercentageDiscount: r.DiscountIsPercentage, DiscountValue: r.DiscountValue, Currency: r.Currency}.Amounts()
		l.DiscountedPrice = &a.DiscountedPrice
	}
	return l
}

// LineItems lists the invoice's lines of every type matching f: three statements (the page,
// the invoice priced for its lines' own tax), four when the page holds refunds (their reasons
// named in one).
func (s *Service) LineItems(ctx context.Context, tenantID, invoiceID string, f LineItemFilter, r listing.Request) ([]LineItem, error) {
	list, err := lineview.Items(ctx, invoiceLines, s.pool, tenantID, invoiceID, f.Types, f.IDs, r, lineItemOf)
	if err != nil {
		return nil, err
	}
	if list, err = s.withOwnTax(ctx, tenantID, invoiceID, list); err != nil {
		return nil, err
	}
	return s.nameReasons(ctx, tenantID, list)
}

// LineItem reads one line of the invoice, whatever its type: two statements (the line, the
// invoice priced for its own tax), three for a refund (its reason named).
func (s *Service) LineItem(ctx context.Context, tenantID, invoiceID, id string) (LineItem, error) {
	l, err := lineview.Item(ctx, invoiceLines, s.pool, tenantID, invoiceID, id, lineItemOf)
	if err != nil {
		return LineItem{}, err
	}
	lines, err := s.withOwnTax(ctx, tenantID, invoiceID, []LineItem{l})
	if err != nil {
		return LineItem{}, err
	}
	named, err := s.nameReasons(ctx, tenantID, lines)
	if err != nil {
		return LineItem{}, err
	}
	return named[0], nil
}

// withOwnTax gives each priced line and fee among lines the tax it pays at its own rate: its
// subtotal less its share of the invoice discount, at its tax rate, rounded, as the totals
// recompute prices it (doclines), so the view's subtotals and these taxes add up to the
// invoice's total with the shipping charge. One statement (the invoice's priced lines); none
// for an empty page.
func (s *Service) withOwnTax(ctx context.Context, tenantID, invoiceID string, lines []LineItem) ([]LineItem, error) {
	if len(lines) == 0 {
		return lines, nil
	}
	doc, err := totalsStore{}.document(ctx, s.pool, tenantID, invoiceID)
	if err != nil {
		return nil, err
	}
	t, err := doc.Compute(currency.MinorUnits(lines[0].currency))
	if err != nil {
		return nil, err
	}
	own := make(map[string]dec, len(doc.LineIDs)+len(doc.FeeIDs))
	for i, id := range doc.LineIDs {
		own[id] = t.Lines[i].Tax
	}
	for i, id := range doc.FeeIDs {
		own[id] = t.Fees[i].Tax
	}
	for i, l := range lines {
		if tax, ok := own[l.ID]; ok {
			lines[i].Tax = &tax
		}
	}
	return lines, nil
}

// nameReasons names the refunds among lines by their reason codes' current names, in one
// lookup; nothing without refunds.
func (s *Service) nameReasons(ctx context.Context, tenantID string, lines []LineItem) ([]LineItem, error) {
	var reasonIDs []string
	for _, l := range lines {
		if l.reasonID != nil {
			reasonIDs = append(reasonIDs, *l.reasonID)
		}
	}
	lookup := s.refundReasons()
	if len(reasonIDs) == 0 || lookup.Names == nil {
		return lines, nil
	}
	names, err := lookup.Names(ctx, s.pool, tenantID, reasonIDs)
	if err != nil {
		return nil, err
	}
	for i, l := range lines {
		if l.reasonID == nil {
			continue
		}
		if name, ok := names[*l.reasonID]; ok {
			lines[i].Name = &name
		}
	}
	return lines, nil
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
