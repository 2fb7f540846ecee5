package routing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type trackingRow struct {
	ID                 string    `db:"id"`
	RoutingOperationID string    `db:"routing_operation_id"`
	Phase              string    `db:"phase"`
	TrackingFieldID    string    `db:"tracking_field_id"`
	IsRequired         bool      `db:"is_required"`
	Frequency          *int32    `db:"frequency"`
	Instructions       *string   `db:"instructions"`
	CreatedUtc         time.Time `db:"created_utc"`
	ModifiedUtc        time.Time `db:"modified_utc"`
}

func (r trackingRow) toTracking() Tracking {
	return Tracking{
		ID: r.ID, RoutingOperationID: r.RoutingOperationID, Phase: r.Phase,
		TrackingValues: TrackingValues{TrackingFieldID: r.TrackingFieldID, IsRequired: r.IsRequired,
			Frequency: r.Frequency, Instructions: r.Instructions},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

func toTrackings(rows []trackingRow) []Tracking {
	out := make([]Tracking, len(rows))
	for i, r := range rows {
		out[i] = r.toTracking()
	}
	return out
}

// trackingColumns are an in-process tracking's columns over its row aliased ip.
const trackingColumns = `ip.id, ip.routing_operation_id, ip.phase, ip.tracking_field_id, ip.is_required, ip.frequency,
       ip.instructions, ip.created_utc, ip.modified_utc`

const insertTrackingSQL = `
INSERT INTO routing_operation_ipts (tenant_id, id, routing_operation_id, phase, tracking_field_id, is_required, frequency, instructions)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

func (store) insertTracking(ctx context.Context, q db.Q, tenantID, operationID, phase, id string, v TrackingValues) error {
	_, err := q.ExecContext(ctx, insertTrackingSQL, tenantID, id, operationID, phase, v.TrackingFieldID, v.IsRequired,
		v.Frequency, v.Instructions)
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "routing_operation_ipts_field_key" {
		return apperr.Field("trackingFieldId", "tracking field %s is already recorded at this operation's phase %s", v.TrackingFieldID, phase)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "routing_operation_ipts_field_fkey":
			return apperr.NotFound("trackingFieldId: in-process tracking field %s not found", v.TrackingFieldID)
		case "routing_operation_ipts_operation_fkey":
			return apperr.NotFound("routing operation %s not found", operationID)
		}
	}
	return fmt.Errorf("save routing operation tracking: %w", err)
}

const getTrackingSQL = `SELECT ` + trackingColumns + `
FROM routing_operation_ipts ip
JOIN routing_operations o ON o.tenant_id = ip.tenant_id AND o.id = ip.routing_operation_id
WHERE ip.tenant_id = $1 AND ip.id = $2 AND ip.routing_operation_id = $3 AND ip.phase = $4
  AND o.owner_type = $5 AND o.owner_id = $6`

// getTracking reads one tracking of one phase of an operation of the owner's routing; none is
// NotFound.
func (store) getTracking(ctx context.Context, q db.Q, tenantID string, o Owner, operationID, phase, id string) (Tracking, error) {
	var r trackingRow
	err := sqlx.GetContext(ctx, q, &r, getTrackingSQL, tenantID, id, operationID, phase, o.Type, o.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return Tracking{}, apperr.NotFound("routing operation tracking %s not found", id)
	}
	if err != nil {
		return Tracking{}, fmt.Errorf("get routing operation tracking: %w", err)
	}
	return r.toTracking(), nil
}

const deleteTrackingSQL = `DELETE FROM routing_operation_ipts
WHERE tenant_id = $1 AND id = $2 AND routing_operation_id = $3 AND phase = $4`

// deleteTracking deletes one tracking of the operation's phase (the caller checked the
// operation's owner) and reports whether it had it.
func (store) deleteTracking(ctx context.Context, q db.Q, tenantID, operationID, phase, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteTrackingSQL, tenantID, id, operationID, phase)
	if err != nil {
		return false, fmt.Errorf("delete routing operation tracking: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const trackingsByOwnerSQL = `SELECT ` + trackingColumns + `
FROM routing_operation_ipts ip
JOIN routing_operations o ON o.tenant_id = ip.tenant_id AND o.id = ip.routing_operation_id
WHERE ip.tenant_id = $1 AND o.owner_type = $2 AND o.owner_id = $3
ORDER BY o.sequence, o.id, array_position(ARRAY['setup', 'inProcess', 'final'], ip.phase), ip.created_utc, ip.id`

// trackingsByOwner reads every in-process tracking of the owner's routing, by the operations'
// order (sequence, then id), then phase (setup, inProcess, final), createdUtc and id, in one
// statement. Field names and data types are not filled in (nameTrackings does that).
func (store) trackingsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]Tracking, error) {
	var rows []trackingRow
	if err := sqlx.SelectContext(ctx, q, &rows, trackingsByOwnerSQL, tenantID, o.Type, o.ID); err != nil {
		return nil, fmt.Errorf("list routing operation trackings: %w", err)
	}
	return toTrackings(rows), nil
}

// trackingSortFields are the RoutingTracking properties a list can be sorted by.
var trackingSortFields = map[string]string{
	"id":         "ip.id",
	"createdUtc": "ip.created_utc",
}

var trackingListSpec = listing.Spec{Fields: trackingSortFields, Default: "createdUtc", IDColumn: "ip.id"}

// listTrackings reads a page of the tracking of the operation's phase (the caller checked the
// operation's owner).
func (store) listTrackings(ctx context.Context, q db.Q, tenantID, operationID, phase string, f TrackingFilter, p listing.Page) ([]Tracking, error) {
	lq := listing.NewQuery("ip.tenant_id", tenantID)
	lq.Where("ip.routing_operation_id = %s", operationID)
	lq.Where("ip.phase = %s", phase)
	listing.AnyOf(lq, "ip.id", f.IDs)
	listing.AnyOf(lq, "ip.tracking_field_id", f.TrackingFieldIDs)
	query, args := lq.SQL(`SELECT `+trackingColumns+` FROM routing_operation_ipts ip`, p)
	var rows []trackingRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list routing operation trackings: %w", err)
	}
	return toTrackings(rows), nil
}
