package invoices

import (
	"context"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/shared/doclines"
)

// lineParent is the invoice a line write works under, locked (lockForLineWrite).
type lineParent struct {
	ID           string
	Status       Status
	SalesOrderID string
	Currency     string
	Primary      string
	ExchangeRate dec
}

// lockForLineWrite locks the tenant's live invoice invoiceID until q's transaction ends, so the
// line writes of one invoice and the recompute of its totals run one after another; a missing
// or deleted invoice is NotFound.
func (s *Service) lockForLineWrite(ctx context.Context, q db.Q, tenantID, invoiceID string) (lineParent, error) {
	var p lineParent
	err := s.header.LockForLines(ctx, q, tenantID, invoiceID, &p.ID, &p.Status, &p.SalesOrderID, &p.Currency, &p.Primary, &p.ExchangeRate)
	return p, err
}

// lockEditableLines locks the invoice (lockForLineWrite) and refuses, with a 400 naming
// status, unless its lines may be written now.
func (s *Service) lockEditableLines(ctx context.Context, q db.Q, tenantID, invoiceID string) (lineParent, error) {
	p, err := s.lockForLineWrite(ctx, q, tenantID, invoiceID)
	if err != nil {
		return lineParent{}, err
	}
	return p, checkEditable(p.Status)
}

// lineInvoiceExists answers NotFound unless the tenant has invoice invoiceID, deleted or not:
// the reads of its lines.
func (s *Service) lineInvoiceExists(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	return s.header.Exists(ctx, q, tenantID, invoiceID)
}

// recomputeTotals prices the invoice's lines as they now stand and stores the totals on its
// header, advancing its modifiedUtc: the last step of every write that changes a line, the
// shipping charge or the exchange rate, in the same transaction, after lockForLineWrite. It is
// the one place the totals are computed: a later line kind adds its lines to the document
// read by totalsStore.document (and its own sum, taken off the total, as sales orders do with
// refunds).
//
//	lineItemsTotal = Σ part lines' subtotals + Σ fees + shipping charge   (doclines SubTotal)
//	                 + Σ hand-written lines (priced 1 × price, quantity and item lines
//	                 quantity × price, amount lines as fees)
//	                 + deposit line + progress billing line               (creditTotals)
//	total          = lineItemsTotal − discount + tax                      (doclines Total)
//	                 − deposit adjustment − progress-billing adjustment   (creditTotals)
//	                 − refunds
//	subtotal       = round(lineItemsTotal × exchangeRate) in the primary currency
//
// The adjustments never take the total below 0 by themselves: when a later write leaves the
// total before them and the refunds smaller than they are, they shrink to it, the progress-billing
// adjustment first (it was taken last), and what they give up returns to the order's balance
// for its next invoice. They never grow back: taking more of the balance needs the order's
// invoicing lock, which only a create holds.
func (s *Service) recomputeTotals(ctx context.Context, q db.Q, tenantID string, parent lineParent) error {
	doc, err := totalsStore{}.document(ctx, q, tenantID, parent.ID)
	if err != nil {
		return err
	}
	t, err := doc.Compute(currency.MinorUnits(parent.Currency))
	if err != nil {
		// Every line was checked when written, and a discount amount above the subtotal takes
		// the whole subtotal: no stored invoice fails here.
		return err
	}
	// Deposit and progress-billing lines are billed; their adjustments and the refunds come
	// off the total after tax (refund_lines_service.go).
	minor := currency.MinorUnits(parent.Currency)
	c, err := s.creditTotals(ctx, q, tenantID, parent.ID, minor)
	if err != nil {
		return err
	}
	if d, p, shrunk := c.recapped(t.Total); shrunk {
		if err := (adjustmentsStore{}).shrink(ctx, q, tenantID, parent.ID, d, p); err != nil {
			return err
		}
		if c, err = s.creditTotals(ctx, q, tenantID, parent.ID, minor); err != nil {
			return err
		}
	}
	t.SubTotal = dec{Decimal: t.SubTotal.Add(c.billed().Decimal)}
	t.Total = dec{Decimal: t.Total.Add(c.billed().Decimal).Sub(c.off().Decimal)}
	return totalsStore{}.saveTotals(ctx, q, tenantID, parent.ID, storedTotals{
		Totals: Totals{
			LineItemsTotal: t.SubTotal, Discount: t.Discount, Tax: t.Tax, Total: t.Total,
			SubTotal: PrimarySubTotal(t.SubTotal, parent.ExchangeRate, parent.Primary),
		},
		LineSubTotal: t.LineSubTotal, FeeTotal: t.FeeTotal, TaxableBase: t.TaxableBase, NonTaxableBase: t.NonTaxableBase,
	})
}

// PrimarySubTotal is an amount of the document currency in the primary currency: amount ×
// rate rounded (half away from zero) to the primary currency's minor unit.
func PrimarySubTotal(amount, rate dec, primary string) dec {
	return doclines.Round(dec{Decimal: amount.Mul(rate.Decimal)}, currency.MinorUnits(primary))
}

// storedTotals are the header's totals with the amounts the line kinds read (the taxable base
// of the tax lines).
type storedTotals struct {
	Totals
	LineSubTotal, FeeTotal, TaxableBase, NonTaxableBase dec
}
