package routing

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// copyEachSQL is copySQL for many copies at once: the pairs ($2..$5, one element per copy:
// from type and id, to type and id) replace the one source and target, and every CTE pairs
// each source row with the copy it belongs to, so that a source copied to several targets
// gets one copy per target.
const copyEachSQL = `
WITH pairs AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS p(from_type, from_id, to_type, to_id)
), ops AS (
    SELECT o.*, p.to_type, p.to_id, gen_random_uuid()::text AS new_id
    FROM pairs p JOIN routing_operations o ON o.tenant_id = $1 AND o.owner_type = p.from_type AND o.owner_id = p.from_id
), copied_ops AS (
    INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, created_utc, ` + valueColumns + `)
    SELECT tenant_id, new_id, to_type, to_id, created_utc, ` + valueColumns + ` FROM ops
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
    SELECT ii.tenant_id, gen_random_uuid()::text, p.to_type, p.to_id, ii.created_utc, ii.item_id, ii.quantity_per_unit, ops.new_id, ii.notes
    FROM pairs p JOIN routing_input_items ii ON ii.tenant_id = $1 AND ii.owner_type = p.from_type AND ii.owner_id = p.from_id
    LEFT JOIN ops ON ops.tenant_id = ii.tenant_id AND ops.id = ii.routing_operation_id AND ops.to_type = p.to_type AND ops.to_id = p.to_id
), mats AS (
    SELECT m.*, p.to_type, p.to_id, gen_random_uuid()::text AS new_id, ops.new_id AS new_operation_id
    FROM pairs p JOIN routing_input_materials m ON m.tenant_id = $1 AND m.owner_type = p.from_type AND m.owner_id = p.from_id
    LEFT JOIN ops ON ops.tenant_id = m.tenant_id AND ops.id = m.routing_operation_id AND ops.to_type = p.to_type AND ops.to_id = p.to_id
), copied_materials AS (
    INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, created_utc, material_shape_id, item_id, blank_length,
                                         blank_width, pieces_per_blank, routing_operation_id, notes)
    SELECT tenant_id, new_id, to_type, to_id, created_utc, material_shape_id, item_id, blank_length, blank_width, pieces_per_blank, new_operation_id, notes
    FROM mats
), copied_nestings AS (
    INSERT INTO routing_material_nestings (tenant_id, id, input_material_id, created_utc, name, stock_length, stock_width, blanks_per_stock, notes)
    SELECT n.tenant_id, gen_random_uuid()::text, mats.new_id, n.created_utc, n.name, n.stock_length, n.stock_width, n.blanks_per_stock, n.notes
    FROM routing_material_nestings n JOIN mats ON mats.tenant_id = n.tenant_id AND mats.id = n.input_material_id
)
SELECT count(*) FROM ops`

// copyEach makes every copy of pairs in one statement (see copyEachSQL).
func (store) copyEach(ctx context.Context, q db.Q, tenantID string, pairs []CopyPair) error {
	if len(pairs) == 0 {
		return nil
	}
	fromTypes, fromIDs := make([]string, len(pairs)), make([]string, len(pairs))
	toTypes, toIDs := make([]string, len(pairs)), make([]string, len(pairs))
	for i, p := range pairs {
		fromTypes[i], fromIDs[i], toTypes[i], toIDs[i] = p.From.Type, p.From.ID, p.To.Type, p.To.ID
	}
	var copied int
	err := q.QueryRowxContext(ctx, copyEachSQL, tenantID, db.Array(fromTypes), db.Array(fromIDs), db.Array(toTypes), db.Array(toIDs)).Scan(&copied)
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "routing_operations_sequence_key" {
		return apperr.Field("sequence", "a routing copied to already has a sequence of its source")
	}
	if err != nil {
		return fmt.Errorf("copy routings: %w", err)
	}
	return nil
}
