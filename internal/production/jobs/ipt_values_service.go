package jobs

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/stock/routing"
)

// In-process tracking values, at /api/jobs/{jobId}/routing/{routingId}/operations/
// {operationId}/ipts/{phase}: on a job these paths hold the values operators record against
// the tracking assignments (routing.Tracking) of the operation's phase, where on quotes,
// sales-order lines and items they hold the assignments themselves.

// maxTrackingText is the longest text value, after trimming.
const maxTrackingText = 2000

// TrackingValueCreate is a value as sent (createJobRoutingOperationTrackingValue).
type TrackingValueCreate struct {
	// TrackingID is the assignment (a routing.Tracking of the operation at the phase); the
	// assignment id is taken rather than the field id so a value names exactly one assignment.
	TrackingID string
	// Value is the decoded JSON scalar: bool, float64 (or json.Number) or string.
	Value      any
	UnitNumber *int32
	Notes      *string
}

// TrackingValue is a value as stored, with its field's name and data type.
type TrackingValue struct {
	ID                string
	JobID             string
	ItemToMakeID      string
	OperationID       string
	Phase             string
	TrackingID        string
	TrackingFieldID   string
	TrackingFieldName string
	DataType          string
	UnitNumber        *int32
	// Value is the stored JSON scalar, as stored.
	Value            json.RawMessage
	Notes            *string
	RecordedByUserID *string
	RecordedUtc      time.Time
}

// TrackingValueFilter narrows the values of an operation's phase; empty members apply no
// clause. The bounds are exclusive.
type TrackingValueFilter struct {
	IDs               []string
	TrackingIDs       []string
	TrackingFieldIDs  []string
	RecordedAfterUtc  *time.Time
	RecordedBeforeUtc *time.Time
}

// TrackingValuePage is one page of the values of an operation's phase.
type TrackingValuePage struct {
	Rows []TrackingValue
	listing.Envelope
}

// trackingValueListSpec: oldest first, then id; by unit, values without one last ascending.
var trackingValueListSpec = listing.Spec{
	Fields:   map[string]string{"recordedUtc": "v.recorded_utc", "unitNumber": "v.unit_number"},
	Default:  "recordedUtc",
	IDColumn: "v.id",
}

// checkTrackingPhase answers 400 naming phase unless it is one of the phases (the spec's enum
// already refuses others; this holds for callers that skip it).
func checkTrackingPhase(phase string) error {
	if slices.Contains([]string{routing.PhaseSetup, routing.PhaseInProcess, routing.PhaseFinal}, phase) {
		return nil
	}
	return apperr.Field("phase", "must be one of %s, %s, %s", routing.PhaseSetup, routing.PhaseInProcess, routing.PhaseFinal)
}

// checkTrackingValue answers the JSON of v when it suits field rule r, else a 400 naming
// value: boolean a JSON boolean, number a finite JSON number, text a string of 1 to 2000
// characters after trimming (stored trimmed), dropDown one of the options exactly, date a
// YYYY-MM-DD calendar day. A data type this code does not know refuses every value.
func checkTrackingValue(r trackingfields.ValueRule, v any) (json.RawMessage, error) {
	var out any
	switch r.DataType {
	case trackingfields.Boolean:
		if b, ok := v.(bool); ok {
			out = b
		}
	case trackingfields.Number:
		switch n := v.(type) {
		case float64:
			if !math.IsInf(n, 0) && !math.IsNaN(n) {
				out = n
			}
		case json.Number:
			if _, err := n.Float64(); err == nil {
				out = n
			}
		}
	case trackingfields.Text:
		if s, ok := v.(string); ok {
			fields := apperr.Fields{}
			if t := fields.Text("value", s, maxTrackingText); fields.Err() == nil {
				out = t
			} else {
				return nil, fields.Err()
			}
		}
	case trackingfields.DropDown:
		if s, ok := v.(string); ok && slices.Contains(r.DropDownOptions, s) {
			out = s
		} else {
			return nil, apperr.Field("value", "tracking field %s takes one of its drop-down options %q", r.Name, r.DropDownOptions)
		}
	case trackingfields.Date:
		if s, ok := v.(string); ok {
			if d, err := time.Parse(time.DateOnly, s); err == nil && d.Format(time.DateOnly) == s {
				out = s
			}
		}
	}
	if out == nil {
		return nil, apperr.Field("value", "tracking field %s records a %s value", r.Name, describeDataType(r.DataType))
	}
	return json.Marshal(out)
}

