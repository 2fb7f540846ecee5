package invoices

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
)

type partLinesStore struct{}

// billedLine is an order line billed by a new invoice, in the order line's unit, with how the
// line is named and booked (bookAsItems).
type billedLine struct {
	Line     salesorders.InvoicingLine
	Quantity dec
	Booking  lineBooking
}

// insertPartLinesSQL stores a new invoice's part lines in one statement, one array per column.
const insertPartLinesSQL = `
INSERT INTO invoice_part_lines (tenant_id, invoice_id, id, line_number, sales_order_line_id, item_id, name, description,
       quantity, unit_of_measure_name, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate_id, tax_rate,
       accounting_code_id, accounting_details)
SELECT $1, $2, l.id, l.n, l.order_line, l.item, l.name, l.description, l.quantity, l.unit, l.price, l.pct, l.value,
       l.taxable, l.rate_id, l.rate, l.code, l.details
FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::text[], $10::numeric[],
            $11::bool[], $12::numeric[], $13::bool[], $14::text[], $15::numeric[], $16::text[], $17::text[], $18::jsonb[])
     AS l(id, n, order_line, item, description, quantity, unit, price, pct, value, taxable, rate_id, rate, name, code, details)`

// insertBilled stores a new invoice's part lines, numbered 1, 2, 3 … in the order given. An
// amount line discount is billed in proportion to the quantity billed; a percentage as is.
func (partLinesStore) insertBilled(ctx context.Context, q db.Q, tenantID, invoiceID string, lines []billedLine) error {
	n := len(lines)
	var (
		lineIDs, orderLines, items, units = make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		numbers                           = make([]int64, n)
		descriptions, rateIDs             = make([]sql.NullString, n), make([]sql.NullString, n)
		quantities, prices, rates, values = make([]string, n), make([]string, n), make([]string, n), make([]sql.NullString, n)
		percentages                       = make([]sql.NullBool, n)
		taxable                           = make([]bool, n)
		names, codes, details             = make([]sql.NullString, n), make([]sql.NullString, n), make([]string, n)
	)
	for i, b := range lines {
		l := b.Line
		lineIDs[i], numbers[i], orderLines[i], items[i], units[i] = ids.NewSub(), int64(i+1), l.ID, l.ItemID, l.UnitOfMeasureName
		quantities[i], prices[i], rates[i], taxable[i] = b.Quantity.String(), l.UnitPrice.String(), l.TaxRate.String(), l.IsTaxable
		if l.Description != nil {
			descriptions[i] = sql.NullString{String: *l.Description, Valid: true}
		}
		names[i], codes[i] = nullText(b.Booking.Name), nullText(b.Booking.AccountingCodeID)
		doc, err := json.Marshal(b.Booking.Accounting)
		if err != nil {
			return fmt.Errorf("encode invoice line accounting details: %w", err)
		}
		details[i] = string(doc)
		if l.TaxRateID != nil {
			rateIDs[i] = sql.NullString{String: *l.TaxRateID, Valid: true}
		}
		if l.DiscountIsPercentage != nil && l.DiscountValue != nil {
			value := *l.DiscountValue
			if !*l.DiscountIsPercentage && !b.Quantity.Equal(l.Quantity.Decimal) {
				value = dec{Decimal: value.Mul(b.Quantity.Decimal).Div(l.Quantity.Decimal)}
			}
			percentages[i] = sql.NullBool{Bool: *l.DiscountIsPercentage, Valid: true}
			values[i] = sql.NullString{String: value.String(), Valid: true}
		}
	}
	_, err := q.ExecContext(ctx, insertPartLinesSQL, tenantID, invoiceID, pq.StringArray(lineIDs), pq.Int64Array(numbers),
		pq.StringArray(orderLines), pq.StringArray(items), pq.Array(descriptions), pq.StringArray(quantities), pq.StringArray(units),
		pq.StringArray(prices), pq.Array(percentages), pq.Array(values), pq.BoolArray(taxable), pq.Array(rateIDs), pq.StringArray(rates),
		pq.Array(names), pq.Array(codes), pq.StringArray(details))
	if err != nil {
		return fmt.Errorf("insert invoice part lines: %w", err)
	}
	return nil
}

