package items

import (
	"context"
	"fmt"

	"github.com/lib/pq"

	"mos/internal/platform/db"
)

const routingItemRefsSQL = `
SELECT i.id, i.number, i.revision, i.is_archived, u.name AS unit_name
FROM items i LEFT JOIN units_of_measure u ON u.tenant_id = i.tenant_id AND u.id = i.unit_of_measure_id
WHERE i.tenant_id = $1 AND i.id = ANY($2)`

func (itemStore) routingItemRefs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]RoutingItemRef, error) {
	out := make(map[string]RoutingItemRef, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryxContext(ctx, routingItemRefsSQL, tenantID, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("find items for routing: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r RoutingItemRef
		if err := rows.Scan(&r.ID, &r.Number, &r.Revision, &r.IsArchived, &r.UnitName); err != nil {
			return nil, fmt.Errorf("scan item for routing: %w", err)
		}
		out[r.ID] = r
	}
	return out, rows.Err()
}
