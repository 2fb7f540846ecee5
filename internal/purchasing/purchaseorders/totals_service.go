package purchaseorders

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/doclines"
)

// lineParent is the purchase order a line write works under, locked (lockForLineWrite).
type lineParent struct {
	ID       string
	Status   Status
	Currency string
	// VendorID prices part lines (the item's vendor details and price breaks).
	VendorID string
}

// linesEditable are the statuses in which an order's part, outside-processing, fee, tax and
// discount lines may be written: while it is a request for quote or an open order. A paid,
// closed or cancelled order's lines stand as they are (vendor credits are the way to change
// what is owed after payment).
var linesEditable = []Status{StatusDraft, StatusOrdered}

// checkLinesEditable refuses, with a 400 naming status, a line write on an order in status s.
func checkLinesEditable(s Status) error {
	for _, ok := range linesEditable {
		if s == ok {
			return nil
		}
	}
	return apperr.Field("status", "the lines of a purchase order can be written only while it is draft or ordered; it is %s", s)
}

// lockForLineWrite locks the tenant's active purchase order orderID until q's transaction
// ends, so the line writes of one order and the recompute of its totals run one after
// another; a missing or deleted order is NotFound.
func (s *Service) lockForLineWrite(ctx context.Context, q db.Q, tenantID, orderID string) (lineParent, error) {
	var p lineParent
	err := s.header.LockForLines(ctx, q, tenantID, orderID, &p.ID, &p.Status, &p.Currency, &p.VendorID)
	return p, err
}

// lineOrderExists answers NotFound unless the tenant has purchase order orderID, deleted or
// not: the reads of its lines.
func (s *Service) lineOrderExists(ctx context.Context, q db.Q, tenantID, orderID string) error {
	return s.header.Exists(ctx, q, tenantID, orderID)
}

// pricedOrder is an order's lines as doclines prices them, with what the line reads need to
// put the computed amounts back on each line: the ids in Document order, and the tax lines.
type pricedOrder struct {
	Doc doclines.Document
	// Lines are the part and outside-processing lines in the order of Doc.Lines (line number
	// order), Fees the fee lines in the order of Doc.Fees.
	Lines, Fees []pricedLine
	// TaxLines are the document tax lines in the order of Doc.TaxLines.
	TaxLines []pricedTaxLine
	// VendorCredits is the sum of the vendor-credit lines' amounts.
	VendorCredits dec.Decimal
}

// pricedLine is what a tax allocation names of a priced line or fee: its id and the tax rate
// it was written with (nil for none).
type pricedLine struct {
	ID        string
	TaxRateID *string
}

// pricedTaxLine is what a tax allocation names of a document tax line.
type pricedTaxLine struct {
	ID        string      `db:"id"`
	TaxRateID string      `db:"tax_rate_id"`
	Name      string      `db:"name"`
	Rate      dec.Decimal `db:"rate"`
}

// recomputeTotals prices the order's lines as they now stand and stores the totals on its
// header, advancing its modifiedUtc: the last step of every line write, in the same
// transaction, after lockForLineWrite. A fixed number of reads and one update, however many
// lines.
func (s *Service) recomputeTotals(ctx context.Context, q db.Q, tenantID string, parent lineParent) error {
	priced, err := totalsStore{}.priced(ctx, q, tenantID, parent.ID)
	if err != nil {
		return err
	}
	minor := currency.MinorUnits(parent.Currency)
	t, err := priced.Doc.Compute(minor)
	if err != nil {
		// Every line was checked when written, and a discount amount above the subtotal takes
		// the whole subtotal: no stored order fails here.
		return err
	}
	return totalsStore{}.saveTotals(ctx, q, tenantID, parent.ID, totalsOf(t, doclines.Round(priced.VendorCredits, minor)))
}

// totalsOf are the stored totals of computed amounts t and the rounded vendor credits: the
// credits come off the total after tax.
func totalsOf(t doclines.Totals, vendorCredit dec.Decimal) storedTotals {
	return storedTotals{
		Totals: Totals{
			LineSubTotal: t.LineSubTotal, FeeTotal: t.FeeTotal, SubTotal: t.SubTotal, Discount: t.Discount,
			Tax: t.Tax, VendorCredit: vendorCredit, Total: dec.Decimal{Decimal: t.Total.Sub(vendorCredit.Decimal)},
		},
		TaxableBase: t.TaxableBase, NonTaxableBase: t.NonTaxableBase,
	}
}

// storedTotals are the header's totals with the bases the tax lines apply to.
type storedTotals struct {
	Totals
	TaxableBase, NonTaxableBase dec.Decimal
}
