package purchaseorders

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/doclines"
)

// TaxAllocation is one tax a priced line (a part, outside-processing or fee line) bears: its
// own tax at the rate it was written with, or its share of one document tax line's tax
// (doclines shares a tax line's tax over the taxable lines by their taxed amounts).
type TaxAllocation struct {
	// TaxLineID is the document tax line this is a share of; nil for the line's own tax.
	TaxLineID *string
	// TaxRateID is the tax rate: the line's own (nil when it was written with a rate but no
	// tax rate record) or the tax line's.
	TaxRateID *string
	// Name is the tax line's name; nil for the line's own tax.
	Name *string
	// Rate is in percent; TaxedAmount is what it applies to (the line's taxed amount for its
	// own tax, the whole taxable base for a tax line) and Amount the tax the line bears.
	Rate        dec.Decimal
	TaxedAmount dec.Decimal
	Amount      dec.Decimal
}

// TaxAllocations answers the taxes line lineID of the tenant's purchase order orderID bears,
// in a fixed number of statements: its own tax first (when it is taxable at a non-zero rate),
// then its share of each tax line in their order (a share of 0 included, so every tax line of
// the order shows). A line that is not a part, outside-processing or fee line of the order is
// NotFound; a deleted order's lines stay readable.
func (s *Service) TaxAllocations(ctx context.Context, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	var out []TaxAllocation
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		currencyCode, err := totalsStore{}.orderCurrency(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		priced, err := totalsStore{}.priced(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		t, err := priced.Doc.Compute(currency.MinorUnits(currencyCode))
		if err != nil {
			return err
		}
		out, err = allocationsOf(priced, t, orderID, lineID)
		return err
	})
	return out, err
}

// allocationsOf picks line lineID's allocations out of the order's computed amounts.
func allocationsOf(p pricedOrder, t doclines.Totals, orderID, lineID string) ([]TaxAllocation, error) {
	build := func(line doclines.Line, rateID *string, taxed, tax dec.Decimal, shares []dec.Decimal) []TaxAllocation {
		out := []TaxAllocation{}
		if line.Taxable && !line.TaxRate.IsZero() {
			out = append(out, TaxAllocation{TaxRateID: rateID, Rate: line.TaxRate, TaxedAmount: taxed, Amount: tax})
		}
		for i, tl := range p.TaxLines {
			out = append(out, TaxAllocation{
				TaxLineID: &tl.ID, TaxRateID: &tl.TaxRateID, Name: &tl.Name, Rate: tl.Rate,
				TaxedAmount: t.TaxLines[i].Base, Amount: shares[i],
			})
		}
		return out
	}
	for i, l := range p.Lines {
		if l.ID == lineID {
			a := t.Lines[i]
			return build(p.Doc.Lines[i], l.TaxRateID, a.Taxed, a.Tax, a.TaxLineShares), nil
		}
	}
	for i, f := range p.Fees {
		if f.ID == lineID {
			a := t.Fees[i]
			fee := p.Doc.Fees[i]
			return build(doclines.Line{Taxable: fee.Taxable, TaxRate: fee.TaxRate}, f.TaxRateID, a.Taxed, a.Tax, a.TaxLineShares), nil
		}
	}
	return nil, apperr.NotFound("purchase order %s has no line %s", orderID, lineID)
}

// FeeTaxAllocations answers the taxes fee line lineID of the tenant's purchase order orderID
// bears (TaxAllocations); a line that is not a fee line of the order is NotFound.
func (s *Service) FeeTaxAllocations(ctx context.Context, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	if _, err := s.lines.Fee(ctx, tenantID, orderID, lineID); err != nil {
		return nil, err
	}
	return s.TaxAllocations(ctx, tenantID, orderID, lineID)
}

// LineTaxAllocations answers the taxes line lineID of the lines view of the tenant's purchase
// order orderID bears (TaxAllocations): only part, outside-processing and fee lines bear tax,
// so a tax, discount or vendor-credit line is NotFound, as is a line not of the order.
func (s *Service) LineTaxAllocations(ctx context.Context, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	l, err := s.LineItem(ctx, tenantID, orderID, lineID)
	if err != nil {
		return nil, err
	}
	switch l.Kind {
	case LineKindPart, LineKindOutsideProcessing, LineKindFee:
		return s.TaxAllocations(ctx, tenantID, orderID, lineID)
	}
	return nil, apperr.NotFound("line %s of purchase order %s is a %s line: only part, outside-processing and fee lines bear tax", lineID, orderID, l.Kind)
}
