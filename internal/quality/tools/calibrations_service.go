package tools

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
)

// calibrationListSpec: newest calibration day first, then highest id.
var calibrationListSpec = listing.Spec{
	Fields:            map[string]string{"calibratedDate": "c.calibrated_date", "createdUtc": "c.created_utc"},
	Default:           "calibratedDate",
	DefaultDescending: true,
	IDColumn:          "c.id",
}

// checkCalibration normalises a calibration's members against the shop's today and collects
// what is wrong with them; an omitted day is today.
func checkCalibration(w *CalibrationWrite, today time.Time) error {
	fields := apperr.Fields{}
	if !slices.Contains(Results, w.Result) {
		fields.Add("result", "%s", apperr.NotOneOf(string(w.Result), Results))
	}
	switch d := w.CalibratedDate; {
	case d == nil:
		w.CalibratedDate = &today
	case d.Year() < 2000 || d.Year() > 2099:
		fields.Add("calibratedDate", "must fall in the years 2000 to 2099")
	case d.After(today):
		// A calibration records a check done, so it cannot be dated after today.
		fields.Add("calibratedDate", "must not be after today (%s) in the shop's timezone", today.Format(time.DateOnly))
	}
	w.CalibratedBy = fields.OptionalText("calibratedBy", w.CalibratedBy, maxCalibratedBy)
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	if len(w.Readings) > maxReadings {
		fields.Add("readings", "at most %d readings", maxReadings)
	}
	for i := range w.Readings {
		r := &w.Readings[i]
		r.Name = fields.Text(fmt.Sprintf("readings.%d.name", i), r.Name, maxReadingText)
		if n := utf8.RuneCountInString(r.Value); n < 1 || n > maxReadingText {
			fields.Add(fmt.Sprintf("readings.%d.value", i), "must be 1 to %d characters", maxReadingText)
		}
		r.Unit = fields.OptionalText(fmt.Sprintf("readings.%d.unit", i), r.Unit, maxReadingUnit)
	}
	if w.Readings == nil {
		w.Readings = []Reading{}
	}
	return fields.Err()
}

// requireCertificate checks, in q, that the certificate (when named) is an attachment of the
// tenant, share-locked until q's transaction ends; a missing one is a 404 naming it.
func (s *Service) requireCertificate(ctx context.Context, q db.Q, tenantID string, id *string) error {
	if id == nil {
		return nil
	}
	ok, err := s.deps.Attachments.ExistsForReference(ctx, q, tenantID, *id)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.NotFoundField("certificateAttachmentId", "attachment %s not found", *id)
	}
	return nil
}

// CreateCalibration records a calibration of live tool toolID and recomputes the tool's
// dates, in one transaction with the tool locked, and answers the calibration.
func (s *Service) CreateCalibration(ctx context.Context, t Tenant, toolID string, w CalibrationWrite) (Calibration, error) {
	today, err := shopday.Today(t.Timezone, s.now())
	if err != nil {
		return Calibration{}, err
	}
	if err := checkCalibration(&w, today); err != nil {
		return Calibration{}, err
	}
	var recordedBy *string
	if t.UserID != "" {
		recordedBy = &t.UserID
	}
	id := ids.NewSub()
	var out Calibration
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTool(ctx, q, t.ID, toolID, true); err != nil {
			return err
		}
		if err := s.requireCertificate(ctx, q, t.ID, w.CertificateAttachmentID); err != nil {
			return err
		}
		if err := s.store.insertCalibration(ctx, q, t.ID, toolID, id, recordedBy, w); err != nil {
			return err
		}
		if err := s.store.recomputeTool(ctx, q, t.ID, toolID); err != nil {
			return err
		}
		out, err = s.store.getCalibration(ctx, q, t.ID, toolID, id, false)
		return err
	})
	return out, err
}

// GetCalibration answers calibration id of live tool toolID.
func (s *Service) GetCalibration(ctx context.Context, tenantID, toolID, id string) (Calibration, error) {
	return s.store.getCalibration(ctx, s.pool, tenantID, toolID, id, false)
}

// UpdateCalibration replaces calibration id's members when w.Version is its current version
// (a stale one is a 409), in one transaction with the tool and then the calibration locked, so
// that of two updates naming one version exactly one wins; the tool's dates are recomputed.
func (s *Service) UpdateCalibration(ctx context.Context, t Tenant, toolID, id string, w CalibrationWrite) (Calibration, error) {
	today, err := shopday.Today(t.Timezone, s.now())
	if err != nil {
		return Calibration{}, err
	}
	if err := checkCalibration(&w, today); err != nil {
		return Calibration{}, err
	}
	var out Calibration
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTool(ctx, q, t.ID, toolID, true); err != nil {
			return err
		}
		cur, err := s.store.getCalibration(ctx, q, t.ID, toolID, id, true)
		if err != nil {
			return err
		}
		if cur.Version != w.Version {
			return &apperr.Error{Kind: apperr.KindConflict,
				Detail: fmt.Sprintf("calibration %s is at version %d, not %d: another update came first; read it again", id, cur.Version, w.Version),
				Fields: map[string][]string{"version": {fmt.Sprintf("stale version token %d (current %d)", w.Version, cur.Version)}}}
		}
		if err := s.requireCertificate(ctx, q, t.ID, w.CertificateAttachmentID); err != nil {
			return err
		}
		if err := s.store.updateCalibration(ctx, q, t.ID, id, w); err != nil {
			return err
		}
		if err := s.store.recomputeTool(ctx, q, t.ID, toolID); err != nil {
			return err
		}
		out, err = s.store.getCalibration(ctx, q, t.ID, toolID, id, false)
		return err
	})
	return out, err
}

// CalibrationPage is one page of a tool's calibrations.
type CalibrationPage struct {
	Rows []Calibration
	listing.Envelope
}

// ListCalibrations answers a page of live tool toolID's calibrations matching f, in one
// transaction and two statements (the tool, the page).
func (s *Service) ListCalibrations(ctx context.Context, tenantID, toolID string, f CalibrationFilter, r listing.Request) (CalibrationPage, error) {
	page, err := listing.Resolve(r, calibrationListSpec)
	if err != nil {
		return CalibrationPage{}, err
	}
	var out CalibrationPage
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getTool(ctx, q, tenantID, toolID, false); err != nil {
			return err
		}
		rows, total, err := s.store.listCalibrations(ctx, q, tenantID, toolID, f, page)
		if err != nil {
			return err
		}
		out = CalibrationPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}
