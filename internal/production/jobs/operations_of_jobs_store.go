package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

type operationOfJobRow struct {
	operationRefRow
	Quantity     dec.Decimal `db:"quantity"`
	QuantityMade dec.Decimal `db:"quantity_made"`
	DueDate      *time.Time  `db:"due_date"`
}

const operationsOfJobsSQL = `
SELECT o.id, o.status, o.job_id, j.number AS job_number, j.name AS job_name, j.status AS job_status,
       o.item_to_make_id, i.item_id, o.quantity_completed, o.quantity_scrapped, i.quantity, i.quantity_made, i.due_date
FROM job_operations o
JOIN jobs j ON j.tenant_id = o.tenant_id AND j.id = o.job_id
JOIN job_items_to_make i ON i.tenant_id = o.tenant_id AND i.id = o.item_to_make_id
WHERE o.tenant_id = $1 AND o.job_id = ANY($2)
ORDER BY o.job_id, i.position, i.id, o.id`

// operationsOfJobs reads the job side of every operation of the jobs, in one statement.
func (store) operationsOfJobs(ctx context.Context, q db.Q, tenantID string, jobIDs []string) ([]operationOfJobRow, error) {
	var rows []operationOfJobRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationsOfJobsSQL, tenantID, db.Array(jobIDs)); err != nil {
		return nil, fmt.Errorf("read operations of jobs: %w", err)
	}
	return rows, nil
}
