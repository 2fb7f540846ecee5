package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

const updateHeaderSQL = `
UPDATE jobs SET name = $3, notes = $4, customer_id = $5, start_date = $6, due_date = $7, custom_fields = $8,
       external_references = $9, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) updateHeader(ctx context.Context, q db.Q, tenantID, id string, w JobWrite) error {
	_, err := q.ExecContext(ctx, updateHeaderSQL, tenantID, id, w.Name, w.Notes, w.CustomerID, calendardate.Column(w.StartDate),
		calendardate.Column(w.DueDate), customfields.Column(w.CustomFields), w.ExternalReferences)
	if err != nil {
		return fmt.Errorf("update job: %w", err)
	}
	return nil
}

const updateCustomFieldsSQL = `UPDATE jobs SET custom_fields = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (store) updateCustomFields(ctx context.Context, q db.Q, tenantID, id string, values map[string]any) error {
	if _, err := q.ExecContext(ctx, updateCustomFieldsSQL, tenantID, id, customfields.Column(values)); err != nil {
		return fmt.Errorf("update job custom fields: %w", err)
	}
	return nil
}

// jobSortFields are the Job properties the list sorts by.
var jobSortFields = map[string]string{
	"id":          "t.id",
	"number":      "t.number",
	"dueDate":     "t.due_date",
	"createdUtc":  "t.created_utc",
	"modifiedUtc": "t.modified_utc",
}

// jobListSpec: newest first, then id descending (the jobs_created_idx order).
var jobListSpec = listing.Spec{Fields: jobSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the jobs matching f (created in [createdFrom, createdTo) when set),
// without their items to make, in one statement.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, createdFrom, createdTo *time.Time, p listing.Page) ([]Job, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.status", f.Statuses)
	listing.AnyOf(lq, "t.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "t.sales_order_id", f.SalesOrderIDs)
	if len(f.ItemIDs) > 0 {
		lq.Where(`EXISTS (SELECT 1 FROM job_items_to_make m WHERE m.tenant_id = t.tenant_id AND m.job_id = t.id AND m.item_id = ANY(%s))`,
			db.Array(f.ItemIDs))
	}
	if f.DueDateFrom != nil {
		lq.Where("t.due_date >= %s::date", f.DueDateFrom.Format(time.DateOnly))
	}
	if f.DueDateTo != nil {
		lq.Where("t.due_date <= %s::date", f.DueDateTo.Format(time.DateOnly))
	}
	if createdFrom != nil {
		lq.Where("t.created_utc >= %s", *createdFrom)
	}
	if createdTo != nil {
		lq.Where("t.created_utc < %s", *createdTo)
	}
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	query, args := lq.SQL(`SELECT t.id, t.number, t.status, t.name, t.notes, t.customer_id, t.sales_order_id, t.start_date, t.due_date,
       t.external_references, t.custom_fields, t.started_utc, t.completed_utc, t.cancelled_utc, t.created_utc, t.modified_utc,
       t.version FROM jobs t`, p)
	var rows []jobRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list jobs: %w", err)
	}
	out := make([]Job, len(rows))
	for i, r := range rows {
		out[i] = r.toJob()
	}
	return out, nil
}

const itemsOfJobsSQL = `SELECT ` + itemToMakeColumns + ` FROM job_items_to_make
WHERE tenant_id = $1 AND job_id = ANY($2) ORDER BY job_id, position, id`

// itemsOfJobs reads every item to make of jobs jobIDs by job, then position, in one statement.
func (store) itemsOfJobs(ctx context.Context, q db.Q, tenantID string, jobIDs []string) ([]ItemToMake, error) {
	var rows []itemToMakeRow
	if err := sqlx.SelectContext(ctx, q, &rows, itemsOfJobsSQL, tenantID, db.Array(jobIDs)); err != nil {
		return nil, fmt.Errorf("list items to make of jobs: %w", err)
	}
	return toItemsToMake(rows), nil
}
