package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

type operationRefRow struct {
	ID           string  `db:"id"`
	Status       string  `db:"status"`
	JobID        string  `db:"job_id"`
	JobNumber    int64   `db:"job_number"`
	JobName      *string `db:"job_name"`
	JobStatus    Status  `db:"job_status"`
	ItemToMakeID string  `db:"item_to_make_id"`
	ItemID       string  `db:"item_id"`
}

const operationRefsSQL = `
SELECT o.id, o.status, o.job_id, j.number AS job_number, j.name AS job_name, j.status AS job_status,
       o.item_to_make_id, i.item_id
FROM job_operations o
JOIN jobs j ON j.tenant_id = o.tenant_id AND j.id = o.job_id
JOIN job_items_to_make i ON i.tenant_id = o.tenant_id AND i.id = o.item_to_make_id
WHERE o.tenant_id = $1 AND o.id = ANY($2)`

// operationRefs reads the job side of the job operations ids names, in one statement.
func (store) operationRefs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]operationRefRow, error) {
	var rows []operationRefRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationRefsSQL, tenantID, ids); err != nil {
		return nil, fmt.Errorf("read job operation refs: %w", err)
	}
	return rows, nil
}
