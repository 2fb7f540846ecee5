package routing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

const nextSequenceSQL = `SELECT coalesce(max(sequence), 0) FROM routing_operations
WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3`

// nextSequence is the owner's last sequence + 10 (10 for an empty routing); 400 naming
// sequence when that would not fit.
func (store) nextSequence(ctx context.Context, q db.Q, tenantID string, o Owner) (int32, error) {
	var last int64
	if err := q.QueryRowxContext(ctx, nextSequenceSQL, tenantID, o.Type, o.ID).Scan(&last); err != nil {
		return 0, fmt.Errorf("last routing sequence: %w", err)
	}
	if last+sequenceStep > maxSequenceValue {
		return 0, apperr.Field("sequence", "the routing's last sequence is %d: send a sequence", last)
	}
	return int32(last + sequenceStep), nil
}

const insertOperationSQL = `
INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, ` + valueColumns + `)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v Values) error {
	_, err := q.ExecContext(ctx, insertOperationSQL, append([]any{tenantID, id, o.Type, o.ID}, valueArgs(v)...)...)
	return writeErr(err, v)
}

const updateOperationSQL = `
UPDATE routing_operations SET (` + valueColumns + `, modified_utc) =
       ($5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4
RETURNING ` + operationColumns

// update replaces every member of one operation of the owner's routing and answers it as
// stored; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID string, o Owner, id string, v Values) (Operation, error) {
	var r operationRow
	err := sqlx.GetContext(ctx, q, &r, updateOperationSQL, append([]any{tenantID, id, o.Type, o.ID}, valueArgs(v)...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return Operation{}, notFound(id)
	}
	if err != nil {
		return Operation{}, writeErr(err, v)
	}
	return r.toOperation(), nil
}

const getOperationSQL = `SELECT ` + operationColumns + ` FROM routing_operations
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

func (store) get(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (Operation, error) {
	var r operationRow
	err := sqlx.GetContext(ctx, q, &r, getOperationSQL, tenantID, id, o.Type, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return Operation{}, notFound(id)
	}
	if err != nil {
		return Operation{}, fmt.Errorf("get routing operation: %w", err)
	}
	return r.toOperation(), nil
}

const deleteOperationSQL = `DELETE FROM routing_operations
WHERE tenant_id = $1 AND id = $2 AND owner_type = $3 AND owner_id = $4`

func (store) delete(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteOperationSQL, tenantID, id, o.Type, o.ID)
	if err != nil {
		return false, fmt.Errorf("delete routing operation: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func notFound(id string) error { return apperr.NotFound("routing operation %s not found", id) }

// writeErr turns the constraints a write can break into the client's errors.
func writeErr(err error, v Values) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "routing_operations_sequence_key" {
		return apperr.Field("sequence", "the routing already has an operation with sequence %d", v.Sequence)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "routing_operations_operation_fkey":
			return apperr.NotFound("operationId: operation %s not found", deref(v.OperationID))
		case "routing_operations_work_center_fkey":
			return apperr.NotFound("workCenterId: work center %s not found", deref(v.WorkCenterID))
		case "routing_operations_equipment_fkey":
			return apperr.NotFound("equipmentId: equipment %s not found", deref(v.EquipmentID))
		case "routing_operations_outside_vendor_fkey":
			return apperr.NotFound("outsideVendorId: vendor %s not found", deref(v.OutsideVendorID))
		}
	}
	return fmt.Errorf("save routing operation: %w", err)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// sortFields are the RoutingOperation properties a list can be sorted by.
var sortFields = map[string]string{
	"id":                    "id",
	"sequence":              "sequence",
	"name":                  "lower(name)",
	"setupTimeMinutes":      "setup_time_minutes",
	"runTimeMinutesPerUnit": "run_time_minutes_per_unit",
	"createdUtc":            "created_utc",
	"modifiedUtc":           "modified_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "sequence", IDColumn: "id"}

// list reads a page of the owner's routing operations.
func (store) list(ctx context.Context, q db.Q, tenantID string, o Owner, f Filter, p listing.Page) ([]Operation, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("owner_type = %s", o.Type)
	lq.Where("owner_id = %s", o.ID)
	listing.AnyOf(lq, "id", f.IDs)
	listing.AnyOf(lq, "operation_id", f.OperationIDs)
	listing.AnyOf(lq, "work_center_id", f.WorkCenterIDs)
	query, args := lq.SQL(`SELECT `+operationColumns+` FROM routing_operations`, p)
	var rows []operationRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list routing operations: %w", err)
	}
	out := make([]Operation, len(rows))
	for i, r := range rows {
		out[i] = r.toOperation()
	}
	return out, nil
}
