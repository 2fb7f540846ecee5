package users

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct{}

type userRow struct {
	ID         string    `db:"id"`
	Name       string    `db:"name"`
	CreatedUtc time.Time `db:"created_utc"`
}

const userColumns = `id, name, created_utc`

const getUserSQL = `SELECT ` + userColumns + ` FROM users WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (User, error) {
	var r userRow
	err := sqlx.GetContext(ctx, q, &r, getUserSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, apperr.NotFound("user %s not found", id)
	}
	if err != nil {
		return User{}, fmt.Errorf("get user: %w", err)
	}
	return User(r), nil
}

const listUsersFrom = `SELECT ` + userColumns + ` FROM users`

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]User, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	listing.AnyOf(lq, "id", f.IDs)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	query, args := lq.SQL(listUsersFrom, p)
	var rows []userRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := make([]User, len(rows))
	for i, r := range rows {
		out[i] = User(r)
	}
	return out, nil
}

const knownUsersSQL = `SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2)`

// known answers which of ids are users of the tenant, in one statement.
func (store) known(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]bool, error) {
	out := make(map[string]bool, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var found []string
	if err := sqlx.SelectContext(ctx, q, &found, knownUsersSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("known users: %w", err)
	}
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of the user they refer to (case-insensitive, as the user list sorts names), given
// its tenant and user id columns; NULL when there is none.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(u.name) FROM users u WHERE u.tenant_id = %s AND u.id = %s)`, tenantColumn, idColumn)
}
