package invoices

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// Progress billing. A milestone of the sales order's progress-billing schedule is billed by an
// invoice of its own whose one line (type ProgressBilling: quantity 1 at the milestone's
// amount, never taxed) counts among the billed lines; the milestone records the invoice
// (salesorders), so it is billed once, until that invoice is deleted.
//
// A regular invoice created for the order carries a ProgressBillingAdjustment line taking off
// what the order's progress billings billed (those of live invoices issued or paid, as
// deposits), less what its live invoices already took off; at most the invoice's total left
// after its deposit adjustment. Like deposits, the adjustment is taken when the invoice is
// created, shrinks first when a line change leaves less to take it from, and is given back
// when the invoice is deleted; the order's invoicing lock keeps concurrent
// creates from taking the same billing twice.

// BillMilestone creates an invoice of sales order orderID billing milestone milestoneID, in one
// transaction under the order's invoicing lock, and answers its id.
func (s *Service) BillMilestone(ctx context.Context, t Tenant, orderID, milestoneID string) (string, error) {
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		order, err := s.lockOrderForBilling(ctx, q, t.ID, orderID)
		if err != nil {
			return err
		}
		// The invoice first: the milestone then names it (a refused claim rolls the number back).
		parent, err := s.insertBare(ctx, q, t, id, order, InvoiceCreate{SalesOrderID: order.ID})
		if err != nil {
			return err
		}
		m, err := s.deps.OrderCredits.ClaimMilestone(ctx, q, t.ID, order.ID, milestoneID, id, order.CurrencyCode)
		if err != nil {
			return err
		}
		line := progressLine{ID: ids.NewSub(), InvoiceID: id, SalesOrderID: order.ID, Kind: progressBilling,
			MilestoneID: &m.ID, Name: &m.Name, Amount: m.Amount}
		if err := (progressStore{}).insert(ctx, q, t.ID, line); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, t.ID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}