// billedQuantity is what an invoice bills of one order line.
type billedQuantity struct {
	OrderLineID string `db:"sales_order_line_id"`
	Quantity    dec    `db:"quantity"`
}

const billedQuantitiesSQL = `
SELECT sales_order_line_id, quantity FROM invoice_part_lines WHERE tenant_id = $1 AND invoice_id = $2 ORDER BY line_number`

// billed answers what the invoice bills of each order line, one statement.
func (partLinesStore) billed(ctx context.Context, q db.Q, tenantID, invoiceID string) ([]billedQuantity, error) {
	var out []billedQuantity
	if err := sqlx.SelectContext(ctx, q, &out, billedQuantitiesSQL, tenantID, invoiceID); err != nil {
		return nil, fmt.Errorf("read invoice part lines: %w", err)
	}
	return out, nil
}

const usesItemSQL = `SELECT EXISTS (SELECT 1 FROM invoice_part_lines WHERE tenant_id = $1 AND item_id = $2)`

func (partLinesStore) usesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usesItemSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("find invoice lines of item: %w", err)
	}
	return used, nil
}

// partLineRow is a stored part line with its invoice's currency (which rounds its amounts).
type partLineRow struct {
	ID                      string              `db:"id"`
	InvoiceID               string              `db:"invoice_id"`
	LineNumber              int                 `db:"line_number"`
	SalesOrderLineID        string              `db:"sales_order_line_id"`
	ItemID                  string              `db:"item_id"`
	Name                    *string             `db:"name"`
	Description             *string             `db:"description"`
	Quantity                dec                 `db:"quantity"`
	UnitOfMeasureName       string              `db:"unit_of_measure_name"`
	UnitPrice               dec                 `db:"unit_price"`
	DiscountIsPercentage    *bool               `db:"discount_is_percentage"`
	DiscountValue           *dec                `db:"discount_value"`
	IsTaxable               bool                `db:"is_taxable"`
	TaxRateID               *string             `db:"tax_rate_id"`
	TaxRate                 dec                 `db:"tax_rate"`
	OverrideTaxRate         bool                `db:"override_tax_rate"`
	AccountingCodeID        *string             `db:"accounting_code_id"`
	AccountingDetails       []byte              `db:"accounting_details"`
	CustomerPartNumber      *string             `db:"customer_part_number"`
	CustomerPartDescription *string             `db:"customer_part_description"`
	ExternalReferences      extref.References   `db:"external_references"`
	CustomFields            customfields.Column `db:"custom_fields"`
	CreatedUtc              time.Time           `db:"created_utc"`
	ModifiedUtc             time.Time           `db:"modified_utc"`
	Currency                string              `db:"currency_code"`
	SalesOrderID            string              `db:"sales_order_id"`
}

