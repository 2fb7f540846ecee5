package routing

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
	"mos/internal/platform/listing"
)

type inputItemRow struct {
	ID                 string      `db:"id"`
	ItemID             string      `db:"item_id"`
	QuantityPerUnit    dec.Decimal `db:"quantity_per_unit"`
	RoutingOperationID *string     `db:"routing_operation_id"`
	Notes              *string     `db:"notes"`
	CreatedUtc         time.Time   `db:"created_utc"`
	ModifiedUtc        time.Time   `db:"modified_utc"`
}

func (r inputItemRow) toInputItem() InputItem {
	return InputItem{
		ID: r.ID,
		InputItemValues: InputItemValues{
			ItemID: r.ItemID, QuantityPerUnit: r.QuantityPerUnit, RoutingOperationID: r.RoutingOperationID, Notes: r.Notes,
		},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

func toInputItems(rows []inputItemRow) []InputItem {
	out := make([]InputItem, len(rows))
	for i, r := range rows {
		out[i] = r.toInputItem()
	}
	return out
}

const inputItemColumns = `id, item_id, quantity_per_unit, routing_operation_id, notes, created_utc, modified_utc`

// lockInputItemGraphSQL takes a transaction-scoped lock on the tenant's graph of input items.
// The cycle check reads the graph and the insert changes it; two transactions adding A as an
// input of B and B as an input of A would each pass the check on a graph without the other's
// edge. Serialising every adding or changing input item write of the tenant on this lock
// makes the second see the first's edge. It is per tenant (tenants' graphs never meet) and
// taken before the owner's row lock, so input item writes always lock in the same order.
const lockInputItemGraphSQL = `SELECT pg_advisory_xact_lock(hashtextextended('routing.input_items:' || $1, 0))`

func (store) lockInputItemGraph(ctx context.Context, q db.Q, tenantID string) error {
	if _, err := q.ExecContext(ctx, lockInputItemGraphSQL, tenantID); err != nil {
		return fmt.Errorf("lock input item graph: %w", err)
	}
	return nil
}

// inputsReachingSQL answers which of the items $2 reach item $3 through the input items of
// item routings (an item routing's owner uses each of its input items), itself included.
// UNION drops rows already reached, so the walk ends on any graph.
const inputsReachingSQL = `
WITH RECURSIVE reach (origin, item_id) AS (
    SELECT o, o FROM unnest($2::text[]) AS o
  UNION
    SELECT reach.origin, i.item_id
    FROM reach JOIN routing_input_items i
      ON i.tenant_id = $1 AND i.owner_type = 'item' AND i.owner_id = reach.item_id
)
SELECT DISTINCT origin FROM reach WHERE item_id = $3`

// inputsReaching answers the items among ids that are made (at any depth) from made, or are
// made itself: none of them may be an input of made. One statement.
func (store) inputsReaching(ctx context.Context, q db.Q, tenantID, made string, ids []string) (map[string]bool, error) {
	var found []string
	if err := sqlx.SelectContext(ctx, q, &found, inputsReachingSQL, tenantID, db.Array(ids), made); err != nil {
		return nil, fmt.Errorf("check input item cycle: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

const operationsOfSQL = `SELECT id FROM routing_operations
WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3 AND id = ANY($4)`

// operationsOf answers which of ids are operations of the owner's routing, in one statement.
func (store) operationsOf(ctx context.Context, q db.Q, tenantID string, o Owner, ids []string) (map[string]bool, error) {
	var found []string
	if err := sqlx.SelectContext(ctx, q, &found, operationsOfSQL, tenantID, o.Type, o.ID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("find routing operations: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

const insertInputItemSQL = `
INSERT INTO routing_input_items (tenant_id, id, owner_type, owner_id, item_id, quantity_per_unit, routing_operation_id, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

func (store) insertInputItem(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v InputItemValues) error {
	_, err := q.ExecContext(ctx, insertInputItemSQL, tenantID, id, o.Type, o.ID, v.ItemID, v.QuantityPerUnit, v.RoutingOperationID, v.Notes)
	return inputItemWriteErr(err, v)
}

const updateInputItemSQL = `
UPDATE routing_input_items SET (item_id, quantity_per_unit, routing_operation_id, notes, modified_utc) =
       ($5, $6, $7, $8, now())
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4
RETURNING ` + inputItemColumns

// updateInputItem replaces every member of one input item of the owner's routing and answers
// it as stored; none is NotFound.
func (store) updateInputItem(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v InputItemValues) (InputItem, error) {
	var r inputItemRow
	err := sqlx.GetContext(ctx, q, &r, updateInputItemSQL, tenantID, id, o.Type, o.ID, v.ItemID, v.QuantityPerUnit, v.RoutingOperationID, v.Notes)
	if errors.Is(err, sql.ErrNoRows) {
		return InputItem{}, inputItemNotFound(id)
	}
	if err != nil {
		return InputItem{}, inputItemWriteErr(err, v)
	}
	return r.toInputItem(), nil
}

const getInputItemSQL = `SELECT ` + inputItemColumns + ` FROM routing_input_items
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

func (store) getInputItem(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (InputItem, error) {
	var r inputItemRow
	err := sqlx.GetContext(ctx, q, &r, getInputItemSQL, tenantID, id, o.Type, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return InputItem{}, inputItemNotFound(id)
	}
	if err != nil {
		return InputItem{}, fmt.Errorf("get routing input item: %w", err)
	}
	return r.toInputItem(), nil
}

const deleteInputItemSQL = `DELETE FROM routing_input_items
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

func (store) deleteInputItem(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteInputItemSQL, tenantID, id, o.Type, o.ID)
	if err != nil {
		return false, fmt.Errorf("delete routing input item: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const inputItemsByOwnerSQL = `SELECT ` + inputItemColumns + ` FROM routing_input_items
WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3 ORDER BY created_utc, id`

// inputItemsByOwner reads the owner's input items by createdUtc, then id, in one statement.
func (store) inputItemsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]InputItem, error) {
	var rows []inputItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, inputItemsByOwnerSQL, tenantID, o.Type, o.ID); err != nil {
		return nil, fmt.Errorf("list routing input items: %w", err)
	}
	return toInputItems(rows), nil
}

// inputItemSortFields are the RoutingInputItem properties a list can be sorted by.
var inputItemSortFields = map[string]string{
	"id":              "id",
	"quantityPerUnit": "quantity_per_unit",
	"createdUtc":      "created_utc",
	"modifiedUtc":     "modified_utc",
}

var inputItemListSpec = listing.Spec{Fields: inputItemSortFields, Default: "createdUtc", IDColumn: "id"}

// listInputItems reads a page of the owner's input items.
func (store) listInputItems(ctx context.Context, q db.Q, tenantID string, o Owner, f InputItemFilter, p listing.Page) ([]InputItem, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("owner_type = %s", o.Type)
	lq.Where("owner_id = %s", o.ID)
	listing.AnyOf(lq, "id", f.IDs)
	listing.AnyOf(lq, "item_id", f.ItemIDs)
	listing.AnyOf(lq, "routing_operation_id", f.RoutingOperationIDs)
	query, args := lq.SQL(`SELECT `+inputItemColumns+` FROM routing_input_items`, p)
	var rows []inputItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list routing input items: %w", err)
	}
	return toInputItems(rows), nil
}

// usedInAnotherItemRoutingSQL: the item is an input item, an item consumed at an operation,
// or an input material's stock item of the routing of an item other than itself.
const usedInAnotherItemRoutingSQL = `
SELECT EXISTS (SELECT 1 FROM routing_input_items
               WHERE tenant_id = $1 AND item_id = $2 AND owner_type = 'item' AND owner_id <> $2)
    OR EXISTS (SELECT 1 FROM routing_operation_items oi
               JOIN routing_operations ro ON ro.tenant_id = oi.tenant_id AND ro.id = oi.routing_operation_id
               WHERE oi.tenant_id = $1 AND oi.item_id = $2 AND ro.owner_type = 'item' AND ro.owner_id <> $2)
    OR EXISTS (SELECT 1 FROM routing_input_materials
               WHERE tenant_id = $1 AND item_id = $2 AND owner_type = 'item' AND owner_id <> $2)`

func (store) usedInAnotherItemRouting(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var used bool
	if err := q.QueryRowxContext(ctx, usedInAnotherItemRoutingSQL, tenantID, itemID).Scan(&used); err != nil {
		return false, fmt.Errorf("find item in routings: %w", err)
	}
	return used, nil
}

func inputItemNotFound(id string) error {
	return apperr.NotFound("routing input item %s not found", id)
}

// inputItemWriteErr turns the constraints an input item write can break into the client's
// errors.
func inputItemWriteErr(err error, v InputItemValues) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "routing_input_items_item_fkey":
			return apperr.NotFound("itemId: item %s not found", v.ItemID)
		case "routing_input_items_operation_fkey":
			return apperr.NotFound("routingOperationId: routing operation %s not found", deref(v.RoutingOperationID))
		}
	}
	if constraint, ok := db.CheckViolation(err); ok && constraint == "routing_input_items_quantity_per_unit_check" {
		return apperr.Field("quantityPerUnit", "must be more than 0")
	}
	return fmt.Errorf("save routing input item: %w", err)
}
