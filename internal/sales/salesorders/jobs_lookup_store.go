package salesorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
)

type jobsLookupStore struct{}

type partLineForJobRow struct {
	ID                string     `db:"id"`
	OrderID           string     `db:"sales_order_id"`
	OrderNumber       int64      `db:"number"`
	OrderStatus       Status     `db:"status"`
	OrderDeleted      bool       `db:"deleted"`
	CustomerID        string     `db:"customer_id"`
	ItemID            string     `db:"item_id"`
	InventoryQuantity *dec       `db:"inventory_quantity"`
	DeliveryDate      *time.Time `db:"delivery_date"`
}

// partLinesForJobsSQL reads the lines with their orders, share-locking the orders (by id, so
// concurrent creates lock them in one order).
const partLinesForJobsSQL = `
SELECT l.id, l.sales_order_id, o.number, o.status, o.deleted, o.customer_id, l.item_id, l.inventory_quantity, l.delivery_date
FROM sales_order_part_lines l
JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
WHERE l.tenant_id = $1 AND l.id = ANY($2)
ORDER BY o.id
FOR SHARE OF o`

func (jobsLookupStore) partLines(ctx context.Context, q db.Q, tenantID string, lineIDs []string) (map[string]PartLineForJob, error) {
	var rows []partLineForJobRow
	if err := sqlx.SelectContext(ctx, q, &rows, partLinesForJobsSQL, tenantID, db.Array(lineIDs)); err != nil {
		return nil, fmt.Errorf("read sales order part lines for jobs: %w", err)
	}
	out := make(map[string]PartLineForJob, len(rows))
	for _, r := range rows {
		out[r.ID] = PartLineForJob{
			ID: r.ID, OrderID: r.OrderID, OrderNumber: r.OrderNumber, OrderStatus: r.OrderStatus, OrderDeleted: r.OrderDeleted,
			CustomerID: r.CustomerID, ItemID: r.ItemID, InventoryQuantity: r.InventoryQuantity,
			DeliveryDate: calendardate.StoredPtr(r.DeliveryDate),
		}
	}
	return out, nil
}
