package customfields

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

type definitionRow struct {
	ID       string         `db:"id"`
	Name     string         `db:"name"`
	Label    string         `db:"label"`
	Type     string         `db:"type"`
	Module   string         `db:"module"`
	Required bool           `db:"required"`
	Options  pq.StringArray `db:"options"`
	Prepend  sql.NullString `db:"prepend"`
	Append   sql.NullString `db:"append"`
	HelpText sql.NullString `db:"help_text"`
}

func (r definitionRow) toDefinition() Definition {
	d := Definition{
		ID: r.ID, Name: r.Name, Label: r.Label, Type: Type(r.Type), Module: Module(r.Module),
		Required: r.Required, Options: []string(r.Options),
		Prepend: nullable(r.Prepend), Append: nullable(r.Append), HelpText: nullable(r.HelpText),
	}
	if d.Options == nil {
		d.Options = []string{}
	}
	return d
}

func nullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

const columns = `id, name, label, type, module, required, options, prepend, append, help_text`

// duplicateName is the 400 for a name already used in the module, found by the unique index.
func duplicateName(err error, w DefinitionWrite) error {
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("name", "a custom field named %q already exists in module %s", w.Name, w.Module)
	}
	return err
}

const insertSQL = `
INSERT INTO custom_fields (tenant_id, id, name, label, type, module, required, options, prepend, append, help_text)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w DefinitionWrite) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, w.Name, *w.Label, w.Type, w.Module, w.Required,
		pq.StringArray(w.Options), w.Prepend, w.Append, w.HelpText)
	if err = duplicateName(err, w); err != nil {
		return fmt.Errorf("insert custom field: %w", err)
	}
	return nil
}

const updateSQL = `
UPDATE custom_fields
SET name = $3, label = $4, type = $5, module = $6, required = $7, options = $8,
    prepend = $9, append = $10, help_text = $11, modified_utc = now()
WHERE tenant_id = $1 AND id = $2
RETURNING ` + columns

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w DefinitionWrite) (Definition, error) {
	var r definitionRow
	err := sqlx.GetContext(ctx, q, &r, updateSQL, tenantID, id, w.Name, *w.Label, w.Type, w.Module, w.Required,
		pq.StringArray(w.Options), w.Prepend, w.Append, w.HelpText)
	if errors.Is(err, sql.ErrNoRows) {
		return Definition{}, notFound(id)
	}
	if err = duplicateName(err, w); err != nil {
		return Definition{}, fmt.Errorf("update custom field: %w", err)
	}
	return r.toDefinition(), nil
}

const deleteSQL = `DELETE FROM custom_fields WHERE tenant_id = $1 AND id = $2`

// delete reports whether a definition was removed.
func (store) delete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete custom field: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete custom field: %w", err)
	}
	return n > 0, nil
}

const getSQL = `SELECT ` + columns + ` FROM custom_fields WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Definition, error) {
	var r definitionRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Definition{}, notFound(id)
	}
	if err != nil {
		return Definition{}, fmt.Errorf("get custom field: %w", err)
	}
	return r.toDefinition(), nil
}

func notFound(id string) error {
	return apperr.NotFound("custom field %s not found", id)
}

const byModuleSQL = `SELECT ` + columns + ` FROM custom_fields WHERE tenant_id = $1 AND module = $2`

// byModule returns the definitions of module keyed by name, for validating values.
func (store) byModule(ctx context.Context, q db.Q, tenantID string, module Module) (map[string]Definition, error) {
	var rows []definitionRow
	if err := sqlx.SelectContext(ctx, q, &rows, byModuleSQL, tenantID, module); err != nil {
		return nil, fmt.Errorf("load custom fields of %s: %w", module, err)
	}
	out := make(map[string]Definition, len(rows))
	for _, r := range rows {
		out[r.Name] = r.toDefinition()
	}
	return out, nil
}

// sortFields are the definition properties a list can be sorted by. Sorting by module
// orders by name within a module (a row value sorts as a whole in either direction), which
// makes "module" the documented default order: module, then name, then id.
var sortFields = map[string]string{
	"id":       "id",
	"name":     "lower(name)",
	"label":    "lower(label)",
	"type":     "type",
	"module":   "(module, lower(name))",
	"required": "required",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "module", IDColumn: "id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Definition, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if f.Module != nil {
		lq.Where("module = %s", *f.Module)
	}
	if f.Type != nil {
		lq.Where("type = %s", *f.Type)
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM custom_fields`, p)
	var rows []definitionRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list custom fields: %w", err)
	}
	out := make([]Definition, len(rows))
	for i, r := range rows {
		out[i] = r.toDefinition()
	}
	return out, nil
}
