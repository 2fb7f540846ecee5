package inventory

import (
	"context"
	"mos/internal/platform/db"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
	"mos/internal/stock/scrap"
)

// maxNote is the longest event note, in characters after trimming.
const maxNote = 2000

// Service holds the rules of the ledger and its reads.
type Service struct {
	pool  *db.Pool
	store store
	// items tells whether an item holds stock and whether by lot, and locks it against
	// changes while stock moves; locations and lots check and name the places stock is kept.
	items     itemStock
	locations locationDirectory
	lots      lotDirectory
	// scrap is the scrap register a pick with secondary type scrap writes to (UseScrapRegister).
	scrap scrapRegister
}

// The other areas' lookups the ledger uses, handed in by the one wiring place.
type (
	itemStock interface {
		StockInfo(ctx context.Context, q db.Q, tenantID, itemID string) (items.StockInfo, error)
		// ItemsForRouting names the items of a report page (their units), in one statement.
		ItemsForRouting(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.RoutingItemRef, error)
	}
	locationDirectory interface {
		RequireLive(ctx context.Context, q db.Q, tenantID, id string) (locations.Location, error)
		ByIDs(ctx context.Context, tenantID string, ids []string) (map[string]locations.Location, error)
	}
	// scrapRegister records scrap in the caller's transaction (scrap.Service).
	scrapRegister interface {
		Record(ctx context.Context, q db.Q, tenantID string, r scrap.Record) error
	}
	lotDirectory interface {
		ForItem(ctx context.Context, q db.Q, tenantID, lotID, itemID string) (lots.Lot, error)
		EnsureNamed(ctx context.Context, q db.Q, tenantID, itemID, name string) (lots.Lot, error)
		CreateSystem(ctx context.Context, q db.Q, tenantID, itemID string) (lots.Lot, error)
		ByIDs(ctx context.Context, tenantID string, ids []string) (map[string]lots.Lot, error)
	}
)

// NewService returns the inventory service.
func NewService(pool *db.Pool, itemStock itemStock, locations locationDirectory, lots lotDirectory) *Service {
	return &Service{pool: pool, items: itemStock, locations: locations, lots: lots}
}

// UseScrapRegister sets the scrap register that every pick with secondary type scrap writes
// to, in the pick's transaction. Called once at wiring, before the server serves.
func (s *Service) UseScrapRegister(r scrapRegister) { s.scrap = r }

// HoldsItemStock reports whether the item has units on hand anywhere (any lot, any
// location), in q's transaction. Items register it as what keeps an item's unit of measure
// from changing and its stock flags from turning on: a stock movement share-locks the item
// (items.StockInfo) while an item change holds it for update, so the answer cannot change
// under the change that asked.
func (s *Service) HoldsItemStock(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return s.store.holdsItemStock(ctx, q, tenantID, itemID)
}

// HoldsStockAt reports whether any item has units on hand at the location, in q's
// transaction. Locations register it as what keeps a location from being deleted: stock
// movements lock the location they use (locations.RequireLive), so a delete and a movement
// cannot pass each other.
func (s *Service) HoldsStockAt(ctx context.Context, q db.Q, tenantID, locationID string) (bool, error) {
	return s.store.holdsStockAt(ctx, q, tenantID, locationID)
}

// store runs the area's SQL; its methods are split by role (ledger_store.go,
// events_store.go, stock_store.go, transactions_store.go).
type store struct{}
