package operations

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

type nameRow struct {
	ID   string `db:"id"`
	Name string `db:"name"`
}

const namesSQL = `SELECT id, name FROM operations WHERE tenant_id = $1 AND id = ANY($2)`

// names reads the names of the operations among ids, archived or not, in one statement.
func (store) names(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error) {
	var rows []nameRow
	if err := sqlx.SelectContext(ctx, q, &rows, namesSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read operation names: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}
