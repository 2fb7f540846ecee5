package routing

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// The reads of a routing tree: an owner's routing and the item routings of every input item
// below it, in a fixed number of statements however deep or wide the tree is. The estimate
// and can-make share them.

// treeInputRow is one input item of a routing in the tree.
type treeInputRow struct {
	OwnerType       string      `db:"owner_type"`
	OwnerID         string      `db:"owner_id"`
	ItemID          string      `db:"item_id"`
	QuantityPerUnit dec.Decimal `db:"quantity_per_unit"`
}

// treeOperationRow is what costing reads of a routing operation in the tree.
type treeOperationRow struct {
	OwnerType             string       `db:"owner_type"`
	OwnerID               string       `db:"owner_id"`
	ID                    string       `db:"id"`
	Sequence              int32        `db:"sequence"`
	Name                  string       `db:"name"`
	WorkCenterID          *string      `db:"work_center_id"`
	SetupTimeMinutes      dec.Decimal  `db:"setup_time_minutes"`
	RunTimeMinutesPerUnit dec.Decimal  `db:"run_time_minutes_per_unit"`
	LaborRate             *dec.Decimal `db:"labor_rate"`
	MachineRate           *dec.Decimal `db:"machine_rate"`
	IsOutsideProcessing   bool         `db:"is_outside_processing"`
	OutsideCost           dec.Decimal  `db:"outside_cost"`
}

// treeMaterialRow is an input material of a routing in the tree.
type treeMaterialRow struct {
	OwnerType       string  `db:"owner_type"`
	OwnerID         string  `db:"owner_id"`
	ID              string  `db:"id"`
	MaterialShapeID string  `db:"material_shape_id"`
	ItemID          *string `db:"item_id"`
	PiecesPerBlank  int64   `db:"pieces_per_blank"`
}

// treeInputsSQL walks routing_input_items down from the root owner through the item routings
// of its input items: one row per input item of every routing reached. UNION (not UNION ALL)
// reads a routing reached through several branches once and ends on a cycle.
const treeInputsSQL = `
WITH RECURSIVE tree (id, owner_type, owner_id, item_id, quantity_per_unit) AS (
    SELECT i.id, i.owner_type, i.owner_id, i.item_id, i.quantity_per_unit
    FROM routing_input_items i
    WHERE i.tenant_id = $1 AND i.owner_type = $2 AND i.owner_id = $3
  UNION
    SELECT i.id, i.owner_type, i.owner_id, i.item_id, i.quantity_per_unit
    FROM tree t
    JOIN routing_input_items i ON i.tenant_id = $1 AND i.owner_type = 'item' AND i.owner_id = t.item_id
)
SELECT owner_type, owner_id, item_id, quantity_per_unit FROM tree ORDER BY owner_type, owner_id, id`

// treeInputs reads the input items of the root's routing and of every item routing below it.
func (store) treeInputs(ctx context.Context, q db.Q, tenantID string, root Owner) ([]treeInputRow, error) {
	var rows []treeInputRow
	if err := sqlx.SelectContext(ctx, q, &rows, treeInputsSQL, tenantID, root.Type, root.ID); err != nil {
		return nil, fmt.Errorf("routing tree inputs: %w", err)
	}
	return rows, nil
}

// ownersClause matches the rows of the owners given as parallel arrays of types ($2) and ids ($3).
const ownersClause = `tenant_id = $1 AND (owner_type, owner_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`

const treeOperationsSQL = `
SELECT owner_type, owner_id, id, sequence, name, work_center_id, setup_time_minutes, run_time_minutes_per_unit, labor_rate,
       machine_rate, is_outside_processing, outside_cost
FROM routing_operations WHERE ` + ownersClause + ` ORDER BY owner_type, owner_id, sequence, id`

// treeOperations reads the routing operations of owners.
func (store) treeOperations(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]treeOperationRow, error) {
	types, ids := ownerArrays(owners)
	var rows []treeOperationRow
	if err := sqlx.SelectContext(ctx, q, &rows, treeOperationsSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("routing tree operations: %w", err)
	}
	return rows, nil
}

const treeMaterialsSQL = `
SELECT owner_type, owner_id, id, material_shape_id, item_id, pieces_per_blank
FROM routing_input_materials WHERE ` + ownersClause + ` ORDER BY owner_type, owner_id, created_utc, id`

// treeMaterials reads the input materials of owners.
func (store) treeMaterials(ctx context.Context, q db.Q, tenantID string, owners []Owner) ([]treeMaterialRow, error) {
	types, ids := ownerArrays(owners)
	var rows []treeMaterialRow
	if err := sqlx.SelectContext(ctx, q, &rows, treeMaterialsSQL, tenantID, types, ids); err != nil {
		return nil, fmt.Errorf("routing tree materials: %w", err)
	}
	return rows, nil
}

func ownerArrays(owners []Owner) (types, ids pq.StringArray) {
	types, ids = make(pq.StringArray, len(owners)), make(pq.StringArray, len(owners))
	for i, o := range owners {
		types[i], ids[i] = o.Type, o.ID
	}
	return types, ids
}
