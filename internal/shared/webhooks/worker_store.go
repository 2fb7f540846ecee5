package webhooks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// The worker's SQL: fan-out of outbox events into deliveries, claims of due deliveries and
// the record of each attempt. Every statement holds its locks for milliseconds; no
// transaction stays open while a request is on the wire.

type outboxRow struct {
	TenantID      string          `db:"tenant_id"`
	ID            string          `db:"id"`
	Seq           int64           `db:"seq"`
	EventType     string          `db:"event_type"`
	AggregateType string          `db:"aggregate_type"`
	AggregateID   string          `db:"aggregate_id"`
	Payload       json.RawMessage `db:"payload"`
	Created       time.Time       `db:"created_utc"`
}

// claimOutboxSQL takes undelivered events, oldest first, skipping those another worker
// holds: two workers never fan out the same event.
const claimOutboxSQL = `
SELECT tenant_id, id, seq, event_type, aggregate_type, aggregate_id, payload, created_utc
FROM event_outbox WHERE delivered_utc IS NULL
ORDER BY created_utc, id LIMIT $1
FOR UPDATE SKIP LOCKED`

type targetRow struct {
	TenantID   string         `db:"tenant_id"`
	ID         string         `db:"id"`
	EventTypes pq.StringArray `db:"event_types"`
}

// activeSubscriptionsSQL reads the active subscriptions of the tenants of claimed events;
// FOR KEY SHARE keeps one from being deleted until the deliveries to it are inserted, and
// lets its other columns change meanwhile.
const activeSubscriptionsSQL = `
SELECT tenant_id, id, event_types FROM webhook_subscriptions
WHERE tenant_id = ANY($1) AND is_active
FOR KEY SHARE`

const insertDeliveriesSQL = `
INSERT INTO webhook_deliveries (tenant_id, id, subscription_id, event_id, event_seq, event_type, aggregate_type,
       aggregate_id, occurred_utc, body, next_attempt_utc)
SELECT u.*, $11::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[],
       $7::text[], $8::text[], $9::timestamptz[], $10::text[]) AS u
ON CONFLICT (tenant_id, subscription_id, event_id) DO NOTHING`

// markFannedOutSQL stamps events whose deliveries exist: delivered_utc on the outbox means
// handed to the webhooks, whether or not any subscription wanted them.
const markFannedOutSQL = `
UPDATE event_outbox SET delivered_utc = now()
WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`

// envelope is the body every delivery of an event sends (the <type>Event schemas).
type envelope struct {
	ID          string          `json:"id"`
	Type        string          `json:"type"`
	OccurredUtc string          `json:"occurredUtc"`
	TenantID    string          `json:"tenantId"`
	RecordID    string          `json:"recordId"`
	Data        json.RawMessage `json:"data"`
}

