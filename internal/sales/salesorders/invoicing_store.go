package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// invoicingStore reads a sales order's lines for an invoice (invoicing.go).
type invoicingStore struct{}

const invoicingLinesSQL = `
SELECT id, line_number, item_id, description, quantity, invoiced_quantity, unit_of_measure_name, unit_price,
       discount_is_percentage, discount_value, is_taxable, tax_rate_id, tax_rate
FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2
ORDER BY line_number, id`

func (invoicingStore) lines(ctx context.Context, q db.Q, tenantID, orderID string) ([]InvoicingLine, error) {
	var lines []InvoicingLine
	if err := sqlx.SelectContext(ctx, q, &lines, invoicingLinesSQL, tenantID, orderID); err != nil {
		return nil, fmt.Errorf("read sales order lines for invoicing: %w", err)
	}
	return lines, nil
}

const (
	invoicingFeesSQL = `
SELECT id, name, description, amount, is_taxable, tax_rate_id, tax_rate FROM sales_order_fee_lines
WHERE tenant_id = $1 AND sales_order_id = $2 ORDER BY created_utc, id`
	invoicingTaxesSQL = `
SELECT tax_rate_id, name, rate FROM sales_order_tax_lines
WHERE tenant_id = $1 AND sales_order_id = $2 ORDER BY created_utc, id`
	invoicingDiscountSQL = `
SELECT name, is_percentage, value FROM sales_order_discount_lines WHERE tenant_id = $1 AND sales_order_id = $2`
)

func (invoicingStore) charges(ctx context.Context, q db.Q, tenantID, orderID string) (InvoicingCharges, error) {
	var c InvoicingCharges
	if err := sqlx.SelectContext(ctx, q, &c.Fees, invoicingFeesSQL, tenantID, orderID); err != nil {
		return c, fmt.Errorf("read sales order fee lines for invoicing: %w", err)
	}
	if err := sqlx.SelectContext(ctx, q, &c.Taxes, invoicingTaxesSQL, tenantID, orderID); err != nil {
		return c, fmt.Errorf("read sales order tax lines for invoicing: %w", err)
	}
	var d InvoicingDiscount
	err := sqlx.GetContext(ctx, q, &d, invoicingDiscountSQL, tenantID, orderID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return c, fmt.Errorf("read sales order discount line for invoicing: %w", err)
	default:
		c.Discount = &d
	}
	return c, nil
}
