package inventory

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/stock/lots"
)

type balanceRow struct {
	ID                     string      `db:"id"`
	ItemID                 string      `db:"item_id"`
	LotID                  *string     `db:"lot_id"`
	LocationID             *string     `db:"location_id"`
	Quantity               dec.Decimal `db:"quantity"`
	LaborValue             dec.Decimal `db:"labor_value"`
	MachineValue           dec.Decimal `db:"machine_value"`
	OutsideProcessingValue dec.Decimal `db:"outside_processing_value"`
	MaterialValue          dec.Decimal `db:"material_value"`
	ReservedQuantity       dec.Decimal `db:"reserved_quantity"`
}

func (r balanceRow) toBalance() Balance {
	return Balance{
		ID: r.ID, Place: Place{ItemID: r.ItemID, LotID: r.LotID, LocationID: r.LocationID}, Quantity: r.Quantity, Reserved: r.ReservedQuantity,
		Values: Values{Labor: r.LaborValue, Machine: r.MachineValue, OutsideProcessing: r.OutsideProcessingValue, Material: r.MaterialValue},
	}
}

const balanceColumns = `id, item_id, lot_id, location_id, quantity, labor_value, machine_value, outside_processing_value, material_value, reserved_quantity`

// The place of a balance is matched as the unique index inventory_balances_key states it
// (an empty string standing for no lot or location), so lookups and ON CONFLICT use it.
const lockBalanceSQL = `SELECT ` + balanceColumns + ` FROM inventory_balances
WHERE tenant_id = $1 AND item_id = $2 AND coalesce(lot_id, '') = coalesce($3::text, '')
  AND coalesce(location_id, '') = coalesce($4::text, '')
FOR UPDATE`

// lockBalance reads the balance of a place and locks it until the transaction ends. A place
// without a balance row holds nothing: it answers an empty balance.
func (store) lockBalance(ctx context.Context, q db.Q, tenantID string, p Place) (Balance, error) {
	var r balanceRow
	err := sqlx.GetContext(ctx, q, &r, lockBalanceSQL, tenantID, p.ItemID, p.LotID, p.LocationID)
	if errors.Is(err, sql.ErrNoRows) {
		return Balance{Place: p}, nil
	}
	if err != nil {
		return Balance{}, fmt.Errorf("lock inventory balance: %w", err)
	}
	return r.toBalance(), nil
}

// lotsHoldingStockSQL: the lots holding units of the item at one location (or at none), most
// units first, with their names (read through the lots area's expression). $4 bounds the rows.
var lotsHoldingStockSQL = `
SELECT b.lot_id, b.lot_name, b.quantity FROM (
    SELECT b.lot_id, ` + lots.NameSQL("b.tenant_id", "b.lot_id") + ` AS lot_name, b.quantity
    FROM inventory_balances b
    WHERE b.tenant_id = $1 AND b.item_id = $2 AND b.lot_id IS NOT NULL
      AND coalesce(b.location_id, '') = coalesce($3::text, '') AND b.quantity > 0) b
ORDER BY b.quantity DESC, lower(b.lot_name), b.lot_id
LIMIT $4`

// lotStock is what one lot holds at a place.
type lotStock struct {
	LotID    string      `db:"lot_id"`
	LotName  *string     `db:"lot_name"`
	Quantity dec.Decimal `db:"quantity"`
}

// lotsHoldingStock answers up to limit lots holding units of the item at locationID (nil: no
// location), in one query.
func (store) lotsHoldingStock(ctx context.Context, q db.Q, tenantID, itemID string, locationID *string, limit int) ([]lotStock, error) {
	var rows []lotStock
	if err := sqlx.SelectContext(ctx, q, &rows, lotsHoldingStockSQL, tenantID, itemID, locationID, limit); err != nil {
		return nil, fmt.Errorf("lots holding stock: %w", err)
	}
	return rows, nil
}

const ensureBalanceSQL = `
INSERT INTO inventory_balances (tenant_id, id, item_id, lot_id, location_id)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, item_id, coalesce(lot_id, ''), coalesce(location_id, '')) DO NOTHING`

// ensureBalance creates the empty balance of a place unless it exists.
func (store) ensureBalance(ctx context.Context, q db.Q, tenantID string, p Place) error {
	if _, err := q.ExecContext(ctx, ensureBalanceSQL, tenantID, ids.New(), p.ItemID, p.LotID, p.LocationID); err != nil {
		return fmt.Errorf("create inventory balance: %w", err)
	}
	return nil
}

// receiveSQL adds units (and their value) to a place's balance, creating it when missing;
// the row stays locked until the transaction ends. Only for increases: PostgreSQL checks the
// row it would insert, so a negative quantity fails the CHECK even when the row exists.
const receiveSQL = `
INSERT INTO inventory_balances AS b (tenant_id, id, item_id, lot_id, location_id, quantity,
    labor_value, machine_value, outside_processing_value, material_value)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (tenant_id, item_id, coalesce(lot_id, ''), coalesce(location_id, '')) DO UPDATE SET
    quantity = b.quantity + EXCLUDED.quantity,
    labor_value = b.labor_value + EXCLUDED.labor_value,
    machine_value = b.machine_value + EXCLUDED.machine_value,
    outside_processing_value = b.outside_processing_value + EXCLUDED.outside_processing_value,
    material_value = b.material_value + EXCLUDED.material_value
RETURNING ` + balanceColumns

