package salesorders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/stock/items"
)

type partLinesStore struct{}

// partLineRow is a stored line: the common columns, its order and the sales order's own.
type partLineRow struct {
	partlines.Row
	SalesOrderID     string     `db:"sales_order_id"`
	DeliveryDate     *time.Time `db:"delivery_date"`
	QuotePartLineID  *string    `db:"quote_part_line_id"`
	BlanketLineID    *string    `db:"blanket_line_id"`
	ShippedQuantity  dec        `db:"shipped_quantity"`
	InvoicedQuantity dec        `db:"invoiced_quantity"`
}

func (r partLineRow) toPartLine() (PartLine, error) {
	l, err := r.Line()
	if err != nil {
		return PartLine{}, err
	}
	return PartLine{
		Line: l, SalesOrderID: r.SalesOrderID, DeliveryDate: r.DeliveryDate, QuotePartLineID: r.QuotePartLineID,
		BlanketLineID: r.BlanketLineID, ShippedQuantity: r.ShippedQuantity, InvoicedQuantity: r.InvoicedQuantity,
	}, nil
}

// partLineSelect reads part lines aliased l with their item (it) and their order's currency.
// A date column reads as midnight UTC of its day.
var partLineSelect = `
SELECT ` + partlines.SelectColumns + `, l.sales_order_id, so.currency_code,
       l.delivery_date::timestamp AT TIME ZONE 'UTC' AS delivery_date, l.quote_part_line_id, l.blanket_line_id,
       l.shipped_quantity, l.invoiced_quantity
FROM sales_order_part_lines l
JOIN sales_orders so ON so.tenant_id = l.tenant_id AND so.id = l.sales_order_id
` + items.JoinSQL("it", "l.tenant_id", "l.item_id")

var (
	getPartLineSQL       = partLineSelect + ` WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND l.id = $3`
	getPartLineLockedSQL = getPartLineSQL + ` FOR UPDATE OF l`
)

// get reads one line of the order (NotFound when the order has none of that id), locking it
// until q's transaction ends when lock is set.
func (partLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, lineID string, lock bool) (PartLine, error) {
	query := getPartLineSQL
	if lock {
		query = getPartLineLockedSQL
	}
	var r partLineRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, orderID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return PartLine{}, apperr.NotFound("sales order part line %s not found", lineID)
	}
	if err != nil {
		return PartLine{}, fmt.Errorf("get sales order part line: %w", err)
	}
	return r.toPartLine()
}

var partLineListSpec = listing.Spec{Fields: map[string]string{
	"lineNumber": "l.line_number",
	"createdUtc": "l.created_utc",
	"quantity":   "l.quantity",
	"unitPrice":  "l.unit_price",
	"id":         "l.id",
}, Default: "lineNumber", IDColumn: "l.id"}

