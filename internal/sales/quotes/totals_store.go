package quotes

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
FROM quote_part_lines WHERE tenant_id = $1 AND quote_id = $2
ORDER BY line_number, id`
	pricedFeeLinesSQL = `
SELECT amount, is_taxable, tax_rate
FROM quote_fee_lines WHERE tenant_id = $1 AND quote_id = $2
ORDER BY created_utc, id`
	// The discount line and the tax lines in one statement: kind 'discount' carries
	// is_percentage and value, kind 'tax' the rate in value.
	pricedDocumentLinesSQL = `
SELECT 'discount' AS kind, is_percentage, value, created_utc, id FROM quote_discount_lines
WHERE tenant_id = $1 AND quote_id = $2
UNION ALL
SELECT 'tax', false, rate, created_utc, id FROM quote_tax_lines
WHERE tenant_id = $1 AND quote_id = $2
ORDER BY 1, 4, 5`
)

// document reads what doclines prices of a quote's lines: three statements.
func (totalsStore) document(ctx context.Context, q db.Q, tenantID, quoteID string) (doclines.Document, error) {
	var parts []struct {
		Quantity     dec   `db:"quantity"`
		Price        dec   `db:"unit_price"`
		IsPercentage *bool `db:"discount_is_percentage"`
		Value        *dec  `db:"discount_value"`
		Taxable      bool  `db:"is_taxable"`
		TaxRate      dec   `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &parts, pricedPartLinesSQL, tenantID, quoteID); err != nil {
		return doclines.Document{}, fmt.Errorf("read quote part lines for totals: %w", err)
	}
	var fees []struct {
		Amount  dec  `db:"amount"`
		Taxable bool `db:"is_taxable"`
		TaxRate dec  `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &fees, pricedFeeLinesSQL, tenantID, quoteID); err != nil {
		return doclines.Document{}, fmt.Errorf("read quote fee lines for totals: %w", err)
	}
	var others []struct {
		Kind         string    `db:"kind"`
		IsPercentage bool      `db:"is_percentage"`
		Value        dec       `db:"value"`
		CreatedUtc   time.Time `db:"created_utc"`
		ID           string    `db:"id"`
	}
	if err := sqlx.SelectContext(ctx, q, &others, pricedDocumentLinesSQL, tenantID, quoteID); err != nil {
		return doclines.Document{}, fmt.Errorf("read quote discount and tax lines for totals: %w", err)
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
	for _, o := range others {
		if o.Kind == "discount" {
			doc.Discount = &doclines.Discount{Percentage: o.IsPercentage, Value: o.Value}
		} else {
			doc.TaxLines = append(doc.TaxLines, doclines.TaxLine{Rate: o.Value})
		}
	}
	return doc, nil
}

const saveTotalsSQL = `
UPDATE quotes SET line_sub_total = $3, fee_total = $4, sub_total = $5, discount_total = $6,
       taxable_base = $7, non_taxable_base = $8, tax_total = $9, total = $10, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (totalsStore) saveTotals(ctx context.Context, q db.Q, tenantID, quoteID string, t Totals) error {
	_, err := q.ExecContext(ctx, saveTotalsSQL, tenantID, quoteID, t.LineSubTotal, t.FeeTotal, t.SubTotal,
		t.Discount, t.TaxableBase, t.NonTaxableBase, t.Tax, t.Total)
	if err != nil {
		return fmt.Errorf("save quote totals: %w", err)
	}
	return nil
}
