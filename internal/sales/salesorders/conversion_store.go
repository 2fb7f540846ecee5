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
	"mos/internal/stock/routing"
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

// convertedLine is a part line as the conversion's one INSERT reads it from JSON.
type convertedLine struct {
	ID                   string          `json:"id"`
	RoutingID            string          `json:"routing_id"`
	LineNumber           int             `json:"line_number"`
	ItemID               string          `json:"item_id"`
	Description          *string         `json:"description"`
	Quantity             dec             `json:"quantity"`
	UnitName             string          `json:"unit_of_measure_name"`
	InventoryQuantity    *dec            `json:"inventory_quantity"`
	UnitPrice            dec             `json:"unit_price"`
	PricingScheme        string          `json:"pricing_scheme"`
	Margin               *dec            `json:"margin"`
	EstimatedUnitCost    *dec            `json:"estimated_unit_cost"`
	DiscountIsPercentage *bool           `json:"discount_is_percentage"`
	DiscountValue        *dec            `json:"discount_value"`
	IsTaxable            bool            `json:"is_taxable"`
	TaxRateID            *string         `json:"tax_rate_id"`
	TaxRate              dec             `json:"tax_rate"`
	LeadTimeDays         *int32          `json:"lead_time_days"`
	Notes                *string         `json:"notes"`
	CustomFields         json.RawMessage `json:"custom_fields"`
	QuotePartLineID      string          `json:"quote_part_line_id"`
}

const insertConvertedLinesSQL = `
INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, description,
    quantity, unit_of_measure_name, inventory_quantity, unit_price, pricing_scheme, margin, estimated_unit_cost,
    discount_is_percentage, discount_value, is_taxable, tax_rate_id, tax_rate, lead_time_days, notes, custom_fields,
    quote_part_line_id)
SELECT $1, $2, l.id, l.routing_id, l.line_number, l.item_id, l.description, l.quantity, l.unit_of_measure_name,
    l.inventory_quantity, l.unit_price, l.pricing_scheme, l.margin, l.estimated_unit_cost, l.discount_is_percentage,
    l.discount_value, l.is_taxable, l.tax_rate_id, l.tax_rate, l.lead_time_days, l.notes, COALESCE(l.custom_fields, '{}'),
    l.quote_part_line_id
FROM jsonb_to_recordset($3::jsonb) AS l(id text, routing_id text, line_number integer, item_id text, description text,
    quantity numeric, unit_of_measure_name text, inventory_quantity numeric, unit_price numeric, pricing_scheme text,
    margin numeric, estimated_unit_cost numeric, discount_is_percentage boolean, discount_value numeric,
    is_taxable boolean, tax_rate_id text, tax_rate numeric, lead_time_days integer, notes text, custom_fields jsonb,
    quote_part_line_id text)`

// insertPartLines stores the chosen quote lines as the order's part lines, numbered 1, 2, 3 …
// in one statement, and answers the routing copies they take.
func (conversionStore) insertPartLines(ctx context.Context, q db.Q, tenantID, orderID string, lines []quotes.SourcePartLine) ([]routing.CopyPair, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	rows := make([]convertedLine, len(lines))
	from, to := make([]string, len(lines)), make([]string, len(lines))
	for i, l := range lines {
		rows[i] = convertedLine{
			ID: ids.NewSub(), RoutingID: ids.NewSub(), LineNumber: i + 1, ItemID: l.ItemID, Description: l.Description,
			Quantity: l.Quantity, UnitName: l.UnitName, InventoryQuantity: l.InventoryQuantity, UnitPrice: l.UnitPrice,
			PricingScheme: l.PricingScheme, Margin: l.Margin, EstimatedUnitCost: l.EstimatedUnitCost,
			DiscountIsPercentage: l.DiscountIsPercentage, DiscountValue: l.DiscountValue, IsTaxable: l.IsTaxable,
			TaxRateID: l.TaxRateID, TaxRate: l.TaxRate, LeadTimeDays: l.LeadTimeDays, Notes: l.Notes,
			CustomFields: json.RawMessage(l.CustomFields), QuotePartLineID: l.ID,
		}
		from[i], to[i] = l.ID, rows[i].ID
	}
	if err := execJSON(ctx, q, insertConvertedLinesSQL, tenantID, orderID, rows); err != nil {
		return nil, fmt.Errorf("insert converted sales order part lines: %w", err)
	}
	return lineRoutingPairs(from, to), nil
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