func (r partLineRow) record() (PartLine, error) {
	l := PartLine{
		ID: r.ID, InvoiceID: r.InvoiceID, SalesOrderID: r.SalesOrderID, Number: r.LineNumber, SalesOrderLineID: r.SalesOrderLineID,
		ItemID: r.ItemID, UnitOfMeasureName: r.UnitOfMeasureName, Price: r.UnitPrice,
		IsPercentageDiscount: r.DiscountIsPercentage, DiscountValue: r.DiscountValue, TaxRate: r.TaxRate,
		OverrideTaxRate: r.OverrideTaxRate, AccountingCodeID: r.AccountingCodeID, Currency: r.Currency,
		PartLineWrite: PartLineWrite{
			Quantity: r.Quantity, Name: r.Name, Description: r.Description, CustomerPartNumber: r.CustomerPartNumber,
			CustomerPartDescription: r.CustomerPartDescription, IsTaxable: &r.IsTaxable, TaxRateID: r.TaxRateID,
			ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
		},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if l.CustomFields == nil {
		l.CustomFields = map[string]any{}
	}
	if len(r.AccountingDetails) > 0 {
		if err := json.Unmarshal(r.AccountingDetails, &l.AccountingDetails); err != nil {
			return PartLine{}, fmt.Errorf("read invoice part line accounting details: %w", err)
		}
	}
	return l, nil
}

// partLineSelectSQL reads part lines (l) with their invoice (p); a read or list adds its WHERE.
const partLineSelectSQL = `SELECT l.id, l.invoice_id, l.line_number, l.sales_order_line_id, l.item_id, l.name, l.description,
       l.quantity, l.unit_of_measure_name, l.unit_price, l.discount_is_percentage, l.discount_value, l.is_taxable,
       l.tax_rate_id, l.tax_rate, l.override_tax_rate, l.accounting_code_id, l.accounting_details, l.customer_part_number,
       l.customer_part_description, l.external_references, l.custom_fields, l.created_utc, l.modified_utc,
       p.currency_code, p.sales_order_id
FROM invoice_part_lines l JOIN invoices p ON p.tenant_id = l.tenant_id AND p.id = l.invoice_id`

// partLineSortFields are the members a part line list sorts by.
var partLineSortFields = map[string]string{
	"id": "l.id", "number": "l.line_number", "createdUtc": "l.created_utc", "modifiedUtc": "l.modified_utc",
}

// partLineListSpec: by line number (the invoice_part_lines_invoice_idx order).
var partLineListSpec = listing.Spec{Fields: partLineSortFields, Default: "number", IDColumn: "l.id"}

// get reads part line id of invoice invoiceID; none is NotFound.
func (partLinesStore) get(ctx context.Context, q db.Q, tenantID, invoiceID, id string) (PartLine, error) {
	return getRecord(ctx, q, partLineRow.record, apperr.NotFound("part line %s of invoice %s not found", id, invoiceID),
		"invoice part line", partLineSelectSQL+` WHERE l.tenant_id = $1 AND l.invoice_id = $2 AND l.id = $3`, tenantID, invoiceID, id)
}

// list reads a page of invoice invoiceID's part lines matching f, one statement.
func (partLinesStore) list(ctx context.Context, q db.Q, tenantID, invoiceID string, f PartLineFilter, p listing.Page) ([]PartLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.invoice_id = %s", invoiceID)
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.sales_order_line_id", f.OrderLineIDs)
	query, args := lq.SQL(partLineSelectSQL, p)
	return selectRecords(ctx, q, partLineRow.record, "invoice part lines", query, args...)
}

const updatePartLineSQL = `
UPDATE invoice_part_lines SET quantity = $4, description = $5, customer_part_number = $6, customer_part_description = $7,
       is_taxable = $8, tax_rate_id = $9, tax_rate = $10, override_tax_rate = $11, external_references = $12,
       custom_fields = $13, name = $14, modified_utc = now()
WHERE tenant_id = $1 AND invoice_id = $2 AND id = $3`

// partLineUpdate is the row a part line write stores.
type partLineUpdate struct {
	PartLineWrite
	IsTaxable       bool
	TaxRate         dec
	OverrideTaxRate bool
}

func (partLinesStore) update(ctx context.Context, q db.Q, tenantID, invoiceID, id string, u partLineUpdate) error {
	_, err := q.ExecContext(ctx, updatePartLineSQL, tenantID, invoiceID, id, u.Quantity, u.Description, u.CustomerPartNumber,
		u.CustomerPartDescription, u.IsTaxable, u.TaxRateID, u.TaxRate, u.OverrideTaxRate, u.ExternalReferences,
		customfields.Column(u.CustomFields), u.Name)
	if err != nil {
		return fmt.Errorf("update invoice part line: %w", err)
	}
	return nil
}

func nullText(s *string) sql.NullString {
	if s == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: *s, Valid: true}
}
