package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"mos/internal/platform/db"
)

const lockJobsSQL = `SELECT id FROM jobs WHERE tenant_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`

// lockJobs locks the jobs among ids, in id order.
func (store) lockJobs(ctx context.Context, q db.Q, tenantID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	rows, err := q.QueryContext(ctx, lockJobsSQL, tenantID, pq.StringArray(ids))
	if err != nil {
		return fmt.Errorf("lock jobs: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("lock jobs: %w", err)
	}
	return nil
}

const operationOwnerSQL = `SELECT job_id, item_to_make_id FROM job_operations WHERE tenant_id = $1 AND id = $2`

// operationOwner answers the job and item to make of job operation id; none is NotFound.
func (store) operationOwner(ctx context.Context, q db.Q, tenantID, id string) (jobID, itemToMakeID string, err error) {
	err = q.QueryRowxContext(ctx, operationOwnerSQL, tenantID, id).Scan(&jobID, &itemToMakeID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", operationNotFound(id)
	}
	if err != nil {
		return "", "", fmt.Errorf("read job operation owner: %w", err)
	}
	return jobID, itemToMakeID, nil
}

const addOperationTimeSQL = `
UPDATE job_operations SET setup_seconds = setup_seconds + $3, labor_seconds = labor_seconds + $4,
       machine_seconds = machine_seconds + $5, labor_cost = labor_cost + $6, machine_cost = machine_cost + $7,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// addOperationTime adds d to job operation id's seconds and costs.
func (store) addOperationTime(ctx context.Context, q db.Q, tenantID, id string, d TimeDelta) error {
	if _, err := q.ExecContext(ctx, addOperationTimeSQL, tenantID, id, d.SetupSeconds, d.LaborSeconds, d.MachineSeconds, d.LaborCost, d.MachineCost); err != nil {
		return fmt.Errorf("add job operation time: %w", err)
	}
	return nil
}

// The hours are the item to make's operations' seconds summed and divided once, so that
// blocks added and taken off never leave rounding behind; the costs move by the delta.
const rollUpItemTimeSQL = `
UPDATE job_items_to_make i SET setup_hours = o.setup::numeric / 3600, labor_hours = o.labor::numeric / 3600,
       machine_hours = o.machine::numeric / 3600, actual_labor = i.actual_labor + $3,
       actual_machine = i.actual_machine + $4, modified_utc = now()
FROM (SELECT coalesce(sum(setup_seconds), 0) AS setup, coalesce(sum(labor_seconds), 0) AS labor,
             coalesce(sum(machine_seconds), 0) AS machine
        FROM job_operations WHERE tenant_id = $1 AND item_to_make_id = $2) o
WHERE i.tenant_id = $1 AND i.id = $2`

// rollUpItemTime sets item to make id's hours from its operations and adds d's costs to its
// own labor and machine cost.
func (store) rollUpItemTime(ctx context.Context, q db.Q, tenantID, id string, d TimeDelta) error {
	if _, err := q.ExecContext(ctx, rollUpItemTimeSQL, tenantID, id, d.LaborCost, d.MachineCost); err != nil {
		return fmt.Errorf("roll up job item to make time: %w", err)
	}
	return nil
}
