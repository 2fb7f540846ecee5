package quotes

import (
	"context"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/shared/doclines"
)

// Totals are a quote's stored totals, in its currency (doclines.Totals for each formula).
type Totals struct {
	LineSubTotal   dec
	FeeTotal       dec
	SubTotal       dec
	Discount       dec
	TaxableBase    dec
	NonTaxableBase dec
	Tax            dec
	Total          dec
}

// lineParent is the quote a line write works under, locked (lockForLineWrite).
type lineParent struct {
	ID       string
	Status   Status
	Currency string
	// CustomerID prices part lines (customer and tier price breaks).
	CustomerID string
}

// lockForLineWrite locks the tenant's active quote quoteID until q's transaction ends, so the
// line writes of one quote and the recompute of its totals run one after another; a missing
// or deleted quote is NotFound.
func (s *Service) lockForLineWrite(ctx context.Context, q db.Q, tenantID, quoteID string) (lineParent, error) {
	var p lineParent
	err := s.header.LockForLines(ctx, q, tenantID, quoteID, &p.ID, &p.Status, &p.Currency, &p.CustomerID)
	return p, err
}

// lineQuoteExists reports whether the tenant has quote quoteID, deleted or not, for the reads
// of its lines; a missing quote is NotFound.
func (s *Service) lineQuoteExists(ctx context.Context, q db.Q, tenantID, quoteID string) error {
	return s.header.Exists(ctx, q, tenantID, quoteID)
}

// recomputeTotals prices the quote's lines as they now stand and stores the totals on its
// header, advancing its modifiedUtc: the last step of every write that changes a line, in
// the same transaction, after lockForLineWrite. Three reads and one update, however many
// lines.
func (s *Service) recomputeTotals(ctx context.Context, q db.Q, tenantID string, parent lineParent) error {
	doc, err := totalsStore{}.document(ctx, q, tenantID, parent.ID)
	if err != nil {
		return err
	}
	t, err := doc.Compute(currency.MinorUnits(parent.Currency))
	if err != nil {
		// The lines were checked one by one when written, and a discount amount above the
		// subtotal takes the whole subtotal: no stored document fails here.
		return err
	}
	return totalsStore{}.saveTotals(ctx, q, tenantID, parent.ID, totalsOf(t))
}

func totalsOf(t doclines.Totals) Totals {
	return Totals{
		LineSubTotal: t.LineSubTotal, FeeTotal: t.FeeTotal, SubTotal: t.SubTotal, Discount: t.Discount,
		TaxableBase: t.TaxableBase, NonTaxableBase: t.NonTaxableBase, Tax: t.Tax, Total: t.Total,
	}
}
