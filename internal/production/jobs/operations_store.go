package jobs

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
	"mos/internal/shared/customfields"
)

// operationRow is a job_operations row: an operation's production state.
type operationRow struct {
	ID                          string              `db:"id"`
	JobID                       string              `db:"job_id"`
	ItemToMakeID                string              `db:"item_to_make_id"`
	Status                      string              `db:"status"`
	QuantityCompleted           dec.Decimal         `db:"quantity_completed"`
	QuantityScrapped            dec.Decimal         `db:"quantity_scrapped"`
	StartedUtc                  *time.Time          `db:"started_utc"`
	CompletedUtc                *time.Time          `db:"completed_utc"`
	SetupSeconds                int64               `db:"setup_seconds"`
	LaborSeconds                int64               `db:"labor_seconds"`
	MachineSeconds              int64               `db:"machine_seconds"`
	LaborCost                   dec.Decimal         `db:"labor_cost"`
	MachineCost                 dec.Decimal         `db:"machine_cost"`
	OutsideProcessingCost       dec.Decimal         `db:"outside_processing_cost"`
	ExcludeSetupTimeFromAudit   bool                `db:"exclude_setup_time_from_audit"`
	ExcludeLaborTimeFromAudit   bool                `db:"exclude_labor_time_from_audit"`
	ExcludeMachineTimeFromAudit bool                `db:"exclude_machine_time_from_audit"`
	CustomFields                customfields.Column `db:"custom_fields"`
	ModifiedUtc                 time.Time           `db:"modified_utc"`
}

// state is the row's production state.
func (r operationRow) state() OperationState {
	s := OperationState{
		Status: r.Status, QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped,
		StartedUtc: r.StartedUtc, CompletedUtc: r.CompletedUtc,
		SetupSeconds: r.SetupSeconds, LaborSeconds: r.LaborSeconds, MachineSeconds: r.MachineSeconds,
		LaborCost: r.LaborCost, MachineCost: r.MachineCost, OutsideProcessingCost: r.OutsideProcessingCost,
		ExcludeSetupTimeFromAudit: r.ExcludeSetupTimeFromAudit, ExcludeLaborTimeFromAudit: r.ExcludeLaborTimeFromAudit,
		ExcludeMachineTimeFromAudit: r.ExcludeMachineTimeFromAudit, CustomFields: r.CustomFields, ModifiedUtc: r.ModifiedUtc,
	}
	if s.CustomFields == nil {
		s.CustomFields = map[string]any{}
	}
	return s
}

const operationColumns = `id, job_id, item_to_make_id, status, quantity_completed, quantity_scrapped, started_utc,
       completed_utc, setup_seconds, labor_seconds, machine_seconds, labor_cost, machine_cost, outside_processing_cost,
       exclude_setup_time_from_audit, exclude_labor_time_from_audit, exclude_machine_time_from_audit, custom_fields,
       modified_utc`

// operationStates reads the production state of job jobID's operations (of item to make
// itemToMakeID only, when not ""), by operation id, in one statement.
func (store) operationStates(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID string) (map[string]OperationState, error) {
	query := `SELECT ` + operationColumns + ` FROM job_operations WHERE tenant_id = $1 AND job_id = $2`
	args := []any{tenantID, jobID}
	if itemToMakeID != "" {
		query += ` AND item_to_make_id = $3`
		args = append(args, itemToMakeID)
	}
	var rows []operationRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("read job operations: %w", err)
	}
	out := make(map[string]OperationState, len(rows))
	for _, r := range rows {
		out[r.ID] = r.state()
	}
	return out, nil
}

const lockOperationSQL = `SELECT ` + operationColumns + ` FROM job_operations
WHERE tenant_id = $1 AND item_to_make_id = $2 AND id = $3 FOR UPDATE`

// lockOperation reads operation id of item to make itemToMakeID locked until q's transaction
// ends; none is NotFound.
func (store) lockOperation(ctx context.Context, q db.Q, tenantID, itemToMakeID, id string) (OperationState, error) {
	var r operationRow
	err := sqlx.GetContext(ctx, q, &r, lockOperationSQL, tenantID, itemToMakeID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return OperationState{}, operationNotFound(id)
	}
	if err != nil {
		return OperationState{}, fmt.Errorf("lock job operation: %w", err)
	}
	return r.state(), nil
}

func operationNotFound(id string) error {
	return apperr.NotFound("the item to make has no operation %s", id)
}

const updateOperationCustomFieldsSQL = `
UPDATE job_operations SET custom_fields = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (store) updateOperationCustomFields(ctx context.Context, q db.Q, tenantID, id string, values map[string]any) error {
	if _, err := q.ExecContext(ctx, updateOperationCustomFieldsSQL, tenantID, id, customfields.Column(values)); err != nil {
		return fmt.Errorf("update job operation: %w", err)
	}
	return nil
}

// addOperationQuantitiesSQL adds to an operation's quantities and marks it started.
const addOperationQuantitiesSQL = `
UPDATE job_operations SET quantity_completed = quantity_completed + $3, quantity_scrapped = quantity_scrapped + $4,
       status = CASE WHEN status = 'notStarted' THEN 'started' ELSE status END,
       started_utc = coalesce(started_utc, now()), modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) addOperationQuantities(ctx context.Context, q db.Q, tenantID, id string, completed, scrapped dec.Decimal) error {
	if _, err := q.ExecContext(ctx, addOperationQuantitiesSQL, tenantID, id, completed, scrapped); err != nil {
		return fmt.Errorf("add job operation quantities: %w", err)
	}
	return nil
}

const markOperationStartedSQL = `
UPDATE job_operations SET status = 'started', started_utc = coalesce(started_utc, now()), modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND status = 'notStarted'`

// markOperationStarted marks a not-started operation started.
func (store) markOperationStarted(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, markOperationStartedSQL, tenantID, id); err != nil {
		return fmt.Errorf("start job operation: %w", err)
	}
	return nil
}
