package trackingfields

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct{}

type fieldRow struct {
	ID              string         `db:"id"`
	Name            string         `db:"name"`
	DataType        string         `db:"data_type"`
	Description     *string        `db:"description"`
	DropDownOptions pq.StringArray `db:"drop_down_options"`
	UnitTypeName    *string        `db:"unit_type_name"`
}

func (r fieldRow) toField() Field {
	options := []string(r.DropDownOptions)
	if options == nil {
		options = []string{}
	}
	return Field{ID: r.ID, FieldWrite: FieldWrite{
		Name: r.Name, DataType: DataType(r.DataType), Description: r.Description,
		DropDownOptions: options, UnitTypeName: r.UnitTypeName,
	}}
}

const insertSQL = `
INSERT INTO in_process_tracking_fields (tenant_id, id, name, data_type, description, drop_down_options, unit_type_name)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w FieldWrite) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, w.Name, string(w.DataType), w.Description,
		pq.StringArray(w.DropDownOptions), w.UnitTypeName)
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "in_process_tracking_fields_name_key" {
		return apperr.Field("name", "a tracking field named %q already exists", w.Name)
	}
	if err != nil {
		return fmt.Errorf("insert tracking field: %w", err)
	}
	return nil
}

const columns = `id, name, data_type, description, drop_down_options, unit_type_name`

const getSQL = `SELECT ` + columns + ` FROM in_process_tracking_fields WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Field, error) {
	var r fieldRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Field{}, apperr.NotFound("in-process tracking field %s not found", id)
	}
	if err != nil {
		return Field{}, fmt.Errorf("get tracking field: %w", err)
	}
	return r.toField(), nil
}

// sortFields are the InProcessTrackingField properties a list can be sorted by.
var sortFields = map[string]string{
	"id":       "id",
	"name":     "lower(name)",
	"dataType": "data_type",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Field, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM in_process_tracking_fields`, p)
	var rows []fieldRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list tracking fields: %w", err)
	}
	out := make([]Field, len(rows))
	for i, r := range rows {
		out[i] = r.toField()
	}
	return out, nil
}

const refsSQL = `SELECT id, name, data_type FROM in_process_tracking_fields WHERE tenant_id = $1 AND id = ANY($2)`

type refRow struct {
	ID       string `db:"id"`
	Name     string `db:"name"`
	DataType string `db:"data_type"`
}

// refs reads the tenant's fields among ids.
func (store) refs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]FieldRef, error) {
	var rows []refRow
	if err := sqlx.SelectContext(ctx, q, &rows, refsSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, fmt.Errorf("find tracking fields: %w", err)
	}
	out := make([]FieldRef, len(rows))
	for i, r := range rows {
		out[i] = FieldRef{ID: r.ID, Name: r.Name, DataType: DataType(r.DataType)}
	}
	return out, nil
}
