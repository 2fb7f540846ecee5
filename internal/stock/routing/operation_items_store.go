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

type operationItemRow struct {
	ID                 string      `db:"id"`
	RoutingOperationID string      `db:"routing_operation_id"`
	ItemID             string      `db:"item_id"`
	Quantity           dec.Decimal `db:"quantity"`
	Per                string      `db:"per"`
	Notes              *string     `db:"notes"`
	CreatedUtc         time.Time   `db:"created_utc"`
	ModifiedUtc        time.Time   `db:"modified_utc"`
}

func (r operationItemRow) toOperationItem() OperationItem {
	return OperationItem{
		ID: r.ID, RoutingOperationID: r.RoutingOperationID,
		OperationItemValues: OperationItemValues{ItemID: r.ItemID, Quantity: r.Quantity, Per: r.Per, Notes: r.Notes},
		CreatedUtc:          r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

func toOperationItems(rows []operationItemRow) []OperationItem {
	out := make([]OperationItem, len(rows))
	for i, r := range rows {
		out[i] = r.toOperationItem()
	}
	return out
}

// operationItemColumns are an operation item's columns over its row aliased oi.
const operationItemColumns = `oi.id, oi.routing_operation_id, oi.item_id, oi.quantity, oi.per, oi.notes,
       oi.created_utc, oi.modified_utc`

const requireOperationSQL = `SELECT EXISTS (SELECT 1 FROM routing_operations
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4)`

// requireOperation answers NotFound unless the operation is in the owner's routing.
func (store) requireOperation(ctx context.Context, q db.Q, tenantID string, o Owner, operationID string) error {
	var found bool
	if err := q.QueryRowxContext(ctx, requireOperationSQL, tenantID, operationID, o.Type, o.ID).Scan(&found); err != nil {
		return fmt.Errorf("find routing operation: %w", err)
	}
	if !found {
		return notFound(operationID)
	}
	return nil
}

const insertOperationItemSQL = `
INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, item_id, quantity, per, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (store) insertOperationItem(ctx context.Context, q db.Q, tenantID, operationID, id string, v OperationItemValues) error {
	_, err := q.ExecContext(ctx, insertOperationItemSQL, tenantID, id, operationID, v.ItemID, v.Quantity, v.Per, v.Notes)
	return operationItemWriteErr(err, v)
}

const getOperationItemSQL = `SELECT ` + operationItemColumns + `
FROM routing_operation_items oi
JOIN routing_operations o ON o.tenant_id = oi.tenant_id AND o.id = oi.routing_operation_id
WHERE oi.tenant_id = $1 AND oi.id = $2 AND oi.routing_operation_id = $3 AND o.owner_type = $4 AND o.owner_id = $5`

// getOperationItem reads one item consumed at an operation of the owner's routing; none is
// NotFound.
func (store) getOperationItem(ctx context.Context, q db.Q, tenantID string, o Owner, operationID, id string) (OperationItem, error) {
	var r operationItemRow
	err := sqlx.GetContext(ctx, q, &r, getOperationItemSQL, tenantID, id, operationID, o.Type, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return OperationItem{}, operationItemNotFound(id)
	}
	if err != nil {
		return OperationItem{}, fmt.Errorf("get routing operation item: %w", err)
	}
	return r.toOperationItem(), nil
}

const updateOperationItemSQL = `
UPDATE routing_operation_items oi SET (item_id, quantity, per, notes, modified_utc) = ($4, $5, $6, $7, now())
WHERE oi.tenant_id = $1 AND oi.id = $2 AND oi.routing_operation_id = $3
RETURNING ` + operationItemColumns

// updateOperationItem replaces every member of one item consumed at the operation (whose
// owner the caller checked) and answers it as stored; none is NotFound.
func (store) updateOperationItem(ctx context.Context, q db.Q, tenantID, operationID, id string, v OperationItemValues) (OperationItem, error) {
	var r operationItemRow
	err := sqlx.GetContext(ctx, q, &r, updateOperationItemSQL, tenantID, id, operationID, v.ItemID, v.Quantity, v.Per, v.Notes)
	if errors.Is(err, sql.ErrNoRows) {
		return OperationItem{}, operationItemNotFound(id)
	}
	if err != nil {
		return OperationItem{}, operationItemWriteErr(err, v)
	}
	return r.toOperationItem(), nil
}

const deleteOperationItemSQL = `DELETE FROM routing_operation_items
WHERE tenant_id = $1 AND id = $2 AND routing_operation_id = $3`

// deleteOperationItem deletes one item consumed at the operation (whose owner the caller
// checked) and reports whether it had it.
func (store) deleteOperationItem(ctx context.Context, q db.Q, tenantID, operationID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteOperationItemSQL, tenantID, id, operationID)
	if err != nil {
		return false, fmt.Errorf("delete routing operation item: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const operationItemsByOwnerSQL = `SELECT ` + operationItemColumns + `
FROM routing_operation_items oi
JOIN routing_operations o ON o.tenant_id = oi.tenant_id AND o.id = oi.routing_operation_id
WHERE oi.tenant_id = $1 AND o.owner_type = $2 AND o.owner_id = $3
ORDER BY o.sequence, o.id, oi.created_utc, oi.id`

// operationItemsByOwner reads every item consumed at an operation of the owner's routing,
// by the operations' order (sequence, then id), then createdUtc and id, in one statement.
// Item numbers and units are not filled in (nameOperationItems does that).
func (store) operationItemsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]OperationItem, error) {
	var rows []operationItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationItemsByOwnerSQL, tenantID, o.Type, o.ID); err != nil {
		return nil, fmt.Errorf("list routing operation items: %w", err)
	}
	return toOperationItems(rows), nil
}

// operationItemSortFields are the RoutingOperationItem properties a list can be sorted by.
var operationItemSortFields = map[string]string{
	"id":         "oi.id",
	"createdUtc": "oi.created_utc",
}

var operationItemListSpec = listing.Spec{Fields: operationItemSortFields, Default: "createdUtc", IDColumn: "oi.id"}

// listOperationItems reads a page of the items consumed at the operation (whose owner the
// caller checked).
func (store) listOperationItems(ctx context.Context, q db.Q, tenantID, operationID string, f OperationItemFilter, p listing.Page) ([]OperationItem, error) {
	lq := listing.NewQuery("oi.tenant_id", tenantID)
	lq.Where("oi.routing_operation_id = %s", operationID)
	listing.AnyOf(lq, "oi.id", f.IDs)
	listing.AnyOf(lq, "oi.item_id", f.ItemIDs)
	query, args := lq.SQL(`SELECT `+operationItemColumns+` FROM routing_operation_items oi`, p)
	var rows []operationItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list routing operation items: %w", err)
	}
	return toOperationItems(rows), nil
}

func operationItemNotFound(id string) error {
	return apperr.NotFound("routing operation item %s not found", id)
}

// operationItemWriteErr turns the constraints a write can break into the client's errors:
// the item's foreign key (an item deleted meanwhile) and the operation's (the operation
// deleted meanwhile).
func operationItemWriteErr(err error, v OperationItemValues) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "routing_operation_items_item_fkey":
			return apperr.NotFound("itemId: item %s not found", v.ItemID)
		case "routing_operation_items_operation_fkey":
			return apperr.NotFound("routing operation not found")
		}
	}
	return fmt.Errorf("save routing operation item: %w", err)
}
