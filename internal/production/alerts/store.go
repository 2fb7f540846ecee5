package alerts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// store is the SQL of alerts; every method takes the tenant and the caller's q.
type store struct{}

type alertRow struct {
	ID              int64      `db:"id"`
	Name            string     `db:"alert_name"`
	Rule            *string    `db:"rule"`
	Note            *string    `db:"note"`
	JobID           string     `db:"job_id"`
	ItemToMakeID    string     `db:"item_to_make_id"`
	JobOperationID  string     `db:"job_operation_id"`
	WorkCenterID    *string    `db:"work_center_id"`
	EquipmentID     *string    `db:"equipment_id"`
	WorkOrderID     *string    `db:"work_order_id"`
	RaisedAt        time.Time  `db:"raised_at_utc"`
	RaisedByUserID  *string    `db:"raised_by_user_id"`
	Active          bool       `db:"active"`
	ClearedUtc      *time.Time `db:"cleared_utc"`
	ClearedByUserID *string    `db:"cleared_by_user_id"`
}

func (r alertRow) alert() Alert {
	return Alert{
		ID: r.ID, Name: r.Name, Rule: r.Rule, Note: r.Note, JobID: r.JobID, ItemToMakeID: r.ItemToMakeID,
		JobOperationID: r.JobOperationID, WorkCenterID: r.WorkCenterID, EquipmentID: r.EquipmentID,
		WorkOrderID: r.WorkOrderID, RaisedAt: r.RaisedAt.UTC(), RaisedByUserID: r.RaisedByUserID, Active: r.Active,
		ClearedUtc: utc(r.ClearedUtc), ClearedByUserID: r.ClearedByUserID,
	}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

const alertColumns = `a.id, a.alert_name, a.rule, a.note, a.job_id, a.item_to_make_id, a.job_operation_id,
       a.work_center_id, a.equipment_id, a.work_order_id, a.raised_at_utc, a.raised_by_user_id, a.active,
       a.cleared_utc, a.cleared_by_user_id`

// newAlert is an alert to store.
type newAlert struct {
	Name           string
	Note           *string
	JobID          string
	ItemToMakeID   string
	JobOperationID string
	WorkCenterID   *string
	EquipmentID    *string
	WorkOrderID    *string
	RaisedAt       time.Time
	RaisedByUserID *string
}

const insertAlertSQL = `
INSERT INTO alerts (tenant_id, alert_name, note, job_id, item_to_make_id, job_operation_id, work_center_id,
                    equipment_id, raised_at_utc, raised_by_user_id, work_order_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
RETURNING id`

// insert stores a hand-raised alert and answers its id.
func (store) insert(ctx context.Context, q db.Q, tenantID string, a newAlert) (int64, error) {
	var id int64
	err := sqlx.GetContext(ctx, q, &id, insertAlertSQL, tenantID, a.Name, a.Note, a.JobID, a.ItemToMakeID,
		a.JobOperationID, a.WorkCenterID, a.EquipmentID, a.RaisedAt, a.RaisedByUserID, a.WorkOrderID)
	if err != nil {
		return 0, fmt.Errorf("insert alert: %w", err)
	}
	return id, nil
}

// ruleAlerts are the alerts a rule raises, column by column ("" is none).
type ruleAlerts struct {
	OperationIDs, JobIDs, ItemToMakeIDs, WorkCenterIDs, EquipmentIDs, RaisedAt, WorkOrderIDs []string
}

// A rule's alert is raised once per operation and name ever: one already raised (active or
// cleared) keeps the new one out.
const insertRuleAlertsSQL = `
INSERT INTO alerts (tenant_id, alert_name, rule, job_id, item_to_make_id, job_operation_id, work_center_id,
                    equipment_id, raised_at_utc, work_order_id)
SELECT $1, $2, $2, r.job_id, r.item_to_make_id, r.operation_id, NULLIF(r.work_center_id, ''),
       NULLIF(r.equipment_id, ''), r.raised_at::timestamptz, NULLIF(r.work_order_id, '')
FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
     AS r (operation_id, job_id, item_to_make_id, work_center_id, equipment_id, raised_at, work_order_id)
ON CONFLICT (tenant_id, job_operation_id, alert_name) WHERE rule IS NOT NULL DO NOTHING`

// insertRuleAlerts raises rule's alerts that are not raised yet, in one statement.
func (store) insertRuleAlerts(ctx context.Context, q db.Q, tenantID, rule string, r ruleAlerts) error {
	_, err := q.ExecContext(ctx, insertRuleAlertsSQL, tenantID, rule, pq.StringArray(r.OperationIDs), pq.StringArray(r.JobIDs),
		pq.StringArray(r.ItemToMakeIDs), pq.StringArray(r.WorkCenterIDs), pq.StringArray(r.EquipmentIDs), pq.StringArray(r.RaisedAt),
		pq.StringArray(r.WorkOrderIDs))
	if err != nil {
		return fmt.Errorf("raise %s alerts: %w", rule, err)
	}
	return nil
}

const omitSQL = `UPDATE alerts SET omitted = true
WHERE tenant_id = $1 AND job_operation_id = ANY($2) AND active AND NOT omitted`

// omit leaves the active alerts of operationIDs (of cancelled jobs, or gone from their
// routing) out of the list from now on.
func (store) omit(ctx context.Context, q db.Q, tenantID string, operationIDs []string) error {
	if _, err := q.ExecContext(ctx, omitSQL, tenantID, pq.StringArray(operationIDs)); err != nil {
		return fmt.Errorf("omit alerts: %w", err)
	}
	return nil
}

const listSelect = `SELECT ` + alertColumns + ` FROM alerts a`

// list answers page p of the listed alerts matching f, in one statement.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Alert, error) {
	lq := listing.NewQuery("a.tenant_id", tenantID)
	// Spelled as the partial indexes' predicate, so that they serve the list.
	lq.Where("a.active AND NOT a.omitted")
	listing.AnyOf(lq, "a.job_id", f.JobIDs)
	listing.AnyOf(lq, "a.work_order_id", f.WorkOrderIDs)
	listing.AnyOf(lq, "a.work_center_id", f.WorkCenterIDs)
	listing.AnyOf(lq, "a.equipment_id", f.EquipmentIDs)
	listing.AnyOf(lq, "a.alert_name", f.AlertNames)
	listing.IfSet(lq, "a.raised_at_utc > %s", f.RaisedAfter)
	listing.IfSet(lq, "a.raised_at_utc < %s", f.RaisedBefore)
	query, args := lq.SQL(listSelect, p)
	var rows []alertRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list alerts: %w", err)
	}
	out := make([]Alert, len(rows))
	for i, r := range rows {
		out[i] = r.alert()
	}
	return out, nil
}

