package salesorders

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/taxrates"
)

// insertAutoTaxLinesSQL adds one tax line per rate to a new order, copying each rate's name
// and percentage, in one statement; the arrays are the rates in the customer's order.
const insertAutoTaxLinesSQL = `
INSERT INTO sales_order_tax_lines (tenant_id, sales_order_id, id, tax_rate_id, name, rate, created_utc)
SELECT $1, $2, r.id, r.tax_rate_id, r.name, r.rate, clock_timestamp() + (r.place * interval '1 microsecond')
FROM unnest($3::text[], $4::text[], $5::text[], $6::numeric[]) WITH ORDINALITY AS r(id, tax_rate_id, name, rate, place)`

// insertAutoTaxLines stores the tax lines a new order takes from its customer's rates.
func (orderStore) insertAutoTaxLines(ctx context.Context, q db.Q, tenantID, orderID string, rates []taxrates.TaxRate) error {
	if len(rates) == 0 {
		return nil
	}
	lineIDs, rateIDs, names, percents := make([]string, len(rates)), make([]string, len(rates)), make([]string, len(rates)), make([]string, len(rates))
	for i, r := range rates {
		lineIDs[i], rateIDs[i], names[i], percents[i] = ids.NewSub(), r.ID, r.Name, r.Rate.String()
	}
	_, err := q.ExecContext(ctx, insertAutoTaxLinesSQL, tenantID, orderID, db.Array(lineIDs), db.Array(rateIDs), db.Array(names), db.Array(percents))
	if err != nil {
		return fmt.Errorf("add the customer's tax lines: %w", err)
	}
	return nil
}
