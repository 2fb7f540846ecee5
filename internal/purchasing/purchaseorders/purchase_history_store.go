package purchaseorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

type purchasesStore struct{}

// purchasesSQL: the item's part lines on live orders that are ordered or paid (what the shop
// committed to buy), ordered on or after $3, newest first.
const purchasesSQL = `
SELECT o.id, o.number, o.status, o.order_date::timestamp AT TIME ZONE 'UTC' AS order_date, o.vendor_id,
       l.unit_price, l.quantity, l.received_quantity
FROM purchase_order_part_lines l
JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT o.deleted AND o.status IN ('ordered', 'paid') AND o.order_date >= $3
ORDER BY o.order_date DESC, o.number DESC, l.line_number`

// purchaseRow is one purchase of an item: a part line with its order's members.
type purchaseRow struct {
	ID        string      `db:"id"`
	Number    int64       `db:"number"`
	Status    string      `db:"status"`
	OrderDate time.Time   `db:"order_date"`
	VendorID  string      `db:"vendor_id"`
	UnitPrice dec.Decimal `db:"unit_price"`
	Quantity  dec.Decimal `db:"quantity"`
	Received  dec.Decimal `db:"received_quantity"`
}

func (purchasesStore) purchases(ctx context.Context, q db.Q, tenantID, itemID string, since time.Time) ([]purchaseRow, error) {
	var rows []purchaseRow
	if err := sqlx.SelectContext(ctx, q, &rows, purchasesSQL, tenantID, itemID, since.Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("purchases of item: %w", err)
	}
	return rows, nil
}
