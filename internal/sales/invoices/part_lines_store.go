package invoices

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/salesorders"
)

type partLinesStore struct{}

// billedLine is an order line billed by a new invoice, in the order line's unit.
type billedLine struct {
	Line     salesorders.InvoicingLine
	Quantity dec
}

const insertPartLineSQL = `
INSERT INTO invoice_part_lines (tenant_id, invoice_id, id, line_number, sales_order_line_id, item_id, description,
       quantity, unit_of_measure_name, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate_id, tax_rate)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`

// insertBilled stores a new invoice's part lines, numbered 1, 2, 3 … in the order given. An
// amount line discount is billed in proportion to the quantity billed; a percentage as is.
func (partLinesStore) insertBilled(ctx context.Context, q db.Q, tenantID, invoiceID string, lines []billedLine) error {
	for i, b := range lines {
		l := b.Line
		value := l.DiscountValue
		if l.DiscountIsPercentage != nil && !*l.DiscountIsPercentage && value != nil && !b.Quantity.Equal(l.Quantity.Decimal) {
			v := dec{Decimal: value.Mul(b.Quantity.Decimal).Div(l.Quantity.Decimal)}
			value = &v
		}
		_, err := q.ExecContext(ctx, insertPartLineSQL, tenantID, invoiceID, ids.NewSub(), i+1, l.ID, l.ItemID, l.Description,
			b.Quantity, l.UnitOfMeasureName, l.UnitPrice, l.DiscountIsPercentage, value, l.IsTaxable, l.TaxRateID, l.TaxRate)
		if err != nil {
			return fmt.Errorf("insert invoice part line: %w", err)
		}
	}
	return nil
}

// billedQuantity is what an invoice bills of one order line.
type billedQuantity struct {
	OrderLineID string `db:"sales_order_line_id"`
	Quantity    dec    `db:"quantity"`
}

const billedQuantitiesSQL = `
SELECT sales_order_line_id, quantity FROM invoice_part_lines WHERE tenant_id = $1 AND invoice_id = $2 ORDER BY line_number`

// billed answers what the invoice bills of each order line, one statement.
func (partLinesStore) billed(ctx context.Context, q db.Q, tenantID, invoiceID string) ([]billedQuantity, error) {
	var out []billedQuantity
	if err := sqlx.SelectContext(ctx, q, &out, billedQuantitiesSQL, tenantID, invoiceID); err != nil {
		return nil, fmt.Errorf("read invoice part lines: %w", err)
	}
	return out, nil
}

const usesItemSQL = `SELECT EXISTS (SELECT 1 FROM invoice_part_lines WHERE tenant_id = $1 AND item_id = $2)`

func (partLinesStore) usesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usesItemSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("find invoice lines of item: %w", err)
	}
	return used, nil
}
