package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// trackingValueInsert is a new in-process tracking value; Value is its checked JSON.
type trackingValueInsert struct {
	ID               string
	JobID            string
	ItemToMakeID     string
	OperationID      string
	Phase            string
	TrackingID       string
	TrackingFieldID  string
	Value            json.RawMessage
	UnitNumber       *int32
	Notes            *string
	RecordedByUserID *string
}

const insertTrackingValueSQL = `
INSERT INTO job_operation_tracking_values (tenant_id, id, job_id, item_to_make_id, operation_id, phase, tracking_id,
       tracking_field_id, value, unit_number, notes, recorded_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

// insertTrackingValue stores v in q's transaction. The assignment's foreign key is the last
// line against an assignment deleted meanwhile (a 400 naming trackingId).
func (store) insertTrackingValue(ctx context.Context, q db.Q, tenantID string, v trackingValueInsert) error {
	_, err := q.ExecContext(ctx, insertTrackingValueSQL, tenantID, v.ID, v.JobID, v.ItemToMakeID, v.OperationID, v.Phase,
		v.TrackingID, v.TrackingFieldID, string(v.Value), v.UnitNumber, v.Notes, v.RecordedByUserID)
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "job_operation_tracking_values_tracking_fkey" {
		return apperr.Field("trackingId", "the operation has no in-process tracking %s", v.TrackingID)
	}
	if err != nil {
		return fmt.Errorf("insert job tracking value: %w", err)
	}
	return nil
}

type trackingValueRow struct {
	ID               string         `db:"id"`
	JobID            string         `db:"job_id"`
	ItemToMakeID     string         `db:"item_to_make_id"`
	OperationID      string         `db:"operation_id"`
	Phase            string         `db:"phase"`
	TrackingID       string         `db:"tracking_id"`
	TrackingFieldID  string         `db:"tracking_field_id"`
	Value            []byte         `db:"value"`
	UnitNumber       sql.NullInt32  `db:"unit_number"`
	Notes            sql.NullString `db:"notes"`
	RecordedByUserID sql.NullString `db:"recorded_by_user_id"`
	RecordedUtc      time.Time      `db:"recorded_utc"`
	TotalCount       int            `db:"total_count"`
}

func (r trackingValueRow) Total() int { return r.TotalCount }

func (r trackingValueRow) toValue() TrackingValue {
	v := TrackingValue{
		ID: r.ID, JobID: r.JobID, ItemToMakeID: r.ItemToMakeID, OperationID: r.OperationID, Phase: r.Phase,
		TrackingID: r.TrackingID, TrackingFieldID: r.TrackingFieldID, Value: json.RawMessage(r.Value),
		Notes: nullable(r.Notes), RecordedByUserID: nullable(r.RecordedByUserID), RecordedUtc: r.RecordedUtc,
	}
	if r.UnitNumber.Valid {
		n := r.UnitNumber.Int32
		v.UnitNumber = &n
	}
	return v
}

const trackingValueColumns = `v.id, v.job_id, v.item_to_make_id, v.operation_id, v.phase, v.tracking_id, v.tracking_field_id,
       v.value, v.unit_number, v.notes, v.recorded_by_user_id, v.recorded_utc`

const trackingValueSelect = `SELECT ` + trackingValueColumns + `, COUNT(*) OVER () AS total_count
  FROM job_operation_tracking_values v`

// listTrackingValues answers page p of the values of the operation's phase matching f and how
// many match, in one statement (two for a page past the end).
func (store) listTrackingValues(ctx context.Context, q db.Q, tenantID, operationID, phase string, f TrackingValueFilter, p listing.Page) ([]TrackingValue, int, error) {
	lq := listing.NewQuery("v.tenant_id", tenantID)
	lq.Where("v.operation_id = %s", operationID)
	lq.Where("v.phase = %s", phase)
	listing.AnyOf(lq, "v.id", f.IDs)
	listing.AnyOf(lq, "v.tracking_id", f.TrackingIDs)
	listing.AnyOf(lq, "v.tracking_field_id", f.TrackingFieldIDs)
	listing.IfSet(lq, "v.recorded_utc > %s", f.RecordedAfterUtc)
	listing.IfSet(lq, "v.recorded_utc < %s", f.RecordedBeforeUtc)
	rows, total, err := listing.SelectPage(ctx, q, lq, trackingValueSelect, p, trackingValueRow.toValue)
	if err != nil {
		return nil, 0, fmt.Errorf("list job tracking values: %w", err)
	}
	return rows, total, nil
}

const getTrackingValueSQL = `SELECT ` + trackingValueColumns + `, 0 AS total_count
FROM job_operation_tracking_values v WHERE v.tenant_id = $1 AND v.id = $2 AND v.operation_id = $3 AND v.phase = $4`

// getTrackingValue reads value id of the operation's phase; found is false when it has none.
func (store) getTrackingValue(ctx context.Context, q db.Q, tenantID, operationID, phase, id string) (TrackingValue, bool, error) {
	var r trackingValueRow
	err := sqlx.GetContext(ctx, q, &r, getTrackingValueSQL, tenantID, id, operationID, phase)
	if errors.Is(err, sql.ErrNoRows) {
		return TrackingValue{}, false, nil
	}
	if err != nil {
		return TrackingValue{}, false, fmt.Errorf("get job tracking value: %w", err)
	}
	return r.toValue(), true, nil
}

const deleteTrackingValueSQL = `DELETE FROM job_operation_tracking_values
WHERE tenant_id = $1 AND id = $2 AND operation_id = $3 AND phase = $4`

// deleteTrackingValue deletes value id of the operation's phase and reports whether it had it.
func (store) deleteTrackingValue(ctx context.Context, q db.Q, tenantID, operationID, phase, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteTrackingValueSQL, tenantID, id, operationID, phase)
	if err != nil {
		return false, fmt.Errorf("delete job tracking value: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
