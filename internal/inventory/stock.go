package inventory

import (
	"context"

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
// location. With includeReserved it counts every unit on hand, else only available units
// (on hand less reserved); nothing reserves stock yet, so both answer the same numbers
// until reservations land.
func (s *Service) OnHandByItem(ctx context.Context, tenantID string, includeReserved bool) (map[string]dec.Decimal, error) {
	_ = includeReserved // no reservations exist yet: available equals on hand
	return s.store.onHandByItem(ctx, s.pool, tenantID)
}
