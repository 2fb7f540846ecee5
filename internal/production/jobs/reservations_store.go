package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

type pickedRow struct {
	OperationID string      `db:"operation_id"`
	ItemID      string      `db:"item_id"`
	Quantity    dec.Decimal `db:"quantity"`
}

const pickedOfJobSQL = `
SELECT operation_id, item_id, sum(quantity) AS quantity FROM job_picks
WHERE tenant_id = $1 AND job_id = $2 GROUP BY operation_id, item_id`

// pickedOfJob answers the units picked for job jobID per operation and item, in one
// statement.
func (store) pickedOfJob(ctx context.Context, q db.Q, tenantID, jobID string) (map[pickKey]dec.Decimal, error) {
	var rows []pickedRow
	if err := sqlx.SelectContext(ctx, q, &rows, pickedOfJobSQL, tenantID, jobID); err != nil {
		return nil, fmt.Errorf("sum job picks: %w", err)
	}
	out := make(map[pickKey]dec.Decimal, len(rows))
	for _, r := range rows {
		out[pickKey{OperationID: r.OperationID, ItemID: r.ItemID}] = r.Quantity
	}
	return out, nil
}
