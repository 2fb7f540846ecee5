package salesorders

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// PartLineRef names a part line of a sales order.
type PartLineRef struct {
	SalesOrderID string `db:"sales_order_id"`
	LineID       string `db:"id"`
}

// openPartLinesCarryingSQL: part lines of sales orders that are not deleted and not
// complete that carry the item, by order number then line.
const openPartLinesCarryingSQL = `
SELECT l.sales_order_id, l.id
FROM sales_order_part_lines l
JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT o.deleted AND o.status <> 'complete'
ORDER BY o.number, l.id`

// OpenPartLinesCarrying answers the part lines of open sales orders carrying item itemID,
// through q, in one statement (change orders fill their impacted records from it).
func (s *Service) OpenPartLinesCarrying(ctx context.Context, q db.Q, tenantID, itemID string) ([]PartLineRef, error) {
	var out []PartLineRef
	if err := sqlx.SelectContext(ctx, q, &out, openPartLinesCarryingSQL, tenantID, itemID); err != nil {
		return nil, fmt.Errorf("read sales order part lines carrying an item: %w", err)
	}
	return out, nil
}
