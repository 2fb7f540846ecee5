package purchaseorders

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/stock/items"
)

// historyStatus is how the purchase history names the statuses it counts.
var historyStatus = map[string]string{string(StatusOrdered): "Ordered", string(StatusPaid): "Paid"}

// Purchases answers the item's purchases ordered on or after since: its part lines of the
// tenant's live orders in status ordered or paid, newest first, with the vendors' names as
// they stand now. Two statements. Registered with the item master as its purchase source.
func (s *Service) Purchases(ctx context.Context, q db.Q, tenantID, itemID string, since time.Time) ([]items.Purchase, error) {
	rows, err := purchasesStore{}.purchases(ctx, q, tenantID, itemID, since)
	if err != nil {
		return nil, err
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
