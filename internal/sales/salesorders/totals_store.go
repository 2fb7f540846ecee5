package salesorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/shared/doclines"
)

// dec is the decimal of money and quantities.
type dec = pdec.Decimal

type totalsStore struct{}

// The priced members of each line kind, in the lines' order (part lines by line number, the
// others oldest first), which is the order doclines shares the document discount in.
const (
	pricedPartLinesSQL = `
SELECT quantity, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate
FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2
ORDER BY line_number, id`
	// The fee lines, then the shipping charge as the last fee (kind 'shipping', taxed through
	// the tax lines only) when there is one.
	pricedFeeLinesSQL = `
SELECT amount, is_taxable, tax_rate FROM (
    SELECT 0 AS place, amount, is_taxable, tax_rate, created_utc, id
    FROM sales_order_fee_lines WHERE tenant_id = $1 AND sales_order_id = $2
    UNION ALL
    SELECT 1, shipping_charge, shipping_charge_is_taxable, 0, created_utc, id
    FROM sales_orders WHERE tenant_id = $1 AND id = $2 AND shipping_charge > 0
) f
ORDER BY place, created_utc, id`
	// The discount line, the tax lines and the refund lines in one statement: kind 'discount'
	// carries is_percentage and value, kind 'tax' the rate in value, kind 'refund' the amount.
	pricedDocumentLinesSQL = `
SELECT 'discount' AS kind, is_percentage, value, created_utc, id FROM sales_order_discount_lines
WHERE tenant_id = $1 AND sales_order_id = $2
UNION ALL
SELECT 'tax', false, rate, created_utc, id FROM sales_order_tax_lines
WHERE tenant_id = $1 AND sales_order_id = $2
UNION ALL
SELECT 'refund', false, amount, created_utc, id FROM sales_order_refund_lines
WHERE tenant_id = $1 AND sales_order_id = $2
ORDER BY 1, 4, 5`
)

// document reads what doclines prices of a sales order's lines, and the sum of its refunds:
// three statements.
func (totalsStore) document(ctx context.Context, q db.Q, tenantID, orderID string) (doclines.Document, dec, error) {
	var parts []struct {
		Quantity     dec   `db:"quantity"`
		Price        dec   `db:"unit_price"`
		IsPercentage *bool `db:"discount_is_percentage"`
		Value        *dec  `db:"discount_value"`
		Taxable      bool  `db:"is_taxable"`
		TaxRate      dec   `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &parts, pricedPartLinesSQL, tenantID, orderID); err != nil {
		return doclines.Document{}, dec{}, fmt.Errorf("read sales order part lines for totals: %w", err)
	}
	var fees []struct {
		Amount  dec  `db:"amount"`
		Taxable bool `db:"is_taxable"`
		TaxRate dec  `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &fees, pricedFeeLinesSQL, tenantID, orderID); err != nil {
		return doclines.Document{}, dec{}, fmt.Errorf("read sales order fee lines for totals: %w", err)
	}
	var others []struct {
		Kind         string    `db:"kind"`
		IsPercentage bool      `db:"is_percentage"`
		Value        dec       `db:"value"`
		CreatedUtc   time.Time `db:"created_utc"`
		ID           string    `db:"id"`
	}
	if err := sqlx.SelectContext(ctx, q, &others, pricedDocumentLinesSQL, tenantID, orderID); err != nil {
		return doclines.Document{}, dec{}, fmt.Errorf("read sales order discount, tax and refund lines for totals: %w", err)
	}
	var doc doclines.Document
	for _, p := range parts {
		l := doclines.Line{Quantity: p.Quantity, Price: p.Price, Taxable: p.Taxable, TaxRate: p.TaxRate}
		if p.IsPercentage != nil && p.Value != nil {
			l.Discount = &doclines.Discount{Percentage: *p.IsPercentage, Value: *p.Value}
		}
		doc.Lines = append(doc.Lines, l)
	}
	for _, f := range fees {
		doc.Fees = append(doc.Fees, doclines.Fee{Amount: f.Amount, Taxable: f.Taxable, TaxRate: f.TaxRate})
	}
	var refunds dec
	for _, o := range others {
		switch o.Kind {
		case "discount":
			doc.Discount = &doclines.Discount{Percentage: o.IsPercentage, Value: o.Value}
		case "tax":
			doc.TaxLines = append(doc.TaxLines, doclines.TaxLine{Rate: o.Value})
		default:
			refunds = dec{Decimal: refunds.Add(o.Value.Decimal)}
		}
	}
	return doc, refunds, nil
}

const saveTotalsSQL = `
UPDATE sales_orders SET line_sub_total = $3, fee_total = $4, sub_total = $5, discount_total = $6,
       taxable_base = $7, non_taxable_base = $8, tax_total = $9, refund_total = $10, total = $11,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (totalsStore) saveTotals(ctx context.Context, q db.Q, tenantID, orderID string, t Totals) error {
	_, err := q.ExecContext(ctx, saveTotalsSQL, tenantID, orderID, t.LineSubTotal, t.FeeTotal, t.SubTotal,
		t.Discount, t.TaxableBase, t.NonTaxableBase, t.Tax, t.Refund, t.Total)
	if err != nil {
		return fmt.Errorf("save sales order totals: %w", err)
	}
	return nil
}
