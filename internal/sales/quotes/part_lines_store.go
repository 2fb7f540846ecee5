package quotes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/stock/items"
)

type partLinesStore struct{}

type partLineRow struct {
	ID                   string    `db:"id"`
	QuoteID              string    `db:"quote_id"`
	RoutingID            string    `db:"routing_id"`
	LineNumber           int32     `db:"line_number"`
	ItemID               string    `db:"item_id"`
	ItemNumber           string    `db:"item_number"`
	ItemRevision         *string   `db:"item_revision"`
	ItemDescription      *string   `db:"item_description"`
	Description          *string   `db:"description"`
	Quantity             dec       `db:"quantity"`
	InventoryQuantity    *dec      `db:"inventory_quantity"`
	UnitName             string    `db:"unit_of_measure_name"`
	UnitPrice            dec       `db:"unit_price"`
	PricingScheme        string    `db:"pricing_scheme"`
	Margin               *dec      `db:"margin"`
	EstimatedUnitCost    *dec      `db:"estimated_unit_cost"`
	DiscountIsPercentage *bool     `db:"discount_is_percentage"`
	DiscountValue        *dec      `db:"discount_value"`
	IsTaxable            bool      `db:"is_taxable"`
	TaxRateID            *string   `db:"tax_rate_id"`
	TaxRate              dec       `db:"tax_rate"`
	LeadTimeDays         *int32    `db:"lead_time_days"`
	Notes                *string   `db:"notes"`
	CustomFields         []byte    `db:"custom_fields"`
	Currency             string    `db:"currency_code"`
	CreatedUtc           time.Time `db:"created_utc"`
	ModifiedUtc          time.Time `db:"modified_utc"`
}

// toPartLine is the row as a line, its amounts computed in its quote's currency.
func (r partLineRow) toPartLine() (PartLine, error) {
	l := PartLine{
		ID: r.ID, QuoteID: r.QuoteID, RoutingID: r.RoutingID, LineNumber: r.LineNumber, ItemID: r.ItemID,
		Item:        ItemRef{ID: r.ItemID, Number: r.ItemNumber, Revision: r.ItemRevision, Description: r.ItemDescription},
		Description: r.Description, Quantity: r.Quantity, InventoryQuantity: r.InventoryQuantity, UnitName: r.UnitName,
		UnitPrice: r.UnitPrice, PricingScheme: PricingScheme(r.PricingScheme), Margin: r.Margin, EstimatedUnitCost: r.EstimatedUnitCost,
		IsTaxable: r.IsTaxable, TaxRateID: r.TaxRateID, TaxRate: r.TaxRate, LeadTimeDays: r.LeadTimeDays, Notes: r.Notes,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
		l.Discount = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
	}
	l.CustomFields = map[string]any{}
	if len(r.CustomFields) > 0 {
		if err := json.Unmarshal(r.CustomFields, &l.CustomFields); err != nil {
			return PartLine{}, fmt.Errorf("decode quote part line custom fields: %w", err)
		}
	}
	// The line alone: its own amounts do not depend on the other lines.
	t, err := doclines.Document{Lines: []doclines.Line{{
		Quantity: l.Quantity, Price: l.UnitPrice, Discount: l.Discount, Taxable: l.IsTaxable, TaxRate: l.TaxRate,
	}}}.Compute(currency.MinorUnits(r.Currency))
	if err != nil {
		return PartLine{}, fmt.Errorf("price quote part line %s: %w", l.ID, err)
	}
	l.Amounts = t.Lines[0]
	return l, nil
}

// partLineSelect reads part lines aliased l with their item (it) and their quote's currency.
var partLineSelect = `
SELECT l.id, l.quote_id, l.routing_id, l.line_number, l.item_id, it.number AS item_number,
       it.revision AS item_revision, it.description AS item_description, l.description, l.quantity, l.inventory_quantity,
       l.unit_of_measure_name, l.unit_price, l.pricing_scheme, l.margin, l.estimated_unit_cost,
       l.discount_is_percentage, l.discount_value, l.is_taxable, l.tax_rate_id, l.tax_rate, l.lead_time_days,
       l.notes, l.custom_fields, qt.currency_code, l.created_utc, l.modified_utc
FROM quote_part_lines l
JOIN quotes qt ON qt.tenant_id = l.tenant_id AND qt.id = l.quote_id
` + items.JoinSQL("it", "l.tenant_id", "l.item_id")

