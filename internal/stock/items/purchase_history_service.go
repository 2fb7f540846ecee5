package items

import (
	"context"
	"time"

	"mos/internal/platform/dec"
)

// The purchase history window in months: the default and the bounds requests are clamped to.
const (
	defaultPurchaseMonths = 12
	minPurchaseMonths     = 1
	maxPurchaseMonths     = 60
)

// Purchase is one purchase order line of an item (an Ordered or Paid order).
type Purchase struct {
	PurchaseOrderID, PurchaseOrderNumber, PurchaseOrderStatus string
	OrderDateUtc                                              time.Time
	VendorID, VendorName                                      string
	UnitPrice                                                 dec.Decimal
	ActualBilledUnitPrice                                     *dec.Decimal // nil until billed
	QuantityOrdered, QuantityReceived                         dec.Decimal
}

// EffectiveUnitPrice is the billed unit price when billed, else the ordered one.
func (p Purchase) EffectiveUnitPrice() dec.Decimal {
	if p.ActualBilledUnitPrice != nil {
		return *p.ActualBilledUnitPrice
	}
	return p.UnitPrice
}

// PurchaseSummary sums up effective unit prices; nil members when there are no purchases.
type PurchaseSummary struct {
	Min, Max, Avg, Latest *dec.Decimal
	LatestOrderDateUtc    *time.Time
	VendorCount           int
}

// PurchaseHistory is an item's purchases over the last WindowMonths months, newest first.
type PurchaseHistory struct {
	ItemID, ItemNumber string
	WindowMonths       int
	Purchases          []Purchase
	Summary            PurchaseSummary
}

// PurchaseHistory answers the item's purchases over the last months months (nil: 12;
// clamped to 1..60). Purchase orders do not exist yet, so the history is empty; the
// purchasing area fills Purchases from its Ordered and Paid orders, newest first.
func (s *Service) PurchaseHistory(ctx context.Context, tenantID, itemID string, months *int32) (PurchaseHistory, error) {
	it, err := s.store.get(ctx, s.pool, tenantID, itemID)
	if err != nil {
		return PurchaseHistory{}, err
	}
	purchases := []Purchase{}
	return PurchaseHistory{
		ItemID: it.ID, ItemNumber: it.Number, WindowMonths: purchaseWindow(months),
		Purchases: purchases, Summary: summarizePurchases(purchases),
	}, nil
}

// purchaseWindow is the window applied: out-of-range values are clamped, not refused.
func purchaseWindow(months *int32) int {
	if months == nil {
		return defaultPurchaseMonths
	}
	return int(min(max(*months, minPurchaseMonths), maxPurchaseMonths))
}

// summarizePurchases computes the summary of purchases ordered newest first.
func summarizePurchases(purchases []Purchase) PurchaseSummary {
	var sum PurchaseSummary
	if len(purchases) == 0 {
		return sum
	}
	vendors := map[string]bool{}
	total := dec.Zero
	for i, p := range purchases {
		price := p.EffectiveUnitPrice()
		if i == 0 {
			sum.Min, sum.Max, sum.Latest = &price, &price, &price
			sum.LatestOrderDateUtc = &purchases[0].OrderDateUtc
		}
		if price.LessThan(sum.Min.Decimal) {
			sum.Min = &price
		}
		if price.GreaterThan(sum.Max.Decimal) {
			sum.Max = &price
		}
		total = dec.Decimal{Decimal: total.Add(price.Decimal)}
		vendors[p.VendorID] = true
	}
	avg := dec.Decimal{Decimal: total.DivRound(dec.FromInt(int64(len(purchases))).Decimal, perUnitPlaces)}
	sum.Avg = &avg
	sum.VendorCount = len(vendors)
	return sum
}
