package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
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
	// QuantityCompleted and QuantityScrapped are the operation's quantities (reports show them).
	QuantityCompleted dec.Decimal `db:"quantity_completed"`
	QuantityScrapped  dec.Decimal `db:"quantity_scrapped"`
}

const operationRefsSQL = `
SELECT o.id, o.status, o.job_id, j.number AS job_number, j.name AS job_name, j.status AS job_status,
       o.item_to_make_id, i.item_id, o.quantity_completed, o.quantity_scrapped
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

// NumberSQL is the SQL expression another area's list sorts by to order its records by the
// number of the job they refer to, given its tenant and job id columns.
func NumberSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT j.number FROM jobs j WHERE j.tenant_id = %s AND j.id = %s)`, tenantColumn, idColumn)
}
