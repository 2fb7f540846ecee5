package items

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

const itemNamesSQL = `SELECT id, number, description FROM items WHERE tenant_id = $1 AND id = ANY($2)`

// itemNames reads the number and description of the items among ids, in one statement.
func (itemStore) itemNames(ctx context.Context, q db.Q, tenantID string, ids []string) ([]ItemName, error) {
	var rows []struct {
		ID          string  `db:"id"`
		Number      string  `db:"number"`
		Description *string `db:"description"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, itemNamesSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read item names: %w", err)
	}
	out := make([]ItemName, len(rows))
	for i, r := range rows {
		out[i] = ItemName{ID: r.ID, Number: r.Number, Description: r.Description}
	}
	return out, nil
}
