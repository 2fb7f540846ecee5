package idempotency

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// claimSQL claims (tenant, key) for a request: a new key, an expired one (the first request
// older than the retention) or a claim still running past its lease (its process died) is
// the caller's; any other existing row stays as it is and nothing is returned. Concurrent
// claims of one key serialise on the row: exactly one gets it.
const claimSQL = `
INSERT INTO idempotency_keys (tenant_id, key, claim_id, state, created_utc)
VALUES ($1, $2, $3, 'running', now())
ON CONFLICT (tenant_id, key) DO UPDATE
   SET claim_id = EXCLUDED.claim_id, state = 'running', fingerprint = NULL, status = NULL,
       content_type = NULL, headers = NULL, body = NULL, created_utc = now(), completed_utc = NULL
 WHERE idempotency_keys.created_utc < now() - make_interval(secs => $4)
    OR (idempotency_keys.state = 'running' AND idempotency_keys.created_utc < now() - make_interval(secs => $5))
RETURNING claim_id`

// claim reports whether the caller now holds (tenant, key) under claimID.
func claim(ctx context.Context, q db.Q, tenant, key, claimID string, retention, lease time.Duration) (bool, error) {
	var got string
	err := sqlx.GetContext(ctx, q, &got, claimSQL, tenant, key, claimID, retention.Seconds(), lease.Seconds())
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("idempotency: claim key: %w", err)
	}
	return got == claimID, nil
}

const priorSQL = `
SELECT state, fingerprint, status, content_type, headers, body
  FROM idempotency_keys
 WHERE tenant_id = $1 AND key = $2 AND created_utc >= now() - make_interval(secs => $3)`

type priorRow struct {
	State       string         `db:"state"`
	Fingerprint []byte         `db:"fingerprint"`
	Status      sql.NullInt32  `db:"status"`
	ContentType sql.NullString `db:"content_type"`
	Headers     []byte         `db:"headers"`
	Body        []byte         `db:"body"`
}

// prior reads the live request holding (tenant, key); ok is false when there is none (it
// expired, or its claim was given back, since the caller failed to claim it).
func prior(ctx context.Context, q db.Q, tenant, key string, retention time.Duration) (p record, ok bool, err error) {
	var row priorRow
	err = sqlx.GetContext(ctx, q, &row, priorSQL, tenant, key, retention.Seconds())
	if errors.Is(err, sql.ErrNoRows) {
		return record{}, false, nil
	}
	if err != nil {
		return record{}, false, fmt.Errorf("idempotency: read key: %w", err)
	}
	p = record{Done: row.State == "done", Fingerprint: row.Fingerprint}
	if p.Done {
		p.Answer = answer{Status: int(row.Status.Int32), ContentType: row.ContentType.String, Body: row.Body}
		if err := json.Unmarshal(row.Headers, &p.Answer.Headers); err != nil {
			return record{}, false, fmt.Errorf("idempotency: stored headers: %w", err)
		}
	}
	return p, true, nil
}

const completeSQL = `
UPDATE idempotency_keys
   SET state = 'done', fingerprint = $4, status = $5, content_type = $6, headers = $7::jsonb,
       body = $8, completed_utc = now()
 WHERE tenant_id = $1 AND key = $2 AND claim_id = $3`

// complete stores the answer of the request holding claimID.
func complete(ctx context.Context, q db.Q, tenant, key, claimID string, fingerprint []byte, a answer) error {
	headers, err := json.Marshal(a.Headers)
	if err != nil {
		return fmt.Errorf("idempotency: encode headers: %w", err)
	}
	var contentType *string
	if a.ContentType != "" {
		contentType = &a.ContentType
	}
	body := a.Body
	if body == nil {
		body = []byte{}
	}
	if _, err := q.ExecContext(ctx, completeSQL, tenant, key, claimID, fingerprint, a.Status, contentType, string(headers), body); err != nil {
		return fmt.Errorf("idempotency: store answer: %w", err)
	}
	return nil
}

const releaseSQL = `DELETE FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND claim_id = $3`

// release gives the claim back: the request stored no answer, and the next with its key runs.
func release(ctx context.Context, q db.Q, tenant, key, claimID string) error {
	if _, err := q.ExecContext(ctx, releaseSQL, tenant, key, claimID); err != nil {
		return fmt.Errorf("idempotency: release key: %w", err)
	}
	return nil
}

const deleteExpiredSQL = `DELETE FROM idempotency_keys WHERE created_utc < now() - make_interval(secs => $1)`

// DeleteExpired removes the keys of every tenant whose first request is older than the
// retention (24 hours): requests no longer replay them anyway. It returns how many it removed.
func DeleteExpired(ctx context.Context, q db.Q) (int64, error) {
	res, err := q.ExecContext(ctx, deleteExpiredSQL, Retention.Seconds())
	if err != nil {
		return 0, fmt.Errorf("idempotency: delete expired keys: %w", err)
	}
	return res.RowsAffected()
}
