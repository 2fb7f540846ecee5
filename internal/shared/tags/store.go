package tags

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct {
	carriers []carrier
}

// carrier is a kind of record that carries catalogue tags (see Service.RegisterCarrier).
type carrier struct {
	recordType string
	carries    func(tenantColumn, tagColumn string) string
}

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

// columns reads a tag aliased t. types names the kinds of record that carry the tag, each
// asked through the condition its area registered (see Service.RegisterCarrier), so it can
// never go stale and this area never names another's tables.
func (s store) columns() string {
	return `t.id, t.name, t.style, t.description, t.deleted, ` + s.typesOf("t.tenant_id", "t.id") + ` AS types`
}

// typesOf is the SQL expression of the types of the tag in the given tenant and id columns.
func (s store) typesOf(tenantColumn, idColumn string) string {
	if len(s.carriers) == 0 {
		return `'{}'::text[]`
	}
	cases := make([]string, len(s.carriers))
	for i, c := range s.carriers {
		cases[i] = fmt.Sprintf(`CASE WHEN %s THEN %s END`, c.carries(tenantColumn, idColumn), pq.QuoteLiteral(c.recordType))
	}
	return `array_remove(ARRAY[` + strings.Join(cases, ", ") + `]::text[], NULL)`
}

// stateOf is the SQL expression of what a tag shown inside another record holds beyond its
// row's version: its types, which change as records of other areas carry it.
func (s store) stateOf(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version::text || ':' || (%s)::text FROM tags v WHERE v.tenant_id = %s AND v.id = %s)`,
		s.typesOf("v.tenant_id", "v.id"), tenantColumn, idColumn)
}

// shownOf is the SQL expression of the tag of list in the given tenant and id columns as one
// JSON value (NULL when there is no such tag), deleted or not: see Service.ShownSQL.
func (s store) shownOf(list List, tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT json_build_object('id', v.id, 'name', v.name, 'style', v.style, 'description', v.description,
       'deleted', v.deleted, 'types', %s)
     FROM tags v WHERE v.tenant_id = %s AND v.id = %s AND v.list = %s)`,
		s.typesOf("v.tenant_id", "v.id"), tenantColumn, idColumn, pq.QuoteLiteral(string(list)))
}

// Shown is a tag read through Service.ShownSQL; Valid is false when there was none.
type Shown struct {
	Tag   Tag
	Valid bool
}

// shownRow is shownOf's JSON object.
type shownRow struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Style       string   `json:"style"`
	Description *string  `json:"description"`
	Deleted     bool     `json:"deleted"`
	Types       []string `json:"types"`
}

// Scan reads Service.ShownSQL's value.
func (s *Shown) Scan(src any) error {
	*s = Shown{}
	var j shownRow
	if ok, err := db.ScanJSON(src, &j, "tag"); !ok || err != nil {
		return err
	}
	t := Tag{ID: j.ID, Name: j.Name, Style: j.Style, Description: j.Description, Types: j.Types, Deleted: j.Deleted}
	if t.Types == nil {
		t.Types = []string{}
	}
	*s = Shown{Tag: t, Valid: true}
	return nil
}

// carriedBy is the condition that a record of recordType carries the tag aliased t; false
// when no such carrier is registered.
func (s store) carriedBy(recordType string) string {
	for _, c := range s.carriers {
		if c.recordType == recordType {
			return "(" + c.carries("t.tenant_id", "t.id") + ")"
		}
	}
	return "false"
}

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

// getSQL reads a tag by $1 tenant, $2 list, $3 id.
func (s store) getSQL() string {
	return `SELECT ` + s.columns() + ` FROM tags t WHERE t.tenant_id = $1 AND t.list = $2 AND t.id = $3`
}

func (s store) get(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	return s.getOne(ctx, q, s.getSQL(), tenantID, list, id)
}

// getLiveForUpdate reads a live tag and locks its row until the transaction ends. The lock
// is NO KEY UPDATE, as a PATCH changes no key: the KEY SHARE lock that an item-tag attach's
// foreign key check takes on the tag does not wait for it.
func (s store) getLiveForUpdate(ctx context.Context, q db.Q, tenantID string, list List, id string) (Tag, error) {
	return s.getOne(ctx, q, s.getSQL()+` AND NOT t.deleted FOR NO KEY UPDATE OF t`, tenantID, list, id)
}

// getCarriedBy reads a tag only while a record of recordType carries it.
func (s store) getCarriedBy(ctx context.Context, q db.Q, tenantID string, list List, id, recordType string) (Tag, error) {
	return s.getOne(ctx, q, s.getSQL()+` AND `+s.carriedBy(recordType), tenantID, list, id)
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

func (s store) list(ctx context.Context, q db.Q, tenantID string, list List, f Filter, p listing.Page) ([]Tag, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("t.list = %s", list)
	if f.Name != nil {
		lq.Where("t.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("t.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if f.CarriedBy != "" {
		// A bare EXISTS, which the planner joins on the carriers' indexes tag by tag.
		lq.Where(s.carriedBy(f.CarriedBy))
	}
	// The page is chosen first and its tags' types read for its rows only: over the whole
	// query, the planner reads (and hashes) every carried tag of the tenant to answer them.
	page, args := lq.SQL(`SELECT t.* FROM tags t`, p)
	return selectTags(ctx, q, `SELECT `+s.columns()+` FROM (`+page+`) t ORDER BY `+p.OrderBy, args...)
}

// byIDs reads the tags of list among ids (live ones only unless withDeleted), in the list's
// default order: name (case-insensitive) then id.
func (s store) byIDs(ctx context.Context, q db.Q, tenantID string, list List, ids []string, withDeleted bool) ([]Tag, error) {
	query := `SELECT ` + s.columns() + ` FROM tags t
WHERE t.tenant_id = $1 AND t.list = $2 AND t.id = ANY($3) AND ($4 OR NOT t.deleted)
ORDER BY lower(t.name), t.id`
	return selectTags(ctx, q, query, tenantID, list, pq.StringArray(ids), withDeleted)
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
