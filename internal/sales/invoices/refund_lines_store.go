package invoices

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/salesorders"
)

// refundLinesStore writes what linekinds does not of the invoice's refund lines: the copies of
// the order's refunds and the stored refund total.
type refundLinesStore struct{}

// A refund line of the order goes to the first invoice that claims it: the unique index over
// sales_order_refund_line_id refuses a second copy. Its part line becomes the invoice's part
// line billing the same order line, if any.
const copyRefundSQL = `
INSERT INTO invoice_refund_lines (tenant_id, invoice_id, id, refund_reason_code_id, part_line_id, amount, description, sales_order_refund_line_id)
VALUES ($1, $2, $3, $4,
        (SELECT p.id FROM invoice_part_lines p WHERE p.tenant_id = $1 AND p.invoice_id = $2 AND p.sales_order_line_id = $5 LIMIT 1),
        $6, $7, $8)
ON CONFLICT (tenant_id, sales_order_refund_line_id) WHERE sales_order_refund_line_id IS NOT NULL DO NOTHING`

func (refundLinesStore) copy(ctx context.Context, q db.Q, tenantID, invoiceID string, refunds []salesorders.InvoicingRefund) error {
	for _, r := range refunds {
		if _, err := q.ExecContext(ctx, copyRefundSQL, tenantID, invoiceID, ids.NewSub(), r.ReasonID, r.PartLineID,
			r.Amount, r.Description, r.ID); err != nil {
			return fmt.Errorf("copy sales order refund line: %w", err)
		}
	}
	return nil
}

const releaseRefundsSQL = `
UPDATE invoice_refund_lines SET sales_order_refund_line_id = NULL
WHERE tenant_id = $1 AND invoice_id = $2 AND sales_order_refund_line_id IS NOT NULL`

// releaseOrderRefunds gives the order's refund lines a deleted invoice carried back to the
// order: the next invoice copies them.
func (refundLinesStore) release(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	if _, err := q.ExecContext(ctx, releaseRefundsSQL, tenantID, invoiceID); err != nil {
		return fmt.Errorf("release invoice refund lines: %w", err)
	}
	return nil
}

// storeCreditTotalsSQL sums each kind's lines, each rounded half away from zero to $3
// decimals (what numeric round does), into the header's refund, deposit and deposit
// adjustment totals.
const storeCreditTotalsSQL = `
UPDATE invoices SET
    refund_total = (SELECT COALESCE(sum(round(amount, $3)), 0) FROM invoice_refund_lines WHERE tenant_id = $1 AND invoice_id = $2),
    deposit_total = (SELECT COALESCE(sum(round(amount, $3)), 0) FROM invoice_deposit_lines WHERE tenant_id = $1 AND invoice_id = $2),
    deposit_adjustment_total = (SELECT COALESCE(sum(round(amount, $3)), 0) FROM invoice_deposit_adjustment_lines
                                WHERE tenant_id = $1 AND invoice_id = $2),
    progress_billing_total = (SELECT COALESCE(sum(round(amount, $3)), 0) FROM invoice_progress_billing_lines
                              WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'billing'),
    progress_billing_adjustment_total = (SELECT COALESCE(sum(round(amount, $3)), 0) FROM invoice_progress_billing_lines
                                         WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'adjustment')
WHERE tenant_id = $1 AND id = $2
RETURNING refund_total, deposit_total, deposit_adjustment_total, progress_billing_total, progress_billing_adjustment_total`

func (refundLinesStore) storeTotals(ctx context.Context, q db.Q, tenantID, invoiceID string, minor int) (creditAmounts, error) {
	var c creditAmounts
	if err := q.QueryRowxContext(ctx, storeCreditTotalsSQL, tenantID, invoiceID, minor).StructScan(&c); err != nil {
		return creditAmounts{}, fmt.Errorf("store invoice credit totals: %w", err)
	}
	return c, nil
}
