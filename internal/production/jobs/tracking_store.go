package jobs

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"

	"github.com/jmoiron/sqlx"
)

// trackingStore reads the production state of job operations and the picks of items to make.
type trackingStore struct{}

// pickedItem is the stock of one item picked for an item to make, added up.
type pickedItem struct {
	ItemID   string      `db:"item_id"`
	Quantity dec.Decimal `db:"quantity"`
	Value    dec.Decimal `db:"value"`
}

const pickedItemsSQL = `
SELECT item_id, sum(quantity) AS quantity, sum(value) AS value
FROM job_picks
WHERE tenant_id = $1 AND job_id = $2 AND item_to_make_id = $3
GROUP BY item_id`

// pickedItems adds up the picks of item to make itemToMakeID of job jobID by item, in one
// statement.
func (trackingStore) pickedItems(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID string) ([]pickedItem, error) {
	var rows []pickedItem
	if err := sqlx.SelectContext(ctx, q, &rows, pickedItemsSQL, tenantID, jobID, itemToMakeID); err != nil {
		return nil, fmt.Errorf("read job picks: %w", err)
	}
	return rows, nil
}
