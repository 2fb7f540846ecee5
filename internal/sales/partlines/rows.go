package partlines

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/shared/doclines"
)

// The columns every document's part line table has, besides tenant_id, its parent column and
// its own: each document's store embeds Row (reads) and WriteRow (writes) in its row structs
// and builds its SQL with these lists.
var columns = []struct{ name, sqlType string }{
	{"id", "text"}, {"routing_id", "text"}, {"line_number", "integer"}, {"item_id", "text"},
	{"description", "text"}, {"quantity", "numeric"}, {"inventory_quantity", "numeric"},
	{"unit_of_measure_name", "text"}, {"unit_price", "numeric"}, {"pricing_scheme", "text"},
	{"margin", "numeric"}, {"estimated_unit_cost", "numeric"}, {"discount_is_percentage", "boolean"},
	{"discount_value", "numeric"}, {"is_taxable", "boolean"}, {"tax_rate_id", "text"}, {"tax_rate", "numeric"},
	{"lead_time_days", "integer"}, {"notes", "text"}, {"custom_fields", "jsonb"},
}

// joinColumns joins the common columns, each written by f.
func joinColumns(f func(name, sqlType string) string) string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = f(c.name, c.sqlType)
	}
	return strings.Join(out, ", ")
}

var (
	// SelectColumns reads Row from a line table aliased l joined to its item aliased it (the
	// caller adds its parent's currency_code and its own columns).
	SelectColumns = joinColumns(func(n, _ string) string { return "l." + n }) +
		", it.number AS item_number, it.revision AS item_revision, it.description AS item_description, l.created_utc, l.modified_utc"
	// InsertColumns names the common columns of an insert, in the order of RecordsetColumns.
	InsertColumns = joinColumns(func(n, _ string) string { return n })
	// RecordsetColumns reads them from jsonb_to_recordset aliased r.
	RecordsetColumns = joinColumns(func(n, _ string) string { return "r." + n })
	// RecordsetTypes declares them in jsonb_to_recordset's column definition list.
	RecordsetTypes = joinColumns(func(n, t string) string { return n + " " + t })
)

// UpdateSet is the SET list of a full update of the common columns but id and routing_id,
// their parameters numbered from first, in the order of WriteRow.UpdateArgs.
func UpdateSet(first int) string {
	out := make([]string, 0, len(columns))
	for _, c := range columns[2:] {
		out = append(out, fmt.Sprintf("%s = $%d", c.name, first))
		first++
	}
	return strings.Join(out, ", ")
}

// Row is a stored line's common columns (SelectColumns) and its document's currency_code.
type Row struct {
	ID                   string    `db:"id"`
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

// Line is the row as a line, its amounts computed in its document's currency.
func (r Row) Line() (Line, error) {
	l := Line{
		ID: r.ID, RoutingID: r.RoutingID, LineNumber: r.LineNumber, ItemID: r.ItemID,
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
			return Line{}, fmt.Errorf("decode part line custom fields: %w", err)
		}
	}
	// The line alone: its own amounts do not depend on the other lines.
	t, err := doclines.Document{Lines: []doclines.Line{{
		Quantity: l.Quantity, Price: l.UnitPrice, Discount: l.Discount, Taxable: l.IsTaxable, TaxRate: l.TaxRate,
	}}}.Compute(currency.MinorUnits(r.Currency))
	if err != nil {
		return Line{}, fmt.Errorf("price part line %s: %w", l.ID, err)
	}
	l.Amounts = t.Lines[0]
	return l, nil
}

// WriteRow is a line's common columns as an insert's JSON carries them (JSON carries the
// nulls and exact decimals that arrays of text cannot).
type WriteRow struct {
	ID                   string          `json:"id"`
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

// WriteRowOf is l's common columns.
func WriteRowOf(l Line) (WriteRow, error) {
	cf, err := json.Marshal(l.CustomFields)
	if err != nil {
		return WriteRow{}, fmt.Errorf("encode part line custom fields: %w", err)
	}
	r := WriteRow{
		ID: l.ID, RoutingID: l.RoutingID, LineNumber: l.LineNumber, ItemID: l.ItemID,
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

// UpdateArgs are the parameters of UpdateSet, in its order.
func (r WriteRow) UpdateArgs() []any {
	return []any{r.LineNumber, r.ItemID, r.Description, r.Quantity, r.InventoryQuantity, r.UnitName, r.UnitPrice,
		r.PricingScheme, r.Margin, r.EstimatedUnitCost, r.DiscountIsPercentage, r.DiscountValue, r.IsTaxable,
		r.TaxRateID, r.TaxRate, r.LeadTimeDays, r.Notes, string(r.CustomFields)}
}

// EncodeCustomFields is values as a custom_fields column takes them.
func EncodeCustomFields(values map[string]any) (string, error) {
	doc, err := json.Marshal(values)
	if err != nil {
		return "", fmt.Errorf("encode part line custom fields: %w", err)
	}
	return string(doc), nil
}
