package units

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type store struct{}

type unitRow struct {
	ID          string       `db:"id"`
	TypeID      string       `db:"unit_type_id"`
	TypeName    string       `db:"unit_type_name"`
	Name        string       `db:"name"`
	Numerator   *dec.Decimal `db:"factor_numerator"`
	Denominator *dec.Decimal `db:"factor_denominator"`
	IsBase      bool         `db:"is_base"`
	// BaseName is the type's base unit, read beside every unit because a name filter may
	// leave the base unit itself out.
	BaseName string `db:"base_unit_name"`
}

func (r unitRow) toUnit() Unit {
	u := Unit{ID: r.ID, TypeID: r.TypeID, TypeName: r.TypeName, Name: r.Name, IsBase: r.IsBase}
	if r.Numerator != nil && r.Denominator != nil {
		u.Factor = &Ratio{Num: *r.Numerator, Den: *r.Denominator}
	}
	return u
}

// listSQL reads the catalogue whole (the lookups by id and by name need every unit), types
// by name, units by factor with the factorless last, then by name. A NULL filter parameter
// leaves its clause out.
const listSQL = `
SELECT u.id, u.unit_type_id, t.name AS unit_type_name, u.name, u.factor_numerator, u.factor_denominator, u.is_base,
       COALESCE((SELECT b.name FROM units_of_measure b WHERE b.tenant_id = t.tenant_id AND b.unit_type_id = t.id AND b.is_base), '') AS base_unit_name
FROM units_of_measure u
JOIN unit_types t ON t.tenant_id = u.tenant_id AND t.id = u.unit_type_id
WHERE u.tenant_id = $1
  AND ($2::text IS NULL OR lower(t.name) = lower($2))
  AND ($3::text IS NULL OR u.name ILIKE $3)
ORDER BY lower(t.name), t.id, u.factor_numerator / u.factor_denominator NULLS LAST, lower(u.name), u.id`

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter) ([]unitRow, error) {
	var namePattern *string
	if f.Name != nil {
		p := listing.ContainsPattern(*f.Name)
		namePattern = &p
	}
	var rows []unitRow
	if err := sqlx.SelectContext(ctx, q, &rows, listSQL, tenantID, f.TypeName, namePattern); err != nil {
		return nil, fmt.Errorf("list units of measure: %w", err)
	}
	return rows, nil
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of the unit of measure they are counted in (case-insensitive), given its tenant
// and unit id columns. Sorting a page has to happen in SQL, so this is the one place other
// areas reach the catalogue's table, and only through this package.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(um.name) FROM units_of_measure um WHERE um.tenant_id = %s AND um.id = %s)`, tenantColumn, idColumn)
}

// NameSQL is the SQL expression of the name of the unit of measure in the given tenant and
// id columns (NULL when there is none): a record of another area that shows the unit's name
// reads it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT um.name FROM units_of_measure um WHERE um.tenant_id = %s AND um.id = %s)`, tenantColumn, idColumn)
}

// TypeNameSQL is the SQL expression of the name of the type of the unit of measure in the
// given tenant and id columns (NULL when there is none), read as NameSQL is.
func TypeNameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT ut.name FROM units_of_measure um JOIN unit_types ut ON ut.tenant_id = um.tenant_id AND ut.id = um.unit_type_id
       WHERE um.tenant_id = %s AND um.id = %s)`, tenantColumn, idColumn)
}

// typeSortFields are the UnitType properties the list sorts unit types by.
var typeSortFields = map[string]string{
	"id":           "t.id",
	"name":         "lower(t.name)",
	"baseUnitName": "lower(b.name)",
}

// typeListSpec pages unit types, never units: a type comes whole with its matching units.
var typeListSpec = listing.Spec{Fields: typeSortFields, Default: "name", IDColumn: "t.id"}

// typesSelect chooses a page of unit types; pos numbers them in the page's order (which
// ends on the id, so it is total) for the units query to keep.
const typesSelect = `SELECT t.id, t.name, COALESCE(b.name, '') AS base_unit_name, row_number() OVER (ORDER BY %s) AS pos
FROM unit_types t
LEFT JOIN units_of_measure b ON b.tenant_id = t.tenant_id AND b.unit_type_id = t.id AND b.is_base`

// pageUnitsSQL reads the matching units of the page's types (%s, whose first parameter is
// the tenant): types in page order, each type's units in catalogue order; parameter %d
// (NULL: every unit) keeps the units whose name matches it.
const pageUnitsSQL = `WITH page AS (%s)
SELECT u.id, u.unit_type_id, page.name AS unit_type_name, u.name, u.factor_numerator, u.factor_denominator, u.is_base,
       page.base_unit_name
FROM page
JOIN units_of_measure u ON u.tenant_id = $1 AND u.unit_type_id = page.id
WHERE ($%[2]d::text IS NULL OR u.name ILIKE $%[2]d)
ORDER BY page.pos, u.factor_numerator / u.factor_denominator NULLS LAST, lower(u.name), u.id`

// page reads the units of the page p of the unit types matching f: a type matches when it
// has a unit matching f, and comes with those units only.
func (store) page(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]unitRow, error) {
	var namePattern *string
	lq := listing.NewQuery("t.tenant_id", tenantID)
	if f.TypeName != nil {
		lq.Where("lower(t.name) = lower(%s)", *f.TypeName)
	}
	if f.Name != nil {
		pattern := listing.ContainsPattern(*f.Name)
		namePattern = &pattern
		lq.Where(`EXISTS (SELECT 1 FROM units_of_measure m
        WHERE m.tenant_id = t.tenant_id AND m.unit_type_id = t.id AND m.name ILIKE %s)`, pattern)
	}
	types, args := lq.SQL(fmt.Sprintf(typesSelect, p.OrderBy), p)
	args = append(args, namePattern)
	query := fmt.Sprintf(pageUnitsSQL, types, len(args))
	var rows []unitRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list units of measure: %w", err)
	}
	return rows, nil
}
