package operations

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
	"mos/internal/scheduling/resources"
)

type store struct{}

type operationRow struct {
	ID                    string      `db:"id"`
	Name                  string      `db:"name"`
	Description           *string     `db:"description"`
	WorkCenterID          *string     `db:"work_center_id"`
	EquipmentID           *string     `db:"equipment_id"`
	SetupTimeMinutes      dec.Decimal `db:"setup_time_minutes"`
	RunTimeMinutesPerUnit dec.Decimal `db:"run_time_minutes_per_unit"`
	IsOutsideProcessing   bool        `db:"is_outside_processing"`
	IsArchived            bool        `db:"is_archived"`
	CreatedUtc            time.Time   `db:"created_utc"`
	ModifiedUtc           time.Time   `db:"modified_utc"`
}

func (r operationRow) toOperation() Operation {
	return Operation{
		ID: r.ID,
		Write: Write{
			Name: r.Name, Description: r.Description, WorkCenterID: r.WorkCenterID, EquipmentID: r.EquipmentID,
			SetupTimeMinutes: r.SetupTimeMinutes, RunTimeMinutesPerUnit: r.RunTimeMinutesPerUnit,
			IsOutsideProcessing: r.IsOutsideProcessing, IsArchived: r.IsArchived,
		},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// operationShowsSQL is what an operation's answer shows from other rows, over the operation
// aliased t: the names of its work center and equipment (their versions), which its ETag
// folds in.
func operationShowsSQL() string {
	return `concat(` + resources.WorkCenterVersionSQL("t.tenant_id", "t.work_center_id") + `, ':', ` +
		resources.EquipmentVersionSQL("t.tenant_id", "t.equipment_id") + `)`
}

const operationColumns = `id, name, description, work_center_id, equipment_id, setup_time_minutes,
       run_time_minutes_per_unit, is_outside_processing, is_archived, created_utc, modified_utc`

// writeArgs are the bind parameters $3 to $10 of insert and update, in column order.
func writeArgs(w Write) []any {
	return []any{w.Name, w.Description, w.WorkCenterID, w.EquipmentID, w.SetupTimeMinutes, w.RunTimeMinutesPerUnit,
		w.IsOutsideProcessing, w.IsArchived}
}

const insertOperationSQL = `
INSERT INTO operations (tenant_id, id, name, description, work_center_id, equipment_id, setup_time_minutes,
       run_time_minutes_per_unit, is_outside_processing, is_archived)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	_, err := q.ExecContext(ctx, insertOperationSQL, append([]any{tenantID, id}, writeArgs(w)...)...)
	return writeErr(err, w)
}

const updateOperationSQL = `
UPDATE operations SET name = $3, description = $4, work_center_id = $5, equipment_id = $6, setup_time_minutes = $7,
       run_time_minutes_per_unit = $8, is_outside_processing = $9, is_archived = $10, modified_utc = now()
WHERE tenant_id = $1 AND id = $2
RETURNING id`

// update replaces every member of an operation; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	var got string
	err := q.QueryRowxContext(ctx, updateOperationSQL, append([]any{tenantID, id}, writeArgs(w)...)...).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(id)
	}
	return writeErr(err, w)
}

// writeErr turns the constraints a write can break into the client's errors.
func writeErr(err error, w Write) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "operations_name_key" {
		return apperr.Field("name", "an operation named %q already exists", w.Name)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "operations_work_center_fkey":
			return apperr.NotFound("workCenterId: work center %s not found", *w.WorkCenterID)
		case "operations_equipment_fkey":
			return apperr.NotFound("equipmentId: equipment %s not found", *w.EquipmentID)
		}
	}
	return fmt.Errorf("save operation: %w", err)
}

const getOperationSQL = `SELECT ` + operationColumns + ` FROM operations WHERE tenant_id = $1 AND id = $2`

// get reads an operation, archived or not.
func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Operation, error) {
	var r operationRow
	err := sqlx.GetContext(ctx, q, &r, getOperationSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Operation{}, notFound(id)
	}
	if err != nil {
		return Operation{}, fmt.Errorf("get operation: %w", err)
	}
	return r.toOperation(), nil
}

func notFound(id string) error { return apperr.NotFound("operation %s not found", id) }

// sortFields are the Operation properties a list can be sorted by.
var sortFields = map[string]string{
	"id":                    "id",
	"name":                  "lower(name)",
	"setupTimeMinutes":      "setup_time_minutes",
	"runTimeMinutesPerUnit": "run_time_minutes_per_unit",
	"createdUtc":            "created_utc",
	"modifiedUtc":           "modified_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// list reads a page of operations without the names of their work centers and equipment.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Operation, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if !f.IncludeArchived {
		lq.Where("NOT is_archived")
	}
	listing.AnyOf(lq, "id", f.IDs)
	listing.AnyOf(lq, "work_center_id", f.WorkCenterIDs)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	query, args := lq.SQL(`SELECT `+operationColumns+` FROM operations`, p)
	var rows []operationRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list operations: %w", err)
	}
	out := make([]Operation, len(rows))
	for i, r := range rows {
		out[i] = r.toOperation()
	}
	return out, nil
}
