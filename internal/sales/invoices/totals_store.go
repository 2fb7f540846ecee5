package invoices

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/shared/doclines"
)

type totalsStore struct{}

// pricedSQL reads every priced line of an invoice in one statement, in the order doclines
// shares the document discount and tax in: part lines by line number, the hand-written
// priced, quantity and item lines by their number, then the fee lines oldest first, the
// hand-written amount lines by their number and the shipping charge as the last fee, then the
// discount and tax lines. Kind 'part' carries quantity, price and line discount (a priced
// line is 1 × price, untaxed; a quantity line is taxed at its own rate when taxable; an item
// line counts in the taxable base when taxable, at no rate of its own); 'fee' the amount in
// price (an amount line is never taxed); 'discount' is_percentage and value in price; 'tax'
// the rate in price. A later line kind adds its branch here and its case in document.
const pricedSQL = `
SELECT kind, id, quantity, price, is_percentage, discount_value, is_taxable, tax_rate FROM (
    SELECT 'part' AS kind, 0 AS place, line_number AS n, created_utc, id, quantity, unit_price AS price,
           discount_is_percentage AS is_percentage, discount_value, is_taxable, tax_rate
    FROM invoice_part_lines WHERE tenant_id = $1 AND invoice_id = $2
    UNION ALL
    SELECT 'part', 1, line_number, created_utc, id, CASE kind WHEN 'priced' THEN 1 ELSE quantity END, price,
           NULL, NULL, COALESCE(is_taxable, false), COALESCE(tax_rate, 0)
    FROM invoice_manual_lines WHERE tenant_id = $1 AND invoice_id = $2 AND kind <> 'amount'
    UNION ALL
    SELECT 'fee', 2, 0, created_utc, id, NULL, amount, NULL, NULL, is_taxable, tax_rate
    FROM invoice_fee_lines WHERE tenant_id = $1 AND invoice_id = $2
    UNION ALL
    SELECT 'fee', 3, line_number, created_utc, id, NULL, amount, NULL, NULL, false, 0
    FROM invoice_manual_lines WHERE tenant_id = $1 AND invoice_id = $2 AND kind = 'amount'
    UNION ALL
    SELECT 'fee', 4, 0, created_utc, id, NULL, shipping_charge, NULL, NULL, shipping_charge_is_taxable, 0
    FROM invoices WHERE tenant_id = $1 AND id = $2 AND shipping_charge > 0
    UNION ALL
    SELECT 'discount', 5, 0, created_utc, id, NULL, value, is_percentage, NULL, false, 0
    FROM invoice_discount_lines WHERE tenant_id = $1 AND invoice_id = $2
    UNION ALL
    SELECT 'tax', 6, 0, created_utc, id, NULL, rate, NULL, NULL, false, 0
    FROM invoice_tax_lines WHERE tenant_id = $1 AND invoice_id = $2
) l
ORDER BY place, n, created_utc, id`

// pricedDocument is what doclines prices of an invoice, with the id of each of its lines and
// fees (the shipping charge's is the invoice's), in the document's order.
type pricedDocument struct {
	doclines.Document
	LineIDs, FeeIDs []string
}

// document reads what doclines prices of an invoice's lines: one statement.
func (totalsStore) document(ctx context.Context, q db.Q, tenantID, invoiceID string) (pricedDocument, error) {
	var rows []struct {
		Kind          string `db:"kind"`
		ID            string `db:"id"`
		Quantity      *dec   `db:"quantity"`
		Price         dec    `db:"price"`
		IsPercentage  *bool  `db:"is_percentage"`
		DiscountValue *dec   `db:"discount_value"`
		Taxable       bool   `db:"is_taxable"`
		TaxRate       dec    `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, pricedSQL, tenantID, invoiceID); err != nil {
		return pricedDocument{}, fmt.Errorf("read invoice lines for totals: %w", err)
	}
	var doc pricedDocument
	for _, r := range rows {
		switch r.Kind {
		case "part":
			l := doclines.Line{Quantity: *r.Quantity, Price: r.Price, Taxable: r.Taxable, TaxRate: r.TaxRate}
			if r.IsPercentage != nil && r.DiscountValue != nil {
				l.Discount = &doclines.Discount{Percentage: *r.IsPercentage, Value: *r.DiscountValue}
			}
			doc.Lines, doc.LineIDs = append(doc.Lines, l), append(doc.LineIDs, r.ID)
		case "fee":
			doc.Fees = append(doc.Fees, doclines.Fee{Amount: r.Price, Taxable: r.Taxable, TaxRate: r.TaxRate})
			doc.FeeIDs = append(doc.FeeIDs, r.ID)
		case "discount":
			doc.Discount = &doclines.Discount{Percentage: *r.IsPercentage, Value: r.Price}
		case "tax":
			doc.TaxLines = append(doc.TaxLines, doclines.TaxLine{Rate: r.Price})
		}
	}
	return doc, nil
}

const saveTotalsSQL = `
UPDATE invoices SET line_sub_total = $3, fee_total = $4, line_items_total = $5, discount_total = $6,
       taxable_base = $7, non_taxable_base = $8, tax_total = $9, total = $10, sub_total = $11, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (totalsStore) saveTotals(ctx context.Context, q db.Q, tenantID, invoiceID string, t storedTotals) error {
	_, err := q.ExecContext(ctx, saveTotalsSQL, tenantID, invoiceID, t.LineSubTotal, t.FeeTotal, t.LineItemsTotal,
		t.Discount, t.TaxableBase, t.NonTaxableBase, t.Tax, t.Total, t.SubTotal)
	if err != nil {
		return fmt.Errorf("save invoice totals: %w", err)
	}
	return nil
}
