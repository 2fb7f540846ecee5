package jobs

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// ownersStore serves what the lower areas' registries ask of jobs.
type ownersStore struct{}

func (ownersStore) lockJob(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "job", `SELECT true FROM jobs WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, tenantID, id)
}

func (ownersStore) touchJob(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, `UPDATE jobs SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`, tenantID, id); err != nil {
		return fmt.Errorf("touch job: %w", err)
	}
	return nil
}

// lockOperationJobSQL locks the job of a job operation (every write of a job and its records
// locks the job first).
const lockOperationJobSQL = `
SELECT true FROM jobs j
WHERE j.tenant_id = $1 AND j.id = (SELECT o.job_id FROM job_operations o WHERE o.tenant_id = $1 AND o.id = $2)
FOR UPDATE OF j`

func (ownersStore) lockOperationJob(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "job operation", lockOperationJobSQL, tenantID, id)
}

func (ownersStore) touchOperation(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, `UPDATE job_operations SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`, tenantID, id); err != nil {
		return fmt.Errorf("touch job operation: %w", err)
	}
	return nil
}

func (ownersStore) makesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return db.Found(ctx, q, "job item to make", `SELECT true FROM job_items_to_make WHERE tenant_id = $1 AND item_id = $2 LIMIT 1`, tenantID, itemID)
}

func (ownersStore) shareOperation(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "job operation", `SELECT true FROM job_operations WHERE tenant_id = $1 AND id = $2 FOR SHARE`, tenantID, id)
}
