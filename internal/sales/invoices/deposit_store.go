package invoices

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"github.com/shopspring/decimal"

	"mos/internal/platform/db"
)

// decimalHundred turns a percentage into a share.
var decimalHundred = decimal.NewFromInt(100)

// depositStore holds the deposit and deposit-adjustment lines.
type depositStore struct{}

// depositedSQL sums the deposits of the order's live deposit invoices, whatever their status.
const depositedSQL = `
SELECT COALESCE(sum(d.amount), 0) FROM invoice_deposit_lines d
JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
WHERE d.tenant_id = $1 AND d.sales_order_id = $2 AND NOT i.deleted`

func (depositStore) deposited(ctx context.Context, q db.Q, tenantID, orderID string) (dec, error) {
	var sum dec
	if err := q.QueryRowxContext(ctx, depositedSQL, tenantID, orderID).Scan(&sum); err != nil {
		return dec{}, fmt.Errorf("sum sales order deposits: %w", err)
	}
	return sum, nil
}

const insertDepositSQL = `
WITH marked AS (UPDATE invoices SET is_deposit = true WHERE tenant_id = $1 AND id = $2 RETURNING id)
INSERT INTO invoice_deposit_lines (tenant_id, invoice_id, id, sales_order_id, amount, percentage, description)
SELECT $1, id, $3, $4, $5, $6, $7 FROM marked`

// insertDeposit marks the invoice a deposit invoice and stores its deposit line: one statement.
func (depositStore) insertDeposit(ctx context.Context, q db.Q, tenantID string, l DepositLine) error {
	if _, err := q.ExecContext(ctx, insertDepositSQL, tenantID, l.InvoiceID, l.ID, l.SalesOrderID, l.Amount, l.Percentage, l.Description); err != nil {
		return fmt.Errorf("insert invoice deposit line: %w", err)
	}
	return nil
}

// balanceSQL is the order's deposit balance (deposits of live issued or paid deposit invoices
// less the adjustments of its live invoices) and the invoice's total: one statement.
const balanceSQL = `
SELECT (SELECT COALESCE(sum(d.amount), 0) FROM invoice_deposit_lines d
        JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
        WHERE d.tenant_id = $1 AND d.sales_order_id = $2 AND NOT i.deleted AND i.status IN ('issued', 'paid'))
     - (SELECT COALESCE(sum(a.amount), 0) FROM invoice_deposit_adjustment_lines a
        JOIN invoices i ON i.tenant_id = a.tenant_id AND i.id = a.invoice_id
        WHERE a.tenant_id = $1 AND a.sales_order_id = $2 AND NOT i.deleted),
       (SELECT total FROM invoices WHERE tenant_id = $1 AND id = $3)`

func (depositStore) balance(ctx context.Context, q db.Q, tenantID, orderID, invoiceID string) (balance, total dec, err error) {
	if err := q.QueryRowxContext(ctx, balanceSQL, tenantID, orderID, invoiceID).Scan(&balance, &total); err != nil {
		return dec{}, dec{}, fmt.Errorf("read sales order deposit balance: %w", err)
	}
	return balance, total, nil
}

const insertAdjustmentSQL = `
INSERT INTO invoice_deposit_adjustment_lines (tenant_id, invoice_id, id, sales_order_id, amount) VALUES ($1, $2, $3, $4, $5)`

func (depositStore) insertAdjustment(ctx context.Context, q db.Q, tenantID string, l DepositAdjustmentLine) error {
	if _, err := q.ExecContext(ctx, insertAdjustmentSQL, tenantID, l.InvoiceID, l.ID, l.SalesOrderID, l.Amount); err != nil {
		return fmt.Errorf("insert invoice deposit adjustment line: %w", err)
	}
	return nil
}

const depositsSQL = `
SELECT id, invoice_id, sales_order_id, amount, percentage, description, created_utc, modified_utc
FROM invoice_deposit_lines WHERE tenant_id = $1 AND invoice_id = $2 AND ($3::text[] IS NULL OR id = ANY($3))
ORDER BY created_utc, id`

func (depositStore) deposits(ctx context.Context, q db.Q, tenantID, invoiceID string, ids []string) ([]DepositLine, error) {
	out := []DepositLine{}
	if err := sqlx.SelectContext(ctx, q, &out, depositsSQL, tenantID, invoiceID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read invoice deposit lines: %w", err)
	}
	return out, nil
}

const adjustmentsSQL = `
SELECT id, invoice_id, sales_order_id, amount, created_utc, modified_utc
FROM invoice_deposit_adjustment_lines WHERE tenant_id = $1 AND invoice_id = $2 AND ($3::text[] IS NULL OR id = ANY($3))
ORDER BY created_utc, id`

func (depositStore) adjustments(ctx context.Context, q db.Q, tenantID, invoiceID string, ids []string) ([]DepositAdjustmentLine, error) {
	out := []DepositAdjustmentLine{}
	if err := sqlx.SelectContext(ctx, q, &out, adjustmentsSQL, tenantID, invoiceID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read invoice deposit adjustment lines: %w", err)
	}
	return out, nil
}

// shrinkAdjustmentsSQL sets the invoice's deposit adjustment to $3 and its progress-billing
// adjustment to $4, deleting the one that comes to 0 (an adjustment is more than 0): one
// statement, only ever lowering them (recomputeTotals).
const shrinkAdjustmentsSQL = `
WITH deposit_gone AS (
    DELETE FROM invoice_deposit_adjustment_lines WHERE tenant_id = $1 AND invoice_id = $2 AND $3::numeric <= 0),
deposit_left AS (
    UPDATE invoice_deposit_adjustment_lines SET amount = $3, modified_utc = now()
    WHERE tenant_id = $1 AND invoice_id = $2 AND $3::numeric > 0 AND amount > $3),
progress_gone AS (
    DELETE FROM invoice_progress_billing_lines
    WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'adjustment' AND $4::numeric <= 0)
UPDATE invoice_progress_billing_lines SET amount = $4, modified_utc = now()
WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'adjustment' AND $4::numeric > 0 AND amount > $4`

// adjustmentsStore lowers an invoice's deposit and progress-billing adjustments together.
type adjustmentsStore struct{}

func (adjustmentsStore) shrink(ctx context.Context, q db.Q, tenantID, invoiceID string, deposit, progress dec) error {
	if _, err := q.ExecContext(ctx, shrinkAdjustmentsSQL, tenantID, invoiceID, deposit, progress); err != nil {
		return fmt.Errorf("shrink invoice adjustments: %w", err)
	}
	return nil
}
