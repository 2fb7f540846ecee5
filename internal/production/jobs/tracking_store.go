package jobs

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"

	"github.com/jmoiron/sqlx"
)

// trackingStore reads the production state of job operations and the picks of items to make.
type trackingStore struct{}

// operationState is the production state of one job operation (a job_operations row).
type operationState struct {
	ID                    string      `db:"id"`
	ItemToMakeID          string      `db:"item_to_make_id"`
	Status                string      `db:"status"`
	QuantityCompleted     dec.Decimal `db:"quantity_completed"`
	QuantityScrapped      dec.Decimal `db:"quantity_scrapped"`
	StartedUtc            *time.Time  `db:"started_utc"`
	CompletedUtc          *time.Time  `db:"completed_utc"`
	SetupSeconds          int64       `db:"setup_seconds"`
	LaborSeconds          int64       `db:"labor_seconds"`
	MachineSeconds        int64       `db:"machine_seconds"`
	LaborCost             dec.Decimal `db:"labor_cost"`
	MachineCost           dec.Decimal `db:"machine_cost"`
	OutsideProcessingCost dec.Decimal `db:"outside_processing_cost"`
}

const operationStatesSQL = `
SELECT id, item_to_make_id, status, quantity_completed, quantity_scrapped, started_utc, completed_utc,
       setup_seconds, labor_seconds, machine_seconds, labor_cost, machine_cost, outside_processing_cost
FROM job_operations
WHERE tenant_id = $1 AND job_id = $2 AND ($3::text IS NULL OR item_to_make_id = $3)`

// operationStates reads the operation rows of job jobID (of item to make itemToMakeID only,
// when not nil), keyed by id, in one statement.
func (trackingStore) operationStates(ctx context.Context, q db.Q, tenantID, jobID string, itemToMakeID *string) (map[string]operationState, error) {
	var rows []operationState
	if err := sqlx.SelectContext(ctx, q, &rows, operationStatesSQL, tenantID, jobID, itemToMakeID); err != nil {
		return nil, fmt.Errorf("read job operations: %w", err)
	}
	out := make(map[string]operationState, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// pickedItem is the stock of one item picked for an item to make, added up.
type pickedItem struct {
	ItemID   string      `db:"item_id"`
	Quantity dec.Decimal `db:"quantity"`
	Value    dec.Decimal `db:"value"`
}

const pickedItemsSQL = `
SELECT item_id, sum(quantity) AS quantity, sum(value) AS value
FROM job_picks
WHERE tenant_id = $1 AND job_id = $2 AND item_to_make_id = $3
GROUP BY item_id`

// pickedItems adds up the picks of item to make itemToMakeID of job jobID by item, in one
// statement.
func (trackingStore) pickedItems(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID string) ([]pickedItem, error) {
	var rows []pickedItem
	if err := sqlx.SelectContext(ctx, q, &rows, pickedItemsSQL, tenantID, jobID, itemToMakeID); err != nil {
		return nil, fmt.Errorf("read job picks: %w", err)
	}
	return rows, nil
}
