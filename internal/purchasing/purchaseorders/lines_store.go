package purchaseorders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
)

type linesStore struct{}

// lineColumns are the columns part and outside-processing lines share and a write sets, in
// the order of lineArgs.
var lineColumns = []string{
	"quantity", "unit_of_measure_name", "unit_price", "discount_is_percentage", "discount_value",
	"is_taxable", "tax_rate_id", "tax_rate", "due_date", "notes", "custom_fields",
}

// lineSelectColumns read lineRow from a line table aliased l joined to its order aliased o.
// A date column reads as midnight UTC of its day.
const lineSelectColumns = `l.id, l.purchase_order_id, l.line_number, l.quantity, l.unit_of_measure_name, l.unit_price,
       l.discount_is_percentage, l.discount_value, l.is_taxable, l.tax_rate_id, l.tax_rate,
       l.due_date::timestamp AT TIME ZONE 'UTC' AS due_date, l.notes, l.custom_fields, l.received_quantity,
       l.created_utc, l.modified_utc, o.currency_code`

// lineRow is a stored line's shared columns and its order's currency.
type lineRow struct {
	ID                   string       `db:"id"`
	PurchaseOrderID      string       `db:"purchase_order_id"`
	LineNumber           int32        `db:"line_number"`
	Quantity             dec.Decimal  `db:"quantity"`
	UnitName             string       `db:"unit_of_measure_name"`
	UnitPrice            dec.Decimal  `db:"unit_price"`
	DiscountIsPercentage *bool        `db:"discount_is_percentage"`
	DiscountValue        *dec.Decimal `db:"discount_value"`
	IsTaxable            bool         `db:"is_taxable"`
	TaxRateID            *string      `db:"tax_rate_id"`
	TaxRate              dec.Decimal  `db:"tax_rate"`
	DueDate              *time.Time   `db:"due_date"`
	Notes                *string      `db:"notes"`
	CustomFields         []byte       `db:"custom_fields"`
	ReceivedQuantity     dec.Decimal  `db:"received_quantity"`
	CreatedUtc           time.Time    `db:"created_utc"`
	ModifiedUtc          time.Time    `db:"modified_utc"`
	Currency             string       `db:"currency_code"`
}

// line is the row as a Line, its amounts computed in its order's currency.
func (r lineRow) line() (Line, error) {
	l := Line{
		ID: r.ID, PurchaseOrderID: r.PurchaseOrderID, LineNumber: r.LineNumber, Quantity: r.Quantity,
		UnitName: r.UnitName, UnitPrice: r.UnitPrice, IsTaxable: r.IsTaxable, TaxRateID: r.TaxRateID,
		TaxRate: r.TaxRate, DueDate: calendardate.StoredPtr(r.DueDate), Notes: r.Notes,
		ReceivedQuantity: r.ReceivedQuantity, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		CustomFields: map[string]any{},
	}
	if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
		l.Discount = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
	}
	if len(r.CustomFields) > 0 {
		if err := json.Unmarshal(r.CustomFields, &l.CustomFields); err != nil {
			return Line{}, fmt.Errorf("decode purchase order line custom fields: %w", err)
		}
	}
	if err := priceLine(&l, r.Currency); err != nil {
		return Line{}, fmt.Errorf("price purchase order line %s: %w", l.ID, err)
	}
	return l, nil
}

// lineArgs are l's values of lineColumns.
func lineArgs(l Line) ([]any, error) {
	cf, err := json.Marshal(l.CustomFields)
	if err != nil {
		return nil, fmt.Errorf("encode purchase order line custom fields: %w", err)
	}
	var pct *bool
	var value *dec.Decimal
	if l.Discount != nil {
		p, v := l.Discount.Percentage, l.Discount.Value
		pct, value = &p, &v
	}
	return []any{l.Quantity, l.UnitName, l.UnitPrice, pct, value, l.IsTaxable, l.TaxRateID, l.TaxRate,
		calendardate.Column(l.DueDate), l.Notes, string(cf)}, nil
}

// getLine reads one line with query (its parameters: tenant, order, line) and turns its row R
// into the kind's line L; NotFound naming the kind when there is none.
func getLine[R, L any](ctx context.Context, q db.Q, kind lineKind, query string, conv func(R) (L, error), tenantID, orderID, lineID string) (L, error) {
	var r R
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, orderID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		var none L
		return none, apperr.NotFound("purchase order %s %s not found", kind.noun, lineID)
	}
	if err != nil {
		var none L
		return none, fmt.Errorf("get purchase order %s: %w", kind.noun, err)
	}
	return conv(r)
}

// listLines reads page p of the order's lines of the kind matching f from selectSQL (the
// line table aliased l), one statement, turning each row R into the kind's line L.
func listLines[R, L any](ctx context.Context, q db.Q, kind lineKind, selectSQL string, conv func(R) (L, error),
	tenantID, orderID string, f LineFilter, p listing.Page) ([]L, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.purchase_order_id = %s", orderID)
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
	listing.AnyOf(lq, "l.job_operation_id", f.JobOperationIDs)
	query, args := lq.SQL(selectSQL, p)
	var rows []R
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list purchase order %ss: %w", kind.noun, err)
	}
	out := make([]L, len(rows))
	for i, r := range rows {
		l, err := conv(r)
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}

