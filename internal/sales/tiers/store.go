package tiers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct{}

type tierRow struct {
	ID          string         `db:"id"`
	Name        string         `db:"name"`
	Description sql.NullString `db:"description"`
}

func (r tierRow) toTier() Tier {
	t := Tier{ID: r.ID, Name: r.Name}
	if r.Description.Valid {
		t.Description = &r.Description.String
	}
	return t
}

const insertSQL = `
INSERT INTO customer_tiers (tenant_id, id, name, description)
VALUES ($1, $2, $3, $4)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, t NewTier) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, t.Name, t.Description)
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("name", "a customer tier named %q already exists", t.Name)
	}
	if err != nil {
		return fmt.Errorf("insert customer tier: %w", err)
	}
	return nil
}

const getSQL = `
SELECT id, name, description
FROM customer_tiers WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Tier, error) {
	var r tierRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Tier{}, apperr.NotFound("customer tier %s not found", id)
	}
	if err != nil {
		return Tier{}, fmt.Errorf("get customer tier: %w", err)
	}
	return r.toTier(), nil
}

// sortFields are the CustomerTier properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"description": "lower(description)",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// VersionSQL is the SQL expression of the version of the customer tier in the given tenant
// and id columns (NULL when there is none): a record of another area that shows the tier or
// orders records by its name folds it into its ETag, so that the ETag changes when the tier
// changes.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM customer_tiers v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// NameSQL is the SQL expression of the name of the tier in the given tenant and id columns
// (NULL when there is none): a record of another area that shows the tier's name reads it in
// the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT ct.name FROM customer_tiers ct WHERE ct.tenant_id = %s AND ct.id = %s)`, tenantColumn, idColumn)
}

// DescriptionSQL is the SQL expression of the description of the tier in the given tenant
// and id columns (NULL when there is none or it has none), read as NameSQL is.
func DescriptionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT ct.description FROM customer_tiers ct WHERE ct.tenant_id = %s AND ct.id = %s)`, tenantColumn, idColumn)
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of their tier (as this list sorts names), given its tenant and tier id columns;
// NULL when there is no tier. Sorting a page has to happen in SQL, so this is the one
// place other areas reach the table, and only through this package.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(ct.name) FROM customer_tiers ct WHERE ct.tenant_id = %s AND ct.id = %s)`, tenantColumn, idColumn)
}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Tier, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT id, name, description FROM customer_tiers`, p)
	var rows []tierRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list customer tiers: %w", err)
	}
	out := make([]Tier, len(rows))
	for i, r := range rows {
		out[i] = r.toTier()
	}
	return out, nil
}
