package paymentterms

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

type termRow struct {
	ID          string  `db:"id"`
	Name        string  `db:"name"`
	NetDays     int     `db:"net_days"`
	Description *string `db:"description"`
	Deleted     bool    `db:"deleted"`
}

func (r termRow) toTerm() Term { return Term(r) }

const insertSQL = `
INSERT INTO payment_terms (tenant_id, id, name, net_days, description)
VALUES ($1, $2, $3, $4, $5)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, t NewTerm) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, t.Name, t.NetDays, t.Description)
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("name", "payment terms named %q already exist", t.Name)
	}
	if err != nil {
		return fmt.Errorf("insert payment terms: %w", err)
	}
	return nil
}

const columns = `id, name, net_days, description, deleted`

const getSQL = `SELECT ` + columns + ` FROM payment_terms WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Term, error) {
	var r termRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Term{}, apperr.NotFound("payment terms %s not found", id)
	}
	if err != nil {
		return Term{}, fmt.Errorf("get payment terms: %w", err)
	}
	return r.toTerm(), nil
}

// sortFields are the PaymentTerm properties a list can be sorted by.
var sortFields = map[string]string{
	"id":      "id",
	"name":    "lower(name)",
	"netDays": "net_days",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// VersionSQL is the SQL expression of the version of the payment terms in the given tenant
// and id columns (NULL when there are none): a record of another area that shows their name
// folds it into its ETag, so that the ETag changes when they change.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM payment_terms v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// NameSQL is the SQL expression of the name of the payment terms in the given tenant and id
// columns (NULL when there are none): a record of another area that shows the terms' name
// reads it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT pt.name FROM payment_terms pt WHERE pt.tenant_id = %s AND pt.id = %s)`, tenantColumn, idColumn)
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of the payment terms they refer to (as this list sorts names), given its tenant
// and payment terms id columns; NULL when there are none.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(pt.name) FROM payment_terms pt WHERE pt.tenant_id = %s AND pt.id = %s)`, tenantColumn, idColumn)
}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Term, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM payment_terms`, p)
	var rows []termRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list payment terms: %w", err)
	}
	out := make([]Term, len(rows))
	for i, r := range rows {
		out[i] = r.toTerm()
	}
	return out, nil
}
