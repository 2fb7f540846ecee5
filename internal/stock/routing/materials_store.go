package routing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type materialRow struct {
	ID                 string       `db:"id"`
	MaterialShapeID    string       `db:"material_shape_id"`
	ItemID             *string      `db:"item_id"`
	BlankLength        dec.Decimal  `db:"blank_length"`
	BlankWidth         *dec.Decimal `db:"blank_width"`
	PiecesPerBlank     int32        `db:"pieces_per_blank"`
	RoutingOperationID *string      `db:"routing_operation_id"`
	Notes              *string      `db:"notes"`
	CreatedUtc         time.Time    `db:"created_utc"`
	ModifiedUtc        time.Time    `db:"modified_utc"`
}

func (r materialRow) toMaterial() InputMaterial {
	return InputMaterial{
		ID: r.ID,
		MaterialValues: MaterialValues{
			MaterialShapeID: r.MaterialShapeID, ItemID: r.ItemID, BlankLength: r.BlankLength, BlankWidth: r.BlankWidth,
			PiecesPerBlank: r.PiecesPerBlank, RoutingOperationID: r.RoutingOperationID, Notes: r.Notes,
		},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

func materialsFromRows(rows []materialRow) []InputMaterial {
	out := make([]InputMaterial, len(rows))
	for i, r := range rows {
		out[i] = r.toMaterial()
	}
	return out
}

// materialValueColumns are the stored members of an input material, in the order of
// materialValueArgs.
const materialValueColumns = `material_shape_id, item_id, blank_length, blank_width, pieces_per_blank,
       routing_operation_id, notes`

const materialColumns = `id, ` + materialValueColumns + `, created_utc, modified_utc`

func materialValueArgs(v MaterialValues) []any {
	return []any{v.MaterialShapeID, v.ItemID, v.BlankLength, v.BlankWidth, v.PiecesPerBlank, v.RoutingOperationID, v.Notes}
}

const insertMaterialSQL = `
INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, ` + materialValueColumns + `)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`

func (store) insertMaterial(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v MaterialValues) error {
	_, err := q.ExecContext(ctx, insertMaterialSQL, append([]any{tenantID, id, o.Type, o.ID}, materialValueArgs(v)...)...)
	return materialWriteErr(err, v)
}

const updateMaterialSQL = `
UPDATE routing_input_materials SET (` + materialValueColumns + `, modified_utc) =
       ($5, $6, $7, $8, $9, $10, $11, now())
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

// updateMaterial replaces every member of one input material of the owner's routing; none
// is NotFound.
func (store) updateMaterial(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v MaterialValues) error {
	res, err := q.ExecContext(ctx, updateMaterialSQL, append([]any{tenantID, id, o.Type, o.ID}, materialValueArgs(v)...)...)
	if err != nil {
		return materialWriteErr(err, v)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err != nil {
			return fmt.Errorf("update routing input material: %w", err)
		}
		return materialNotFound(id)
	}
	return nil
}

const getMaterialSQL = `SELECT ` + materialColumns + ` FROM routing_input_materials
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

// getMaterial reads one input material of the owner's routing, without what its answer
// shows of other records.
func (store) getMaterial(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (InputMaterial, error) {
	var r materialRow
	err := sqlx.GetContext(ctx, q, &r, getMaterialSQL, tenantID, id, o.Type, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return InputMaterial{}, materialNotFound(id)
	}
	if err != nil {
		return InputMaterial{}, fmt.Errorf("get routing input material: %w", err)
	}
	return r.toMaterial(), nil
}

const deleteMaterialSQL = `DELETE FROM routing_input_materials
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

// deleteMaterial deletes one input material of the owner's routing; its nestings go with it
// (their foreign key cascades).
func (store) deleteMaterial(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteMaterialSQL, tenantID, id, o.Type, o.ID)
	if err != nil {
		return false, fmt.Errorf("delete routing input material: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const touchMaterialSQL = `UPDATE routing_input_materials SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`

// touchMaterial advances the material's modifiedUtc (and with it its version, so its ETag)
// after one of its nestings changed.
func (store) touchMaterial(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchMaterialSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch routing input material: %w", err)
	}
	return nil
}

const materialsByOwnerSQL = `SELECT ` + materialColumns + ` FROM routing_input_materials
WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3 ORDER BY created_utc, id`

// materialsByOwner reads every input material of the owner's routing by createdUtc, then id.
func (store) materialsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]InputMaterial, error) {
	var rows []materialRow
	if err := sqlx.SelectContext(ctx, q, &rows, materialsByOwnerSQL, tenantID, o.Type, o.ID); err != nil {
		return nil, fmt.Errorf("list routing input materials: %w", err)
	}
	return materialsFromRows(rows), nil
}

// materialSortFields are the RoutingInputMaterial properties a list can be sorted by.
var materialSortFields = map[string]string{
	"id":             "id",
	"blankLength":    "blank_length",
	"piecesPerBlank": "pieces_per_blank",
	"createdUtc":     "created_utc",
	"modifiedUtc":    "modified_utc",
}

var materialListSpec = listing.Spec{Fields: materialSortFields, Default: "createdUtc", IDColumn: "id"}

// listMaterials reads a page of the owner's input materials matching f (and consumed at
// operationID, when set).
func (store) listMaterials(ctx context.Context, q db.Q, tenantID string, o Owner, operationID *string, f MaterialFilter, p listing.Page) ([]InputMaterial, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("owner_type = %s", o.Type)
	lq.Where("owner_id = %s", o.ID)
	if operationID != nil {
		lq.Where("routing_operation_id = %s", *operationID)
	}
	for _, c := range []struct {
		column string
		ids    []string
	}{
		{"id", f.IDs}, {"material_shape_id", f.MaterialShapeIDs}, {"item_id", f.ItemIDs}, {"routing_operation_id", f.RoutingOperationIDs},
	} {
		if len(c.ids) > 0 {
			lq.Where(c.column+" = ANY(%s)", db.Array(c.ids))
		}
	}
	query, args := lq.SQL(`SELECT `+materialColumns+` FROM routing_input_materials`, p)
	var rows []materialRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list routing input materials: %w", err)
	}
	return materialsFromRows(rows), nil
}

func materialNotFound(id string) error {
	return apperr.NotFound("routing input material %s not found", id)
}

// materialWriteErr turns the constraints a material write can break into the client's
// errors (the service checks each first; the keys decide under concurrency).
func materialWriteErr(err error, v MaterialValues) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "routing_input_materials_shape_fkey":
			return apperr.NotFound("materialShapeId: material shape %s not found", v.MaterialShapeID)
		case "routing_input_materials_item_fkey":
			return apperr.NotFound("itemId: item %s not found", deref(v.ItemID))
		case "routing_input_materials_operation_fkey":
			return apperr.NotFound("routingOperationId: routing operation %s is not in this routing", deref(v.RoutingOperationID))
		}
	}
	return fmt.Errorf("save routing input material: %w", err)
}

type nestingRow struct {
	MaterialID     string       `db:"input_material_id"`
	ID             string       `db:"id"`
	Name           string       `db:"name"`
	StockLength    dec.Decimal  `db:"stock_length"`
	StockWidth     *dec.Decimal `db:"stock_width"`
	BlanksPerStock int32        `db:"blanks_per_stock"`
	Notes          *string      `db:"notes"`
	CreatedUtc     time.Time    `db:"created_utc"`
}

const nestingsOfSQL = `SELECT input_material_id, id, name, stock_length, stock_width, blanks_per_stock, notes, created_utc
FROM routing_material_nestings WHERE tenant_id = $1 AND input_material_id = ANY($2)
ORDER BY input_material_id, created_utc, id`

// nestingsOf reads the nestings of the materials among ids by material, oldest first, in
// one statement.
func (store) nestingsOf(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string][]Nesting, error) {
	var rows []nestingRow
	if err := sqlx.SelectContext(ctx, q, &rows, nestingsOfSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("list routing material nestings: %w", err)
	}
	out := make(map[string][]Nesting, len(ids))
	for _, r := range rows {
		out[r.MaterialID] = append(out[r.MaterialID], Nesting{
			ID: r.ID, Name: r.Name, StockLength: r.StockLength, StockWidth: r.StockWidth,
			BlanksPerStock: r.BlanksPerStock, Notes: r.Notes, CreatedUtc: r.CreatedUtc,
		})
	}
	return out, nil
}

const insertNestingSQL = `
INSERT INTO routing_material_nestings (tenant_id, id, input_material_id, name, stock_length, stock_width, blanks_per_stock, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

func (store) insertNesting(ctx context.Context, q db.Q, tenantID, materialID, id string, w NestingWrite) error {
	if _, err := q.ExecContext(ctx, insertNestingSQL, tenantID, id, materialID, w.Name, w.StockLength, w.StockWidth, w.BlanksPerStock, w.Notes); err != nil {
		return fmt.Errorf("save routing material nesting: %w", err)
	}
	return nil
}

const deleteNestingSQL = `DELETE FROM routing_material_nestings WHERE tenant_id = $1 AND id = $2 AND input_material_id = $3`

func (store) deleteNesting(ctx context.Context, q db.Q, tenantID, materialID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteNestingSQL, tenantID, id, materialID)
	if err != nil {
		return false, fmt.Errorf("delete routing material nesting: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
