package routing

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// The phases of an operation at which in-process tracking is recorded: setup once at
// first-piece approval, inProcess while the operation runs (every Frequency units when set),
// final once when the operation completes.
const (
	PhaseSetup     = "setup"
	PhaseInProcess = "inProcess"
	PhaseFinal     = "final"
)

// Tracking is an in-process tracking field recorded at one phase of a routing operation, with
// the field's name and data type for answers.
type Tracking struct {
	ID                 string
	RoutingOperationID string
	Phase              string
	TrackingValues
	TrackingFieldName string
	DataType          string
	CreatedUtc        time.Time
	ModifiedUtc       time.Time
}

// TrackingValues are the members of an in-process tracking as stored.
type TrackingValues struct {
	TrackingFieldID string
	IsRequired      bool
	// Frequency is every how many units the field is recorded, inProcess only; nil: once.
	Frequency    *int32
	Instructions *string
}

// TrackingWrite is what a create sends; a nil IsRequired is true.
type TrackingWrite struct {
	TrackingFieldID string
	IsRequired      *bool
	Frequency       *int32
	Instructions    *string
}

// TrackingFilter narrows the tracking list of an operation's phase; empty members apply no
// clause.
type TrackingFilter struct {
	IDs              []string
	TrackingFieldIDs []string
}

// checkTracking applies the rules that need no lookup, naming each offending field: a known
// phase, a frequency of 1 or more and only at phase inProcess, instructions of at most 2000
// characters after trimming.
func checkTracking(phase string, w TrackingWrite) (TrackingValues, error) {
	fields := apperr.Fields{}
	v := TrackingValues{TrackingFieldID: w.TrackingFieldID, IsRequired: true, Frequency: w.Frequency,
		Instructions: fields.OptionalText("instructions", w.Instructions, maxNotes)}
	if w.IsRequired != nil {
		v.IsRequired = *w.IsRequired
	}
	if err := checkPhase(phase); err != nil {
		return v, err
	}
	if w.Frequency != nil {
		if phase != PhaseInProcess {
			fields.Add("frequency", "applies only at phase %s", PhaseInProcess)
		} else if *w.Frequency < 1 {
			fields.Add("frequency", "must be 1 or more")
		}
	}
	return v, fields.Err()
}

// checkPhase answers 400 naming phase unless it is one of the phases.
func checkPhase(phase string) error {
	switch phase {
	case PhaseSetup, PhaseInProcess, PhaseFinal:
		return nil
	}
	return apperr.Field("phase", "must be one of %s, %s, %s", PhaseSetup, PhaseInProcess, PhaseFinal)
}

// CreateTracking assigns a tracking field to one phase of one operation of the owner's routing
// and returns the new id; an operation not in the owner's routing or a field the tenant does
// not have is NotFound, a field already assigned there 400 naming trackingFieldId (the unique
// index decides). The owner's Changed hook runs in the same transaction.
func (s *Service) CreateTracking(ctx context.Context, tenantID string, o Owner, operationID, phase string, w TrackingWrite) (string, error) {
	v, err := checkTracking(phase, w)
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &operationID); err != nil {
			return false, err
		}
		found, err := s.deps.TrackingFields.FieldsByID(ctx, q, tenantID, []string{v.TrackingFieldID})
		if err != nil {
			return false, err
		}
		if _, ok := found[v.TrackingFieldID]; !ok {
			return false, apperr.NotFound("trackingFieldId: in-process tracking field %s not found", v.TrackingFieldID)
		}
		return true, s.store.insertTracking(ctx, q, tenantID, operationID, phase, id, v)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Tracking returns one tracking of one phase of one operation of the owner's routing; an
// unknown owner, an operation not in its routing or a tracking not at that operation and phase
// is NotFound.
func (s *Service) Tracking(ctx context.Context, tenantID string, o Owner, operationID, phase, id string) (Tracking, error) {
	var tr Tracking
	if err := checkPhase(phase); err != nil {
		return tr, err
	}
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if tr, err = s.store.getTracking(ctx, q, tenantID, o, operationID, phase, id); err != nil {
			return err
		}
		named, err := s.nameTrackings(ctx, q, tenantID, []Tracking{tr})
		tr = named[0]
		return err
	})
	return tr, err
}

// DeleteTracking deletes one tracking of one phase of one operation of the owner's routing and
// reports whether the operation had it at that phase; an operation not in the owner's routing
// is NotFound. The owner's Changed hook runs only when it had.
func (s *Service) DeleteTracking(ctx context.Context, tenantID string, o Owner, operationID, phase, id string) (deleted bool, err error) {
	if err := checkPhase(phase); err != nil {
		return false, err
	}
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &operationID); err != nil {
			return false, err
		}
		return s.store.deleteTracking(ctx, q, tenantID, operationID, phase, id)
	})
}

// Trackings returns the tracking of one phase of one operation of the owner's routing matching
// f, by createdUtc then id unless r sorts otherwise, in a fixed number of statements; an
// unknown owner or an operation not in its routing is NotFound.
func (s *Service) Trackings(ctx context.Context, tenantID string, o Owner, operationID, phase string, f TrackingFilter, r listing.Request) ([]Tracking, error) {
	if err := checkPhase(phase); err != nil {
		return nil, err
	}
	page, err := listing.Resolve(r, trackingListSpec)
	if err != nil {
		return nil, err
	}
	var out []Tracking
	err = s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return err
		}
		if out, err = s.store.listTrackings(ctx, q, tenantID, operationID, phase, f, page); err != nil {
			return err
		}
		out, err = s.nameTrackings(ctx, q, tenantID, out)
		return err
	})
	return out, err
}

// nameTrackings fills in the tracking fields' names and data types, in one lookup however many
// records.
func (s *Service) nameTrackings(ctx context.Context, q db.Q, tenantID string, list []Tracking) ([]Tracking, error) {
	if len(list) == 0 {
		return list, nil
	}
	fieldIDs := make([]string, 0, len(list))
	for _, tr := range list {
		fieldIDs = append(fieldIDs, tr.TrackingFieldID)
	}
	found, err := s.deps.TrackingFields.FieldsByID(ctx, q, tenantID, fieldIDs)
	if err != nil {
		return nil, err
	}
	for i, tr := range list {
		ref := found[tr.TrackingFieldID]
		list[i].TrackingFieldName, list[i].DataType = ref.Name, string(ref.DataType)
	}
	return list, nil
}
