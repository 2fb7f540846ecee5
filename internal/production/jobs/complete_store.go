package jobs

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

const completeOperationSQL = `
UPDATE job_operations SET status = 'complete', quantity_completed = $3, quantity_scrapped = $4,
       started_utc = coalesce(started_utc, $5), completed_utc = $5, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// completeOperation marks operation id complete at at with its final quantities.
func (store) completeOperation(ctx context.Context, q db.Q, tenantID, id string, completed, scrapped dec.Decimal, at time.Time) error {
	if _, err := q.ExecContext(ctx, completeOperationSQL, tenantID, id, completed, scrapped, at); err != nil {
		return fmt.Errorf("complete job operation: %w", err)
	}
	return nil
}

const completeItemToMakeSQL = `
UPDATE job_items_to_make SET status = 'complete', quantity_made = $3, quantity_scrapped = $4, completed_utc = $5,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// completeItemToMake marks item to make id complete at at with what it made and scrapped.
func (store) completeItemToMake(ctx context.Context, q db.Q, tenantID, id string, made, scrapped dec.Decimal, at time.Time) error {
	if _, err := q.ExecContext(ctx, completeItemToMakeSQL, tenantID, id, made, scrapped, at); err != nil {
		return fmt.Errorf("complete job item to make: %w", err)
	}
	return nil
}

const setReceivedEventSQL = `UPDATE job_items_to_make SET received_event_id = $3 WHERE tenant_id = $1 AND id = $2`

// setReceivedEvent keeps the receive event that put item to make id's units into stock.
func (store) setReceivedEvent(ctx context.Context, q db.Q, tenantID, id, eventID string) error {
	if _, err := q.ExecContext(ctx, setReceivedEventSQL, tenantID, id, eventID); err != nil {
		return fmt.Errorf("keep job received event: %w", err)
	}
	return nil
}
