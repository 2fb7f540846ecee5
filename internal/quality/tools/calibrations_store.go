package tools

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

type calibrationRow struct {
	ID                      string     `db:"id"`
	ToolID                  string     `db:"tool_id"`
	Version                 int64      `db:"version"`
	Result                  Result     `db:"result"`
	CalibratedDate          time.Time  `db:"calibrated_date"`
	RecordedByUserID        *string    `db:"recorded_by_user_id"`
	CalibratedBy            *string    `db:"calibrated_by"`
	Notes                   *string    `db:"notes"`
	Readings                []byte     `db:"readings"`
	CertificateAttachmentID *string    `db:"certificate_attachment_id"`
	NextDueDate             *time.Time `db:"next_due_date"`
	CreatedUtc              time.Time  `db:"created_utc"`
	ModifiedUtc             time.Time  `db:"modified_utc"`
	TotalCount              int        `db:"total_count"`
}

func (r calibrationRow) Total() int { return r.TotalCount }

func (r calibrationRow) calibration() Calibration {
	c := Calibration{ID: r.ID, ToolID: r.ToolID, Version: r.Version, Result: r.Result, CalibratedDate: *dayOf(&r.CalibratedDate),
		RecordedByUserID: r.RecordedByUserID, CalibratedBy: r.CalibratedBy, Notes: r.Notes,
		CertificateAttachmentID: r.CertificateAttachmentID, NextDueDate: dayOf(r.NextDueDate),
		CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC(), Readings: []Reading{}}
	// The column holds what insert wrote from []Reading; a row that does not decode shows none.
	_ = json.Unmarshal(r.Readings, &c.Readings)
	return c
}

// calibrationSelect reads calibrations (c) of live tools (t) with the next due day a passing
// one gives under the tool's interval in force.
const calibrationSelect = `SELECT c.id, c.tool_id, c.version, c.result, c.calibrated_date, c.recorded_by_user_id, c.calibrated_by,
       c.notes, c.readings, c.certificate_attachment_id,
       CASE WHEN c.result IN ('pass', 'adjusted') THEN c.calibrated_date + COALESCE(t.calibration_interval_days, tt.calibration_interval_days) END AS next_due_date,
       c.created_utc, c.modified_utc`

const calibrationFrom = `
  FROM tool_calibrations c
  JOIN tools t ON t.tenant_id = c.tenant_id AND t.id = c.tool_id AND t.deleted_utc IS NULL
  JOIN tool_templates tt ON tt.tenant_id = t.tenant_id AND tt.id = t.tool_template_id`

// readingsJSON writes the readings for the jsonb column (as text: bytes would be sent as bytea).
func readingsJSON(rs []Reading) (string, error) {
	if rs == nil {
		rs = []Reading{}
	}
	b, err := json.Marshal(rs)
	return string(b), err
}

const insertCalibrationSQL = `
INSERT INTO tool_calibrations (tenant_id, id, tool_id, result, calibrated_date, recorded_by_user_id, calibrated_by, notes, readings,
                               certificate_attachment_id)
VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10)`

// insertCalibration stores a new calibration of tool toolID.
func (store) insertCalibration(ctx context.Context, q db.Q, tenantID, toolID, id string, recordedBy *string, w CalibrationWrite) error {
	readings, err := readingsJSON(w.Readings)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, insertCalibrationSQL, tenantID, id, toolID, w.Result, dateText(*w.CalibratedDate), recordedBy,
		w.CalibratedBy, w.Notes, readings, w.CertificateAttachmentID); err != nil {
		return fmt.Errorf("insert tool calibration: %w", err)
	}
	return nil
}

// getCalibration reads calibration id of live tool toolID, locked when lock is set; missing
// (or another tool's) is NotFound.
func (store) getCalibration(ctx context.Context, q db.Q, tenantID, toolID, id string, lock bool) (Calibration, error) {
	query := calibrationSelect + `, 0 AS total_count` + calibrationFrom + ` WHERE c.tenant_id = $1 AND c.tool_id = $2 AND c.id = $3`
	if lock {
		query += ` FOR UPDATE OF c`
	}
	var r calibrationRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, toolID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Calibration{}, apperr.NotFound("tool %s has no calibration %s", toolID, id)
	}
	if err != nil {
		return Calibration{}, fmt.Errorf("read tool calibration: %w", err)
	}
	return r.calibration(), nil
}

const updateCalibrationSQL = `
UPDATE tool_calibrations SET result = $3, calibrated_date = $4::date, calibrated_by = $5, notes = $6, readings = $7,
       certificate_attachment_id = $8, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// updateCalibration replaces calibration id's members (the trigger advances its version).
func (store) updateCalibration(ctx context.Context, q db.Q, tenantID, id string, w CalibrationWrite) error {
	readings, err := readingsJSON(w.Readings)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, updateCalibrationSQL, tenantID, id, w.Result, dateText(*w.CalibratedDate), w.CalibratedBy, w.Notes,
		readings, w.CertificateAttachmentID); err != nil {
		return fmt.Errorf("update tool calibration: %w", err)
	}
	return nil
}

const listCalibrationsSelect = calibrationSelect + `, COUNT(*) OVER () AS total_count` + calibrationFrom

// listCalibrations answers page p of tool toolID's calibrations matching f and how many match.
func (store) listCalibrations(ctx context.Context, q db.Q, tenantID, toolID string, f CalibrationFilter, p listing.Page) ([]Calibration, int, error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	lq.Where("c.tool_id = %s", toolID)
	listing.AnyOf(lq, "c.result", f.Results)
	out, total, err := listing.SelectPage(ctx, q, lq, listCalibrationsSelect, p, calibrationRow.calibration)
	if err != nil {
		return nil, 0, fmt.Errorf("list tool calibrations: %w", err)
	}
	return out, total, nil
}
