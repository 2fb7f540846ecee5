package salesorders

import (
	"context"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/shared/doclines"
)

// Totals are a sales order's stored totals, in its currency (doclines.Totals for each formula;
// the shipping charge counts as a fee). Refund is the sum of the refund lines, and Total the
// doclines total less it.
type Totals struct {
	LineSubTotal   dec
	FeeTotal       dec
	SubTotal       dec
	Discount       dec
	TaxableBase    dec
	NonTaxableBase dec
	Tax            dec
	Refund         dec
	Total          dec
}

// lineParent is the sales order a line write works under, locked (lockForLineWrite).
type lineParent struct {
	ID       string
	Status   Status
	Currency string
	// CustomerID prices part lines (customer and tier price breaks).
	CustomerID string
}

// lockForLineWrite locks the tenant's active sales order orderID until q's transaction ends,
// so the line writes of one order and the recompute of its totals run one after another; a
// missing or deleted order is NotFound.
func (s *Service) lockForLineWrite(ctx context.Context, q db.Q, tenantID, orderID string) (lineParent, error) {
	var p lineParent
	err := s.header.LockForLines(ctx, q, tenantID, orderID, &p.ID, &p.Status, &p.Currency, &p.CustomerID)
	return p, err
}

// lineOrderExists reports whether the tenant has sales order orderID, deleted or not, for the
// reads of its lines; a missing order is NotFound.
func (s *Service) lineOrderExists(ctx context.Context, q db.Q, tenantID, orderID string) error {
	return s.header.Exists(ctx, q, tenantID, orderID)
}

// recomputeTotals prices the order's lines as they now stand and stores the totals on its
// header, advancing its modifiedUtc: the last step of every write that changes a line or the
// shipping charge, in the same transaction, after lockForLineWrite. Three reads and one
// update, however many lines.
func (s *Service) recomputeTotals(ctx context.Context, q db.Q, tenantID string, parent lineParent) error {
	doc, refunds, err := totalsStore{}.document(ctx, q, tenantID, parent.ID)
	if err != nil {
		return err
	}
	minor := currency.MinorUnits(parent.Currency)
	t, err := doc.Compute(minor)
	if err != nil {
		// The lines were checked one by one when written, and a discount amount above the
		// subtotal takes the whole subtotal: no stored document fails here.
		return err
	}
	return totalsStore{}.saveTotals(ctx, q, tenantID, parent.ID, totalsOf(t, doclines.Round(refunds, minor)))
}

func totalsOf(t doclines.Totals, refund dec) Totals {
	return Totals{
		LineSubTotal: t.LineSubTotal, FeeTotal: t.FeeTotal, SubTotal: t.SubTotal, Discount: t.Discount,
		TaxableBase: t.TaxableBase, NonTaxableBase: t.NonTaxableBase, Tax: t.Tax,
		Refund: refund, Total: dec{Decimal: t.Total.Sub(refund.Decimal)},
	}
}
