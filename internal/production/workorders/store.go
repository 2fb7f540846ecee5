package workorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/production/jobs"
)

// store is the SQL of work orders; every method takes the tenant and the caller's q.
type store struct{}

// claimKey is the partial unique index holding a job operation on one live work order.
const claimKey = "work_order_job_operations_claim_key"

type workOrderRow struct {
	ID                   string     `db:"id"`
	Number               int64      `db:"number"`
	Name                 *string    `db:"name"`
	Status               Status     `db:"status"`
	Priority             Priority   `db:"priority"`
	ProductionDueDateUtc *time.Time `db:"production_due_date_utc"`
	CreatedByUserID      *string    `db:"created_by_user_id"`
	CreatedUtc           time.Time  `db:"created_utc"`
	ModifiedUtc          time.Time  `db:"modified_utc"`
	OperationCount       int32      `db:"operation_count"`
	JobOperationCount    int32      `db:"job_operation_count"`
	TotalCount           int        `db:"total_count"`
}

func (r workOrderRow) Total() int { return r.TotalCount }

func (r workOrderRow) workOrder() WorkOrder {
	w := WorkOrder{
		ID: r.ID, Number: r.Number, Name: r.Name, Status: r.Status, Priority: r.Priority, CreatedByUserID: r.CreatedByUserID,
		CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC(), OperationCount: r.OperationCount,
		JobOperationCount: r.JobOperationCount,
	}
	if r.ProductionDueDateUtc != nil {
		d := r.ProductionDueDateUtc.UTC()
		w.ProductionDueDateUtc = &d
	}
	return w
}

const workOrderColumns = `w.id, w.number, w.name, w.status, w.priority, w.production_due_date_utc, w.created_by_user_id,
       w.created_utc, w.modified_utc`

const insertWorkOrderSQL = `
INSERT INTO work_orders (tenant_id, id, number, name, status, priority, production_due_date_utc, created_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

// insert stores the work order's own row.
func (store) insert(ctx context.Context, q db.Q, tenantID, id string, number int64, c Create, userID *string) error {
	if _, err := q.ExecContext(ctx, insertWorkOrderSQL, tenantID, id, number, c.Name, c.Status, c.Priority,
		c.ProductionDueDateUtc, userID); err != nil {
		return fmt.Errorf("insert work order: %w", err)
	}
	return nil
}

const insertOperationSQL = `
INSERT INTO work_order_operations (tenant_id, id, work_order_id, sequence, name, additional_instructions,
                                   estimated_setup_time_seconds, estimated_run_time_seconds)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

// insertOperation stores operation sequence of work order workOrderID.
func (store) insertOperation(ctx context.Context, q db.Q, tenantID, workOrderID, id string, sequence int32, name string, op OperationCreate) error {
	if _, err := q.ExecContext(ctx, insertOperationSQL, tenantID, id, workOrderID, sequence, name, op.AdditionalInstructions,
		op.EstimatedSetupTimeSeconds, op.EstimatedRunTimeSeconds); err != nil {
		return fmt.Errorf("insert work order operation: %w", err)
	}
	return nil
}

// newLinks are the job operations a create groups, column by column.
type newLinks struct {
	OperationIDs, JobIDs, JobOperationIDs []string
	Positions                             []int64
}

func (l *newLinks) add(opID string, position int32, jobID, jobOperationID string) {
	l.OperationIDs = append(l.OperationIDs, opID)
	l.Positions = append(l.Positions, int64(position))
	l.JobIDs = append(l.JobIDs, jobID)
	l.JobOperationIDs = append(l.JobOperationIDs, jobOperationID)
}

const insertLinksSQL = `
INSERT INTO work_order_job_operations (tenant_id, work_order_id, work_order_operation_id, position, job_id, job_operation_id)
SELECT $1, $2, l.operation_id, l.position, l.job_id, l.job_operation_id
FROM unnest($3::text[], $4::int[], $5::text[], $6::text[]) AS l (operation_id, position, job_id, job_operation_id)`

// insertLinks stores the grouped job operations in one statement; the claim index refusing
// one (another work order took it since the check) is errClaimed.
func (store) insertLinks(ctx context.Context, q db.Q, tenantID, workOrderID string, l newLinks) error {
	_, err := q.ExecContext(ctx, insertLinksSQL, tenantID, workOrderID, pq.StringArray(l.OperationIDs), pq.Int64Array(l.Positions),
		pq.StringArray(l.JobIDs), pq.StringArray(l.JobOperationIDs))
	if c, ok := db.UniqueViolation(err); ok && c == claimKey {
		return errClaimed
	}
	if err != nil {
		return fmt.Errorf("insert work order job operations: %w", err)
	}
	return nil
}

