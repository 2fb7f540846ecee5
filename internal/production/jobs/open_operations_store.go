package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

type openJobOperationRow struct {
	operationOfJobRow
	StartDate *time.Time `db:"start_date"`
}

// openJobOperationsSQL reads every operation of the tenant's jobs that accept work (released
// or in progress). The open jobs are selected on their own (the status index), so that the
// plan joins their operations and items to make by key when they are few, however many
// jobs the tenant has closed.
const openJobOperationsSQL = `
WITH open_jobs AS MATERIALIZED (
    SELECT tenant_id, id, number, name, status, start_date FROM jobs
    WHERE tenant_id = $1 AND status IN ('released', 'inProgress'))
SELECT o.id, o.status, o.job_id, j.number AS job_number, j.name AS job_name, j.status AS job_status,
       o.item_to_make_id, i.item_id, o.quantity_completed, o.quantity_scrapped,
       i.quantity, i.quantity_made, i.due_date, j.start_date
FROM open_jobs j
JOIN job_operations o ON o.tenant_id = j.tenant_id AND o.job_id = j.id
JOIN job_items_to_make i ON i.tenant_id = o.tenant_id AND i.id = o.item_to_make_id
ORDER BY j.number, i.position, i.id, o.id`

// openJobOperations reads the job side of every operation of the open jobs, in one statement.
func (store) openJobOperations(ctx context.Context, q db.Q, tenantID string) ([]openJobOperationRow, error) {
	var rows []openJobOperationRow
	if err := sqlx.SelectContext(ctx, q, &rows, openJobOperationsSQL, tenantID); err != nil {
		return nil, fmt.Errorf("read operations of open jobs: %w", err)
	}
	return rows, nil
}
