package invoices

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// The kinds of invoice_progress_billing_lines.
const (
	progressBilling    = "billing"
	progressAdjustment = "adjustment"
)

// progressLine is a progress-billing line: a milestone billed, or an adjustment.
type progressLine struct {
	ID, InvoiceID, SalesOrderID, Kind string
	MilestoneID, Name                 *string
	Amount                            dec
}

type progressStore struct{}

const insertProgressSQL = `
INSERT INTO invoice_progress_billing_lines (tenant_id, invoice_id, id, sales_order_id, kind, milestone_id, name, amount)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

func (progressStore) insert(ctx context.Context, q db.Q, tenantID string, l progressLine) error {
	if _, err := q.ExecContext(ctx, insertProgressSQL, tenantID, l.InvoiceID, l.ID, l.SalesOrderID, l.Kind, l.MilestoneID, l.Name, l.Amount); err != nil {
		return fmt.Errorf("insert invoice progress billing line: %w", err)
	}
	return nil
}

// progressBalanceSQL is what the order's progress billings of live issued or paid invoices
// billed less what its live invoices took off, and the invoice's total: one statement.
const progressBalanceSQL = `
SELECT (SELECT COALESCE(sum(l.amount) FILTER (WHERE l.kind = 'billing' AND i.status IN ('issued', 'paid')), 0)
             - COALESCE(sum(l.amount) FILTER (WHERE l.kind = 'adjustment'), 0)
        FROM invoice_progress_billing_lines l
        JOIN invoices i ON i.tenant_id = l.tenant_id AND i.id = l.invoice_id
        WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND NOT i.deleted),
       (SELECT total FROM invoices WHERE tenant_id = $1 AND id = $3)`

func (progressStore) balance(ctx context.Context, q db.Q, tenantID, orderID, invoiceID string) (balance, total dec, err error) {
	if err := q.QueryRowxContext(ctx, progressBalanceSQL, tenantID, orderID, invoiceID).Scan(&balance, &total); err != nil {
		return dec{}, dec{}, fmt.Errorf("read sales order progress billing balance: %w", err)
	}
	return balance, total, nil
}