const getSQL = `SELECT ` + alertColumns + ` FROM alerts a WHERE a.tenant_id = $1 AND a.id = $2`

// get reads alert id (locked FOR UPDATE when lock); unknown is NotFound.
func (store) get(ctx context.Context, q db.Q, tenantID string, id int64, lock bool) (Alert, error) {
	query := getSQL
	if lock {
		query += " FOR UPDATE"
	}
	var r alertRow
	if err := sqlx.GetContext(ctx, q, &r, query, tenantID, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Alert{}, apperr.NotFound("alert %d not found", id)
		}
		return Alert{}, fmt.Errorf("read alert: %w", err)
	}
	return r.alert(), nil
}

const clearSQL = `UPDATE alerts SET active = false, cleared_utc = $3, cleared_by_user_id = $4
WHERE tenant_id = $1 AND id = $2 AND active`

// clear clears active alert id at at by user (nil: none).
func (store) clear(ctx context.Context, q db.Q, tenantID string, id int64, at time.Time, user *string) error {
	if _, err := q.ExecContext(ctx, clearSQL, tenantID, id, at, user); err != nil {
		return fmt.Errorf("clear alert: %w", err)
	}
	return nil
}

const clearOperationSQL = `UPDATE alerts SET active = false, cleared_utc = $3
WHERE tenant_id = $1 AND job_operation_id = $2 AND active`

// clearOperation clears every active alert of job operation operationID at at.
func (store) clearOperation(ctx context.Context, q db.Q, tenantID, operationID string, at time.Time) error {
	if _, err := q.ExecContext(ctx, clearOperationSQL, tenantID, operationID, at); err != nil {
		return fmt.Errorf("clear the operation's alerts: %w", err)
	}
	return nil
}

const groupSQL = `UPDATE alerts SET work_order_id = $2
WHERE tenant_id = $1 AND job_operation_id = ANY($3) AND NOT omitted`

// group sets work order workOrderID on the alerts (not omitted) of operationIDs.
func (store) group(ctx context.Context, q db.Q, tenantID, workOrderID string, operationIDs []string) error {
	if _, err := q.ExecContext(ctx, groupSQL, tenantID, workOrderID, pq.StringArray(operationIDs)); err != nil {
		return fmt.Errorf("set the work order on alerts: %w", err)
	}
	return nil
}

const omitWorkOrderSQL = `UPDATE alerts SET omitted = true
WHERE tenant_id = $1 AND work_order_id = $2 AND NOT omitted`

// omitWorkOrder leaves the alerts of work order workOrderID (deleted) out of the list from
// now on.
func (store) omitWorkOrder(ctx context.Context, q db.Q, tenantID, workOrderID string) error {
	if _, err := q.ExecContext(ctx, omitWorkOrderSQL, tenantID, workOrderID); err != nil {
		return fmt.Errorf("omit the work order's alerts: %w", err)
	}
	return nil
}
