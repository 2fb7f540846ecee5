package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// quantityMadeStore reads what a job has made, for the areas that record it elsewhere.
type quantityMadeStore struct{}

type madeRow struct {
	ItemID *string     `db:"item_id"`
	Made   dec.Decimal `db:"quantity_made"`
}

// madeByItemSQL answers one row per item to make of the job (one row with a null item for a
// job without any), share-locking the job; no row for an unknown job.
const madeByItemSQL = `
SELECT m.item_id, COALESCE(m.quantity_made, 0) AS quantity_made
FROM jobs j
LEFT JOIN job_items_to_make m ON m.tenant_id = j.tenant_id AND m.job_id = j.id
WHERE j.tenant_id = $1 AND j.id = $2
FOR SHARE OF j`

func (quantityMadeStore) madeByItem(ctx context.Context, q db.Q, tenantID, jobID string) ([]madeRow, bool, error) {
	var rows []madeRow
	if err := sqlx.SelectContext(ctx, q, &rows, madeByItemSQL, tenantID, jobID); err != nil {
		return nil, false, fmt.Errorf("read job quantity made: %w", err)
	}
	return rows, len(rows) > 0, nil
}
