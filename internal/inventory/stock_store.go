package inventory

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type stockRow struct {
	ID              string      `db:"id"`
	ItemID          string      `db:"item_id"`
	LotID           *string     `db:"lot_id"`
	LocationID      *string     `db:"location_id"`
	Quantity        dec.Decimal `db:"quantity"`
	ItemNumber      string      `db:"item_number"`
	ItemDescription *string     `db:"item_description"`
}

// stockSelect reads balances with the item's number and description; the lot and location
// are joined only for the default order (by their names).
const stockSelect = `SELECT b.id, b.item_id, b.lot_id, b.location_id, b.quantity,
       i.number AS item_number, i.description AS item_description
FROM inventory_balances b
JOIN items i ON i.tenant_id = b.tenant_id AND i.id = b.item_id
LEFT JOIN inventory_lots lt ON lt.tenant_id = b.tenant_id AND lt.id = b.lot_id
LEFT JOIN locations loc ON loc.tenant_id = b.tenant_id AND loc.id = b.location_id`

// stockSortFields are the InventoryRow properties the inventory list can be sorted by.
// itemNumber sorts by item number, then lot name, then location name (one row value, so a
// direction applies to all three).
var stockSortFields = map[string]string{
	"itemNumber":     "(lower(i.number), lower(coalesce(lt.name, '')), lower(coalesce(loc.name, '')))",
	"quantity":       "b.quantity",
	"onHandQuantity": "b.quantity",
	"id":             "b.id",
}

var stockListSpec = listing.Spec{Fields: stockSortFields, Default: "itemNumber", IDColumn: "b.id"}

func (store) stock(ctx context.Context, q db.Q, tenantID string, f StockFilter, p listing.Page) ([]StockRow, error) {
	lq := listing.NewQuery("b.tenant_id", tenantID)
	lq.Where("b.quantity > %s", 0)
	if f.ItemIDs != nil {
		lq.Where("b.item_id = ANY(%s)", pq.StringArray(f.ItemIDs))
	}
	if f.LotIDs != nil {
		lq.Where("b.lot_id = ANY(%s)", pq.StringArray(f.LotIDs))
	}
	if f.LocationIDs != nil {
		lq.Where("b.location_id = ANY(%s)", pq.StringArray(f.LocationIDs))
	}
	query, args := lq.SQL(stockSelect, p)
	var rows []stockRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list inventory: %w", err)
	}
	out := make([]StockRow, len(rows))
	for i, r := range rows {
		out[i] = StockRow{
			BalanceID: r.ID, Place: Place{ItemID: r.ItemID, LotID: r.LotID, LocationID: r.LocationID},
			OnHand: r.Quantity, ItemNumber: r.ItemNumber, ItemDescription: r.ItemDescription,
		}
	}
	return out, nil
}

const onHandByItemSQL = `SELECT item_id, sum(quantity) AS quantity FROM inventory_balances
WHERE tenant_id = $1 AND quantity > 0 GROUP BY item_id`

func (store) onHandByItem(ctx context.Context, q db.Q, tenantID string) (map[string]dec.Decimal, error) {
	var rows []struct {
		ItemID   string      `db:"item_id"`
		Quantity dec.Decimal `db:"quantity"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, onHandByItemSQL, tenantID); err != nil {
		return nil, fmt.Errorf("inventory by item: %w", err)
	}
	out := make(map[string]dec.Decimal, len(rows))
	for _, r := range rows {
		out[r.ItemID] = r.Quantity
	}
	return out, nil
}
