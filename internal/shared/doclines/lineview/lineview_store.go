package lineview

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// View is a document's view over its line tables.
type View struct {
	noun                       string
	existsSQL, listSQL, getSQL string
}

// Declare declares the view of a document: lines is the UNION ALL of its line tables answering
// Columns; parent is the document's table (tenant_id, id, currency_code, taxable_base,
// discount_total); noun names the document in errors ("sales order"); extra names the optional
// columns (SourceLineID, IsTaxable, ...) every branch answers after Columns. A statement filters the
// view by tenant_id and parent_id, which PostgreSQL pushes into each branch (each line
// table's index on its document serves it).
func Declare(lines, parent, noun string, extra ...string) View {
	var more string
	for _, c := range extra {
		more += ", v." + c
	}
	return View{
		noun:      noun,
		existsSQL: `SELECT EXISTS (SELECT 1 FROM ` + parent + ` WHERE tenant_id = $1 AND id = $2)`,
		listSQL: `SELECT v.id, v.kind, v.kind_rank, v.line_number, v.name, v.description, v.item_id, v.quantity,
       v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc, v.modified_utc` + more + `,
       o.currency_code, o.taxable_base, o.discount_total
FROM (` + lines + `) v
JOIN ` + parent + ` o ON o.tenant_id = v.tenant_id AND o.id = v.parent_id`,
		// The document (o) with the one line of the view that has the id, if any: no row is
		// a missing document, a row without a line a line not of the document.
		getSQL: `SELECT o.id AS parent_id, v.id AS line_id, v.kind, v.kind_rank, v.line_number, v.name, v.description,
       v.item_id, v.quantity, v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc,
       v.modified_utc` + more + `, o.currency_code, o.taxable_base, o.discount_total
FROM ` + parent + ` o
LEFT JOIN (` + lines + `) v ON v.tenant_id = o.tenant_id AND v.parent_id = o.id AND v.id = $3
WHERE o.tenant_id = $1 AND o.id = $2`,
	}
}

// Items lists the lines of the tenant's document parentID (deleted or not; a missing one is
// NotFound) of kinds and ids (nil: any), in r's order (ListSpec), each as of makes it: two
// statements, the document's existence and one over every line table.
func Items[T any, K ~string](ctx context.Context, v View, q db.Q, tenantID, parentID string, kinds []K, ids []string, r listing.Request, of func(Row) T) ([]T, error) {
	page, err := listing.Resolve(r, ListSpec)
	if err != nil {
		return nil, err
	}
	var exists bool
	if err := q.QueryRowxContext(ctx, v.existsSQL, tenantID, parentID).Scan(&exists); err != nil {
		return nil, fmt.Errorf("find %s: %w", v.noun, err)
	}
	if !exists {
		return nil, apperr.NotFound("%s %s not found", v.noun, parentID)
	}
	lq := listing.NewQuery("v.tenant_id", tenantID)
	lq.Where("v.parent_id = %s", parentID)
	if kinds != nil {
		names := make([]string, len(kinds))
		for i, k := range kinds {
			names[i] = string(k)
		}
		lq.Where("v.kind = ANY(%s)", db.Array(names))
	}
	if ids != nil {
		lq.Where("v.id = ANY(%s)", db.Array(ids))
	}
	query, args := lq.SQL(v.listSQL, page)
	var rows []Row
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list %s lines: %w", v.noun, err)
	}
	out := make([]T, len(rows))
	for i, row := range rows {
		out[i] = of(row)
	}
	return out, nil
}

// Item reads line id of the tenant's document parentID (deleted or not), whatever its kind,
// as of makes it, in one statement; a missing document, or a line not of it, is NotFound.
func Item[T any](ctx context.Context, v View, q db.Q, tenantID, parentID, id string, of func(Row) T) (T, error) {
	row, err := v.get(ctx, q, tenantID, parentID, id)
	if err != nil {
		var zero T
		return zero, err
	}
	return of(row), nil
}

// get reads line id of the tenant's document parentID, whatever its kind, in one statement;
// a missing document, or a line not of it, is NotFound.
func (v View) get(ctx context.Context, q db.Q, tenantID, parentID, id string) (Row, error) {
	var r struct {
		ParentID    string     `db:"parent_id"`
		LineID      *string    `db:"line_id"`
		Kind        *string    `db:"kind"`
		KindRank    *int       `db:"kind_rank"`
		CreatedUtc  *time.Time `db:"created_utc"`
		ModifiedUtc *time.Time `db:"modified_utc"`
		Row
	}
	err := sqlx.GetContext(ctx, q, &r, v.getSQL, tenantID, parentID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, apperr.NotFound("%s %s not found", v.noun, parentID)
	}
	if err != nil {
		return Row{}, fmt.Errorf("get %s line: %w", v.noun, err)
	}
	if r.LineID == nil {
		return Row{}, apperr.NotFound("line %s of %s %s not found", id, v.noun, parentID)
	}
	row := r.Row
	row.ID, row.Kind, row.KindRank, row.CreatedUtc, row.ModifiedUtc = *r.LineID, *r.Kind, *r.KindRank, *r.CreatedUtc, *r.ModifiedUtc
	return row, nil
}
