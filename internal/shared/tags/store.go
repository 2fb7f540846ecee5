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

// onActiveItemSQL holds for a tag aliased t that an active (not archived) item carries:
// the links are item_tags, owned by the items area. An archived item's tags do not make a
// tag an item tag, as archived items leave every other list of the catalogue too.
const onActiveItemSQL = `EXISTS (SELECT 1 FROM item_tags l JOIN items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
           WHERE l.tenant_id = t.tenant_id AND l.tag_id = t.id AND NOT i.is_archived)`

// tagColumns read a tag aliased t. types is derived from the items that carry the tag (see
// onActiveItemSQL), so it can never go stale.
const tagColumns = `t.id, t.name, t.style, t.description, t.deleted,
       ARRAY(SELECT 'item'::text WHERE ` + onActiveItemSQL + `) AS types`

const insertSQL = `
INSERT INTO tags (tenant_id, id, list, name, style, description)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, list List, id string, t NewTag) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, list, t.Name, t.Style, t.Description)
	return nameErr(err, list, t.Name)
}

const updateSQL = `
UPDATE tags SET name = $4, style = $5, description = $6
WHERE tenant_id = $1 AND list = $2 AND id = $3 AND NOT deleted`

// update replaces the writable members of a live tag.
func (store) update(ctx context.Context, q db.Q, tenantID string, list List, id string, t NewTag) error {
	res, err := q.ExecContext(ctx, updateSQL, tenantID, list, id, t.Name, t.Style, t.Description)
	if err != nil {
		return nameErr(err, list, t.Name)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("update tag: %w", err)
	}
	if n == 0 {
		return notFound(list, id)
	}
	return nil
}

// nameErr turns the unique index on live names into a 400 naming name.
func nameErr(err error, list List, name string) error {
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("name", "the name %q is taken by another %s", name, list.noun())
	}
	if err != nil {
		return fmt.Errorf("save tag: %w", err)
	}
	return nil
}

func notFound(list List, id string) error { return apperr.NotFound("%s %s not found", list.noun(), id) }

const getSQL = `SELECT ` + tagColumns + ` FROM tags t WHERE t.tenant_id = $1 AND t.list = $2 AND t.id = $3`

func (s store) get(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	return s.getOne(ctx, q, getSQL, tenantID, list, id)
}

// getLiveForUpdateSQL reads a live tag and locks its row until the transaction ends. The
// lock is NO KEY UPDATE, as a PATCH changes no key: the KEY SHARE lock that an item-tag
// attach's foreign key check takes on the tag does not wait for it.
const getLiveForUpdateSQL = getSQL + ` AND NOT t.deleted FOR NO KEY UPDATE OF t`

func (s store) getLiveForUpdate(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	return s.getOne(ctx, q, getLiveForUpdateSQL, tenantID, list, id)
}

// getOnActiveItemSQL reads a tag only while an active item carries it (an item tag).
const getOnActiveItemSQL = getSQL + ` AND ` + onActiveItemSQL

func (s store) getOnActiveItem(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	return s.getOne(ctx, q, getOnActiveItemSQL, tenantID, list, id)
}

// getOne runs a query reading one tag by $1 tenant, $2 list, $3 id.
func (store) getOne(ctx context.Context, q db.Q, query, tenantID string, list List, id string) (Tag, error) {
	var r tagRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, list, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Tag{}, notFound(list, id)
	}
	if err != nil {
		return Tag{}, fmt.Errorf("get tag: %w", err)
	}
	return r.toTag(), nil
}

// sortFields are the Tag properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "t.id",
	"name":        "lower(t.name)",
	"style":       "t.style",
	"description": "lower(t.description)",
	"deleted":     "t.deleted",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "t.id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, list List, f Filter, p listing.Page) ([]Tag, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("t.list = %s", list)
	if f.Name != nil {
		lq.Where("t.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("t.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if f.OnActiveItems {
		lq.Where("("+onActiveItemSQL+") = %s", true)
	}
	query, args := lq.SQL(`SELECT `+tagColumns+` FROM tags t`, p)
	return selectTags(ctx, q, query, args...)
}

// byIDsSQL reads the tags of list among $3 (live ones only unless $4), in the list's
// default order: name (case-insensitive) then id.
const byIDsSQL = `SELECT ` + tagColumns + ` FROM tags t
WHERE t.tenant_id = $1 AND t.list = $2 AND t.id = ANY($3) AND ($4 OR NOT t.deleted)
ORDER BY lower(t.name), t.id`

func (store) byIDs(ctx context.Context, q db.Q, tenantID string, list List, ids []string, withDeleted bool) ([]Tag, error) {
	return selectTags(ctx, q, byIDsSQL, tenantID, list, pq.StringArray(ids), withDeleted)
}

func selectTags(ctx context.Context, q db.Q, query string, args ...any) ([]Tag, error) {
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
