package quotes

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// conversionStore reads a quote as a sales order copies it.
type conversionStore struct{}

const (
	conversionPartLinesSQL = `
SELECT id, line_number, item_id, description, quantity, unit_of_measure_name, inventory_quantity, unit_price,
       pricing_scheme, margin, estimated_unit_cost, discount_is_percentage, discount_value, is_taxable,
       tax_rate_id, tax_rate, lead_time_days, notes, custom_fields
FROM quote_part_lines WHERE tenant_id = $1 AND quote_id = $2
ORDER BY line_number, id`
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
	if err := sqlx.SelectContext(ctx, q, &src.PartLines, conversionPartLinesSQL, tenantID, quoteID); err != nil {
		return SalesOrderSource{}, fmt.Errorf("read quote part lines for conversion: %w", err)
	}
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
