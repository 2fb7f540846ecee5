package inventory

import (
	"mos/internal/platform/db"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
)

// maxNote is the longest event note, in characters after trimming.
const maxNote = 2000

// Service holds the rules of the ledger and its reads.
type Service struct {
	pool  *db.Pool
	store store
	// items tells whether an item holds stock and whether by lot, and locks it against
	// changes while stock moves; locations and lots check and name the places stock is kept.
	items     *items.Service
	locations *locations.Service
	lots      *lots.Service
}

// NewService returns the inventory service.
func NewService(pool *db.Pool, itemsSvc *items.Service, locationsSvc *locations.Service, lotsSvc *lots.Service) *Service {
	return &Service{pool: pool, items: itemsSvc, locations: locationsSvc, lots: lotsSvc}
}

// store runs the area's SQL; its methods are split by role (ledger_store.go,
// events_store.go, stock_store.go, transactions_store.go).
type store struct{}
