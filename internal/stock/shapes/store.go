package shapes

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type store struct{}

type shapeRow struct {
	ID             string       `db:"id"`
	Name           string       `db:"name"`
	MaterialName   string       `db:"material_name"`
	ShapeType      string       `db:"shape_type"`
	Thickness      *dec.Decimal `db:"thickness"`
	Dimensions     []byte       `db:"dimensions"` // jsonb object of numbers
	DimensionUnits string       `db:"dimension_units"`
	LinearDensity  *dec.Decimal `db:"linear_density"`
	PlanarDensity  *dec.Decimal `db:"planar_density"`
	IsActivated    bool         `db:"is_activated"`
	Deleted        bool         `db:"deleted"`
}

func (r shapeRow) toShape() (Shape, error) {
	// jsonb keeps numbers as NUMERIC, so the measures come back exactly as stored.
	dims := map[string]dec.Decimal{}
	if err := json.Unmarshal(r.Dimensions, &dims); err != nil {
		return Shape{}, fmt.Errorf("material shape %s dimensions: %w", r.ID, err)
	}
	return Shape{
		ID: r.ID, Name: r.Name, MaterialName: r.MaterialName, Type: Type(r.ShapeType),
		Thickness: r.Thickness, Dimensions: dims, DimensionUnits: Units(r.DimensionUnits),
		LinearDensity: r.LinearDensity, PlanarDensity: r.PlanarDensity,
		IsActivated: r.IsActivated, Deleted: r.Deleted,
	}, nil
}

// args are w's columns in the order insertSQL and updateSQL bind them from $3.
func args(tenantID, id string, w Write) ([]any, error) {
	dims := w.Dimensions
	if dims == nil {
		dims = map[string]dec.Decimal{}
	}
	b, err := json.Marshal(dims)
	if err != nil {
		return nil, fmt.Errorf("encode material shape dimensions: %w", err)
	}
	return []any{tenantID, id, w.Name, w.MaterialName, string(w.Type), w.Thickness, string(b), string(w.DimensionUnits), w.LinearDensity, w.PlanarDensity, w.IsActivated}, nil
}

// nameTaken is the 400 for a name the live-name index refuses.
func nameTaken(name string) error {
	return apperr.Field("name", "a material shape named %q already exists", name)
}

func notFound(id string) error { return apperr.NotFound("material shape %s not found", id) }

const insertSQL = `
INSERT INTO material_shapes (tenant_id, id, name, material_name, shape_type, thickness, dimensions, dimension_units, linear_density, planar_density, is_activated)
VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	a, err := args(tenantID, id, w)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, insertSQL, a...)
	if _, dup := db.UniqueViolation(err); dup {
		return nameTaken(w.Name)
	}
	if err != nil {
		return fmt.Errorf("insert material shape: %w", err)
	}
	return nil
}

const columns = `id, name, material_name, shape_type, thickness, dimensions, dimension_units, linear_density, planar_density, is_activated, deleted`

const updateSQL = `
UPDATE material_shapes SET name = $3, material_name = $4, shape_type = $5, thickness = $6, dimensions = $7::jsonb,
    dimension_units = $8, linear_density = $9, planar_density = $10, is_activated = $11, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + columns

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) (Shape, error) {
	a, err := args(tenantID, id, w)
	if err != nil {
		return Shape{}, err
	}
	var r shapeRow
	err = sqlx.GetContext(ctx, q, &r, updateSQL, a...)
	if _, dup := db.UniqueViolation(err); dup {
		return Shape{}, nameTaken(w.Name)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Shape{}, notFound(id)
	}
	if err != nil {
		return Shape{}, fmt.Errorf("update material shape: %w", err)
	}
	return r.toShape()
}

const getSQL = `SELECT ` + columns + ` FROM material_shapes WHERE tenant_id = $1 AND id = $2`

// get reads one shape; forShare share-locks its row until q's transaction ends.
func (store) get(ctx context.Context, q db.Q, tenantID, id string, forShare bool) (Shape, error) {
	query := getSQL
	if forShare {
		query += ` FOR SHARE`
	}
	var r shapeRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Shape{}, notFound(id)
	}
	if err != nil {
		return Shape{}, fmt.Errorf("get material shape: %w", err)
	}
	return r.toShape()
}

