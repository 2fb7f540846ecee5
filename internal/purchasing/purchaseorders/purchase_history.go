package purchaseorders

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/items"
)

// purchasesSQL: the item's part lines on live orders that are ordered or paid (what the shop
// committed to buy), ordered on or after $3, newest first.
const purchasesSQL = `
SELECT o.id, o.number, o.status, o.order_date::timestamp AT TIME ZONE 'UTC' AS order_date, o.vendor_id,
       l.unit_price, l.quantity, l.received_quantity
FROM purchase_order_part_lines l
JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT o.deleted AND o.status IN ('ordered', 'paid') AND o.order_date >= $3
ORDER BY o.order_date DESC, o.number DESC, l.line_number`

// historyStatus is how the purchase history names the statuses it counts.
var historyStatus = map[string]string{string(StatusOrdered): "Ordered", string(StatusPaid): "Paid"}

// Purchases answers the item's purchases ordered on or after since: its part lines of the
// tenant's live orders in status ordered or paid, newest first, with the vendors' names as
// they stand now. Two statements. Registered with the item master as its purchase source.
func (s *Service) Purchases(ctx context.Context, q db.Q, tenantID, itemID string, since time.Time) ([]items.Purchase, error) {
	var rows []struct {
		ID        string      `db:"id"`
		Number    int64       `db:"number"`
		Status    string      `db:"status"`
		OrderDate time.Time   `db:"order_date"`
		VendorID  string      `db:"vendor_id"`
		UnitPrice dec.Decimal `db:"unit_price"`
		Quantity  dec.Decimal `db:"quantity"`
		Received  dec.Decimal `db:"received_quantity"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, purchasesSQL, tenantID, itemID, since.Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("purchases of item: %w", err)
	}
	out := make([]items.Purchase, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	vendorIDs := make([]string, 0, len(rows))
	for _, r := range rows {
		vendorIDs = append(vendorIDs, r.VendorID)
	}
	vendors, err := s.deps.Vendors.ByIDs(ctx, q, tenantID, vendorIDs)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		out[i] = items.Purchase{
			PurchaseOrderID: r.ID, PurchaseOrderNumber: strconv.FormatInt(r.Number, 10), PurchaseOrderStatus: historyStatus[r.Status],
			OrderDateUtc: calendardate.Stored(r.OrderDate), VendorID: r.VendorID, VendorName: vendors[r.VendorID].Name,
			UnitPrice: r.UnitPrice, QuantityOrdered: r.Quantity, QuantityReceived: r.Received,
		}
	}
	return out, nil
}