// describeDataType says in words what a data type's values look like.
func describeDataType(t trackingfields.DataType) string {
	switch t {
	case trackingfields.Boolean:
		return "boolean (true or false)"
	case trackingfields.Number:
		return "number (a JSON number)"
	case trackingfields.Text:
		return "text (a string of 1 to 2000 characters)"
	case trackingfields.Date:
		return "date (a string YYYY-MM-DD)"
	}
	return string(t) + " (no value is accepted for this data type)"
}

// trackingOperation resolves the path's job operation in q: the item to make of job jobID
// whose routing id is routingID (NotFound otherwise, as the other job routing paths) and its
// operation operationID (NotFound when not in that routing). It answers the item to make.
func (s *Service) trackingOperation(ctx context.Context, q db.Q, tenantID, jobID, routingID, operationID string) (string, error) {
	itemToMakeID, found, err := routingPathsStore{}.itemToMakeOfRouting(ctx, q, tenantID, jobID, routingID)
	if err != nil {
		return "", err
	}
	if !found {
		return "", apperr.NotFound("job %s has no item to make with routing %s", jobID, routingID)
	}
	if _, found, err = (routingPathsStore{}).operationState(ctx, q, tenantID, itemToMakeID, operationID); err != nil {
		return "", err
	} else if !found {
		return "", operationNotFound(operationID)
	}
	return itemToMakeID, nil
}

// lockTrackingOperation starts a value write in q: it locks the job (writes to one job run one
// at a time, as every job operation write), resolves the path's operation and locks its state
// row; the job must accept work and the operation must not be complete (400).
func (s *Service) lockTrackingOperation(ctx context.Context, q db.Q, tenantID, jobID, routingID, operationID string) (Job, string, error) {
	j, err := s.lockJob(ctx, q, tenantID, jobID)
	if err != nil {
		return Job{}, "", err
	}
	itemToMakeID, found, err := routingPathsStore{}.itemToMakeOfRouting(ctx, q, tenantID, jobID, routingID)
	if err != nil {
		return Job{}, "", err
	}
	if !found {
		return Job{}, "", apperr.NotFound("job %s has no item to make with routing %s", jobID, routingID)
	}
	st, err := s.store.lockOperation(ctx, q, tenantID, itemToMakeID, operationID)
	if err != nil {
		return Job{}, "", err
	}
	if err := requireAcceptsWork(j); err != nil {
		return Job{}, "", err
	}
	if st.Status == OperationStatusComplete {
		return Job{}, "", apperr.Invalid("the operation is complete: its tracking values no longer change (record final values before completing it)")
	}
	return j, itemToMakeID, nil
}

