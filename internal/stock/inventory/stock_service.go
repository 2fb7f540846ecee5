package inventory

import (
	"context"
	"maps"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// ListStock answers what is on hand per item, lot and location (places holding units
// only), by item number, lot name, location name and id unless sorted otherwise.
func (s *Service) ListStock(ctx context.Context, tenantID string, f StockFilter, r listing.Request) ([]StockRow, error) {
	page, err := listing.Resolve(r, stockListSpec)
	if err != nil {
		return nil, err
	}
	return s.store.stock(ctx, s.pool, tenantID, f, page)
}

// OnHandByItem answers the quantity of every item holding stock, over every lot and
// location: with includeReserved every unit on hand, else only available units (on hand less
// reserved, 0 when all are reserved).
func (s *Service) OnHandByItem(ctx context.Context, tenantID string, includeReserved bool) (map[string]dec.Decimal, error) {
	rows, err := s.store.quantitiesByItem(ctx, s.pool, tenantID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]dec.Decimal, len(rows))
	for _, r := range rows {
		out[r.ItemID] = r.Available
		if includeReserved {
			out[r.ItemID] = r.OnHand
		}
	}
	return out, nil
}

// AvailableByItem answers the available quantity (on hand less reserved) of every item with
// units available: OnHandByItem without reserved units, leaving out an item whose every unit
// is reserved.
func (s *Service) AvailableByItem(ctx context.Context, tenantID string) (map[string]dec.Decimal, error) {
	available, err := s.OnHandByItem(ctx, tenantID, false)
	if err != nil {
		return nil, err
	}
	maps.DeleteFunc(available, func(_ string, q dec.Decimal) bool { return !q.IsPositive() })
	return available, nil
}

// AvailableForItems answers, through q, the available quantity (on hand less reserved, over
// every lot and location) of each of the tenant's items among ids that has units available;
// items with none are absent. One statement however many ids.
func (s *Service) AvailableForItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]dec.Decimal, error) {
	out := make(map[string]dec.Decimal, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.store.availableForItems(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Available.IsPositive() {
			out[r.ItemID] = r.Available
		}
	}
	return out, nil
}
