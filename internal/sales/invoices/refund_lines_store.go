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

// A refund line of the order goes to the first invoice that claims it: one a live invoice
// carries is skipped (the order's invoicing lock is held), and the unique index over
// sales_order_refund_line_id refuses a second copy regardless. Its part line becomes the
// invoice's part line billing the same order line, if any. A copy takes the invoice's next
// refund line number (only when copied: a skipped line takes none) and keeps the order line
// it copies in copied_sales_order_refund_line_id, which outlives the claim.
const copyRefundSQL = `
WITH next_number AS (
    UPDATE invoices SET last_refund_line_number = last_refund_line_number + 1
    WHERE tenant_id = $1 AND id = $2
      AND NOT EXISTS (SELECT 1 FROM invoice_refund_lines c WHERE c.tenant_id = $1 AND c.sales_order_refund_line_id = $8)
    RETURNING last_refund_line_number AS n)
INSERT INTO invoice_refund_lines (tenant_id, invoice_id, id, refund_reason_code_id, part_line_id, amount, description,
    sales_order_refund_line_id, copied_sales_order_refund_line_id, line_number)
SELECT $1, $2, $3, $4,
       (SELECT p.id FROM invoice_part_lines p WHERE p.tenant_id = $1 AND p.invoice_id = $2 AND p.sales_order_line_id = $5 LIMIT 1),
       $6, $7, $8, $8, n FROM next_number
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

// release gives the order's refund lines a deleted invoice carried back to the
// order: the next invoice copies them.
func (refundLinesStore) release(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	if _, err := q.ExecContext(ctx, releaseRefundsSQL, tenantID, invoiceID); err != nil {
		return fmt.Errorf("release invoice refund lines: %w", err)
	}
	return nil
}

const refundOnAnotherInvoiceSQL = `
SELECT EXISTS (SELECT 1 FROM invoice_refund_lines WHERE tenant_id = $1 AND id = $3 AND invoice_id <> $2)`

// onAnotherInvoice reports whether id is a refund line of another of the tenant's invoices.
func (refundLinesStore) onAnotherInvoice(ctx context.Context, q db.Q, tenantID, invoiceID, id string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, refundOnAnotherInvoiceSQL, tenantID, invoiceID, id).Scan(&ok); err != nil {
		return false, fmt.Errorf("find invoice refund line: %w", err)
	}
	return ok, nil
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