// CreateTrackingValue records a value against an assignment of the operation's phase and
// answers its id, in one transaction with the job locked (see lockTrackingOperation). The
// assignment must be of this operation at this phase (400 naming trackingId) and the value
// suit its field (400 naming value); unitNumber is for phase inProcess only and required
// there when the assignment has a frequency. The operation and a released job are marked
// started, which locks the routing operation and its assignments.
func (s *Service) CreateTrackingValue(ctx context.Context, t Tenant, jobID, routingID, operationID, phase string, w TrackingValueCreate) (string, error) {
	if err := checkTrackingPhase(phase); err != nil {
		return "", err
	}
	fields := apperr.Fields{}
	notes := fields.OptionalText("notes", w.Notes, maxNotes)
	if w.UnitNumber != nil && *w.UnitNumber < 1 {
		fields.Add("unitNumber", "must be 1 or more")
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		j, itemToMakeID, err := s.lockTrackingOperation(ctx, q, t.ID, jobID, routingID, operationID)
		if err != nil {
			return err
		}
		assignments, err := s.deps.Routings.TrackingsByID(ctx, q, t.ID, []string{w.TrackingID})
		if err != nil {
			return err
		}
		a, ok := assignments[w.TrackingID]
		if !ok || a.RoutingOperationID != operationID || a.Phase != phase {
			return apperr.Field("trackingId", "the operation has no in-process tracking %s at phase %s", w.TrackingID, phase)
		}
		switch {
		case w.UnitNumber != nil && phase != routing.PhaseInProcess:
			return apperr.Field("unitNumber", "applies only at phase %s", routing.PhaseInProcess)
		case w.UnitNumber == nil && a.Frequency != nil:
			return apperr.Field("unitNumber", "is required: the tracking is recorded every %d units, so each value names its unit", *a.Frequency)
		}
		rules, err := s.deps.TrackingFields.ValueRules(ctx, q, t.ID, []string{a.TrackingFieldID})
		if err != nil {
			return err
		}
		value, err := checkTrackingValue(rules[a.TrackingFieldID], w.Value)
		if err != nil {
			return err
		}
		var by *string
		if t.UserID != "" {
			by = &t.UserID
		}
		if err := s.store.insertTrackingValue(ctx, q, t.ID, trackingValueInsert{
			ID: id, JobID: jobID, ItemToMakeID: itemToMakeID, OperationID: operationID, Phase: phase,
			TrackingID: a.ID, TrackingFieldID: a.TrackingFieldID, Value: value, UnitNumber: w.UnitNumber,
			Notes: notes, RecordedByUserID: by,
		}); err != nil {
			return err
		}
		if err := s.store.markOperationStarted(ctx, q, t.ID, operationID); err != nil {
			return err
		}
		return s.markStarted(ctx, q, t.ID, &j)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// ListTrackingValues answers a page of the values of the operation's phase matching f, in a
// fixed number of statements however many values the page holds, in every job status.
func (s *Service) ListTrackingValues(ctx context.Context, tenantID, jobID, routingID, operationID, phase string, f TrackingValueFilter, r listing.Request) (TrackingValuePage, error) {
	if err := checkTrackingPhase(phase); err != nil {
		return TrackingValuePage{}, err
	}
	page, err := listing.Resolve(r, trackingValueListSpec)
	if err != nil {
		return TrackingValuePage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "recordedAfterUtc", f.RecordedAfterUtc)
	utctime.CheckFilterBound(fields, "recordedBeforeUtc", f.RecordedBeforeUtc)
	if err := fields.Err(); err != nil {
		return TrackingValuePage{}, err
	}
	var out TrackingValuePage
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.trackingOperation(ctx, q, tenantID, jobID, routingID, operationID); err != nil {
			return err
		}
		rows, total, err := s.store.listTrackingValues(ctx, q, tenantID, operationID, phase, f, page)
		if err != nil {
			return err
		}
		if err := s.nameTrackingValues(ctx, q, tenantID, rows); err != nil {
			return err
		}
		out = TrackingValuePage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// TrackingValue answers one value of the operation's phase; one not recorded there is
// NotFound.
func (s *Service) TrackingValue(ctx context.Context, tenantID, jobID, routingID, operationID, phase, id string) (TrackingValue, error) {
	if err := checkTrackingPhase(phase); err != nil {
		return TrackingValue{}, err
	}
	var out TrackingValue
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.trackingOperation(ctx, q, tenantID, jobID, routingID, operationID); err != nil {
			return err
		}
		v, found, err := s.store.getTrackingValue(ctx, q, tenantID, operationID, phase, id)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound("the operation has no in-process tracking value %s at phase %s", id, phase)
		}
		rows := []TrackingValue{v}
		if err := s.nameTrackingValues(ctx, q, tenantID, rows); err != nil {
			return err
		}
		out = rows[0]
		return nil
	})
	return out, err
}

// DeleteTrackingValue deletes one value of the operation's phase under the rules of recording
// (lockTrackingOperation) and reports whether the operation had it there. The operation stays
// started.
func (s *Service) DeleteTrackingValue(ctx context.Context, tenantID, jobID, routingID, operationID, phase, id string) (bool, error) {
	if err := checkTrackingPhase(phase); err != nil {
		return false, err
	}
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, _, err := s.lockTrackingOperation(ctx, q, tenantID, jobID, routingID, operationID); err != nil {
			return err
		}
		var err error
		deleted, err = s.store.deleteTrackingValue(ctx, q, tenantID, operationID, phase, id)
		return err
	})
	return deleted, err
}

// nameTrackingValues fills in the field names and data types of rows, in one statement.
func (s *Service) nameTrackingValues(ctx context.Context, q db.Q, tenantID string, rows []TrackingValue) error {
	if len(rows) == 0 {
		return nil
	}
	seen := make(map[string]bool, len(rows))
	fieldIDs := make([]string, 0, len(rows))
	for _, r := range rows {
		if !seen[r.TrackingFieldID] {
			seen[r.TrackingFieldID] = true
			fieldIDs = append(fieldIDs, r.TrackingFieldID)
		}
	}
	rules, err := s.deps.TrackingFields.ValueRules(ctx, q, tenantID, fieldIDs)
	if err != nil {
		return err
	}
	for i := range rows {
		r := rules[rows[i].TrackingFieldID]
		rows[i].TrackingFieldName, rows[i].DataType = r.Name, string(r.DataType)
	}
	return nil
}
