package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

const insertPickSQL = `
INSERT INTO job_picks (tenant_id, id, job_id, item_to_make_id, operation_id, item_id, quantity, value, inventory_event_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING created_utc`

// insertPick writes pick p and fills its CreatedUtc.
func (store) insertPick(ctx context.Context, q db.Q, tenantID string, p *Pick) error {
	err := sqlx.GetContext(ctx, q, &p.CreatedUtc, insertPickSQL, tenantID, p.ID, p.JobID, p.ItemToMakeID, p.OperationID,
		p.ItemID, p.Quantity, p.Value, p.InventoryEventID)
	if err != nil {
		return fmt.Errorf("insert job pick: %w", err)
	}
	return nil
}
