package items

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/db"
)

// StockInfo is what the inventory ledger needs to know of an item: whether it holds stock
// at all, whether its stock is kept by lot, and how inventory lists name it.
type StockInfo struct {
	ID             string
	Number         string
	Description    *string
	IsNonInventory bool
	IsLotTracked   bool
	// UnitID is the unit of measure the item's stock is counted in (nil only for legacy
	// items without one).
	UnitID *string
}

// stockInfoSQL share-locks the item: a change to the item (its flags, or its unit of
// measure, which stock on hand blocks) waits for the stock movement to commit, and a stock
// movement waits for a change in progress, so neither decides on a stale view of the other.
const stockInfoSQL = `SELECT id, number, description, is_non_inventory, is_lot_tracked, unit_of_measure_id
FROM items WHERE tenant_id = $1 AND id = $2 FOR SHARE`

// StockInfo reads an item (archived or not) for a stock movement in q's transaction and
// share-locks its row until the transaction ends. An unknown item is NotFound.
func (s *Service) StockInfo(ctx context.Context, q db.Q, tenantID, itemID string) (StockInfo, error) {
	var si StockInfo
	err := q.QueryRowxContext(ctx, stockInfoSQL, tenantID, itemID).
		Scan(&si.ID, &si.Number, &si.Description, &si.IsNonInventory, &si.IsLotTracked, &si.UnitID)
	if errors.Is(err, sql.ErrNoRows) {
		return StockInfo{}, itemNotFound(itemID)
	}
	if err != nil {
		return StockInfo{}, fmt.Errorf("read item stock info: %w", err)
	}
	return si, nil
}
