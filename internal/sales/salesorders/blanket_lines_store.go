package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/stock/items"
)

type blanketLinesStore struct{}

// blanketLineRow is a stored blanket line with its item and what has been released from it.
type blanketLineRow struct {
	ID               string         `db:"id"`
	SalesOrderID     string         `db:"sales_order_id"`
	LineNumber       int32          `db:"line_number"`
	ItemID           string         `db:"item_id"`
	ItemNumber       string         `db:"item_number"`
	ItemRevision     *string        `db:"item_revision"`
	ItemDescription  *string        `db:"item_description"`
	Description      *string        `db:"description"`
	Quantity         dec            `db:"quantity"`
	UnitName         string         `db:"unit_of_measure_name"`
	UnitPrice        dec            `db:"unit_price"`
	StartDate        *time.Time     `db:"start_date"`
	EndDate          *time.Time     `db:"end_date"`
	Notes            *string        `db:"notes"`
	ReleasedQuantity dec            `db:"released_quantity"`
	ReleasedIDs      pq.StringArray `db:"released_ids"`
	CreatedUtc       time.Time      `db:"created_utc"`
	ModifiedUtc      time.Time      `db:"modified_utc"`
}

func (r blanketLineRow) toBlanketLine() BlanketLine {
	ids := []string(r.ReleasedIDs)
	if ids == nil {
		ids = []string{}
	}
	return BlanketLine{
		ID: r.ID, SalesOrderID: r.SalesOrderID, LineNumber: r.LineNumber, ItemID: r.ItemID,
		Item:        partlines.ItemRef{ID: r.ItemID, Number: r.ItemNumber, Revision: r.ItemRevision, Description: r.ItemDescription},
		Description: r.Description, Quantity: r.Quantity, UnitName: r.UnitName, UnitPrice: r.UnitPrice,
		StartDate: r.StartDate, EndDate: r.EndDate, Notes: r.Notes,
		ReleasedQuantity: r.ReleasedQuantity, ReleasedPartLineIDs: ids,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// blanketReleasedSQL is what has been released from the blanket line aliased b: the sum of
// its part lines' quantities and their ids, oldest release first. The part lines' blanket
// index finds them, so a list reads them in the same statement however many lines.
const blanketReleasedSQL = `
LEFT JOIN LATERAL (
    SELECT sum(p.quantity) AS quantity, array_agg(p.id ORDER BY p.created_utc, p.id) AS ids
    FROM sales_order_part_lines p WHERE p.tenant_id = b.tenant_id AND p.blanket_line_id = b.id
) rel ON true`

// blanketLineSelect reads blanket lines aliased b with their item (it) and their releases.
var blanketLineSelect = `
SELECT b.id, b.sales_order_id, b.line_number, b.item_id, it.number AS item_number, it.revision AS item_revision,
       it.description AS item_description, b.description, b.quantity, b.unit_of_measure_name, b.unit_price,
       b.start_date, b.end_date,
       b.notes, COALESCE(rel.quantity, 0) AS released_quantity, COALESCE(rel.ids, '{}') AS released_ids,
       b.created_utc, b.modified_utc
FROM sales_order_blanket_lines b
` + items.JoinSQL("it", "b.tenant_id", "b.item_id") + blanketReleasedSQL

var (
	getBlanketLineSQL       = blanketLineSelect + ` WHERE b.tenant_id = $1 AND b.sales_order_id = $2 AND b.id = $3`
	getBlanketLineLockedSQL = getBlanketLineSQL + ` FOR UPDATE OF b`
)

// get reads one blanket line of the order (NotFound when the order has none of that id),
// locking it until q's transaction ends when lock is set.
func (blanketLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, lineID string, lock bool) (BlanketLine, error) {
	query := getBlanketLineSQL
	if lock {
		query = getBlanketLineLockedSQL
	}
	var r blanketLineRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, orderID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return BlanketLine{}, apperr.NotFound("sales order blanket line %s not found", lineID)
	}
	if err != nil {
		return BlanketLine{}, fmt.Errorf("get sales order blanket line: %w", err)
	}
	return r.toBlanketLine(), nil
}

var blanketLineListSpec = listing.Spec{Fields: map[string]string{
	"lineNumber": "b.line_number",
	"createdUtc": "b.created_utc",
	"quantity":   "b.quantity",
	"id":         "b.id",
}, Default: "lineNumber", IDColumn: "b.id"}

// list reads a page of the order's blanket lines, with their releases, in one statement.
func (blanketLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f BlanketLineFilter, p listing.Page) ([]BlanketLine, error) {
	lq := listing.NewQuery("b.tenant_id", tenantID)
	lq.Where("b.sales_order_id = %s", orderID)
	listing.AnyOf(lq, "b.id", f.IDs)
	listing.AnyOf(lq, "b.item_id", f.ItemIDs)
	query, args := lq.SQL(blanketLineSelect, p)
	var rows []blanketLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list sales order blanket lines: %w", err)
	}
	out := make([]BlanketLine, len(rows))
	for i, r := range rows {
		out[i] = r.toBlanketLine()
	}
	return out, nil
}

