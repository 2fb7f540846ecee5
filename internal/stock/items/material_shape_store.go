package items

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/stock/shapes"
)

const activeUnrevisedIDSQL = `SELECT id FROM items
WHERE tenant_id = $1 AND lower(number) = lower($2) AND revision IS NULL AND NOT is_archived`

// activeUnrevisedID finds the active item numbered number (case-insensitively) with no
// revision; the unique index allows at most one.
func (itemStore) activeUnrevisedID(ctx context.Context, q db.Q, tenantID, number string) (string, bool, error) {
	var id string
	err := sqlx.GetContext(ctx, q, &id, activeUnrevisedIDSQL, tenantID, number)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("find item by number: %w", err)
	}
	return id, true, nil
}

// insertUnlessTakenSQL is insertItemSQL yielding to items_number_revision_key: when an
// active item already has the number and revision (or a concurrent insert of it commits
// first) nothing is inserted, and the transaction stays usable.
var insertUnlessTakenSQL = insertItemSQL + `
ON CONFLICT (tenant_id, lower(number), lower(coalesce(revision, ''))) WHERE NOT is_archived DO NOTHING`

// insertUnlessNumberTaken stores it and reports whether it was inserted.
func (itemStore) insertUnlessNumberTaken(ctx context.Context, q db.Q, tenantID string, it Item) (bool, error) {
	res, err := q.ExecContext(ctx, insertUnlessTakenSQL, append([]any{tenantID, it.ID}, itemWriteArgs(it)...)...)
	if err != nil {
		return false, itemWriteErr(err, it, "number")
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("insert item: %w", err)
	}
	return n == 1, nil
}

const insertShapeLinkSQL = `INSERT INTO item_material_shapes (tenant_id, item_id, material_shape_id, is_remnant)
VALUES ($1, $2, $3, $4)`

// insertShapeLink records the shape an item was cut from and whether it is a remnant.
func (itemStore) insertShapeLink(ctx context.Context, q db.Q, tenantID, itemID, shapeID string, isRemnant bool) error {
	if _, err := q.ExecContext(ctx, insertShapeLinkSQL, tenantID, itemID, shapeID, isRemnant); err != nil {
		return fmt.Errorf("record item material shape: %w", err)
	}
	return nil
}

type shapeLinkRow struct {
	ItemID    string `db:"item_id"`
	ShapeID   string `db:"material_shape_id"`
	IsRemnant bool   `db:"is_remnant"`
}

const shapeLinksSQL = `SELECT item_id, material_shape_id, is_remnant FROM item_material_shapes
WHERE tenant_id = $1 AND item_id = ANY($2)`

// shownShapeLinkRow is a shape link with the shape itself.
type shownShapeLinkRow struct {
	shapeLinkRow
	Shape shapes.Shown `db:"shape"`
}

// shownShapeLinksSQL is shapeLinksSQL reading each link's shape with it.
var shownShapeLinksSQL = `SELECT m.item_id, m.material_shape_id, m.is_remnant,
       ` + shapes.ShownSQL("m.tenant_id", "m.material_shape_id") + ` AS shape
FROM item_material_shapes m WHERE m.tenant_id = $1 AND m.item_id = ANY($2)`

// shownShapeLinks reads the shapes the items were cut from with the shapes, by item id, in
// one query.
func (itemStore) shownShapeLinks(ctx context.Context, q db.Q, tenantID string, itemIDs []string) (map[string]shownShapeLinkRow, error) {
	var rows []shownShapeLinkRow
	if err := sqlx.SelectContext(ctx, q, &rows, shownShapeLinksSQL, tenantID, db.Array(itemIDs)); err != nil {
		return nil, fmt.Errorf("item material shapes: %w", err)
	}
	out := make(map[string]shownShapeLinkRow, len(rows))
	for _, r := range rows {
		out[r.ItemID] = r
	}
	return out, nil
}

// shapeLinks reads the shapes the items were cut from, by item id.
func (itemStore) shapeLinks(ctx context.Context, q db.Q, tenantID string, itemIDs []string) (map[string]shapeLinkRow, error) {
	var rows []shapeLinkRow
	if err := sqlx.SelectContext(ctx, q, &rows, shapeLinksSQL, tenantID, db.Array(itemIDs)); err != nil {
		return nil, fmt.Errorf("item shape links: %w", err)
	}
	out := make(map[string]shapeLinkRow, len(rows))
	for _, r := range rows {
		out[r.ItemID] = r
	}
	return out, nil
}
