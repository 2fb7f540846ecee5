package quotes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/stock/items"
)

type partLinesStore struct{}

// partLineRow is a stored line: the common columns and its quote.
type partLineRow struct {
	partlines.Row
	QuoteID string `db:"quote_id"`
}

func (r partLineRow) toPartLine() (PartLine, error) {
	l, err := r.Line()
	if err != nil {
		return PartLine{}, err
	}
	return PartLine{Line: l, QuoteID: r.QuoteID}, nil
}

// partLineSelect reads part lines aliased l with their item (it) and their quote's currency.
var partLineSelect = `
SELECT ` + partlines.SelectColumns + `, l.quote_id, qt.currency_code
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
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
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
	partlines.WriteRow
	QuoteID string `json:"quote_id"`
}

// insertPartLinesSQL inserts every line of $2, a JSON array of partLineWriteRow, in one
// statement.
var insertPartLinesSQL = `
INSERT INTO quote_part_lines (tenant_id, quote_id, ` + partlines.InsertColumns + `)
SELECT $1, r.quote_id, ` + partlines.RecordsetColumns + `
FROM jsonb_to_recordset($2::jsonb) AS r(quote_id text, ` + partlines.RecordsetTypes + `)`

// insert stores lines in one statement.
func (partLinesStore) insert(ctx context.Context, q db.Q, tenantID string, lines []PartLine) error {
	rows := make([]partLineWriteRow, len(lines))
	for i, l := range lines {
		r, err := partlines.WriteRowOf(l.Line)
		if err != nil {
			return err
		}
		rows[i] = partLineWriteRow{WriteRow: r, QuoteID: l.QuoteID}
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

var updatePartLineSQL = `
UPDATE quote_part_lines SET ` + partlines.UpdateSet(4) + `, modified_utc = now()
WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// update stores every member of l.
func (partLinesStore) update(ctx context.Context, q db.Q, tenantID string, l PartLine) error {
	r, err := partlines.WriteRowOf(l.Line)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, updatePartLineSQL, append([]any{tenantID, l.QuoteID, l.ID}, r.UpdateArgs()...)...); err != nil {
		return fmt.Errorf("update quote part line: %w", err)
	}
	return nil
}

const setPartLineCustomFieldsSQL = `
UPDATE quote_part_lines SET custom_fields = $4, modified_utc = now() WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

func (partLinesStore) setCustomFields(ctx context.Context, q db.Q, tenantID, quoteID, lineID string, values map[string]any) error {
	doc, err := partlines.EncodeCustomFields(values)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, setPartLineCustomFieldsSQL, tenantID, quoteID, lineID, doc); err != nil {
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
