package nesting

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

// nestableStore reads what the nestable-jobs list needs of the nest tables.
type nestableStore struct{}

// nestPart is one (job operation, work-order operation) pair a nest part names.
type nestPart struct {
	JobOperationID       string `db:"job_operation_id"`
	WorkOrderOperationID string `db:"work_order_operation_id"`
}

const nestPartsOfJobOperationsSQL = `
SELECT DISTINCT job_operation_id, work_order_operation_id
FROM nest_parts
WHERE tenant_id = $1 AND job_operation_id = ANY($2)`

// nestPartsOf answers the work-order operations whose nests have a part naming each of the
// job operations among ids, in one statement (also for no ids).
func (nestableStore) nestPartsOf(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string][]string, error) {
	if ids == nil {
		ids = []string{}
	}
	var rows []nestPart
	if err := sqlx.SelectContext(ctx, q, &rows, nestPartsOfJobOperationsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read nest parts of job operations: %w", err)
	}
	out := make(map[string][]string, len(rows))
	for _, r := range rows {
		out[r.JobOperationID] = append(out[r.JobOperationID], r.WorkOrderOperationID)
	}
	return out, nil
}
