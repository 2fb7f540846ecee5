package invoices

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/salesorders"
)

// chargesStore copies the order's fee, tax and discount lines onto a new invoice.
type chargesStore struct{}

// The creates of one order's invoices run one after another (this lock, held until the
// transaction ends), so the order's once-billed charges go to exactly one live invoice.
const lockOrderInvoicingSQL = `SELECT pg_advisory_xact_lock(hashtextextended('invoices.order:' || $1 || ':' || $2, 0))`

func (chargesStore) lockOrder(ctx context.Context, q db.Q, tenantID, orderID string) error {
	if _, err := q.ExecContext(ctx, lockOrderInvoicingSQL, tenantID, orderID); err != nil {
		return fmt.Errorf("lock sales order invoicing: %w", err)
	}
	return nil
}

const chargesTakenSQL = `
SELECT COALESCE(bool_or(takes_order_discount), false), COALESCE(bool_or(takes_order_shipping), false)
FROM invoices WHERE tenant_id = $1 AND sales_order_id = $2 AND NOT deleted`

// taken reports whether a live invoice of the order carries its amount discount and its
// shipping charge.
func (chargesStore) taken(ctx context.Context, q db.Q, tenantID, orderID string) (discount, shipping bool, err error) {
	if err := q.QueryRowxContext(ctx, chargesTakenSQL, tenantID, orderID).Scan(&discount, &shipping); err != nil {
		return false, false, fmt.Errorf("read invoiced sales order charges: %w", err)
	}
	return discount, shipping, nil
}

// A fee line of the order goes to the first invoice that claims it: the unique index over
// sales_order_fee_line_id refuses a second live copy. Fee and tax lines are numbered 1, 2, 3
// … per invoice in the order they are copied (a fee skipped leaves no gap); the one discount
// line is 1 (the column's default).
const copyFeeSQL = `
INSERT INTO invoice_fee_lines (tenant_id, invoice_id, id, sales_order_fee_line_id, name, description, amount, is_taxable, tax_rate_id,
                               tax_rate, line_number)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
        (SELECT COALESCE(max(n.line_number), 0) + 1 FROM invoice_fee_lines n WHERE n.tenant_id = $1 AND n.invoice_id = $2))
ON CONFLICT (tenant_id, sales_order_fee_line_id) WHERE sales_order_fee_line_id IS NOT NULL DO NOTHING`

const copyTaxSQL = `
INSERT INTO invoice_tax_lines (tenant_id, invoice_id, id, tax_rate_id, name, rate, line_number)
VALUES ($1, $2, $3, $4, $5, $6,
        (SELECT COALESCE(max(n.line_number), 0) + 1 FROM invoice_tax_lines n WHERE n.tenant_id = $1 AND n.invoice_id = $2))`

const copyDiscountSQL = `
INSERT INTO invoice_discount_lines (tenant_id, invoice_id, id, name, is_percentage, value) VALUES ($1, $2, $3, $4, $5, $6)`

// copy stores the order's charges on the invoice: the fee lines no live invoice carries, every
// tax line, and the discount line when copy says so.
func (chargesStore) copy(ctx context.Context, q db.Q, tenantID, invoiceID string, c salesorders.InvoicingCharges, discount bool) error {
	for _, f := range c.Fees {
		if _, err := q.ExecContext(ctx, copyFeeSQL, tenantID, invoiceID, ids.NewSub(), f.ID, f.Name, f.Description, f.Amount,
			f.IsTaxable, f.TaxRateID, f.TaxRate); err != nil {
			return fmt.Errorf("copy sales order fee line: %w", err)
		}
	}
	for _, t := range c.Taxes {
		if _, err := q.ExecContext(ctx, copyTaxSQL, tenantID, invoiceID, ids.NewSub(), t.TaxRateID, t.Name, t.Rate); err != nil {
			return fmt.Errorf("copy sales order tax line: %w", err)
		}
	}
	if d := c.Discount; d != nil && discount {
		if _, err := q.ExecContext(ctx, copyDiscountSQL, tenantID, invoiceID, ids.NewSub(), d.Name, d.IsPercentage, d.Value); err != nil {
			return fmt.Errorf("copy sales order discount line: %w", err)
		}
	}
	return nil
}
