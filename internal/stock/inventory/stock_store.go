package inventory

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
)

type stockRow struct {
	ID              string      `db:"id"`
	ItemID          string      `db:"item_id"`
	LotID           *string     `db:"lot_id"`
	LocationID      *string     `db:"location_id"`
	Quantity        dec.Decimal `db:"quantity"`
	Available       dec.Decimal `db:"available"`
	ItemNumber      string      `db:"item_number"`
	ItemDescription *string     `db:"item_description"`
}

// availableSQL is what is available at balance b: on hand less what records reserve there
// (the balance's running reserved quantity, bounded to 0 and what is on hand).
const availableSQL = `(b.quantity - least(b.quantity, greatest(b.reserved_quantity, 0)))`

// stockSelect reads balances with what is available of them and the item's number and
// description (the item joined through the items area's exported join, as the lot and
// location names of the default order are read through their areas' expressions). The join,
// rather than a per-row expression, lets the default order walk the items' number index.
var stockSelect = `
SELECT b.id, b.item_id, b.lot_id, b.location_id, b.quantity, ` + availableSQL + ` AS available,
       it.number AS item_number, it.description AS item_description
FROM inventory_balances b
` + items.JoinSQL("it", "b.tenant_id", "b.item_id")

// stockSortFields are the InventoryRow properties the inventory list can be sorted by.
// itemNumber sorts by item number, then lot name, then location name (one row value, so a
// direction applies to all three).
var stockSortFields = map[string]string{
	"itemNumber": "(lower(it.number), lower(coalesce(" +
		lots.NameSQL("b.tenant_id", "b.lot_id") + ", '')), lower(coalesce(" + locations.NameSQL("b.tenant_id", "b.location_id") + ", '')))",
	"quantity":       availableSQL,
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
			OnHand: r.Quantity, Available: r.Available, ItemNumber: r.ItemNumber, ItemDescription: r.ItemDescription,
		}
	}
	return out, nil
}

// quantitiesByItemSQL sums, per item holding stock, every unit on hand and the units
// available (on hand less reserved, per balance).
var quantitiesByItemSQL = `
SELECT b.item_id, sum(b.quantity) AS on_hand, sum` + availableSQL + ` AS available
FROM inventory_balances b
WHERE b.tenant_id = $1 AND b.quantity > 0
GROUP BY b.item_id`

// itemQuantities is what an item holding stock has on hand and available.
type itemQuantities struct {
	ItemID    string      `db:"item_id"`
	OnHand    dec.Decimal `db:"on_hand"`
	Available dec.Decimal `db:"available"`
}

// quantitiesByItem answers the on-hand and available quantities of every item holding stock.
func (store) quantitiesByItem(ctx context.Context, q db.Q, tenantID string) ([]itemQuantities, error) {
	var rows []itemQuantities
	if err := sqlx.SelectContext(ctx, q, &rows, quantitiesByItemSQL, tenantID); err != nil {
		return nil, fmt.Errorf("inventory by item: %w", err)
	}
	return rows, nil
}

// availableForItemsSQL is quantitiesByItemSQL for some items only.
var availableForItemsSQL = `
SELECT b.item_id, sum(b.quantity) AS on_hand, sum` + availableSQL + ` AS available
FROM inventory_balances b
WHERE b.tenant_id = $1 AND b.item_id = ANY($2) AND b.quantity > 0
GROUP BY b.item_id`

// availableForItems answers the on-hand and available quantities of the items among ids
// holding stock.
func (store) availableForItems(ctx context.Context, q db.Q, tenantID string, ids []string) ([]itemQuantities, error) {
	var rows []itemQuantities
	if err := sqlx.SelectContext(ctx, q, &rows, availableForItemsSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("inventory of items: %w", err)
	}
	return rows, nil
}

// holdsItemStockSQL: units of the item on hand anywhere (any lot, any location).
const holdsItemStockSQL = `
SELECT EXISTS (SELECT 1 FROM inventory_balances WHERE tenant_id = $1 AND item_id = $2 AND quantity > 0)`

func (store) holdsItemStock(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var held bool
	if err := q.QueryRowxContext(ctx, holdsItemStockSQL, tenantID, itemID).Scan(&held); err != nil {
		return false, fmt.Errorf("inventory of item on hand: %w", err)
	}
	return held, nil
}

// holdsStockAtSQL: units of any item on hand at the location.
const holdsStockAtSQL = `
SELECT EXISTS (SELECT 1 FROM inventory_balances WHERE tenant_id = $1 AND location_id = $2 AND quantity > 0)`

func (store) holdsStockAt(ctx context.Context, q db.Q, tenantID, locationID string) (bool, error) {
	var held bool
	if err := q.QueryRowxContext(ctx, holdsStockAtSQL, tenantID, locationID).Scan(&held); err != nil {
		return false, fmt.Errorf("inventory at location: %w", err)
	}
	return held, nil
}

// LotQuantitySQL is the SQL expression of a lot's units on hand over every location, given
// its tenant and lot id columns: the lots area reads it (wired in internal/httpapi) so a page
// of lots shows its quantities in one query without naming this area's tables itself.
func LotQuantitySQL(tenantColumn, lotColumn string) string {
	return fmt.Sprintf(`(SELECT sum(b.quantity) FROM inventory_balances b WHERE b.tenant_id = %s AND b.lot_id = %s)`, tenantColumn, lotColumn)
}
