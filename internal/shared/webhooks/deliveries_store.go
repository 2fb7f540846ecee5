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

type deliveryRow struct {
	ID             string         `db:"id"`
	SubscriptionID string         `db:"subscription_id"`
	EventID        string         `db:"event_id"`
	EventType      string         `db:"event_type"`
	RecordType     string         `db:"aggregate_type"`
	RecordID       string         `db:"aggregate_id"`
	Occurred       time.Time      `db:"occurred_utc"`
	Status         string         `db:"status"`
	Attempts       int            `db:"attempts"`
	NextAttempt    *time.Time     `db:"next_attempt_utc"`
	LastAttempt    *time.Time     `db:"last_attempt_utc"`
	Completed      *time.Time     `db:"completed_utc"`
	Created        time.Time      `db:"created_utc"`
	Body           string         `db:"body"`
	AttemptLog     attemptsColumn `db:"attempts_json"`
}

// attemptsColumn is a delivery's attempts read as JSON in the statement that reads the
// delivery: one snapshot, so a delivery is never shown with an attempt its own columns do
// not count yet (the worker writes both in one transaction, between two statements of a
// reader).
type attemptsColumn []attemptRow

func (a *attemptsColumn) Scan(src any) error {
	_, err := db.ScanJSON(src, (*[]attemptRow)(a), "webhook attempts")
	return err
}

func (r deliveryRow) toDelivery() Delivery {
	return Delivery{
		ID: r.ID, SubscriptionID: r.SubscriptionID, EventID: r.EventID, EventType: r.EventType,
		RecordType: r.RecordType, RecordID: r.RecordID, Occurred: r.Occurred, Status: r.Status,
		AttemptCount: r.Attempts, NextAttempt: r.NextAttempt, LastAttempt: r.LastAttempt,
		Completed: r.Completed, Created: r.Created, Body: []byte(r.Body), Attempts: r.AttemptLog.toAttempts(),
	}
}

func (a attemptsColumn) toAttempts() []Attempt {
	out := make([]Attempt, len(a))
	for i, r := range a {
		out[i] = Attempt{
			Number: r.Number, At: r.At, StatusCode: r.StatusCode, Succeeded: r.Succeeded,
			Duration: time.Duration(r.DurationMs) * time.Millisecond, Response: r.Response, Error: r.Error,
		}
	}
	return out
}

type attemptRow struct {
	Number     int       `json:"number"`
	At         time.Time `json:"attempted_utc"`
	StatusCode *int      `json:"status_code"`
	Succeeded  bool      `json:"succeeded"`
	DurationMs int64     `json:"duration_ms"`
	Response   *string   `json:"response"`
	Error      *string   `json:"error"`
}

const deliveryColumns = `d.id, d.subscription_id, d.event_id, d.event_type, d.aggregate_type, d.aggregate_id,
       d.occurred_utc, d.status, d.attempts, d.next_attempt_utc, d.last_attempt_utc, d.completed_utc,
       d.created_utc, d.body,
       (SELECT coalesce(json_agg(json_build_object('number', a.number, 'attempted_utc', a.attempted_utc,
                'status_code', a.status_code, 'succeeded', a.succeeded, 'duration_ms', a.duration_ms,
                'response', a.response, 'error', a.error) ORDER BY a.number), '[]')
        FROM webhook_attempts a WHERE a.tenant_id = d.tenant_id AND a.delivery_id = d.id) AS attempts_json`

const getDeliverySQL = `SELECT ` + deliveryColumns + ` FROM webhook_deliveries d
WHERE d.tenant_id = $1 AND d.subscription_id = $2 AND d.id = $3`

func (store) delivery(ctx context.Context, q db.Q, tenantID, subscriptionID, id string) (Delivery, error) {
	var r deliveryRow
	if err := sqlx.GetContext(ctx, q, &r, getDeliverySQL, tenantID, subscriptionID, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Delivery{}, apperr.NotFound("webhook delivery %s not found", id)
		}
		return Delivery{}, fmt.Errorf("get webhook delivery: %w", err)
	}
	return r.toDelivery(), nil
}

var deliveryListSpec = listing.Spec{
	Fields: map[string]string{
		"createdUtc": "d.created_utc", "occurredUtc": "d.occurred_utc", "status": "d.status", "eventType": "d.event_type",
	},
	Default: "createdUtc", DefaultDescending: true, IDColumn: "d.id",
}

type countedDeliveryRow struct {
	deliveryRow
	TotalCount int `db:"total_count"`
}

func (r countedDeliveryRow) Total() int { return r.TotalCount }

func (store) deliveries(ctx context.Context, q db.Q, tenantID, subscriptionID string, f DeliveryFilter, p listing.Page) ([]Delivery, int, error) {
	lq := listing.NewQuery("d.tenant_id", tenantID)
	lq.Where("d.subscription_id = %s", subscriptionID)
	if f.CreatedAfter != nil {
		lq.Where("d.created_utc > %s", *f.CreatedAfter)
	}
	if f.CreatedBefore != nil {
		lq.Where("d.created_utc < %s", *f.CreatedBefore)
	}
	for _, in := range []struct {
		column string
		values []string
	}{{"d.status", f.Statuses}, {"d.event_type", f.EventTypes}, {"d.event_id", f.EventIDs}} {
		if in.values != nil {
			lq.Where(in.column+" = ANY(%s)", pq.StringArray(in.values))
		}
	}
	out, total, err := listing.SelectPage(ctx, q, lq, `SELECT `+deliveryColumns+`, count(*) OVER () AS total_count FROM webhook_deliveries d`, p,
		countedDeliveryRow.toDelivery)
	if err != nil {
		return nil, 0, fmt.Errorf("list webhook deliveries: %w", err)
	}
	return out, total, nil
}

// replaySQL makes deliveries pending and due at $3 with a new round of attempts; the
// filter picks them. It ends a worker's lease too: an attempt in flight then does not
// record its outcome over the replay, which sends the delivery again.
const replaySQL = `
UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, next_attempt_utc = $3, completed_utc = NULL,
       leased_until_utc = NULL
WHERE d.tenant_id = $1 AND d.subscription_id = $2 AND `

func (store) replayOne(ctx context.Context, q db.Q, tenantID, subscriptionID, id string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, replaySQL+`d.id = $4`, tenantID, subscriptionID, now, id)
	if err != nil {
		return false, fmt.Errorf("replay webhook delivery: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (store) replayFailedSince(ctx context.Context, q db.Q, tenantID, subscriptionID string, since, now time.Time) (int, error) {
	res, err := q.ExecContext(ctx, replaySQL+`d.status = 'failed' AND d.created_utc >= $4`, tenantID, subscriptionID, now, since)
	if err != nil {
		return 0, fmt.Errorf("replay webhook deliveries: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
