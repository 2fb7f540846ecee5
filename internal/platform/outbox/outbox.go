// Package outbox records domain events in the transactional outbox (table event_outbox):
// an area inserts the event with the q of the transaction that makes the change, so the
// event is saved exactly when the change is. Delivery (webhooks) reads the table later.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// Event is one domain event about one record (the aggregate).
type Event struct {
	Type          string // for example "ItemUpdated"
	AggregateType string // for example "item"
	AggregateID   string
	Payload       any // encoded as JSON
}

const insertEventSQL = `
INSERT INTO event_outbox (tenant_id, id, event_type, aggregate_type, aggregate_id, payload)
VALUES ($1, $2, $3, $4, $5, $6::jsonb)`

// Record inserts e for the tenant inside q, which must be the transaction of the change.
func Record(ctx context.Context, q db.Q, tenantID string, e Event) error {
	payload, err := json.Marshal(e.Payload)
	if err != nil {
		return fmt.Errorf("encode %s event: %w", e.Type, err)
	}
	if _, err := q.ExecContext(ctx, insertEventSQL, tenantID, ids.New(), e.Type, e.AggregateType, e.AggregateID, string(payload)); err != nil {
		return fmt.Errorf("record %s event: %w", e.Type, err)
	}
	return nil
}