// changeBalanceSQL applies a signed change to a balance the transaction holds locked.
const changeBalanceSQL = `
UPDATE inventory_balances SET quantity = quantity + $3, labor_value = labor_value + $4,
    machine_value = machine_value + $5, outside_processing_value = outside_processing_value + $6,
    material_value = material_value + $7
WHERE tenant_id = $1 AND id = $2
RETURNING ` + balanceColumns

// receive adds a change of 0 or more units to a place's balance, creating the balance when
// the place has none, and answers the balance after it.
func (store) receive(ctx context.Context, q db.Q, tenantID string, p Place, quantity dec.Decimal, v Values) (Balance, error) {
	var r balanceRow
	err := sqlx.GetContext(ctx, q, &r, receiveSQL, tenantID, ids.New(), p.ItemID, p.LotID, p.LocationID,
		quantity, v.Labor, v.Machine, v.OutsideProcessing, v.Material)
	return balanceAfter(r, err)
}

// changeBalance applies a signed change to the balance balanceID, which the transaction has
// locked (lockBalance), and answers the balance after it.
func (store) changeBalance(ctx context.Context, q db.Q, tenantID, balanceID string, quantity dec.Decimal, v Values) (Balance, error) {
	var r balanceRow
	err := sqlx.GetContext(ctx, q, &r, changeBalanceSQL, tenantID, balanceID,
		quantity, v.Labor, v.Machine, v.OutsideProcessing, v.Material)
	return balanceAfter(r, err)
}

// balanceAfter answers the balance a change returned. A change that would take the quantity
// below 0 is refused by the CHECK on balances, the last line behind the service's own check
// under lock: a 400 naming quantity.
func balanceAfter(r balanceRow, err error) (Balance, error) {
	if _, below := db.CheckViolation(err); below {
		return Balance{}, apperr.Field("quantity", "the change would take the quantity on hand below 0")
	}
	if err != nil {
		return Balance{}, fmt.Errorf("change inventory balance: %w", err)
	}
	return r.toBalance(), nil
}

const addReservedSQL = `
UPDATE inventory_balances SET reserved_quantity = reserved_quantity + $3 WHERE tenant_id = $1 AND id = $2`

// addReserved moves the units reserved at balance balanceID, which the transaction has
// locked, by a signed change: the running sum of its transactions' reserved changes.
func (store) addReserved(ctx context.Context, q db.Q, tenantID, balanceID string, change dec.Decimal) error {
	if _, err := q.ExecContext(ctx, addReservedSQL, tenantID, balanceID, change); err != nil {
		return fmt.Errorf("change reserved inventory: %w", err)
	}
	return nil
}

const insertEventSQL = `
INSERT INTO inventory_events (tenant_id, id, action_date, type, secondary_type, source_type, source_name,
    source_entity_id, source_related_type, source_related_entity_id, source_item_to_make_id, source_job_id,
    item_id, item_to_make_id, quantity, labor_value, machine_value, outside_processing_value, material_value,
    reserved_for_id, reserved_for_type, lot_id, location_id, revert_inventory_event_id, note,
    external_references, created_utc, unit_of_measure_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
    $22, $23, $24, $25, $26, $27, $28)`

// insertEvent stores a new event. A second revert of one event is refused by the unique
// index inventory_events_revert_key: a 400 naming inventoryEventId.
func (store) insertEvent(ctx context.Context, q db.Q, tenantID string, e Event) error {
	src := e.Source
	_, err := q.ExecContext(ctx, insertEventSQL, tenantID, e.ID, e.ActionDate, e.Type, e.SecondaryType,
		src.Type, src.Name, src.EntityID, src.RelatedType, src.RelatedEntityID, src.ItemToMakeID, src.JobID,
		e.ItemID, e.ItemToMakeID, e.Quantity, e.Values.Labor, e.Values.Machine, e.Values.OutsideProcessing, e.Values.Material,
		e.ReservedForID, e.ReservedForType, e.LotID, e.LocationID, e.RevertedEventID, e.Note,
		e.ExternalReferences, e.CreatedUtc, e.UnitID)
	if constraint, dup := db.UniqueViolation(err); dup && constraint == "inventory_events_revert_key" {
		return apperr.Field("inventoryEventId", "event %s is already reverted", deref(e.RevertedEventID))
	}
	if err != nil {
		return fmt.Errorf("insert inventory event: %w", err)
	}
	return nil
}

const insertTransactionSQL = `
INSERT INTO inventory_transactions (tenant_id, id, event_id, item_id, lot_id, location_id, quantity_change,
    labor_value, machine_value, outside_processing_value, material_value, balance_quantity, balance_value, created_utc, reserved_change)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`

// insertTransaction stores an effect of an event.
func (store) insertTransaction(ctx context.Context, q db.Q, tenantID string, e Effect, at time.Time) error {
	_, err := q.ExecContext(ctx, insertTransactionSQL, tenantID, e.TransactionID, e.EventID, e.Place.ItemID, e.Place.LotID,
		e.Place.LocationID, e.QuantityChange, e.Values.Labor, e.Values.Machine, e.Values.OutsideProcessing, e.Values.Material,
		e.BalanceQuantity, e.BalanceValue, at, e.ReservedChange)
	if err != nil {
		return fmt.Errorf("insert inventory transaction: %w", err)
	}
	return nil
}
