package routing

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// copySQL copies a whole routing from one owner ($2, $3) to another ($4, $5) by value in one
// statement: every operation, its operation items and tracking, every input item and input
// material and the materials' nestings, each with a new id. The CTEs "ops" and "mats" pair
// each source row with its new id (a CTE read more than once, or holding a volatile
// function, is evaluated once), so sub-records follow their copied parent and inputs and
// materials keep pointing at the copy of their operation. The foreign keys are checked at
// the end of the statement, after every CTE has inserted. Copies keep their source's
// createdUtc, so every list of the copy keeps the source's order (oldest first); their
// modifiedUtc is the copy's.
const copySQL = `
WITH ops AS (
    SELECT o.*, gen_random_uuid()::text AS new_id
    FROM routing_operations o WHERE o.tenant_id = $1 AND o.owner_type = $2 AND o.owner_id = $3
), copied_ops AS (
    INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, created_utc, ` + valueColumns + `)
    SELECT tenant_id, new_id, $4, $5, created_utc, ` + valueColumns + ` FROM ops
), copied_operation_items AS (
    INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, created_utc, item_id, quantity, per, notes)
    SELECT i.tenant_id, gen_random_uuid()::text, ops.new_id, i.created_utc, i.item_id, i.quantity, i.per, i.notes
    FROM routing_operation_items i JOIN ops ON ops.tenant_id = i.tenant_id AND ops.id = i.routing_operation_id
), copied_trackings AS (
    INSERT INTO routing_operation_ipts (tenant_id, id, routing_operation_id, created_utc, phase, tracking_field_id, is_required, frequency, instructions)
    SELECT t.tenant_id, gen_random_uuid()::text, ops.new_id, t.created_utc, t.phase, t.tracking_field_id, t.is_required, t.frequency, t.instructions
    FROM routing_operation_ipts t JOIN ops ON ops.tenant_id = t.tenant_id AND ops.id = t.routing_operation_id
), copied_inputs AS (
    INSERT INTO routing_input_items (tenant_id, id, owner_type, owner_id, created_utc, item_id, quantity_per_unit, routing_operation_id, notes)
    SELECT ii.tenant_id, gen_random_uuid()::text, $4, $5, ii.created_utc, ii.item_id, ii.quantity_per_unit, ops.new_id, ii.notes
    FROM routing_input_items ii LEFT JOIN ops ON ops.tenant_id = ii.tenant_id AND ops.id = ii.routing_operation_id
    WHERE ii.tenant_id = $1 AND ii.owner_type = $2 AND ii.owner_id = $3
), mats AS (
    SELECT m.*, gen_random_uuid()::text AS new_id, ops.new_id AS new_operation_id
    FROM routing_input_materials m LEFT JOIN ops ON ops.tenant_id = m.tenant_id AND ops.id = m.routing_operation_id
    WHERE m.tenant_id = $1 AND m.owner_type = $2 AND m.owner_id = $3
), copied_materials AS (
    INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, created_utc, material_shape_id, item_id, blank_length,
                                         blank_width, pieces_per_blank, routing_operation_id, notes)
    SELECT tenant_id, new_id, $4, $5, created_utc, material_shape_id, item_id, blank_length, blank_width, pieces_per_blank, new_operation_id, notes
    FROM mats
), copied_nestings AS (
    INSERT INTO routing_material_nestings (tenant_id, id, input_material_id, created_utc, name, stock_length, stock_width, blanks_per_stock, notes)
    SELECT n.tenant_id, gen_random_uuid()::text, mats.new_id, n.created_utc, n.name, n.stock_length, n.stock_width, n.blanks_per_stock, n.notes
    FROM routing_material_nestings n JOIN mats ON mats.tenant_id = n.tenant_id AND mats.id = n.input_material_id
)
SELECT count(*) FROM ops`

// copy copies from's whole routing to to in one statement (see copySQL).
func (store) copy(ctx context.Context, q db.Q, tenantID string, from, to Owner) error {
	var copied int
	err := q.QueryRowxContext(ctx, copySQL, tenantID, from.Type, from.ID, to.Type, to.ID).Scan(&copied)
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "routing_operations_sequence_key" {
		return apperr.Field("sequence", "the routing of %s %s already has a sequence of %s %s", to.Type, to.ID, from.Type, from.ID)
	}
	if err != nil {
		return fmt.Errorf("copy routing: %w", err)
	}
	return nil
}

// clearSQL deletes an owner's whole routing: its inputs and materials (with their
// nestings), then its operations (with their operation items and tracking).
const clearSQL = `
WITH cleared_inputs AS (
    DELETE FROM routing_input_items WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3
), cleared_materials AS (
    DELETE FROM routing_input_materials WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3
)
DELETE FROM routing_operations WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3`

// clear deletes o's whole routing in one statement.
func (store) clear(ctx context.Context, q db.Q, tenantID string, o Owner) error {
	if _, err := q.ExecContext(ctx, clearSQL, tenantID, o.Type, o.ID); err != nil {
		return fmt.Errorf("clear routing: %w", err)
	}
	return nil
}
