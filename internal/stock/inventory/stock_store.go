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

// reservedSQL is the units reserved per balance (id, reserved): the net reserved change of
// the transactions of events with a reservedForType at the balance's place, bounded to 0
// and the balance's quantity. A revert carries its original's reservation, so it cancels
// it. Reserving events are few beside the ledger, so they are read first and their
// transactions found by event. The tenant is $1: the first parameter of listing.NewQuery.
var reservedSQL = reservedWhere("")

// reservedWhere is reservedSQL narrowed by more conditions on the transactions t (each
// starting with AND), such as one item's.
func reservedWhere(conditions string) string {
	return `
SELECT b.id, least(b.quantity, greatest(sum(t.reserved_change), 0)) AS reserved
FROM inventory_events e
JOIN inventory_transactions t ON t.tenant_id = e.tenant_id AND t.event_id = e.id
JOIN inventory_balances b ON b.tenant_id = t.tenant_id AND b.item_id = t.item_id
    AND coalesce(b.lot_id, '') = coalesce(t.lot_id, '') AND coalesce(b.location_id, '') = coalesce(t.location_id, '')
WHERE e.tenant_id = $1 AND e.reserved_for_type IS NOT NULL` + conditions + `
GROUP BY b.id, b.quantity`
}

// stockSelect reads balances with what is available of them and the item's number and
// description (the item joined through the items area's exported join, as the lot and
// location names of the default order are read through their areas' expressions). The join,
// rather than a per-row expression, lets the default order walk the items' number index.
var stockSelect = `WITH reserved AS (` + reservedSQL + `)
SELECT b.id, b.item_id, b.lot_id, b.location_id, b.quantity, b.quantity - coalesce(r.reserved, 0) AS available,
       it.number AS item_number, it.description AS item_description
FROM inventory_balances b
` + items.JoinSQL("it", "b.tenant_id", "b.item_id") + `
LEFT JOIN reserved r ON r.id = b.id`

// stockSortFields are the InventoryRow properties the inventory list can be sorted by.
// itemNumber sorts by item number, then lot name, then location name (one row value, so a
// direction applies to all three).
var stockSortFields = map[string]string{
	"itemNumber": "(lower(it.number), lower(coalesce(" +
		lots.NameSQL("b.tenant_id", "b.lot_id") + ", '')), lower(coalesce(" + locations.NameSQL("b.tenant_id", "b.location_id") + ", '')))",
	"quantity":       "(b.quantity - coalesce(r.reserved, 0))",
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
var quantitiesByItemSQL = `WITH reserved AS (` + reservedSQL + `)
SELECT b.item_id, sum(b.quantity) AS on_hand, sum(b.quantity - coalesce(r.reserved, 0)) AS available
FROM inventory_balances b
LEFT JOIN reserved r ON r.id = b.id
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
var availableForItemsSQL = `WITH reserved AS (` + reservedSQL + `)
SELECT b.item_id, sum(b.quantity) AS on_hand, sum(b.quantity - coalesce(r.reserved, 0)) AS available
FROM inventory_balances b
LEFT JOIN reserved r ON r.id = b.id
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
