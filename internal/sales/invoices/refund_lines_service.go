package invoices

import (
	"context"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/sales/refundreasons"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/doclines/linekinds"
)

// Refund lines are the invoice's credit kind (linekinds): money given back to the customer
// for a refund reason, optionally against one of the invoice's part lines, taken off the total
// after tax (the subtotal excludes them). The refunds together may not exceed the invoice's
// total before them (400 naming amount). Unlike the other lines, refunds are written in every
// status of a live invoice, issued and paid too: a credit after issue is what a refund is for.
// An invoice created from a sales order copies the order's refund lines no live invoice
// carries; deleting the invoice releases them for the next one, and so does deleting the
// copied line. Like every invoice line, a refund line has a number (1, 2, 3 … per invoice in
// creation order, never given twice; copies first, in the order's line order), a name and
// external references (both written; a copy has neither: order refund lines carry none), and
// shows the order refund line it copies, kept after the invoice is deleted, and how it is
// booked: the accounting details of the part line it is against, if any (read only).
var refundCredits = linekinds.Credits{
	Table: "invoice_refund_lines", Noun: "refund",
	PartLines: "invoice_part_lines", PartLineField: "partLineItemId",
	ReasonColumn: "refund_reason_code_id", ReasonField: "refundReasonCodeId",
	TotalColumn: "refund_total",
	Fields: linekinds.CreditFields{
		NumberColumn: "line_number", LastNumberColumn: "last_refund_line_number", NameColumn: "name",
		ExternalReferencesColumn: "external_references", ExternalReferencesKind: extref.Invoice,
		CopiedFromColumn: "copied_sales_order_refund_line_id", PartLineAccountingColumn: "accounting_details",
	},
}

// DeleteRefundLine deletes refund line id of the tenant's live invoice invoiceID and
// recomputes its totals, in one transaction (linekinds; a copied refund goes back to the
// order with the row that claimed it); false when no refund line has that id. A refund line
// of another invoice is NotFound, like its read.
func (s *Service) DeleteRefundLine(ctx context.Context, tenantID, invoiceID, id string) (bool, error) {
	deleted, err := s.lines.DeleteCredit(ctx, tenantID, invoiceID, id)
	if err != nil || deleted {
		return deleted, err
	}
	elsewhere, err := refundLinesStore{}.onAnotherInvoice(ctx, s.pool, tenantID, invoiceID, id)
	if err != nil || !elsewhere {
		return false, err
	}
	return false, apperr.NotFound("refund line %s of invoice %s not found", id, invoiceID)
}

// refundReasonLookup checks the refund reason codes a refund line writes (404 naming field
// when unknown, 400 when archived) and names those its reads show (refundreasons.Service).
type refundReasonLookup interface {
	CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]refundreasons.RefundReason, error)
}

// orderCredits answers a sales order's refund lines and its total (salesorders.Service).
type orderCredits interface {
	RefundsForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) ([]salesorders.InvoicingRefund, error)
	TotalForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) (dec, error)
	ClaimMilestone(ctx context.Context, q db.Q, tenantID, orderID, milestoneID, invoiceID, currencyCode string) (salesorders.InvoicingMilestone, error)
	ReleaseMilestones(ctx context.Context, q db.Q, tenantID, invoiceID string) error
}

// releaseCredits gives back to the order what a deleted invoice held of it: the order's refund
// lines it copied and the progress-billing milestone it billed.
func (s *Service) releaseCredits(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	if err := (refundLinesStore{}).release(ctx, q, tenantID, invoiceID); err != nil {
		return err
	}
	return s.deps.OrderCredits.ReleaseMilestones(ctx, q, tenantID, invoiceID)
}

// refundReasons is the credit kind's reason lookup; without the dependency (unit tests of
// other kinds) refund lines are unusable.
func (s *Service) refundReasons() linekinds.ReasonLookup {
	if s.deps.RefundReasons == nil {
		return linekinds.ReasonLookup{}
	}
	return linekinds.Reasons(s.deps.RefundReasons, func(r refundreasons.RefundReason) string { return r.Name })
}

// copyOrderRefunds copies onto the new invoice invoiceID the refund lines of its order that no
// live invoice carries, in the create's transaction (the order's invoicing lock held): a
// refund against an order part line goes against the invoice's part line billing it, or
// against the invoice as a whole when the invoice does not bill that line. Copied refunds are
// not held under the invoice's total (like the order's own refunds after a line change, the
// total may then be negative: what is owed back).
func (s *Service) copyOrderRefunds(ctx context.Context, q db.Q, tenantID, invoiceID, orderID string) error {
	if s.deps.OrderCredits == nil {
		return nil
	}
	refunds, err := s.deps.OrderCredits.RefundsForInvoicing(ctx, q, tenantID, orderID)
	if err != nil || len(refunds) == 0 {
		return err
	}
	return refundLinesStore{}.copy(ctx, q, tenantID, invoiceID, refunds)
}

// creditAmounts are what the invoice's deposit, deposit-adjustment and refund lines add to and
// take from its totals, each line rounded to the currency's minor unit.
type creditAmounts struct {
	Deposit                   dec `db:"deposit_total"`
	DepositAdjustment         dec `db:"deposit_adjustment_total"`
	ProgressBilling           dec `db:"progress_billing_total"`
	ProgressBillingAdjustment dec `db:"progress_billing_adjustment_total"`
	Refunds                   dec `db:"refund_total"`
}

// billed is what the lines add to the billed lines; off what they take off the total.
func (c creditAmounts) billed() dec { return dec{Decimal: c.Deposit.Add(c.ProgressBilling.Decimal)} }

func (c creditAmounts) off() dec {
	return dec{Decimal: c.DepositAdjustment.Add(c.ProgressBillingAdjustment.Decimal).Add(c.Refunds.Decimal)}
}

// recapped answers the deposit and progress-billing adjustments the invoice may keep when its
// priced total (documentTotal: lines − discount + tax) with the billed credit lines is smaller
// than they are: the excess comes off the progress-billing adjustment first, then the deposit
// adjustment. shrunk is false when they fit as they are. Refunds play no part: they are held
// under the total after the adjustments when written, so a refund never gives a deposit back.
func (c creditAmounts) recapped(documentTotal dec) (deposit, progress dec, shrunk bool) {
	before := documentTotal.Add(c.billed().Decimal)
	if before.IsNegative() {
		before = decimal.Zero
	}
	excess := c.DepositAdjustment.Add(c.ProgressBillingAdjustment.Decimal).Sub(before)
	if !excess.IsPositive() {
		return c.DepositAdjustment, c.ProgressBillingAdjustment, false
	}
	fromProgress := decimal.Min(excess, c.ProgressBillingAdjustment.Decimal)
	progress = dec{Decimal: c.ProgressBillingAdjustment.Sub(fromProgress)}
	deposit = dec{Decimal: c.DepositAdjustment.Sub(excess.Sub(fromProgress))}
	return deposit, progress, true
}

// creditTotals sums the invoice's deposit, deposit-adjustment and refund lines (rounded to
// minor decimals), stores the sums on its header and answers them: one statement, called by
// recomputeTotals, which adds the deposit to the billed lines and takes the adjustment and the
// refunds off the total after tax.
func (s *Service) creditTotals(ctx context.Context, q db.Q, tenantID, invoiceID string, minor int) (creditAmounts, error) {
	return refundLinesStore{}.storeTotals(ctx, q, tenantID, invoiceID, minor)
}
