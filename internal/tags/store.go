package tags

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

type tagRow struct {
	ID          string         `db:"id"`
	Name        string         `db:"name"`
	Style       string         `db:"style"`
	Description sql.NullString `db:"description"`
	Types       pq.StringArray `db:"types"`
	Deleted     bool           `db:"deleted"`
}

func (r tagRow) toTag() Tag {
	t := Tag{ID: r.ID, Name: r.Name, Style: r.Style, Types: []string(r.Types), Deleted: r.Deleted}
	if r.Description.Valid {
		t.Description = &r.Description.String
	}
	if t.Types == nil {
		t.Types = []string{}
	}
	return t
}

const insertSQL = `
INSERT INTO tags (tenant_id, id, list, name, style, description)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, list List, id string, t NewTag) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, list, t.Name, t.Style, t.Description)
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("name", "an %s named %q already exists", list.noun(), t.Name)
	}
	return err
}

const getSQL = `
SELECT id, name, style, description, types, deleted
FROM tags WHERE tenant_id = $1 AND list = $2 AND id = $3`

func (store) get(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	var r tagRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, list, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Tag{}, apperr.NotFound("%s %s not found", list.noun(), id)
	}
	if err != nil {
		return Tag{}, fmt.Errorf("get tag: %w", err)
	}
	return r.toTag(), nil
}

// sortFields are the Tag properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"style":       "style",
	"description": "lower(description)",
	"deleted":     "deleted",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, list List, f Filter, p listing.Page) ([]Tag, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("list = %s", list)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", pq.StringArray(f.IDs))
	}
	query, args := lq.SQL(`SELECT id, name, style, description, types, deleted FROM tags`, p)
	var rows []tagRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list tags: %w", err)
	}
	out := make([]Tag, len(rows))
	for i, r := range rows {
		out[i] = r.toTag()
	}
	return out, nil
}
