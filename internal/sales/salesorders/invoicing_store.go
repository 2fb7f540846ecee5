package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

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

// The moves lock their lines in id order first, then move each within 0 and its quantity.
const moveInvoicedSQL = `
WITH m AS (SELECT * FROM unnest($3::text[], $4::numeric[]) AS m(id, delta)),
locked AS (
    SELECT l.id FROM sales_order_part_lines l
    WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND l.id = ANY($3::text[])
    ORDER BY l.id FOR UPDATE)
UPDATE sales_order_part_lines l SET invoiced_quantity = l.invoiced_quantity + m.delta,
       last_invoiced_date = CASE WHEN m.delta > 0 THEN $5::date ELSE l.last_invoiced_date END, modified_utc = now()
FROM m
WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND l.id = m.id AND l.id IN (SELECT id FROM locked)
  AND l.invoiced_quantity + m.delta >= 0 AND l.invoiced_quantity + m.delta <= l.quantity
RETURNING l.id`

// move applies the moves and answers the lines it moved.
func (invoicingStore) move(ctx context.Context, q db.Q, tenantID, orderID string, ids, deltas []string, day time.Time) (map[string]bool, error) {
	var moved []string
	if err := sqlx.SelectContext(ctx, q, &moved, moveInvoicedSQL, tenantID, orderID, pq.StringArray(ids), pq.StringArray(deltas),
		day.Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("move sales order lines' invoiced quantities: %w", err)
	}
	out := make(map[string]bool, len(moved))
	for _, id := range moved {
		out[id] = true
	}
	return out, nil
}

// invoicedStand is a part line's quantity and what is invoiced of it.
type invoicedStand struct {
	ID       string `db:"id"`
	Quantity dec    `db:"quantity"`
	Invoiced dec    `db:"invoiced_quantity"`
}

const invoicedOfSQL = `
SELECT id, quantity, invoiced_quantity FROM sales_order_part_lines
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = ANY($3::text[])`

// invoiced reads where the lines of refused moves stand; a line the order does not have is
// missing from the answer.
func (invoicingStore) invoiced(ctx context.Context, q db.Q, tenantID, orderID string, moves []InvoicedMove) (map[string]invoicedStand, error) {
	ids := make([]string, len(moves))
	for i, m := range moves {
		ids[i] = m.LineID
	}
	var rows []invoicedStand
	if err := sqlx.SelectContext(ctx, q, &rows, invoicedOfSQL, tenantID, orderID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read sales order lines' invoiced quantities: %w", err)
	}
	out := make(map[string]invoicedStand, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
