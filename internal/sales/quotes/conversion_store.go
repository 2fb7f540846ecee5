package quotes

import (
	"context"
	"fmt"
	"math"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// conversionStore reads a quote as a sales order copies it.
type conversionStore struct{}

const (
	conversionFeeLinesSQL = `
SELECT name, description, amount, is_taxable, tax_rate_id, tax_rate FROM quote_fee_lines
WHERE tenant_id = $1 AND quote_id = $2 ORDER BY created_utc, id`
	conversionTaxLinesSQL = `
SELECT tax_rate_id, name, rate FROM quote_tax_lines
WHERE tenant_id = $1 AND quote_id = $2 ORDER BY created_utc, id`
	conversionDiscountLineSQL = `
SELECT name, is_percentage, value FROM quote_discount_lines WHERE tenant_id = $1 AND quote_id = $2`
)

// lines reads the part, fee, tax and discount lines of quote, in four statements.
func (conversionStore) lines(ctx context.Context, q db.Q, tenantID string, quote Quote) (SalesOrderSource, error) {
	src, quoteID := SalesOrderSource{Quote: quote}, quote.ID
	// Every line, in line order: the part line list's one statement without a page limit.
	lines, err := partLinesStore{}.list(ctx, q, tenantID, quoteID, PartLineFilter{},
		listing.Page{OrderBy: "l.line_number, l.id", Limit: math.MaxInt32})
	if err != nil {
		return SalesOrderSource{}, err
	}
	src.PartLines = lines
	if err := sqlx.SelectContext(ctx, q, &src.FeeLines, conversionFeeLinesSQL, tenantID, quoteID); err != nil {
		return SalesOrderSource{}, fmt.Errorf("read quote fee lines for conversion: %w", err)
	}
	if err := sqlx.SelectContext(ctx, q, &src.TaxLines, conversionTaxLinesSQL, tenantID, quoteID); err != nil {
		return SalesOrderSource{}, fmt.Errorf("read quote tax lines for conversion: %w", err)
	}
	var discounts []SourceDiscountLine
	if err := sqlx.SelectContext(ctx, q, &discounts, conversionDiscountLineSQL, tenantID, quoteID); err != nil {
		return SalesOrderSource{}, fmt.Errorf("read quote discount line for conversion: %w", err)
	}
	if len(discounts) > 0 {
		src.Discount = &discounts[0]
	}
	return src, nil
}

const markWonSQL = `
UPDATE quotes SET status = 'won', modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND status <> 'won'`

func (conversionStore) markWon(ctx context.Context, q db.Q, tenantID, quoteID string) error {
	if _, err := q.ExecContext(ctx, markWonSQL, tenantID, quoteID); err != nil {
		return fmt.Errorf("mark quote won: %w", err)
	}
	return nil
}
