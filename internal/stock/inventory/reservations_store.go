package inventory

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// lockItemBalancesSQL locks every balance of an item in the order the other actions lock
// balances (placeKey: lot, then location, "" for none, byte order), so a reservation and a
// revert touching several balances of one item cannot deadlock.
const lockItemBalancesSQL = `SELECT ` + balanceColumns + ` FROM inventory_balances
WHERE tenant_id = $1 AND item_id = $2
ORDER BY coalesce(lot_id, '') COLLATE "C", coalesce(location_id, '') COLLATE "C"
FOR UPDATE`

// lockItemBalances reads and locks every balance of an item until the transaction ends.
func (store) lockItemBalances(ctx context.Context, q db.Q, tenantID, itemID string) ([]Balance, error) {
	var rows []balanceRow
	if err := sqlx.SelectContext(ctx, q, &rows, lockItemBalancesSQL, tenantID, itemID); err != nil {
		return nil, fmt.Errorf("lock inventory balances of item: %w", err)
	}
	out := make([]Balance, len(rows))
	for i, r := range rows {
		out[i] = r.toBalance()
	}
	return out, nil
}

// heldSQL is what one record holds, per line (the source's related record) and place: the
// net reserved change of its events' transactions, where positive. $4 narrows it to one
// line (null: every line).
const heldSQL = `
SELECT e.source_related_entity_id AS line_id, t.item_id, t.lot_id, t.location_id, sum(t.reserved_change) AS held
FROM inventory_events e
JOIN inventory_transactions t ON t.tenant_id = e.tenant_id AND t.event_id = e.id
WHERE e.tenant_id = $1 AND e.reserved_for_type = $2 AND e.reserved_for_id = $3
  AND ($4::text IS NULL OR e.source_related_entity_id = $4)
GROUP BY e.source_related_entity_id, t.item_id, t.lot_id, t.location_id
HAVING sum(t.reserved_change) > 0
ORDER BY t.item_id COLLATE "C", e.source_related_entity_id COLLATE "C", coalesce(t.lot_id, '') COLLATE "C", coalesce(t.location_id, '') COLLATE "C"`

// heldRow is what a record's line holds at one place.
type heldRow struct {
	LineID     *string     `db:"line_id"`
	ItemID     string      `db:"item_id"`
	LotID      *string     `db:"lot_id"`
	LocationID *string     `db:"location_id"`
	Held       dec.Decimal `db:"held"`
}

// held answers what the record forType/forID holds per line and place, of line lineID only
// when it is not nil, by item, line and place.
func (store) held(ctx context.Context, q db.Q, tenantID, forType, forID string, lineID *string) ([]heldRow, error) {
	var rows []heldRow
	if err := sqlx.SelectContext(ctx, q, &rows, heldSQL, tenantID, forType, forID, lineID); err != nil {
		return nil, fmt.Errorf("read reservations: %w", err)
	}
	return rows, nil
}

// reservedForSQL sums, per line (the source's related record), the units the records
// forIDs of kind forType hold, where more than 0.
const reservedForSQL = `
SELECT e.source_related_entity_id AS line_id, sum(t.reserved_change) AS reserved
FROM inventory_events e
JOIN inventory_transactions t ON t.tenant_id = e.tenant_id AND t.event_id = e.id
WHERE e.tenant_id = $1 AND e.reserved_for_type = $2 AND e.reserved_for_id = ANY($3)
  AND e.source_related_entity_id IS NOT NULL
GROUP BY e.source_related_entity_id
HAVING sum(t.reserved_change) > 0`

// reservedFor answers line id → units held, for the records forIDs of kind forType.
func (store) reservedFor(ctx context.Context, q db.Q, tenantID, forType string, forIDs []string) (map[string]dec.Decimal, error) {
	var rows []struct {
		LineID   string      `db:"line_id"`
		Reserved dec.Decimal `db:"reserved"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, reservedForSQL, tenantID, forType, db.Array(forIDs)); err != nil {
		return nil, fmt.Errorf("read reservations of records: %w", err)
	}
	out := make(map[string]dec.Decimal, len(rows))
	for _, r := range rows {
		out[r.LineID] = r.Reserved
	}
	return out, nil
}
