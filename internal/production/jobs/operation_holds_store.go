package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

const operationsButSQL = `
SELECT id FROM job_operations WHERE tenant_id = $1 AND item_to_make_id = $2 AND NOT (id = ANY($3)) ORDER BY id`

// operationsBut answers the operation rows of item to make id whose operations are not among
// keep (those a routing change removes).
func (routingOwnerStore) operationsBut(ctx context.Context, q db.Q, tenantID, id string, keep []string) ([]string, error) {
	var out []string
	if err := sqlx.SelectContext(ctx, q, &out, operationsButSQL, tenantID, id, db.Array(keep)); err != nil {
		return nil, fmt.Errorf("read removed job operations: %w", err)
	}
	return out, nil
}

type operationProgressRow struct {
	ID                string      `db:"id"`
	Status            string      `db:"status"`
	QuantityToMake    dec.Decimal `db:"quantity_to_make"`
	QuantityCompleted dec.Decimal `db:"quantity_completed"`
	QuantityScrapped  dec.Decimal `db:"quantity_scrapped"`
}

const operationProgressSQL = `
SELECT o.id, o.status, i.quantity AS quantity_to_make, o.quantity_completed, o.quantity_scrapped
FROM job_operations o
JOIN job_items_to_make i ON i.tenant_id = o.tenant_id AND i.id = o.item_to_make_id
WHERE o.tenant_id = $1 AND o.id = ANY($2)`

// operationProgress reads the state of the job operations ids names, in one statement.
func (routingOwnerStore) operationProgress(ctx context.Context, q db.Q, tenantID string, ids []string) ([]operationProgressRow, error) {
	var rows []operationProgressRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationProgressSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("read job operation progress: %w", err)
	}
	return rows, nil
}
