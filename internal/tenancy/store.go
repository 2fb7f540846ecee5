package tenancy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

type store struct{}

var errNoToken = errors.New("no such token")

const insertTenantSQL = `
INSERT INTO tenants (id, name, timezone, currency_code, status) VALUES ($1, $2, $3, $4, $5)`

func (store) insertTenant(ctx context.Context, q db.Q, id string, t NewTenant, status string) error {
	_, err := q.ExecContext(ctx, insertTenantSQL, id, t.Name, t.Timezone, t.CurrencyCode, status)
	return err
}

const setTenantStatusSQL = `UPDATE tenants SET status = $2 WHERE id = $1 AND deleted_utc IS NULL`

func (store) setTenantStatus(ctx context.Context, q db.Q, id, status string) (bool, error) {
	res, err := q.ExecContext(ctx, setTenantStatusSQL, id, status)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const deleteTenantSQL = `UPDATE tenants SET deleted_utc = now() WHERE id = $1 AND deleted_utc IS NULL`

func (store) deleteTenant(ctx context.Context, q db.Q, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteTenantSQL, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const tenantExistsSQL = `SELECT EXISTS (SELECT 1 FROM tenants WHERE id = $1 AND deleted_utc IS NULL)`

func (store) tenantExists(ctx context.Context, q db.Q, id string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, q, &ok, tenantExistsSQL, id)
	return ok, err
}

const upsertUserSQL = `
INSERT INTO users (tenant_id, id, name) VALUES ($1, $2, $3)
ON CONFLICT (tenant_id, lower(name)) DO UPDATE SET name = users.name
RETURNING id`

// upsertUser returns the id of the tenant's user with that name, creating it when new.
func (store) upsertUser(ctx context.Context, q db.Q, tenantID, newID, name string) (string, error) {
	var id string
	err := sqlx.GetContext(ctx, q, &id, upsertUserSQL, tenantID, newID, name)
	return id, err
}

const userNamedSQL = `SELECT id FROM users WHERE tenant_id = $1 AND lower(name) = lower($2)`

// userNamed answers the id of the tenant's user with that name (ignoring case), if any.
func (store) userNamed(ctx context.Context, q db.Q, tenantID, name string) (string, bool, error) {
	var id string
	err := sqlx.GetContext(ctx, q, &id, userNamedSQL, tenantID, name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read user by name: %w", err)
	}
	return id, true, nil
}

func (store) insertUser(ctx context.Context, q db.Q, tenantID, id, name string) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO users (tenant_id, id, name) VALUES ($1, $2, $3)`, tenantID, id, name); err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	return nil
}

const insertTokenSQL = `
INSERT INTO api_tokens (id, tenant_id, kind, user_id, permissions, token_hash, expires_utc)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (store) insertToken(ctx context.Context, q db.Q, id, tenantID, kind string, userID *string, perms []string, hash []byte, expires *time.Time) error {
	_, err := q.ExecContext(ctx, insertTokenSQL, id, tenantID, kind, userID, pq.StringArray(perms), hash, expires)
	return err
}

const revokeTokenSQL = `UPDATE api_tokens SET revoked_utc = now() WHERE id = $1 AND revoked_utc IS NULL`

func (store) revokeToken(ctx context.Context, q db.Q, id string) (bool, error) {
	res, err := q.ExecContext(ctx, revokeTokenSQL, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type tokenRow struct {
	ID             string         `db:"id"`
	Kind           string         `db:"kind"`
	UserID         sql.NullString `db:"user_id"`
	UserName       sql.NullString `db:"user_name"`
	Permissions    pq.StringArray `db:"permissions"`
	CreatedUtc     time.Time      `db:"created_utc"`
	ExpiresUtc     *time.Time     `db:"expires_utc"`
	RevokedUtc     *time.Time     `db:"revoked_utc"`
	TenantID       string         `db:"tenant_id"`
	TenantName     string         `db:"tenant_name"`
	TenantTimezone string         `db:"tenant_timezone"`
	TenantCurrency string         `db:"tenant_currency"`
	TenantStatus   string         `db:"tenant_status"`
	TenantDeleted  *time.Time     `db:"tenant_deleted_utc"`
}

const tokenByHashSQL = `
SELECT t.id, t.kind, t.user_id, u.name AS user_name, t.permissions, t.created_utc, t.expires_utc,
       t.revoked_utc, tn.id AS tenant_id, tn.name AS tenant_name, tn.timezone AS tenant_timezone,
       tn.currency_code AS tenant_currency, tn.status AS tenant_status, tn.deleted_utc AS tenant_deleted_utc
FROM api_tokens t
JOIN tenants tn ON tn.id = t.tenant_id
LEFT JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
WHERE t.token_hash = $1`

func (store) tokenByHash(ctx context.Context, q db.Q, hash []byte) (tokenRow, error) {
	var r tokenRow
	err := sqlx.GetContext(ctx, q, &r, tokenByHashSQL, hash)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errNoToken
	}
	if err != nil {
		return r, fmt.Errorf("look up token: %w", err)
	}
	return r, nil
}
