package salesorders

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

type reservationsStore struct{}

// lineToHold is a part line's item and the units it holds while its order reserves.
type lineToHold struct {
	ID          string `db:"id"`
	OrderNumber int64  `db:"order_number"`
	ItemID      string `db:"item_id"`
	// Hold is the line's quantity in the item's inventory unit less what has shipped
	// (shipped_quantity counts the line's unit, converted by the line's own ratio), never
	// below 0; null when the line's unit has no fixed conversion to the inventory unit.
	Hold *dec `db:"hold"`
}

// linesToHoldSQL reads an order's part lines (one line when $3 is not null) with what each
// holds, by item then id: an order reserves its items in one order, so two orders sharing
// items lock their balances in the same order.
const linesToHoldSQL = `
SELECT l.id, o.number AS order_number, l.item_id,
       greatest(l.inventory_quantity - l.shipped_quantity * l.inventory_quantity / l.quantity, 0) AS hold
FROM sales_order_part_lines l
JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND ($3::text IS NULL OR l.id = $3)
ORDER BY l.item_id COLLATE "C", l.id COLLATE "C"`

func (reservationsStore) linesToHold(ctx context.Context, q db.Q, tenantID, orderID string, lineID *string) ([]lineToHold, error) {
	var rows []lineToHold
	if err := sqlx.SelectContext(ctx, q, &rows, linesToHoldSQL, tenantID, orderID, lineID); err != nil {
		return nil, fmt.Errorf("read sales order part lines to reserve: %w", err)
	}
	return rows, nil
}
