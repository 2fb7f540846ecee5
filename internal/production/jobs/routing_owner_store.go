package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/db"
)

// routingOwnerStore reads and locks items to make as the owners of their routings.
type routingOwnerStore struct{}

func (routingOwnerStore) itemToMakeExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "job item to make", `SELECT true FROM job_items_to_make WHERE tenant_id = $1 AND id = $2`, tenantID, id)
}

const jobOfItemToMakeSQL = `SELECT job_id FROM job_items_to_make WHERE tenant_id = $1 AND id = $2`

// jobOfItemToMake answers the job of item to make id; found is false when the tenant has none.
func (routingOwnerStore) jobOfItemToMake(ctx context.Context, q db.Q, tenantID, id string) (jobID string, found bool, err error) {
	err = q.QueryRowxContext(ctx, jobOfItemToMakeSQL, tenantID, id).Scan(&jobID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read job of item to make: %w", err)
	}
	return jobID, true, nil
}

const lockItemToMakeSQL = `SELECT status FROM job_items_to_make WHERE tenant_id = $1 AND id = $2 FOR UPDATE`

// lockItemToMake locks item to make id until q's transaction ends and answers its status.
func (routingOwnerStore) lockItemToMake(ctx context.Context, q db.Q, tenantID, id string) (status string, found bool, err error) {
	err = q.QueryRowxContext(ctx, lockItemToMakeSQL, tenantID, id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("lock job item to make: %w", err)
	}
	return status, true, nil
}

const itemOfItemToMakeSQL = `SELECT item_id FROM job_items_to_make WHERE tenant_id = $1 AND id = $2`

func (routingOwnerStore) itemOfItemToMake(ctx context.Context, q db.Q, tenantID, id string) (string, error) {
	var itemID string
	err := q.QueryRowxContext(ctx, itemOfItemToMakeSQL, tenantID, id).Scan(&itemID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read item of job item to make: %w", err)
	}
	return itemID, nil
}

// touchItemToMakeSQL advances the item to make's and its job's modifiedUtc (and so both
// versions) in one statement, answering the job.
const touchItemToMakeSQL = `
WITH it AS (
    UPDATE job_items_to_make SET modified_utc = now() WHERE tenant_id = $1 AND id = $2 RETURNING job_id
)
UPDATE jobs SET modified_utc = now() WHERE tenant_id = $1 AND id = (SELECT job_id FROM it) RETURNING id`

// touchItemToMake answers the item to make's job ("" when the tenant has no such item).
func (routingOwnerStore) touchItemToMake(ctx context.Context, q db.Q, tenantID, id string) (string, error) {
	var jobID string
	err := q.QueryRowxContext(ctx, touchItemToMakeSQL, tenantID, id).Scan(&jobID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("touch job item to make: %w", err)
	}
	return jobID, nil
}

const deleteOperationsButSQL = `
DELETE FROM job_operations WHERE tenant_id = $1 AND item_to_make_id = $2 AND NOT (id = ANY($3))`

// deleteOperationsBut deletes the operation rows of item to make id whose operations are not
// among keep (removed from its routing).
func (routingOwnerStore) deleteOperationsBut(ctx context.Context, q db.Q, tenantID, id string, keep []string) error {
	if _, err := q.ExecContext(ctx, deleteOperationsButSQL, tenantID, id, db.Array(keep)); err != nil {
		return fmt.Errorf("delete removed job operations: %w", err)
	}
	return nil
}