var (
	getPartLineSQL       = partLineSelect + ` WHERE l.tenant_id = $1 AND l.quote_id = $2 AND l.id = $3`
	getPartLineLockedSQL = getPartLineSQL + ` FOR UPDATE OF l`
)

// get reads one line of the quote (NotFound when the quote has none of that id), locking it
// until q's transaction ends when lock is set.
func (partLinesStore) get(ctx context.Context, q db.Q, tenantID, quoteID, lineID string, lock bool) (PartLine, error) {
	query := getPartLineSQL
	if lock {
		query = getPartLineLockedSQL
	}
	var r partLineRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, quoteID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return PartLine{}, apperr.NotFound("quote part line %s not found", lineID)
	}
	if err != nil {
		return PartLine{}, fmt.Errorf("get quote part line: %w", err)
	}
	return r.toPartLine()
}

var partLineSortFields = map[string]string{
	"lineNumber": "l.line_number",
	"createdUtc": "l.created_utc",
	"quantity":   "l.quantity",
	"unitPrice":  "l.unit_price",
	"id":         "l.id",
}

var partLineListSpec = listing.Spec{Fields: partLineSortFields, Default: "lineNumber", IDColumn: "l.id"}

// list reads a page of the quote's lines in one statement.
func (partLinesStore) list(ctx context.Context, q db.Q, tenantID, quoteID string, f PartLineFilter, p listing.Page) ([]PartLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.quote_id = %s", quoteID)
	if len(f.IDs) > 0 {
		lq.Where("l.id = ANY(%s)", db.Array(f.IDs))
	}
	if len(f.ItemIDs) > 0 {
		lq.Where("l.item_id = ANY(%s)", db.Array(f.ItemIDs))
	}
	query, args := lq.SQL(partLineSelect, p)
	var rows []partLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list quote part lines: %w", err)
	}
	out := make([]PartLine, len(rows))
	for i, r := range rows {
		l, err := r.toPartLine()
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}

const maxLineNumberSQL = `SELECT COALESCE(max(line_number), 0) FROM quote_part_lines WHERE tenant_id = $1 AND quote_id = $2`

// maxLineNumber is the quote's highest line number, 0 without lines.
func (partLinesStore) maxLineNumber(ctx context.Context, q db.Q, tenantID, quoteID string) (int32, error) {
	var n int32
	if err := q.QueryRowxContext(ctx, maxLineNumberSQL, tenantID, quoteID).Scan(&n); err != nil {
		return 0, fmt.Errorf("quote's last line number: %w", err)
	}
	return n, nil
}

// partLineWriteRow is a line as the insert's JSON carries it.
type partLineWriteRow struct {
	ID                   string          `json:"id"`
	QuoteID              string          `json:"quote_id"`
	RoutingID            string          `json:"routing_id"`
	LineNumber           int32           `json:"line_number"`
	ItemID               string          `json:"item_id"`
	Description          *string         `json:"description"`
	Quantity             dec             `json:"quantity"`
	InventoryQuantity    *dec            `json:"inventory_quantity"`
	UnitName             string          `json:"unit_of_measure_name"`
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
}

func writeRowOf(l PartLine) (partLineWriteRow, error) {
	cf, err := json.Marshal(l.CustomFields)
	if err != nil {
		return partLineWriteRow{}, fmt.Errorf("encode quote part line custom fields: %w", err)
	}
	r := partLineWriteRow{
		ID: l.ID, QuoteID: l.QuoteID, RoutingID: l.RoutingID, LineNumber: l.LineNumber, ItemID: l.ItemID,
		Description: l.Description, Quantity: l.Quantity, InventoryQuantity: l.InventoryQuantity, UnitName: l.UnitName,
		UnitPrice: l.UnitPrice, PricingScheme: string(l.PricingScheme), Margin: l.Margin, EstimatedUnitCost: l.EstimatedUnitCost,
		IsTaxable: l.IsTaxable, TaxRateID: l.TaxRateID, TaxRate: l.TaxRate, LeadTimeDays: l.LeadTimeDays,
		Notes: l.Notes, CustomFields: cf,
	}
	if l.Discount != nil {
		pct, v := l.Discount.Percentage, l.Discount.Value
		r.DiscountIsPercentage, r.DiscountValue = &pct, &v
	}
	return r, nil
}

