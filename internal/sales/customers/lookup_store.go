package customers

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

const customersByIDsSQL = `SELECT ` + customerColumns + ` FROM customers WHERE tenant_id = $1 AND id = ANY($2)`

// byIDs reads the tenant's customers among ids, deleted or not.
func (customerStore) byIDs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Customer, error) {
	var rows []customerRow
	if err := sqlx.SelectContext(ctx, q, &rows, customersByIDsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("customers by ids: %w", err)
	}
	out := make([]Customer, len(rows))
	for i, r := range rows {
		out[i] = r.toCustomer()
	}
	return out, nil
}
