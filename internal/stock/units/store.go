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

// The catalogue is small and fixed in order (types by name, units by factor with the
// factorless last, then by name), so the list is neither paged nor sortable. A NULL filter
// parameter leaves its clause out.
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
