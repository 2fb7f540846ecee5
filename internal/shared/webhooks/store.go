package webhooks

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

type subscriptionRow struct {
	ID                    string         `db:"id"`
	URL                   string         `db:"url"`
	EventTypes            pq.StringArray `db:"event_types"`
	IsActive              bool           `db:"is_active"`
	Description           *string        `db:"description"`
	PreviousSecretExpires *time.Time     `db:"previous_secret_expires_utc"`
	FailingSince          *time.Time     `db:"failing_since_utc"`
	Disabled              *time.Time     `db:"disabled_utc"`
	DisabledReason        *string        `db:"disabled_reason"`
	Created               time.Time      `db:"created_utc"`
	Modified              time.Time      `db:"modified_utc"`
}

func (r subscriptionRow) toSubscription() Subscription {
	return Subscription{
		ID: r.ID, URL: r.URL, EventTypes: []string(r.EventTypes), IsActive: r.IsActive, Description: r.Description,
		PreviousSecretExpires: r.PreviousSecretExpires, FailingSince: r.FailingSince, Disabled: r.Disabled,
		DisabledReason: r.DisabledReason, Created: r.Created, Modified: r.Modified,
	}
}

// A rotated-out secret's expiry shows only while it still signs.
const subscriptionColumns = `s.id, s.url, s.event_types, s.is_active, s.description,
       CASE WHEN s.previous_secret_expires_utc > now() THEN s.previous_secret_expires_utc END AS previous_secret_expires_utc,
       s.failing_since_utc, s.disabled_utc, s.disabled_reason, s.created_utc, s.modified_utc`

const insertSubscriptionSQL = `
INSERT INTO webhook_subscriptions (tenant_id, id, url, event_types, is_active, description, secret)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write, secret string) error {
	if _, err := q.ExecContext(ctx, insertSubscriptionSQL, tenantID, id, w.URL, typesArray(w.EventTypes), w.IsActive, w.Description, secret); err != nil {
		return fmt.Errorf("insert webhook subscription: %w", err)
	}
	return nil
}

// typesArray is the event types column of types: empty, never null, for every type.
func typesArray(types []string) pq.StringArray {
	if types == nil {
		return pq.StringArray{}
	}
	return pq.StringArray(types)
}

const getSubscriptionSQL = `SELECT ` + subscriptionColumns + ` FROM webhook_subscriptions s WHERE s.tenant_id = $1 AND s.id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Subscription, error) {
	return getSubscription(ctx, q, getSubscriptionSQL, tenantID, id)
}

func (store) getForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Subscription, error) {
	return getSubscription(ctx, q, getSubscriptionSQL+` FOR UPDATE`, tenantID, id)
}

func getSubscription(ctx context.Context, q db.Q, query, tenantID, id string) (Subscription, error) {
	var r subscriptionRow
	if err := sqlx.GetContext(ctx, q, &r, query, tenantID, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Subscription{}, apperr.NotFound("webhook subscription %s not found", id)
		}
		return Subscription{}, fmt.Errorf("get webhook subscription: %w", err)
	}
	return r.toSubscription(), nil
}

// updateSubscriptionSQL saves a write; turning the subscription on forgets why it failed
// and why the server turned it off, and a new URL starts without a failure streak.
const updateSubscriptionSQL = `
UPDATE webhook_subscriptions SET url = $3, event_types = $4, is_active = $5, description = $6,
       failing_since_utc = CASE WHEN ($5 AND NOT is_active) OR url <> $3 THEN NULL ELSE failing_since_utc END,
       disabled_utc = CASE WHEN $5 THEN NULL ELSE disabled_utc END,
       disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	if _, err := q.ExecContext(ctx, updateSubscriptionSQL, tenantID, id, w.URL, typesArray(w.EventTypes), w.IsActive, w.Description); err != nil {
		return fmt.Errorf("update webhook subscription: %w", err)
	}
	return nil
}

const deleteSubscriptionSQL = `DELETE FROM webhook_subscriptions WHERE tenant_id = $1 AND id = $2`

func (store) delete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteSubscriptionSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete webhook subscription: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// rotateSecretSQL makes secret the signing secret and keeps the one it replaces until
// $4; a grace of nothing ($4 null) drops it at once.
const rotateSecretSQL = `
UPDATE webhook_subscriptions SET previous_secret = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE secret END,
       previous_secret_expires_utc = $4, secret = $3, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) rotateSecret(ctx context.Context, q db.Q, tenantID, id, secret string, previousUntil *time.Time) error {
	if _, err := q.ExecContext(ctx, rotateSecretSQL, tenantID, id, secret, previousUntil); err != nil {
		return fmt.Errorf("rotate webhook secret: %w", err)
	}
	return nil
}

var listSpec = listing.Spec{
	Fields:  map[string]string{"createdUtc": "s.created_utc", "url": "s.url", "description": "s.description"},
	Default: "createdUtc", IDColumn: "s.id",
}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Subscription, error) {
	lq := listing.NewQuery("s.tenant_id", tenantID)
	if f.IDs != nil {
		lq.Where("s.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if f.IsActive != nil {
		lq.Where("s.is_active = %s", *f.IsActive)
	}
	if f.EventType != nil {
		lq.Where("(s.event_types = '{}' OR s.event_types @> ARRAY[%s::text])", *f.EventType)
	}
	query, args := lq.SQL(`SELECT `+subscriptionColumns+` FROM webhook_subscriptions s`, p)
	var rows []subscriptionRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list webhook subscriptions: %w", err)
	}
	out := make([]Subscription, len(rows))
	for i, r := range rows {
		out[i] = r.toSubscription()
	}
	return out, nil
}