// lineListSpec is how both line kinds list: by line number unless asked otherwise.
var lineListSpec = listing.Spec{Fields: map[string]string{
	"lineNumber": "l.line_number",
	"createdUtc": "l.created_utc",
	"quantity":   "l.quantity",
	"unitPrice":  "l.unit_price",
	"id":         "l.id",
}, Default: "lineNumber", IDColumn: "l.id"}

// insertSQL inserts a line of table: tenant, order, id, line number, lineColumns, then own.
func insertSQL(table string, own []string) string {
	cols := append(append([]string{"tenant_id", "purchase_order_id", "id", "line_number"}, lineColumns...), own...)
	params := make([]string, len(cols))
	for i := range cols {
		params[i] = fmt.Sprintf("$%d", i+1)
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, strings.Join(cols, ", "), strings.Join(params, ", "))
}

// updateSQL sets lineColumns then own of the line $3 of order $2 of tenant $1.
func updateSQL(table string, own []string) string {
	cols := append(append([]string{}, lineColumns...), own...)
	sets := make([]string, len(cols))
	for i, c := range cols {
		sets[i] = fmt.Sprintf("%s = $%d", c, i+4)
	}
	return fmt.Sprintf("UPDATE %s SET %s, modified_utc = now() WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3",
		table, strings.Join(sets, ", "))
}

// insert stores new line l of table with its own columns' values.
func (linesStore) insert(ctx context.Context, q db.Q, query, tenantID string, l Line, own []any) error {
	args, err := lineArgs(l)
	if err != nil {
		return err
	}
	all := append(append([]any{tenantID, l.PurchaseOrderID, l.ID, l.LineNumber}, args...), own...)
	if _, err := q.ExecContext(ctx, query, all...); err != nil {
		return fmt.Errorf("insert purchase order line: %w", err)
	}
	return nil
}

// update stores every writable member of l.
func (linesStore) update(ctx context.Context, q db.Q, query, tenantID string, l Line, own []any) error {
	args, err := lineArgs(l)
	if err != nil {
		return err
	}
	all := append(append([]any{tenantID, l.PurchaseOrderID, l.ID}, args...), own...)
	if _, err := q.ExecContext(ctx, query, all...); err != nil {
		return fmt.Errorf("update purchase order line: %w", err)
	}
	return nil
}

const nextLineNumberSQL = `
UPDATE purchase_orders SET last_line_number = last_line_number + 1
WHERE tenant_id = $1 AND id = $2
RETURNING last_line_number`

// nextLineNumber takes the order's next line number, shared by its part and
// outside-processing lines; the caller holds the order's lock.
func (linesStore) nextLineNumber(ctx context.Context, q db.Q, tenantID, orderID string) (int32, error) {
	var n int32
	if err := q.QueryRowxContext(ctx, nextLineNumberSQL, tenantID, orderID).Scan(&n); err != nil {
		return 0, fmt.Errorf("number purchase order line: %w", err)
	}
	return n, nil
}

// received reads the received quantity of line lineID of kind on the order, locking the line
// when lock is set; found is false when the order has no such line of the kind.
func (linesStore) received(ctx context.Context, q db.Q, kind lineKind, tenantID, orderID, lineID string, lock bool) (dec.Decimal, bool, error) {
	query := `SELECT received_quantity FROM ` + kind.table + ` WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3`
	if lock {
		query += ` FOR UPDATE`
	}
	var r dec.Decimal
	err := q.QueryRowxContext(ctx, query, tenantID, orderID, lineID).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return dec.Decimal{}, false, nil
	}
	if err != nil {
		return dec.Decimal{}, false, fmt.Errorf("read purchase order %s: %w", kind.noun, err)
	}
	return r, true, nil
}

// delete removes line lineID of kind from the order.
func (linesStore) delete(ctx context.Context, q db.Q, kind lineKind, tenantID, orderID, lineID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM `+kind.table+` WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3`,
		tenantID, orderID, lineID)
	if c, ok := db.ForeignKeyViolation(err); ok && c == "purchase_order_vendor_credit_lines_part_line_fkey" {
		return apperr.Field("lineItemId", "a vendor-credit line of the order names this part line: delete the vendor-credit line first")
	}
	if err != nil {
		return fmt.Errorf("delete purchase order %s: %w", kind.noun, err)
	}
	return nil
}

// usesItemSQL: a part or outside-processing line of a live order.
const usesItemSQL = `
SELECT EXISTS (SELECT 1 FROM purchase_order_part_lines l JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
               WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT o.deleted)
    OR EXISTS (SELECT 1 FROM purchase_order_outside_processing_lines l JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
               WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT o.deleted)`

func (linesStore) usesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usesItemSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("purchase order lines of item: %w", err)
	}
	return used, nil
}

const orderDueDateSQL = `SELECT due_date::timestamp AT TIME ZONE 'UTC' FROM purchase_orders WHERE tenant_id = $1 AND id = $2`

// orderDueDate answers the order's due date (nil when none), the default of its lines'.
func (totalsStore) orderDueDate(ctx context.Context, q db.Q, tenantID, orderID string) (*time.Time, error) {
	var due *time.Time
	if err := q.QueryRowxContext(ctx, orderDueDateSQL, tenantID, orderID).Scan(&due); err != nil {
		return nil, fmt.Errorf("read purchase order due date: %w", err)
	}
	return calendardate.StoredPtr(due), nil
}
