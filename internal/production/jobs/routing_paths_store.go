package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// routingPathsStore finds items to make by their routing ids and reads the state that locks
// their operations.
type routingPathsStore struct{}

const itemToMakeOfRoutingSQL = `
SELECT id FROM job_items_to_make WHERE tenant_id = $1 AND job_id = $2 AND routing_id = $3`

// itemToMakeOfRouting answers the item to make of job jobID whose routing id is routingID.
func (routingPathsStore) itemToMakeOfRouting(ctx context.Context, q db.Q, tenantID, jobID, routingID string) (string, bool, error) {
	var id string
	err := q.QueryRowxContext(ctx, itemToMakeOfRoutingSQL, tenantID, jobID, routingID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("find job item to make by routing: %w", err)
	}
	return id, true, nil
}

// operationLockState is what decides whether a job operation's routing operation may change.
type operationLockState struct {
	Status            string      `db:"status"`
	QuantityCompleted dec.Decimal `db:"quantity_completed"`
	QuantityScrapped  dec.Decimal `db:"quantity_scrapped"`
	Picked            bool        `db:"picked"`
}

const operationStateSQL = `
SELECT o.status, o.quantity_completed, o.quantity_scrapped,
       EXISTS (SELECT 1 FROM job_picks p WHERE p.tenant_id = o.tenant_id AND p.operation_id = o.id) AS picked
FROM job_operations o
WHERE o.tenant_id = $1 AND o.item_to_make_id = $2 AND o.id = $3`

// operationState reads job operation id of item to make itemToMakeID; found is false when
// the item to make has no such operation.
func (routingPathsStore) operationState(ctx context.Context, q db.Q, tenantID, itemToMakeID, id string) (operationLockState, bool, error) {
	var st operationLockState
	err := q.QueryRowxContext(ctx, operationStateSQL, tenantID, itemToMakeID, id).StructScan(&st)
	if errors.Is(err, sql.ErrNoRows) {
		return st, false, nil
	}
	if err != nil {
		return st, false, fmt.Errorf("read job operation state: %w", err)
	}
	return st, true, nil
}