// insertPartLinesSQL inserts every line of $2, a JSON array of partLineWriteRow, in one
// statement (JSON carries the nulls and exact decimals that arrays of text cannot).
const insertPartLinesSQL = `
INSERT INTO quote_part_lines (tenant_id, id, quote_id, routing_id, line_number, item_id, description, quantity, inventory_quantity,
       unit_of_measure_name, unit_price, pricing_scheme, margin, estimated_unit_cost, discount_is_percentage,
       discount_value, is_taxable, tax_rate_id, tax_rate, lead_time_days, notes, custom_fields)
SELECT $1, r.id, r.quote_id, r.routing_id, r.line_number, r.item_id, r.description, r.quantity, r.inventory_quantity,
       r.unit_of_measure_name, r.unit_price, r.pricing_scheme, r.margin, r.estimated_unit_cost, r.discount_is_percentage,
       r.discount_value, r.is_taxable, r.tax_rate_id, r.tax_rate, r.lead_time_days, r.notes, r.custom_fields
FROM jsonb_to_recordset($2::jsonb) AS r(id text, quote_id text, routing_id text, line_number integer, item_id text,
       description text, quantity numeric, inventory_quantity numeric, unit_of_measure_name text, unit_price numeric, pricing_scheme text,
       margin numeric, estimated_unit_cost numeric, discount_is_percentage boolean, discount_value numeric,
       is_taxable boolean, tax_rate_id text, tax_rate numeric, lead_time_days integer, notes text, custom_fields jsonb)`

// insert stores lines in one statement.
func (partLinesStore) insert(ctx context.Context, q db.Q, tenantID string, lines []PartLine) error {
	rows := make([]partLineWriteRow, len(lines))
	for i, l := range lines {
		r, err := writeRowOf(l)
		if err != nil {
			return err
		}
		rows[i] = r
	}
	doc, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("encode quote part lines: %w", err)
	}
	if _, err := q.ExecContext(ctx, insertPartLinesSQL, tenantID, string(doc)); err != nil {
		return fmt.Errorf("insert quote part lines: %w", err)
	}
	return nil
}

const updatePartLineSQL = `
UPDATE quote_part_lines SET line_number = $4, item_id = $5, description = $6, quantity = $7,
       unit_of_measure_name = $8, unit_price = $9, pricing_scheme = $10, margin = $11, estimated_unit_cost = $12,
       discount_is_percentage = $13, discount_value = $14, is_taxable = $15, tax_rate_id = $16, tax_rate = $17,
       lead_time_days = $18, notes = $19, custom_fields = $20, inventory_quantity = $21, modified_utc = now()
WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// update stores every member of l.
func (partLinesStore) update(ctx context.Context, q db.Q, tenantID string, l PartLine) error {
	r, err := writeRowOf(l)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, updatePartLineSQL, tenantID, l.QuoteID, l.ID, r.LineNumber, r.ItemID, r.Description,
		r.Quantity, r.UnitName, r.UnitPrice, r.PricingScheme, r.Margin, r.EstimatedUnitCost, r.DiscountIsPercentage,
		r.DiscountValue, r.IsTaxable, r.TaxRateID, r.TaxRate, r.LeadTimeDays, r.Notes, string(r.CustomFields), r.InventoryQuantity)
	if err != nil {
		return fmt.Errorf("update quote part line: %w", err)
	}
	return nil
}

const setPartLineCustomFieldsSQL = `
UPDATE quote_part_lines SET custom_fields = $4, modified_utc = now() WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

func (partLinesStore) setCustomFields(ctx context.Context, q db.Q, tenantID, quoteID, lineID string, values map[string]any) error {
	doc, err := json.Marshal(values)
	if err != nil {
		return fmt.Errorf("encode quote part line custom fields: %w", err)
	}
	if _, err := q.ExecContext(ctx, setPartLineCustomFieldsSQL, tenantID, quoteID, lineID, string(doc)); err != nil {
		return fmt.Errorf("replace quote part line custom fields: %w", err)
	}
	return nil
}

const deletePartLineSQL = `DELETE FROM quote_part_lines WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// delete removes the quote's line; false when it has none of that id.
func (partLinesStore) delete(ctx context.Context, q db.Q, tenantID, quoteID, lineID string) (bool, error) {
	res, err := q.ExecContext(ctx, deletePartLineSQL, tenantID, quoteID, lineID)
	if err != nil {
		return false, fmt.Errorf("delete quote part line: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete quote part line: %w", err)
	}
	return n > 0, nil
}

const usesItemSQL = `
SELECT EXISTS (SELECT 1 FROM quote_part_lines l JOIN quotes qt ON qt.tenant_id = l.tenant_id AND qt.id = l.quote_id
               WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT qt.deleted)`

func (partLinesStore) usesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usesItemSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("quote lines of item: %w", err)
	}
	return used, nil
}