const maxBlanketLineNumberSQL = `
SELECT COALESCE(max(line_number), 0) FROM sales_order_blanket_lines WHERE tenant_id = $1 AND sales_order_id = $2`

// maxLineNumber is the order's highest blanket line number, 0 without blanket lines.
func (blanketLinesStore) maxLineNumber(ctx context.Context, q db.Q, tenantID, orderID string) (int32, error) {
	var n int32
	if err := q.QueryRowxContext(ctx, maxBlanketLineNumberSQL, tenantID, orderID).Scan(&n); err != nil {
		return 0, fmt.Errorf("sales order's last blanket line number: %w", err)
	}
	return n, nil
}

const insertBlanketLineSQL = `
INSERT INTO sales_order_blanket_lines (tenant_id, sales_order_id, id, line_number, item_id, description, quantity,
    unit_of_measure_name, unit_price, start_date, end_date, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

func (blanketLinesStore) insert(ctx context.Context, q db.Q, tenantID string, l BlanketLine) error {
	_, err := q.ExecContext(ctx, insertBlanketLineSQL, tenantID, l.SalesOrderID, l.ID, l.LineNumber, l.ItemID, l.Description,
		l.Quantity, l.UnitName, l.UnitPrice, l.StartDate, l.EndDate, l.Notes)
	if err != nil {
		return fmt.Errorf("insert sales order blanket line: %w", err)
	}
	return nil
}

const updateBlanketLineSQL = `
UPDATE sales_order_blanket_lines SET line_number = $4, item_id = $5, description = $6, quantity = $7,
    unit_of_measure_name = $8, unit_price = $9, start_date = $10,
    end_date = $11, notes = $12, modified_utc = now()
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

func (blanketLinesStore) update(ctx context.Context, q db.Q, tenantID string, l BlanketLine) error {
	_, err := q.ExecContext(ctx, updateBlanketLineSQL, tenantID, l.SalesOrderID, l.ID, l.LineNumber, l.ItemID, l.Description,
		l.Quantity, l.UnitName, l.UnitPrice, l.StartDate, l.EndDate, l.Notes)
	if err != nil {
		return fmt.Errorf("update sales order blanket line: %w", err)
	}
	return nil
}

const deleteBlanketLineSQL = `DELETE FROM sales_order_blanket_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

func (blanketLinesStore) delete(ctx context.Context, q db.Q, tenantID, orderID, lineID string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteBlanketLineSQL, tenantID, orderID, lineID)
	if err != nil {
		return false, fmt.Errorf("delete sales order blanket line: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete sales order blanket line: %w", err)
	}
	return n > 0, nil
}

const touchBlanketLineSQL = `
UPDATE sales_order_blanket_lines SET modified_utc = now() WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// touch advances the blanket line's modifiedUtc and version: a release changed what it shows.
func (blanketLinesStore) touch(ctx context.Context, q db.Q, tenantID, orderID, lineID string) error {
	if _, err := q.ExecContext(ctx, touchBlanketLineSQL, tenantID, orderID, lineID); err != nil {
		return fmt.Errorf("touch sales order blanket line: %w", err)
	}
	return nil
}

// blanketShowsSQL is what a blanket line's answer shows from its released part lines (their
// ids and quantities), over the blanket row aliased t: its ETag folds it in, so a part line
// deleted or changed elsewhere changes it too.
func blanketShowsSQL() string {
	return `(SELECT string_agg(p.id || ':' || p.version, ',' ORDER BY p.id)
   FROM sales_order_part_lines p WHERE p.tenant_id = t.tenant_id AND p.blanket_line_id = t.id)`
}
