package salesorders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/quotes"
)

// conversionStore writes the sales order a quote converts into.
type conversionStore struct{}

const orderOfQuoteSQL = `SELECT number FROM sales_orders WHERE tenant_id = $1 AND quote_id = $2 AND NOT deleted`

// orderOfQuote answers the number of the live (not deleted) sales order made of quote quoteID.
func (conversionStore) orderOfQuote(ctx context.Context, q db.Q, tenantID, quoteID string) (number int64, found bool, err error) {
	err = q.QueryRowxContext(ctx, orderOfQuoteSQL, tenantID, quoteID).Scan(&number)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("find the sales order of a quote: %w", err)
	}
	return number, true, nil
}

// The fee and tax lines keep the quote's order: each is stamped a microsecond after the one
// before it (lists and the totals order them by created_utc, then id).
const (
	insertConvertedFeesSQL = `
INSERT INTO sales_order_fee_lines (tenant_id, sales_order_id, id, name, description, amount, is_taxable, tax_rate_id,
    tax_rate, created_utc, modified_utc)
SELECT $1, $2, l.id, l.name, l.description, l.amount, l.is_taxable, l.tax_rate_id, l.tax_rate,
    now() + l.place * interval '1 microsecond', now() + l.place * interval '1 microsecond'
FROM jsonb_to_recordset($3::jsonb) AS l(id text, name text, description text, amount numeric, is_taxable boolean,
    tax_rate_id text, tax_rate numeric, place integer)`
	insertConvertedTaxesSQL = `
INSERT INTO sales_order_tax_lines (tenant_id, sales_order_id, id, tax_rate_id, name, rate, created_utc, modified_utc)
SELECT $1, $2, l.id, l.tax_rate_id, l.name, l.rate,
    now() + l.place * interval '1 microsecond', now() + l.place * interval '1 microsecond'
FROM jsonb_to_recordset($3::jsonb) AS l(id text, tax_rate_id text, name text, rate numeric, place integer)`
	insertConvertedDiscountSQL = `
INSERT INTO sales_order_discount_lines (tenant_id, sales_order_id, id, name, is_percentage, value)
VALUES ($1, $2, $3, $4, $5, $6)`
)

// insertDocumentLines copies the quote's fee, tax and discount lines to the order: a statement
// per kind the quote has.
func (conversionStore) insertDocumentLines(ctx context.Context, q db.Q, tenantID, orderID string, src quotes.SalesOrderSource) error {
	if len(src.FeeLines) > 0 {
		type fee struct {
			ID          string  `json:"id"`
			Name        string  `json:"name"`
			Description *string `json:"description"`
			Amount      dec     `json:"amount"`
			IsTaxable   bool    `json:"is_taxable"`
			TaxRateID   *string `json:"tax_rate_id"`
			TaxRate     dec     `json:"tax_rate"`
			Place       int     `json:"place"`
		}
		rows := make([]fee, len(src.FeeLines))
		for i, f := range src.FeeLines {
			rows[i] = fee{ID: ids.NewSub(), Name: f.Name, Description: f.Description, Amount: f.Amount, IsTaxable: f.IsTaxable,
				TaxRateID: f.TaxRateID, TaxRate: f.TaxRate, Place: i}
		}
		if err := execJSON(ctx, q, insertConvertedFeesSQL, tenantID, orderID, rows); err != nil {
			return fmt.Errorf("insert converted sales order fee lines: %w", err)
		}
	}
	if len(src.TaxLines) > 0 {
		type tax struct {
			ID        string `json:"id"`
			TaxRateID string `json:"tax_rate_id"`
			Name      string `json:"name"`
			Rate      dec    `json:"rate"`
			Place     int    `json:"place"`
		}
		rows := make([]tax, len(src.TaxLines))
		for i, t := range src.TaxLines {
			rows[i] = tax{ID: ids.NewSub(), TaxRateID: t.TaxRateID, Name: t.Name, Rate: t.Rate, Place: i}
		}
		if err := execJSON(ctx, q, insertConvertedTaxesSQL, tenantID, orderID, rows); err != nil {
			return fmt.Errorf("insert converted sales order tax lines: %w", err)
		}
	}
	if d := src.Discount; d != nil {
		if _, err := q.ExecContext(ctx, insertConvertedDiscountSQL, tenantID, orderID, ids.NewSub(), d.Name, d.IsPercentage, d.Value); err != nil {
			return fmt.Errorf("insert converted sales order discount line: %w", err)
		}
	}
	return nil
}

// execJSON runs stmt with the tenant, the order and rows as a JSON array.
func execJSON(ctx context.Context, q db.Q, stmt, tenantID, orderID string, rows any) error {
	b, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, stmt, tenantID, orderID, string(b))
	return err
}