// list reads a page of the order's lines in one statement.
func (partLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f PartLineFilter, p listing.Page) ([]PartLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.sales_order_id = %s", orderID)
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
	query, args := lq.SQL(partLineSelect, p)
	var rows []partLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list sales order part lines: %w", err)
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

const maxLineNumberSQL = `SELECT COALESCE(max(line_number), 0) FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2`

// maxLineNumber is the order's highest line number, 0 without lines.
func (partLinesStore) maxLineNumber(ctx context.Context, q db.Q, tenantID, orderID string) (int32, error) {
	var n int32
	if err := q.QueryRowxContext(ctx, maxLineNumberSQL, tenantID, orderID).Scan(&n); err != nil {
		return 0, fmt.Errorf("sales order's last line number: %w", err)
	}
	return n, nil
}

// partLineWriteRow is a line as the insert's JSON carries it, with where it came from (a
// quote line converted, a blanket line released).
type partLineWriteRow struct {
	partlines.WriteRow
	SalesOrderID    string  `json:"sales_order_id"`
	DeliveryDate    *string `json:"delivery_date"`
	QuotePartLineID *string `json:"quote_part_line_id"`
	BlanketLineID   *string `json:"blanket_line_id"`
}

// dateText is a day at midnight UTC as a date column takes it; nil is nil.
func dateText(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.Format(time.DateOnly)
	return &s
}

// insertPartLinesSQL inserts every line of $2, a JSON array of partLineWriteRow, in one
// statement.
var insertPartLinesSQL = `
INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, delivery_date, quote_part_line_id, blanket_line_id, ` + partlines.InsertColumns + `)
SELECT $1, r.sales_order_id, r.delivery_date, r.quote_part_line_id, r.blanket_line_id, ` + partlines.RecordsetColumns + `
FROM jsonb_to_recordset($2::jsonb) AS r(sales_order_id text, delivery_date date, quote_part_line_id text, blanket_line_id text,
       ` + partlines.RecordsetTypes + `)`

// insert stores lines in one statement, with their quote and blanket line when they have
// them (the quote conversion and the blanket release store their lines through it too).
func (partLinesStore) insert(ctx context.Context, q db.Q, tenantID string, lines []PartLine) error {
	rows := make([]partLineWriteRow, len(lines))
	for i, l := range lines {
		r, err := partlines.WriteRowOf(l.Line)
		if err != nil {
			return err
		}
		rows[i] = partLineWriteRow{WriteRow: r, SalesOrderID: l.SalesOrderID, DeliveryDate: dateText(l.DeliveryDate),
			QuotePartLineID: l.QuotePartLineID, BlanketLineID: l.BlanketLineID}
	}
	doc, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("encode sales order part lines: %w", err)
	}
	if _, err := q.ExecContext(ctx, insertPartLinesSQL, tenantID, string(doc)); err != nil {
		return fmt.Errorf("insert sales order part lines: %w", err)
	}
	return nil
}

var updatePartLineSQL = `
UPDATE sales_order_part_lines SET delivery_date = $4, ` + partlines.UpdateSet(5) + `, modified_utc = now()
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// update stores every writable member of l.
func (partLinesStore) update(ctx context.Context, q db.Q, tenantID string, l PartLine) error {
	r, err := partlines.WriteRowOf(l.Line)
	if err != nil {
		return err
	}
	args := append([]any{tenantID, l.SalesOrderID, l.ID, dateText(l.DeliveryDate)}, r.UpdateArgs()...)
	if _, err := q.ExecContext(ctx, updatePartLineSQL, args...); err != nil {
		return fmt.Errorf("update sales order part line: %w", err)
	}
	return nil
}

const setPartLineCustomFieldsSQL = `
UPDATE sales_order_part_lines SET custom_fields = $4, modified_utc = now() WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

func (partLinesStore) setCustomFields(ctx context.Context, q db.Q, tenantID, orderID, lineID string, values map[string]any) error {
	doc, err := partlines.EncodeCustomFields(values)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, setPartLineCustomFieldsSQL, tenantID, orderID, lineID, doc); err != nil {
		return fmt.Errorf("replace sales order part line custom fields: %w", err)
	}
	return nil
}

const deletePartLineSQL = `DELETE FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// delete removes the order's line; false when it has none of that id. A line a refund line
// names is kept (400 naming lineItemId).
func (partLinesStore) delete(ctx context.Context, q db.Q, tenantID, orderID, lineID string) (bool, error) {
	res, err := q.ExecContext(ctx, deletePartLineSQL, tenantID, orderID, lineID)
	if c, ok := db.ForeignKeyViolation(err); ok && c == "sales_order_refund_lines_part_line_fkey" {
		return false, apperr.Field("lineItemId", "a refund line of the order names this part line: delete the refund line first")
	}
	if err != nil {
		return false, fmt.Errorf("delete sales order part line: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete sales order part line: %w", err)
	}
	return n > 0, nil
}

// usesItemSQL: a part line or a blanket line (which counts its quantity in a unit of the item)
// of a live order.
const usesItemSQL = `
SELECT EXISTS (SELECT 1 FROM sales_order_part_lines l JOIN sales_orders so ON so.tenant_id = l.tenant_id AND so.id = l.sales_order_id
               WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT so.deleted)
    OR EXISTS (SELECT 1 FROM sales_order_blanket_lines b JOIN sales_orders so ON so.tenant_id = b.tenant_id AND so.id = b.sales_order_id
               WHERE b.tenant_id = $1 AND b.item_id = $2 AND NOT so.deleted)`

func (partLinesStore) usesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usesItemSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("sales order lines of item: %w", err)
	}
	return used, nil
}