// get reads work order id (not deleted), locked when lock is set; missing is NotFound.
func (store) get(ctx context.Context, q db.Q, tenantID, id string, lock bool) (WorkOrder, error) {
	query := `SELECT ` + workOrderColumns + ` FROM work_orders w WHERE w.tenant_id = $1 AND w.id = $2 AND w.deleted_utc IS NULL`
	if lock {
		query += ` FOR UPDATE`
	}
	var r workOrderRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return WorkOrder{}, apperr.NotFound("work order %s not found", id)
	}
	if err != nil {
		return WorkOrder{}, fmt.Errorf("read work order: %w", err)
	}
	return r.workOrder(), nil
}

type operationRow struct {
	ID                        string  `db:"id"`
	Sequence                  int32   `db:"sequence"`
	Name                      string  `db:"name"`
	AdditionalInstructions    *string `db:"additional_instructions"`
	EstimatedSetupTimeSeconds *int64  `db:"estimated_setup_time_seconds"`
	EstimatedRunTimeSeconds   *int64  `db:"estimated_run_time_seconds"`
}

const operationsSQL = `
SELECT id, sequence, name, additional_instructions, estimated_setup_time_seconds, estimated_run_time_seconds
FROM work_order_operations WHERE tenant_id = $1 AND work_order_id = $2 ORDER BY sequence`

// operations reads the operations of work order id by sequence, in one statement.
func (store) operations(ctx context.Context, q db.Q, tenantID, id string) ([]Operation, error) {
	var rows []operationRow
	if err := sqlx.SelectContext(ctx, q, &rows, operationsSQL, tenantID, id); err != nil {
		return nil, fmt.Errorf("read work order operations: %w", err)
	}
	out := make([]Operation, len(rows))
	for i, r := range rows {
		out[i] = Operation{ID: r.ID, Sequence: r.Sequence, Name: r.Name, AdditionalInstructions: r.AdditionalInstructions,
			EstimatedSetupTimeSeconds: r.EstimatedSetupTimeSeconds, EstimatedRunTimeSeconds: r.EstimatedRunTimeSeconds}
	}
	return out, nil
}

// link is a grouped job operation as stored.
type link struct {
	OperationID    string `db:"work_order_operation_id"`
	JobID          string `db:"job_id"`
	JobOperationID string `db:"job_operation_id"`
}

const linksSQL = `
SELECT work_order_operation_id, job_id, job_operation_id FROM work_order_job_operations
WHERE tenant_id = $1 AND work_order_id = $2 ORDER BY position, job_operation_id`

// links reads the job operations work order id groups, in one statement.
func (store) links(ctx context.Context, q db.Q, tenantID, id string) ([]link, error) {
	var out []link
	if err := sqlx.SelectContext(ctx, q, &out, linksSQL, tenantID, id); err != nil {
		return nil, fmt.Errorf("read work order job operations: %w", err)
	}
	return out, nil
}

const listSelect = `SELECT ` + workOrderColumns + `,
       (SELECT count(*) FROM work_order_operations o WHERE o.tenant_id = w.tenant_id AND o.work_order_id = w.id) AS operation_count,
       (SELECT count(*) FROM work_order_job_operations l WHERE l.tenant_id = w.tenant_id AND l.work_order_id = w.id) AS job_operation_count,
       COUNT(*) OVER () AS total_count
  FROM work_orders w`

// list answers page p of the work orders matching f and how many match, in one statement (two
// past the end).
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]WorkOrder, int, error) {
	lq := listing.NewQuery("w.tenant_id", tenantID)
	lq.Where("w.deleted_utc IS NULL")
	listing.AnyOf(lq, "w.id", f.IDs)
	listing.AnyOf(lq, "w.status", f.Statuses)
	listing.AnyOf(lq, "w.priority", f.Priorities)
	if len(f.JobIDs) > 0 {
		lq.Where(`w.id IN (SELECT l.work_order_id FROM work_order_job_operations l
			WHERE l.tenant_id = w.tenant_id AND l.active AND l.job_id = ANY(%s))`, pq.StringArray(f.JobIDs))
	}
	if len(f.JobOperationIDs) > 0 {
		lq.Where(`w.id IN (SELECT l.work_order_id FROM work_order_job_operations l
			WHERE l.tenant_id = w.tenant_id AND l.active AND l.job_operation_id = ANY(%s))`, pq.StringArray(f.JobOperationIDs))
	}
	if f.Search != nil {
		// The text is the number, or the name contains it.
		if n, err := strconv.ParseInt(*f.Search, 10, 64); err == nil {
			lq.Where("(w.name ILIKE %s OR w.number = %s)", listing.ContainsPattern(*f.Search), n)
		} else {
			lq.Where("w.name ILIKE %s", listing.ContainsPattern(*f.Search))
		}
	}
	listing.IfSet(lq, "w.production_due_date_utc > %s", f.DueAfter)
	listing.IfSet(lq, "w.production_due_date_utc < %s", f.DueBefore)
	listing.IfSet(lq, "w.created_utc > %s", f.CreatedAfter)
	listing.IfSet(lq, "w.created_utc < %s", f.CreatedBefore)
	out, total, err := listing.SelectPage(ctx, q, lq, listSelect, p, workOrderRow.workOrder)
	if err != nil {
		return nil, 0, fmt.Errorf("list work orders: %w", err)
	}
	return out, total, nil
}