// sortFields are the MaterialShape properties a list can be sorted by.
var sortFields = map[string]string{
	"id":           "id",
	"name":         "lower(name)",
	"materialName": "lower(material_name)",
	"shapeType":    "shape_type",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// VersionSQL is the SQL expression of the version of the material shape in the given tenant
// and id columns (NULL when there is none): a record of another area that shows the shape
// folds it into its ETag, so that the ETag changes when the shape changes.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM material_shapes v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// ShownSQL is the SQL expression of the material shape in the given tenant and id columns as
// one JSON value (NULL when there is none), deleted or not: a record of another area that
// shows the shape (an item cut from it) reads it in the statement that reads the record, and
// scans it into a Shown. Decimals travel as text, so they read exactly as a column would.
func ShownSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT json_build_object('id', ms.id, 'name', ms.name, 'material_name', ms.material_name,
       'shape_type', ms.shape_type, 'thickness', ms.thickness::text, 'dimensions', ms.dimensions,
       'dimension_units', ms.dimension_units, 'linear_density', ms.linear_density::text,
       'planar_density', ms.planar_density::text, 'is_activated', ms.is_activated, 'deleted', ms.deleted)
     FROM material_shapes ms WHERE ms.tenant_id = %s AND ms.id = %s)`, tenantColumn, idColumn)
}

// Shown is a shape read through ShownSQL; Valid is false when there was none.
type Shown struct {
	Shape Shape
	Valid bool
}

// shownRow is ShownSQL's JSON object.
type shownRow struct {
	ID             string          `json:"id"`
	Name           string          `json:"name"`
	MaterialName   string          `json:"material_name"`
	ShapeType      string          `json:"shape_type"`
	Thickness      *string         `json:"thickness"`
	Dimensions     json.RawMessage `json:"dimensions"`
	DimensionUnits string          `json:"dimension_units"`
	LinearDensity  *string         `json:"linear_density"`
	PlanarDensity  *string         `json:"planar_density"`
	IsActivated    bool            `json:"is_activated"`
	Deleted        bool            `json:"deleted"`
}

// Scan reads ShownSQL's value.
func (s *Shown) Scan(src any) error {
	*s = Shown{}
	var j shownRow
	if ok, err := db.ScanJSON(src, &j, "material shape"); !ok || err != nil {
		return err
	}
	r := shapeRow{
		ID: j.ID, Name: j.Name, MaterialName: j.MaterialName, ShapeType: j.ShapeType, Dimensions: j.Dimensions,
		DimensionUnits: j.DimensionUnits, IsActivated: j.IsActivated, Deleted: j.Deleted,
	}
	for _, d := range []struct {
		text *string
		into **dec.Decimal
	}{{j.Thickness, &r.Thickness}, {j.LinearDensity, &r.LinearDensity}, {j.PlanarDensity, &r.PlanarDensity}} {
		if d.text == nil {
			continue
		}
		var v dec.Decimal
		if err := v.Scan(*d.text); err != nil {
			return fmt.Errorf("material shape %s: %w", j.ID, err)
		}
		*d.into = &v
	}
	shape, err := r.toShape()
	if err != nil {
		return err
	}
	*s = Shown{Shape: shape, Valid: true}
	return nil
}

// list reads the page p of the live shapes matching f, one at a time.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[Shape], error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("deleted = %s", false)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.Types != nil {
		types := make([]string, len(f.Types))
		for i, t := range f.Types {
			types[i] = string(t)
		}
		lq.Where("shape_type = ANY(%s)", db.Array(types))
	}
	if f.IsActivated != nil {
		lq.Where("is_activated = %s", *f.IsActivated)
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, qargs := lq.SQL(`SELECT `+columns+` FROM material_shapes`, p)
	cur, err := db.Query(ctx, q, scanShape, query, qargs...)
	if err != nil {
		return nil, fmt.Errorf("list material shapes: %w", err)
	}
	return cur, nil
}

func scanShape(rows *sqlx.Rows) (Shape, error) {
	var r shapeRow
	if err := rows.StructScan(&r); err != nil {
		return Shape{}, fmt.Errorf("read material shape: %w", err)
	}
	return r.toShape()
}

const setActivatedSQL = `
UPDATE material_shapes SET is_activated = $3, modified_utc = now()
WHERE tenant_id = $1 AND id = ANY($2) AND NOT deleted
RETURNING ` + columns

// setActivated updates the live shapes among ids and returns them.
func (store) setActivated(ctx context.Context, q db.Q, tenantID string, ids []string, activated bool) ([]Shape, error) {
	var rows []shapeRow
	if err := sqlx.SelectContext(ctx, q, &rows, setActivatedSQL, tenantID, db.Array(ids), activated); err != nil {
		return nil, fmt.Errorf("activate material shapes: %w", err)
	}
	out := make([]Shape, len(rows))
	for i, r := range rows {
		s, err := r.toShape()
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

const byIDsSQL = `SELECT ` + columns + ` FROM material_shapes WHERE tenant_id = $1 AND id = ANY($2)`

// byIDs reads the shapes among ids, deleted ones included.
func (store) byIDs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Shape, error) {
	var rows []shapeRow
	if err := sqlx.SelectContext(ctx, q, &rows, byIDsSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("material shapes by id: %w", err)
	}
	out := make([]Shape, len(rows))
	for i, r := range rows {
		s, err := r.toShape()
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}
