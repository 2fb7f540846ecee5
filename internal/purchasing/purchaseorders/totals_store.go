package purchaseorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/doclines"
)

type totalsStore struct{}

const orderCurrencySQL = `SELECT currency_code FROM purchase_orders WHERE tenant_id = $1 AND id = $2`

// orderCurrency answers the currency of the tenant's purchase order orderID, deleted or not;
// a missing order is NotFound.
func (totalsStore) orderCurrency(ctx context.Context, q db.Q, tenantID, orderID string) (string, error) {
	var code string
	err := q.QueryRowxContext(ctx, orderCurrencySQL, tenantID, orderID).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.NotFound("purchase order %s not found", orderID)
	}
	if err != nil {
		return "", fmt.Errorf("read purchase order currency: %w", err)
	}
	return code, nil
}

// The priced members of each line kind, in the lines' order: part and outside-processing
// lines by their shared line number, the others oldest first. That is the order doclines
// shares the document discount and the tax lines in.
const (
	pricedLinesSQL = `
SELECT id, quantity, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate, tax_rate_id, line_number
FROM purchase_order_part_lines WHERE tenant_id = $1 AND purchase_order_id = $2
UNION ALL
SELECT id, quantity, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate, tax_rate_id, line_number
FROM purchase_order_outside_processing_lines WHERE tenant_id = $1 AND purchase_order_id = $2
ORDER BY line_number`
	pricedFeeLinesSQL = `
SELECT id, amount, is_taxable, tax_rate, tax_rate_id FROM purchase_order_fee_lines
WHERE tenant_id = $1 AND purchase_order_id = $2
ORDER BY created_utc, id`
	// The discount line, the tax lines and the vendor credits in one statement: kind
	// 'discount' carries is_percentage and value, kind 'tax' the rate in value with its tax
	// rate and name, kind 'credit' the amount.
	pricedDocumentLinesSQL = `
SELECT 'discount' AS kind, id, is_percentage, value, '' AS tax_rate_id, '' AS name, created_utc
FROM purchase_order_discount_lines WHERE tenant_id = $1 AND purchase_order_id = $2
UNION ALL
SELECT 'tax', id, false, rate, tax_rate_id, name, created_utc
FROM purchase_order_tax_lines WHERE tenant_id = $1 AND purchase_order_id = $2
UNION ALL
SELECT 'credit', id, false, amount, '', '', created_utc
FROM purchase_order_vendor_credit_lines WHERE tenant_id = $1 AND purchase_order_id = $2
ORDER BY 1, 7, 2`
)

// priced reads what doclines prices of a purchase order's lines: three statements.
func (totalsStore) priced(ctx context.Context, q db.Q, tenantID, orderID string) (pricedOrder, error) {
	var lines []struct {
		ID           string       `db:"id"`
		Quantity     dec.Decimal  `db:"quantity"`
		Price        dec.Decimal  `db:"unit_price"`
		IsPercentage *bool        `db:"discount_is_percentage"`
		Value        *dec.Decimal `db:"discount_value"`
		Taxable      bool         `db:"is_taxable"`
		TaxRate      dec.Decimal  `db:"tax_rate"`
		TaxRateID    *string      `db:"tax_rate_id"`
		LineNumber   int          `db:"line_number"`
	}
	if err := sqlx.SelectContext(ctx, q, &lines, pricedLinesSQL, tenantID, orderID); err != nil {
		return pricedOrder{}, fmt.Errorf("read purchase order lines for totals: %w", err)
	}
	var fees []struct {
		ID        string      `db:"id"`
		Amount    dec.Decimal `db:"amount"`
		Taxable   bool        `db:"is_taxable"`
		TaxRate   dec.Decimal `db:"tax_rate"`
		TaxRateID *string     `db:"tax_rate_id"`
	}
	if err := sqlx.SelectContext(ctx, q, &fees, pricedFeeLinesSQL, tenantID, orderID); err != nil {
		return pricedOrder{}, fmt.Errorf("read purchase order fee lines for totals: %w", err)
	}
	var others []struct {
		Kind         string      `db:"kind"`
		ID           string      `db:"id"`
		IsPercentage bool        `db:"is_percentage"`
		Value        dec.Decimal `db:"value"`
		TaxRateID    string      `db:"tax_rate_id"`
		Name         string      `db:"name"`
		CreatedUtc   time.Time   `db:"created_utc"`
	}
	if err := sqlx.SelectContext(ctx, q, &others, pricedDocumentLinesSQL, tenantID, orderID); err != nil {
		return pricedOrder{}, fmt.Errorf("read purchase order discount, tax and vendor-credit lines for totals: %w", err)
	}
	var p pricedOrder
	for _, l := range lines {
		line := doclines.Line{Quantity: l.Quantity, Price: l.Price, Taxable: l.Taxable, TaxRate: l.TaxRate}
		if l.IsPercentage != nil && l.Value != nil {
			line.Discount = &doclines.Discount{Percentage: *l.IsPercentage, Value: *l.Value}
		}
		p.Doc.Lines = append(p.Doc.Lines, line)
		p.Lines = append(p.Lines, pricedLine{ID: l.ID, TaxRateID: l.TaxRateID})
	}
	for _, f := range fees {
		p.Doc.Fees = append(p.Doc.Fees, doclines.Fee{Amount: f.Amount, Taxable: f.Taxable, TaxRate: f.TaxRate})
		p.Fees = append(p.Fees, pricedLine{ID: f.ID, TaxRateID: f.TaxRateID})
	}
	for _, o := range others {
		switch o.Kind {
		case "discount":
			p.Doc.Discount = &doclines.Discount{Percentage: o.IsPercentage, Value: o.Value}
		case "tax":
			p.Doc.TaxLines = append(p.Doc.TaxLines, doclines.TaxLine{Rate: o.Value})
			p.TaxLines = append(p.TaxLines, pricedTaxLine{ID: o.ID, TaxRateID: o.TaxRateID, Name: o.Name, Rate: o.Value})
		default:
			p.VendorCredits = dec.Decimal{Decimal: p.VendorCredits.Add(o.Value.Decimal)}
		}
	}
	return p, nil
}

const saveTotalsSQL = `
UPDATE purchase_orders SET line_sub_total = $3, fee_total = $4, sub_total = $5, discount_total = $6,
       taxable_base = $7, non_taxable_base = $8, tax_total = $9, vendor_credit_total = $10, total = $11,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (totalsStore) saveTotals(ctx context.Context, q db.Q, tenantID, orderID string, t storedTotals) error {
	_, err := q.ExecContext(ctx, saveTotalsSQL, tenantID, orderID, t.LineSubTotal, t.FeeTotal, t.SubTotal,
		t.Discount, t.TaxableBase, t.NonTaxableBase, t.Tax, t.VendorCredit, t.Total)
	if err != nil {
		return fmt.Errorf("save purchase order totals: %w", err)
	}
	return nil
}
