package routing

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

const operationsByIDSQL = `SELECT owner_type, owner_id, ` + operationColumns + ` FROM routing_operations
WHERE tenant_id = $1 AND id = ANY($2)`

// operationsByID reads the routing operations ids names, with their owners, in one statement.
func (store) operationsByID(ctx context.Context, q db.Q, tenantID string, ids []string) ([]ownedOperationRow, error) {
	var rows []ownedOperationRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationsByIDSQL, tenantID, ids); err != nil {
		return nil, fmt.Errorf("read routing operations by id: %w", err)
	}
	return rows, nil
}

// AtWorkCentersSQL is the clause another area's list narrows its records by to those whose
// routing operation (by id, given its tenant and operation id columns) is at one of the work
// centers of the array parameter its %s stands for (as listing.Query.Where fills it).
func AtWorkCentersSQL(tenantColumn, operationIDColumn string) string {
	return operationIDColumn + ` IN (SELECT ro.id FROM routing_operations ro WHERE ro.tenant_id = ` + tenantColumn +
		` AND ro.work_center_id = ANY(%s))`
}
