package items

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/shopday"
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

// PurchaseSource answers, through q, an item's purchases whose order date is on or after
// since (a calendar day at midnight UTC, in the shop's days), newest first. The purchasing
// area registers it at wiring time (items do not know purchase orders).
type PurchaseSource func(ctx context.Context, q db.Q, tenantID, itemID string, since time.Time) ([]Purchase, error)

// RegisterPurchaseSource sets where an item's purchase history comes from: the part lines of
// the purchasing area's ordered and paid orders. Without one the history is empty.
func (s *Service) RegisterPurchaseSource(src PurchaseSource) {
	s.purchases = src
}

// PurchaseHistory answers the item's purchases over the last months months (nil: 12;
// clamped to 1..60), newest first: those whose order date falls on or after the shop's
// today less the window, from the registered purchase source.
func (s *Service) PurchaseHistory(ctx context.Context, tenantID, timezone, itemID string, months *int32) (PurchaseHistory, error) {
	it, err := s.store.get(ctx, s.pool, tenantID, itemID)
	if err != nil {
		return PurchaseHistory{}, err
	}
	window := purchaseWindow(months)
	purchases := []Purchase{}
	if s.purchases != nil {
		today, err := shopday.Today(timezone, time.Now())
		if err != nil {
			return PurchaseHistory{}, err
		}
		since := today.AddDate(0, -window, 0)
		found, err := s.purchases(ctx, s.pool, tenantID, itemID, since)
		if err != nil {
			return PurchaseHistory{}, err
		}
		purchases = append(purchases, found...)
	}
	return PurchaseHistory{
		ItemID: it.ID, ItemNumber: it.Number, WindowMonths: window,
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
