package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

type overdueRow struct {
	ID           string    `db:"id"`
	JobID        string    `db:"job_id"`
	ItemToMakeID string    `db:"item_to_make_id"`
	DueDate      time.Time `db:"due_date"`
}

// The open operations of released and in-progress jobs whose item to make's due date (else
// the job's) is before $2, by id. jobs_status_idx finds the jobs.
const overdueOperationsSQL = `
SELECT o.id, o.job_id, o.item_to_make_id, COALESCE(i.due_date, j.due_date) AS due_date
FROM jobs j
JOIN job_operations o ON o.tenant_id = j.tenant_id AND o.job_id = j.id
JOIN job_items_to_make i ON i.tenant_id = o.tenant_id AND i.id = o.item_to_make_id
WHERE j.tenant_id = $1 AND j.status IN ('released', 'inProgress') AND o.status <> 'complete'
  AND COALESCE(i.due_date, j.due_date) < $2
ORDER BY o.id`

// overdueOperations reads the open operations due before day, in one statement.
func (store) overdueOperations(ctx context.Context, q db.Q, tenantID string, day time.Time) ([]overdueRow, error) {
	var rows []overdueRow
	if err := sqlx.SelectContext(ctx, q, &rows, overdueOperationsSQL, tenantID, day); err != nil {
		return nil, fmt.Errorf("read overdue job operations: %w", err)
	}
	return rows, nil
}

// The operations among $2 that are gone (no longer a job operation) or belong to a
// cancelled job.
const goneOperationsSQL = `
SELECT x.id FROM unnest($2::text[]) AS x (id)
WHERE NOT EXISTS (
    SELECT 1 FROM job_operations o JOIN jobs j ON j.tenant_id = o.tenant_id AND j.id = o.job_id
    WHERE o.tenant_id = $1 AND o.id = x.id AND j.status <> 'cancelled')`

// goneOperations answers which of ids are no operation of a live job, in one statement.
func (store) goneOperations(ctx context.Context, q db.Q, tenantID string, ids []string) ([]string, error) {
	var out []string
	if err := sqlx.SelectContext(ctx, q, &out, goneOperationsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read gone job operations: %w", err)
	}
	return out, nil
}
