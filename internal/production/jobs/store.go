package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

// store reads and writes jobs, their items to make and their operation rows.
type store struct{}

type jobRow struct {
	ID                 string              `db:"id"`
	Number             int64               `db:"number"`
	Status             Status              `db:"status"`
	Name               *string             `db:"name"`
	Notes              *string             `db:"notes"`
	CustomerID         *string             `db:"customer_id"`
	SalesOrderID       *string             `db:"sales_order_id"`
	StartDate          *time.Time          `db:"start_date"`
	DueDate            *time.Time          `db:"due_date"`
	ExternalReferences extref.References   `db:"external_references"`
	CustomFields       customfields.Column `db:"custom_fields"`
	StartedUtc         *time.Time          `db:"started_utc"`
	CompletedUtc       *time.Time          `db:"completed_utc"`
	CancelledUtc       *time.Time          `db:"cancelled_utc"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
	Version            int64               `db:"version"`
}

func (r jobRow) toJob() Job {
	j := Job{
		ID: r.ID, Number: r.Number, Status: r.Status, Name: r.Name, Notes: r.Notes, CustomerID: r.CustomerID,
		SalesOrderID: r.SalesOrderID, StartDate: calendardate.StoredPtr(r.StartDate), DueDate: calendardate.StoredPtr(r.DueDate),
		ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields, StartedUtc: r.StartedUtc,
		CompletedUtc: r.CompletedUtc, CancelledUtc: r.CancelledUtc, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		Version: r.Version, ItemsToMake: []ItemToMake{},
	}
	if j.ExternalReferences == nil {
		j.ExternalReferences = extref.References{}
	}
	if j.CustomFields == nil {
		j.CustomFields = map[string]any{}
	}
	return j
}

const jobColumns = `id, number, status, name, notes, customer_id, sales_order_id, start_date, due_date,
       external_references, custom_fields, started_utc, completed_utc, cancelled_utc, created_utc, modified_utc, version`

// jobInsert is a new job's row.
type jobInsert struct {
	ID                 string
	Number             int64
	Status             Status
	Name               *string
	Notes              *string
	CustomerID         *string
	SalesOrderID       *string
	StartDate          *time.Time
	DueDate            *time.Time
	ExternalReferences extref.References
	CustomFields       map[string]any
	CreatedByUserID    *string
}

const insertJobSQL = `
INSERT INTO jobs (tenant_id, id, number, status, name, notes, customer_id, sales_order_id, start_date, due_date,
                  external_references, custom_fields, created_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

func (store) insertJob(ctx context.Context, q db.Q, tenantID string, r jobInsert) error {
	refs := r.ExternalReferences
	if refs == nil {
		refs = extref.References{}
	}
	_, err := q.ExecContext(ctx, insertJobSQL, tenantID, r.ID, r.Number, r.Status, r.Name, r.Notes, r.CustomerID, r.SalesOrderID,
		calendardate.Column(r.StartDate), calendardate.Column(r.DueDate), refs, customfields.Column(r.CustomFields), r.CreatedByUserID)
	if err != nil {
		return fmt.Errorf("insert job: %w", err)
	}
	return nil
}

// itemToMakeInsert is a new item to make's row.
type itemToMakeInsert struct {
	ID                   string
	RoutingID            string
	Position             int32
	ItemID               string
	Quantity             dec.Decimal
	DueDate              *time.Time
	SalesOrderPartLineID *string
	Notes                *string
}

const insertItemToMakeSQL = `
INSERT INTO job_items_to_make (tenant_id, job_id, id, routing_id, position, item_id, quantity, due_date,
                               sales_order_part_line_id, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

func (store) insertItemToMake(ctx context.Context, q db.Q, tenantID, jobID string, r itemToMakeInsert) error {
	_, err := q.ExecContext(ctx, insertItemToMakeSQL, tenantID, jobID, r.ID, r.RoutingID, r.Position, r.ItemID, r.Quantity,
		calendardate.Column(r.DueDate), r.SalesOrderPartLineID, r.Notes)
	if err != nil {
		return fmt.Errorf("insert job item to make: %w", err)
	}
	return nil
}

// insertOperationsSQL writes the operation rows of a job's items to make ($3: operation ids,
// $4: their items to make), skipping those that have one.
const insertOperationsSQL = `
INSERT INTO job_operations (tenant_id, id, job_id, item_to_make_id)
SELECT $1, o.id, $2, o.item_to_make_id FROM unnest($3::text[], $4::text[]) AS o(id, item_to_make_id)
ON CONFLICT (tenant_id, id) DO NOTHING`

// insertOperations writes the operation rows (operation id → item to make id) of job jobID in
// one statement.
func (store) insertOperations(ctx context.Context, q db.Q, tenantID, jobID string, ops map[string]string) error {
	if len(ops) == 0 {
		return nil
	}
	opIDs, itemIDs := make([]string, 0, len(ops)), make([]string, 0, len(ops))
	for op, it := range ops {
		opIDs, itemIDs = append(opIDs, op), append(itemIDs, it)
	}
	if _, err := q.ExecContext(ctx, insertOperationsSQL, tenantID, jobID, db.Array(opIDs), db.Array(itemIDs)); err != nil {
		return fmt.Errorf("insert job operations: %w", err)
	}
	return nil
}

const getJobSQL = `SELECT ` + jobColumns + ` FROM jobs WHERE tenant_id = $1 AND id = $2`

func jobNotFound(id string) error { return apperr.NotFound("job %s not found", id) }

// getJob reads job id's header; none is NotFound.
func (store) getJob(ctx context.Context, q db.Q, tenantID, id string) (Job, error) {
	return scanJob(ctx, q, getJobSQL, tenantID, id)
}

const lockJobSQL = getJobSQL + ` FOR UPDATE`

// lockJob reads job id's header locked until q's transaction ends; none is NotFound.
func (store) lockJob(ctx context.Context, q db.Q, tenantID, id string) (Job, error) {
	return scanJob(ctx, q, lockJobSQL, tenantID, id)
}

func scanJob(ctx context.Context, q db.Q, query, tenantID, id string) (Job, error) {
	var r jobRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, jobNotFound(id)
	}
	if err != nil {
		return Job{}, fmt.Errorf("read job: %w", err)
	}
	return r.toJob(), nil
}

// jobExists reports whether the tenant has job id.
func (store) jobExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "job", `SELECT true FROM jobs WHERE tenant_id = $1 AND id = $2`, tenantID, id)
}

// statusUpdate is a job's move: its new status and the instants the move stamps (nil keeps
// the stored one).
type statusUpdate struct {
	Status    Status
	Started   bool
	Completed bool
	Cancelled bool
}

const updateStatusSQL = `
UPDATE jobs SET status = $3,
       started_utc = CASE WHEN $4 THEN coalesce(started_utc, now()) ELSE started_utc END,
       completed_utc = CASE WHEN $5 THEN now() ELSE completed_utc END,
       cancelled_utc = CASE WHEN $6 THEN now() ELSE cancelled_utc END,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) updateStatus(ctx context.Context, q db.Q, tenantID, id string, u statusUpdate) error {
	if _, err := q.ExecContext(ctx, updateStatusSQL, tenantID, id, u.Status, u.Started, u.Completed, u.Cancelled); err != nil {
		return fmt.Errorf("update job status: %w", err)
	}
	return nil
}

type itemToMakeRow struct {
	ID                          string      `db:"id"`
	JobID                       string      `db:"job_id"`
	RoutingID                   string      `db:"routing_id"`
	Position                    int32       `db:"position"`
	ItemID                      string      `db:"item_id"`
	Quantity                    dec.Decimal `db:"quantity"`
	DueDate                     *time.Time  `db:"due_date"`
	SalesOrderPartLineID        *string     `db:"sales_order_part_line_id"`
	Notes                       *string     `db:"notes"`
	Status                      string      `db:"status"`
	QuantityMade                dec.Decimal `db:"quantity_made"`
	QuantityScrapped            dec.Decimal `db:"quantity_scrapped"`
	CompletedUtc                *time.Time  `db:"completed_utc"`
	SetupHours                  dec.Decimal `db:"setup_hours"`
	LaborHours                  dec.Decimal `db:"labor_hours"`
	MachineHours                dec.Decimal `db:"machine_hours"`
	ActualMaterial              dec.Decimal `db:"actual_material"`
	ActualLabor                 dec.Decimal `db:"actual_labor"`
	ActualMachine               dec.Decimal `db:"actual_machine"`
	ActualOutsideProcessing     dec.Decimal `db:"actual_outside_processing"`
	CumulativeMaterial          dec.Decimal `db:"cumulative_material"`
	CumulativeLabor             dec.Decimal `db:"cumulative_labor"`
	CumulativeMachine           dec.Decimal `db:"cumulative_machine"`
	CumulativeOutsideProcessing dec.Decimal `db:"cumulative_outside_processing"`
	CostBreakdownID             *string     `db:"cost_breakdown_id"`
	CreatedUtc                  time.Time   `db:"created_utc"`
	ModifiedUtc                 time.Time   `db:"modified_utc"`
}

func (r itemToMakeRow) toItemToMake() ItemToMake {
	return ItemToMake{
		ID: r.ID, JobID: r.JobID, RoutingID: r.RoutingID, Position: r.Position, ItemID: r.ItemID, Quantity: r.Quantity,
		DueDate: calendardate.StoredPtr(r.DueDate), SalesOrderPartLineID: r.SalesOrderPartLineID, Notes: r.Notes,
		Status: r.Status, QuantityMade: r.QuantityMade, QuantityScrapped: r.QuantityScrapped, CompletedUtc: r.CompletedUtc,
		SetupHours: r.SetupHours, LaborHours: r.LaborHours, MachineHours: r.MachineHours,
		Actual: Cost{Material: r.ActualMaterial, Labor: r.ActualLabor, Machine: r.ActualMachine, OutsideProcessing: r.ActualOutsideProcessing},
		Picked: Cost{
			Material: r.CumulativeMaterial, Labor: r.CumulativeLabor, Machine: r.CumulativeMachine,
			OutsideProcessing: r.CumulativeOutsideProcessing,
		},
		CostBreakdownID: r.CostBreakdownID, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

func toItemsToMake(rows []itemToMakeRow) []ItemToMake {
	out := make([]ItemToMake, len(rows))
	for i, r := range rows {
		out[i] = r.toItemToMake()
	}
	return out
}

const itemToMakeColumns = `id, job_id, routing_id, position, item_id, quantity, due_date, sales_order_part_line_id, notes,
       status, quantity_made, quantity_scrapped, completed_utc, setup_hours, labor_hours, machine_hours,
       actual_material, actual_labor, actual_machine, actual_outside_processing, cumulative_material,
       cumulative_labor, cumulative_machine, cumulative_outside_processing, cost_breakdown_id, created_utc, modified_utc`

const itemsOfJobSQL = `SELECT ` + itemToMakeColumns + ` FROM job_items_to_make
WHERE tenant_id = $1 AND job_id = $2 ORDER BY position, id`

// itemsOfJob reads every item to make of job jobID by position, in one statement.
func (store) itemsOfJob(ctx context.Context, q db.Q, tenantID, jobID string) ([]ItemToMake, error) {
	var rows []itemToMakeRow
	if err := sqlx.SelectContext(ctx, q, &rows, itemsOfJobSQL, tenantID, jobID); err != nil {
		return nil, fmt.Errorf("list job items to make: %w", err)
	}
	return toItemsToMake(rows), nil
}

const getItemToMakeSQL = `SELECT ` + itemToMakeColumns + ` FROM job_items_to_make
WHERE tenant_id = $1 AND job_id = $2 AND id = $3`

// getItemToMake reads item to make id of job jobID; none is NotFound.
func (store) getItemToMake(ctx context.Context, q db.Q, tenantID, jobID, id string) (ItemToMake, error) {
	var r itemToMakeRow
	err := sqlx.GetContext(ctx, q, &r, getItemToMakeSQL, tenantID, jobID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return ItemToMake{}, apperr.NotFound("job %s has no item to make %s", jobID, id)
	}
	if err != nil {
		return ItemToMake{}, fmt.Errorf("read job item to make: %w", err)
	}
	return r.toItemToMake(), nil
}

// itemToMakeSortFields are the JobItemToMake properties the list sorts by.
var itemToMakeSortFields = map[string]string{
	"id":          "id",
	"position":    "position",
	"dueDate":     "due_date",
	"quantity":    "quantity",
	"createdUtc":  "created_utc",
	"modifiedUtc": "modified_utc",
}

var itemToMakeListSpec = listing.Spec{Fields: itemToMakeSortFields, Default: "position", IDColumn: "id"}

// listItemsToMake reads a page of job jobID's items to make matching f, in one statement.
func (store) listItemsToMake(ctx context.Context, q db.Q, tenantID, jobID string, f ItemToMakeFilter, p listing.Page) ([]ItemToMake, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("job_id = %s", jobID)
	listing.AnyOf(lq, "id", f.IDs)
	listing.AnyOf(lq, "item_id", f.ItemIDs)
	query, args := lq.SQL(`SELECT `+itemToMakeColumns+` FROM job_items_to_make`, p)
	var rows []itemToMakeRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list job items to make: %w", err)
	}
	return toItemsToMake(rows), nil
}

// setCostBreakdownIDsSQL keeps the cost breakdown ids of items to make that had none ($2:
// item to make ids, $3: breakdown ids).
const setCostBreakdownIDsSQL = `
UPDATE job_items_to_make t SET cost_breakdown_id = v.breakdown_id
FROM unnest($2::text[], $3::text[]) AS v(id, breakdown_id)
WHERE t.tenant_id = $1 AND t.id = v.id AND t.cost_breakdown_id IS NULL`

func (store) setCostBreakdownIDs(ctx context.Context, q db.Q, tenantID string, ids map[string]string) error {
	if len(ids) == 0 {
		return nil
	}
	its, bds := make([]string, 0, len(ids)), make([]string, 0, len(ids))
	for it, bd := range ids {
		its, bds = append(its, it), append(bds, bd)
	}
	if _, err := q.ExecContext(ctx, setCostBreakdownIDsSQL, tenantID, db.Array(its), db.Array(bds)); err != nil {
		return fmt.Errorf("keep job cost breakdown ids: %w", err)
	}
	return nil
}