// fanOut turns up to limit undelivered outbox events into one pending delivery per active
// subscription that wants each, due at now, and answers how many events it took.
func fanOut(ctx context.Context, pool *db.Pool, limit int, now time.Time) (int, error) {
	var taken int
	err := pool.WithTx(ctx, func(q db.Q) error {
		var events []outboxRow
		if err := sqlx.SelectContext(ctx, q, &events, claimOutboxSQL, limit); err != nil {
			return fmt.Errorf("claim outbox events: %w", err)
		}
		taken = len(events)
		if taken == 0 {
			return nil
		}
		tenants := map[string]bool{}
		var tenantIDs, eventIDs, eventTenants []string
		for _, e := range events {
			if !tenants[e.TenantID] {
				tenants[e.TenantID] = true
				tenantIDs = append(tenantIDs, e.TenantID)
			}
			eventTenants, eventIDs = append(eventTenants, e.TenantID), append(eventIDs, e.ID)
		}
		var targets []targetRow
		if err := sqlx.SelectContext(ctx, q, &targets, activeSubscriptionsSQL, pq.StringArray(tenantIDs)); err != nil {
			return fmt.Errorf("read subscriptions: %w", err)
		}
		byTenant := map[string][]targetRow{}
		for _, t := range targets {
			byTenant[t.TenantID] = append(byTenant[t.TenantID], t)
		}
		var cols struct {
			tenant, id, sub, event, typ, aggType, aggID, occurred, body []string
			seq                                                         []int64
		}
		for _, e := range events {
			var body []byte
			for _, t := range byTenant[e.TenantID] {
				if len(t.EventTypes) > 0 && !contains(t.EventTypes, e.EventType) {
					continue
				}
				if body == nil {
					var err error
					body, err = json.Marshal(envelope{ID: e.ID, Type: e.EventType, OccurredUtc: e.Created.UTC().Format(time.RFC3339Nano),
						TenantID: e.TenantID, RecordID: e.AggregateID, Data: e.Payload})
					if err != nil {
						return fmt.Errorf("encode event %s: %w", e.ID, err)
					}
				}
				cols.tenant, cols.id, cols.sub = append(cols.tenant, e.TenantID), append(cols.id, ids.New()), append(cols.sub, t.ID)
				cols.event, cols.seq, cols.typ = append(cols.event, e.ID), append(cols.seq, e.Seq), append(cols.typ, e.EventType)
				cols.aggType, cols.aggID = append(cols.aggType, e.AggregateType), append(cols.aggID, e.AggregateID)
				cols.occurred, cols.body = append(cols.occurred, e.Created.UTC().Format(time.RFC3339Nano)), append(cols.body, string(body))
			}
		}
		if len(cols.id) > 0 {
			if _, err := q.ExecContext(ctx, insertDeliveriesSQL, pq.StringArray(cols.tenant), pq.StringArray(cols.id), pq.StringArray(cols.sub),
				pq.StringArray(cols.event), pq.Int64Array(cols.seq), pq.StringArray(cols.typ), pq.StringArray(cols.aggType),
				pq.StringArray(cols.aggID), pq.StringArray(cols.occurred), pq.StringArray(cols.body), now); err != nil {
				return fmt.Errorf("insert deliveries: %w", err)
			}
		}
		if _, err := q.ExecContext(ctx, markFannedOutSQL, pq.StringArray(eventTenants), pq.StringArray(eventIDs)); err != nil {
			return fmt.Errorf("mark events fanned out: %w", err)
		}
		return nil
	})
	return taken, err
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// claimed is a delivery a worker holds the lease of, with what sending it needs.
type claimed struct {
	TenantID              string     `db:"tenant_id"`
	ID                    string     `db:"id"`
	SubscriptionID        string     `db:"subscription_id"`
	EventID               string     `db:"event_id"`
	EventType             string     `db:"event_type"`
	Occurred              time.Time  `db:"occurred_utc"`
	Body                  string     `db:"body"`
	Attempts              int        `db:"attempts"`
	AttemptsTotal         int        `db:"attempts_total"`
	URL                   string     `db:"url"`
	Secret                string     `db:"secret"`
	PreviousSecret        *string    `db:"previous_secret"`
	PreviousSecretExpires *time.Time `db:"previous_secret_expires_utc"`
	LeasedUntil           time.Time  `db:"leased_until_utc"`
}

// claimDeliveriesSQL leases up to $2 due deliveries of active subscriptions until $3. A
// delivery waits while an earlier event of the same record is pending for the same
// subscription, or not fanned out yet (another worker may be inserting it): so one
// record's events reach a subscription in order. SKIP LOCKED and the lease keep two
// workers from sending one delivery at the same time.
const claimDeliveriesSQL = `
WITH due AS (
    SELECT d.tenant_id, d.id FROM webhook_deliveries d
    JOIN webhook_subscriptions s ON s.tenant_id = d.tenant_id AND s.id = d.subscription_id
    WHERE d.status = 'pending' AND d.next_attempt_utc <= $1
      AND (d.leased_until_utc IS NULL OR d.leased_until_utc <= $1)
      AND s.is_active
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
          WHERE e.tenant_id = d.tenant_id AND e.subscription_id = d.subscription_id AND e.aggregate_type = d.aggregate_type
            AND e.aggregate_id = d.aggregate_id AND e.status = 'pending' AND e.event_seq < d.event_seq)
      AND NOT EXISTS (SELECT 1 FROM event_outbox o
          WHERE o.tenant_id = d.tenant_id AND o.aggregate_type = d.aggregate_type AND o.aggregate_id = d.aggregate_id
            AND o.delivered_utc IS NULL AND o.seq < d.event_seq)
    ORDER BY d.next_attempt_utc, d.event_seq
    LIMIT $2
    FOR UPDATE OF d SKIP LOCKED
)
UPDATE webhook_deliveries d SET leased_until_utc = $3
FROM due, webhook_subscriptions s
WHERE d.tenant_id = due.tenant_id AND d.id = due.id AND s.tenant_id = d.tenant_id AND s.id = d.subscription_id
RETURNING d.tenant_id, d.id, d.subscription_id, d.event_id, d.event_type, d.occurred_utc, d.body, d.attempts,
          d.attempts_total, s.url, s.secret, s.previous_secret, s.previous_secret_expires_utc, d.leased_until_utc`

func claimDeliveries(ctx context.Context, q db.Q, now time.Time, limit int, lease time.Duration) ([]claimed, error) {
	var out []claimed
	if err := sqlx.SelectContext(ctx, q, &out, claimDeliveriesSQL, now, limit, now.Add(lease)); err != nil {
		return nil, fmt.Errorf("claim webhook deliveries: %w", err)
	}
	return out, nil
}

// outcome is what an attempt came to.
type outcome struct {
	At         time.Time
	StatusCode *int
	Succeeded  bool
	Duration   time.Duration
	Response   *string
	Error      *string
	// Status and NextAttempt are the delivery's after the attempt.
	Status      string
	NextAttempt *time.Time
}

// recordAttemptSQL saves the attempt's effect on the delivery, while the worker still holds
// its lease (a delivery replayed or deleted meanwhile is left as it is now).
const recordAttemptSQL = `
UPDATE webhook_deliveries SET attempts = attempts + 1, attempts_total = $4, last_attempt_utc = $5::timestamptz,
       status = $6::text, next_attempt_utc = $7, completed_utc = CASE WHEN $6::text = 'pending' THEN NULL ELSE $5::timestamptz END,
       leased_until_utc = NULL
WHERE tenant_id = $1 AND id = $2 AND leased_until_utc = $3`

const insertAttemptSQL = `
INSERT INTO webhook_attempts (tenant_id, delivery_id, number, attempted_utc, status_code, succeeded, duration_ms, response, error)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

// clearFailingSQL ends a subscription's failure streak after a success.
const clearFailingSQL = `
UPDATE webhook_subscriptions SET failing_since_utc = NULL
WHERE tenant_id = $1 AND id = $2 AND failing_since_utc IS NOT NULL`

// startFailingSQL starts a failure streak, and disableSQL turns off a subscription whose
// streak has lasted $4 (an interval in milliseconds) by the attempt's time $3.
const (
	startFailingSQL = `
UPDATE webhook_subscriptions SET failing_since_utc = $3
WHERE tenant_id = $1 AND id = $2 AND failing_since_utc IS NULL`
	disableSQL = `
UPDATE webhook_subscriptions SET is_active = false, disabled_utc = $3,
       disabled_reason = 'every delivery attempt failed from ' || to_char(failing_since_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
           || ' to ' || to_char($3::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '; the last: ' || $5
WHERE tenant_id = $1 AND id = $2 AND is_active AND failing_since_utc <= $3::timestamptz - $4 * interval '1 millisecond'`
)

// lockSubscriptionSQL takes the subscription's row before its delivery's: deleting a
// subscription locks them in that order too (the delivery through the cascade), so the two
// never wait for each other.
const lockSubscriptionSQL = `SELECT 1 FROM webhook_subscriptions WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE`

// recordAttempt saves an attempt, the delivery's next state and the subscription's health
// in one transaction, and reports whether the subscription was turned off by it.
func recordAttempt(ctx context.Context, pool *db.Pool, c claimed, o outcome, disableAfter time.Duration) (disabled bool, err error) {
	err = pool.WithTx(ctx, func(q db.Q) error {
		if _, err := q.ExecContext(ctx, lockSubscriptionSQL, c.TenantID, c.SubscriptionID); err != nil {
			return fmt.Errorf("lock webhook subscription: %w", err)
		}
		res, err := q.ExecContext(ctx, recordAttemptSQL, c.TenantID, c.ID, c.LeasedUntil, c.AttemptsTotal+1, o.At, o.Status, o.NextAttempt)
		if err != nil {
			return fmt.Errorf("record webhook attempt: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // replayed or deleted while in flight: its new state stands
		}
		if _, err := q.ExecContext(ctx, insertAttemptSQL, c.TenantID, c.ID, c.AttemptsTotal+1, o.At, o.StatusCode, o.Succeeded,
			o.Duration.Milliseconds(), o.Response, o.Error); err != nil {
			return fmt.Errorf("record webhook attempt: %w", err)
		}
		if o.Succeeded {
			_, err := q.ExecContext(ctx, clearFailingSQL, c.TenantID, c.SubscriptionID)
			return err
		}
		if _, err := q.ExecContext(ctx, startFailingSQL, c.TenantID, c.SubscriptionID, o.At); err != nil {
			return err
		}
		why := "no answer"
		if o.Error != nil {
			why = *o.Error
		}
		res, err = q.ExecContext(ctx, disableSQL, c.TenantID, c.SubscriptionID, o.At, disableAfter.Milliseconds(), why)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		disabled = n == 1
		return err
	})
	return disabled, err
}

// pendingSQL counts the deliveries waiting, over every tenant (an operational signal).
const pendingSQL = `SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'`

// Pending answers how many deliveries wait to be sent, over every tenant.
func Pending(ctx context.Context, q db.Q) (int64, error) {
	var n int64
	if err := sqlx.GetContext(ctx, q, &n, pendingSQL); err != nil {
		return 0, fmt.Errorf("count pending webhook deliveries: %w", err)
	}
	return n, nil
}

// sweepBatch is how many rows one statement of the retention sweep removes: small enough
// that no statement holds its locks for long.
const sweepBatch = 5000

// sweepDeliveriesSQL removes deliveries that ended before $1, with their attempts.
const sweepDeliveriesSQL = `
DELETE FROM webhook_deliveries WHERE (tenant_id, id) IN (
    SELECT tenant_id, id FROM webhook_deliveries WHERE status <> 'pending' AND completed_utc < $1 LIMIT $2)`

// sweepOutboxSQL removes events fanned out before $1: their deliveries hold their bodies.
const sweepOutboxSQL = `
DELETE FROM event_outbox WHERE (tenant_id, id) IN (
    SELECT tenant_id, id FROM event_outbox WHERE delivered_utc < $1 LIMIT $2)`

// sweep removes, in batches, the deliveries that ended and the outbox events fanned out
// before cutoff, and answers how many of each.
func sweep(ctx context.Context, q db.Q, cutoff time.Time) (deliveries, events int64, err error) {
	for _, step := range []struct {
		query string
		count *int64
	}{{sweepDeliveriesSQL, &deliveries}, {sweepOutboxSQL, &events}} {
		for {
			res, err := q.ExecContext(ctx, step.query, cutoff, sweepBatch)
			if err != nil {
				return deliveries, events, fmt.Errorf("sweep webhooks: %w", err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return deliveries, events, err
			}
			*step.count += n
			if n < sweepBatch {
				break
			}
		}
	}
	return deliveries, events, nil
}