const setStatusSQL = `UPDATE work_orders SET status = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

// setStatus stores work order id's new status.
func (store) setStatus(ctx context.Context, q db.Q, tenantID, id string, next Status) error {
	if _, err := q.ExecContext(ctx, setStatusSQL, tenantID, id, next); err != nil {
		return fmt.Errorf("update work order status: %w", err)
	}
	return nil
}

const softDeleteSQL = `
WITH freed AS (
    UPDATE work_order_job_operations SET active = false WHERE tenant_id = $1 AND work_order_id = $2 AND active
)
UPDATE work_orders SET deleted_utc = now(), modified_utc = now() WHERE tenant_id = $1 AND id = $2`

// softDelete marks work order id deleted and frees its job operations, in one statement.
func (store) softDelete(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, softDeleteSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete work order: %w", err)
	}
	return nil
}

type refRow struct {
	ID      string  `db:"id"`
	Number  int64   `db:"number"`
	Name    *string `db:"name"`
	Deleted bool    `db:"deleted"`
}

const refsSQL = `SELECT id, number, name, deleted_utc IS NOT NULL AS deleted FROM work_orders WHERE tenant_id = $1 AND id = ANY($2)`

// refs reads the work orders among ids, deleted ones included, in one statement.
func (store) refs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Ref, error) {
	var rows []refRow
	if err := sqlx.SelectContext(ctx, q, &rows, refsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read work order refs: %w", err)
	}
	out := make(map[string]Ref, len(rows))
	for _, r := range rows {
		out[r.ID] = Ref(r)
	}
	return out, nil
}

type holderRow struct {
	JobOperationID  string  `db:"job_operation_id"`
	WorkOrderID     string  `db:"work_order_id"`
	WorkOrderNumber int64   `db:"number"`
	WorkOrderName   *string `db:"work_order_name"`
	OperationID     string  `db:"work_order_operation_id"`
	OperationName   string  `db:"operation_name"`
}

const holdersSQL = `
SELECT l.job_operation_id, l.work_order_id, w.number, w.name AS work_order_name, l.work_order_operation_id,
       o.name AS operation_name
FROM work_order_job_operations l
JOIN work_orders w ON w.tenant_id = l.tenant_id AND w.id = l.work_order_id
JOIN work_order_operations o ON o.tenant_id = l.tenant_id AND o.id = l.work_order_operation_id
WHERE l.tenant_id = $1 AND l.job_operation_id = ANY($2) AND l.active`

// holders reads the live work orders holding the job operations among ids, in one statement.
func (store) holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Holder, error) {
	var rows []holderRow
	if err := sqlx.SelectContext(ctx, q, &rows, holdersSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read work order holders: %w", err)
	}
	out := make(map[string]Holder, len(rows))
	for _, r := range rows {
		out[r.JobOperationID] = Holder{WorkOrderID: r.WorkOrderID, WorkOrderNumber: r.WorkOrderNumber, WorkOrderName: r.WorkOrderName,
			OperationID: r.OperationID, OperationName: r.OperationName}
	}
	return out, nil
}

const lockOperationWorkOrderSQL = `
SELECT true FROM work_orders w
JOIN work_order_operations o ON o.tenant_id = w.tenant_id AND o.work_order_id = w.id
WHERE w.tenant_id = $1 AND o.id = $2 AND w.deleted_utc IS NULL
FOR SHARE OF w`

// lockOperationWorkOrder reports whether work-order operation id exists on a live work
// order, share-locking the work order.
func (store) lockOperationWorkOrder(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "work order operation", lockOperationWorkOrderSQL, tenantID, id)
}

const touchOperationWorkOrderSQL = `
UPDATE work_orders w SET modified_utc = now()
FROM work_order_operations o
WHERE w.tenant_id = $1 AND o.tenant_id = w.tenant_id AND o.id = $2 AND o.work_order_id = w.id`

// touchOperationWorkOrder advances the modifiedUtc of the work order holding operation id.
func (store) touchOperationWorkOrder(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchOperationWorkOrderSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch work order: %w", err)
	}
	return nil
}

// showsSQL is what a work order's ETag folds in beside its version: the state of the job
// operations it groups, their jobs and routing operations (SQL text jobs export).
var showsSQL = jobs.OperationStateShowsSQL("t.tenant_id",
	`ARRAY(SELECT l.job_operation_id FROM work_order_job_operations l WHERE l.tenant_id = t.tenant_id AND l.work_order_id = t.id)`)
