package routing

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// ownerColumns name the owner of a record read for several owners at once.
type ownerColumns struct {
	OwnerType string `db:"owner_type"`
	OwnerID   string `db:"owner_id"`
}

type ownedOperationRow struct {
	ownerColumns
	operationRow
}

type ownedOperationItemRow struct {
	ownerColumns
	operationItemRow
}

type ownedInputItemRow struct {
	ownerColumns
	inputItemRow
}

type ownedMaterialRow struct {
	ownerColumns
	materialRow
}

const operationsOfOwnersSQL = `SELECT owner_type, owner_id, ` + operationColumns + ` FROM routing_operations
WHERE ` + ownersClause + ` ORDER BY owner_type, owner_id, sequence, id`

// operationsOfOwners reads the routing operations of owners, each owner's by sequence then id.
func (store) operationsOfOwners(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]ownedOperationRow, error) {
	types, ids := ownerArrays(owners)
	var rows []ownedOperationRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationsOfOwnersSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("list routing operations of owners: %w", err)
	}
	return rows, nil
}

const operationItemsOfOwnersSQL = `SELECT o.owner_type, o.owner_id, ` + operationItemColumns + `
FROM routing_operation_items oi
JOIN routing_operations o ON o.tenant_id = oi.tenant_id AND o.id = oi.routing_operation_id
WHERE oi.tenant_id = $1 AND (o.owner_type, o.owner_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))
ORDER BY o.owner_type, o.owner_id, o.sequence, o.id, oi.created_utc, oi.id`

// operationItemsOfOwners reads the items consumed at the operations of owners' routings.
func (store) operationItemsOfOwners(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]ownedOperationItemRow, error) {
	types, ids := ownerArrays(owners)
	var rows []ownedOperationItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationItemsOfOwnersSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("list routing operation items of owners: %w", err)
	}
	return rows, nil
}

const inputItemsOfOwnersSQL = `SELECT owner_type, owner_id, ` + inputItemColumns + ` FROM routing_input_items
WHERE ` + ownersClause + ` ORDER BY owner_type, owner_id, created_utc, id`

// inputItemsOfOwners reads the input items of owners' routings, each owner's oldest first.
func (store) inputItemsOfOwners(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]ownedInputItemRow, error) {
	types, ids := ownerArrays(owners)
	var rows []ownedInputItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, inputItemsOfOwnersSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("list routing input items of owners: %w", err)
	}
	return rows, nil
}

const materialsOfOwnersSQL = `SELECT owner_type, owner_id, ` + materialColumns + ` FROM routing_input_materials
WHERE ` + ownersClause + ` ORDER BY owner_type, owner_id, created_utc, id`

// materialsOfOwners reads the input materials of owners' routings, each owner's oldest first.
func (store) materialsOfOwners(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]ownedMaterialRow, error) {
	types, ids := ownerArrays(owners)
	var rows []ownedMaterialRow
	if err := sqlx.SelectContext(ctx, q, &rows, materialsOfOwnersSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("list routing input materials of owners: %w", err)
	}
	return rows, nil
}
