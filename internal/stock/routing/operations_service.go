package routing

import (
	"context"

	"strconv"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// CreateOperation adds an operation to the owner's routing and returns its id. The owner's
// row is locked first, so routing changes of one owner run one at a time; the sequence
// defaults to the last + 10, and a taken one answers 400 naming sequence (the unique index
// decides). The owner's Changed hook runs in the same transaction.
func (s *Service) CreateOperation(ctx context.Context, tenantID string, o Owner, w Write) (string, error) {
	if err := checkWrite(w); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.edit(ctx, tenantID, o, func(q db.Q, _ OwnerKind) (bool, error) {
		v, err := s.resolve(ctx, q, tenantID, w, nil)
		if err != nil {
			return false, err
		}
		if w.Sequence == nil {
			if v.Sequence, err = s.store.nextSequence(ctx, q, tenantID, o); err != nil {
				return false, err
			}
		}
		return true, s.store.insert(ctx, q, tenantID, o, id, v)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Operation returns one operation of the owner's routing; an unknown owner, or an operation
// not in its routing, is NotFound.
func (s *Service) Operation(ctx context.Context, tenantID string, o Owner, id string) (Operation, error) {
	var op Operation
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		op, err = s.store.get(ctx, q, tenantID, o, id)
		return err
	})
	return op, err
}

// UpdateOperation replaces every member of one operation of the owner's routing under the
// create rules; an omitted sequence keeps the current one. The owner's kind may refuse an
// operation that may no longer change (OperationLocked).
func (s *Service) UpdateOperation(ctx context.Context, tenantID string, o Owner, id string, w Write) (Operation, error) {
	if err := checkWrite(w); err != nil {
		return Operation{}, err
	}
	var saved Operation
	err := s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		current, err := s.store.get(ctx, q, tenantID, o, id)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &id); err != nil {
			return false, err
		}
		v, err := s.resolve(ctx, q, tenantID, w, current.OperationID)
		if err != nil {
			return false, err
		}
		if w.Sequence == nil {
			v.Sequence = current.Sequence
		}
		saved, err = s.store.update(ctx, q, tenantID, o, id, v)
		return true, err
	})
	return saved, err
}

// DeleteOperation deletes one operation of the owner's routing and reports whether the
// routing had it; the owner's Changed hook runs only when it had. The owner's kind may refuse
// an operation that may no longer change (OperationLocked).
func (s *Service) DeleteOperation(ctx context.Context, tenantID string, o Owner, id string) (deleted bool, err error) {
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &id); err != nil {
			return false, err
		}
		return s.store.delete(ctx, q, tenantID, o, id)
	})
}

// checkWrite applies the rules that need no lookup, naming each offending field: a sequence
// of 1 or more; a name of 1..200 characters after trimming (required without operationId);
// notes of at most 2000; times, rates, outside cost and lead days 0 or more.
func checkWrite(w Write) error {
	fields := apperr.Fields{}
	if w.Sequence != nil && *w.Sequence < 1 {
		fields.Add("sequence", "must be 1 or more")
	}
	if w.Name != nil {
		fields.Text("name", *w.Name, maxName)
	} else if w.OperationID == nil {
		fields.Add("name", "is required when operationId is not set")
	}
	fields.OptionalText("notes", w.Notes, maxNotes)
	for _, d := range []struct {
		field string
		v     *dec.Decimal
	}{
		{"setupTimeMinutes", w.SetupTimeMinutes}, {"runTimeMinutesPerUnit", w.RunTimeMinutesPerUnit},
		{"laborRate", w.LaborRate}, {"machineRate", w.MachineRate}, {"outsideCost", w.OutsideCost},
	} {
		if d.v != nil && d.v.IsNegative() {
			fields.Add(d.field, "must be 0 or more")
		}
	}
	if w.OutsideLeadDays != nil && *w.OutsideLeadDays < 0 {
		fields.Add("outsideLeadDays", "must be 0 or more")
	}
	return fields.Err()
}

// resolve turns a checked write into the values to store: the library operation's defaults
// for what w omits when it names one, then the references checked. An unknown library
// operation, work center or equipment answers 404 naming the field; equipment of another
// work center (or without one) 400 naming equipmentId; an archived library operation 400
// naming operationId, unless it is kept, the one the operation already picked. The lookups
// share-lock what they find until the transaction ends. The outside vendor is checked by its
// foreign key.
func (s *Service) resolve(ctx context.Context, q db.Q, tenantID string, w Write, kept *string) (Values, error) {
	fields := apperr.Fields{}
	v := Values{
		OperationID: w.OperationID, WorkCenterID: w.WorkCenterID, EquipmentID: w.EquipmentID,
		SetupTimeMinutes: dec.Zero, RunTimeMinutesPerUnit: dec.Zero, LaborRate: w.LaborRate, MachineRate: w.MachineRate,
		OutsideVendorID: w.OutsideVendorID, OutsideCost: dec.Zero,
		Notes: fields.OptionalText("notes", w.Notes, maxNotes),
	}
	if w.Sequence != nil {
		v.Sequence = *w.Sequence
	}
	if w.Name != nil {
		v.Name = fields.Text("name", *w.Name, maxName)
	}
	if w.OperationID != nil {
		lib, err := s.deps.Library.ForRouting(ctx, q, tenantID, *w.OperationID)
		if err != nil {
			return Values{}, err
		}
		// An archived library operation can no longer be picked, but a routing operation
		// that picked it before keeps it through updates.
		if lib.IsArchived && (kept == nil || *kept != lib.ID) {
			return Values{}, apperr.Field("operationId", "operation %s is archived", lib.ID)
		}
		if w.Name == nil {
			v.Name = lib.Name
		}
		if w.WorkCenterID == nil {
			v.WorkCenterID = lib.WorkCenterID
			if w.EquipmentID == nil {
				v.EquipmentID = lib.EquipmentID
			}
		}
		v.SetupTimeMinutes, v.RunTimeMinutesPerUnit = lib.SetupTimeMinutes, lib.RunTimeMinutesPerUnit
		v.IsOutsideProcessing = lib.IsOutsideProcessing
	}
	if w.SetupTimeMinutes != nil {
		v.SetupTimeMinutes = *w.SetupTimeMinutes
	}
	if w.RunTimeMinutesPerUnit != nil {
		v.RunTimeMinutesPerUnit = *w.RunTimeMinutesPerUnit
	}
	if w.IsOutsideProcessing != nil {
		v.IsOutsideProcessing = *w.IsOutsideProcessing
	}
	if w.OutsideCost != nil {
		v.OutsideCost = *w.OutsideCost
	}
	if w.OutsideLeadDays != nil {
		v.OutsideLeadDays = *w.OutsideLeadDays
	}
	if err := fields.Err(); err != nil {
		return Values{}, err
	}
	return v, s.checkResources(ctx, q, tenantID, v)
}

// checkResources answers 404 naming the field unless the work center and equipment (when
// set) are live records of the tenant, and 400 naming equipmentId unless the equipment
// belongs to the work center.
func (s *Service) checkResources(ctx context.Context, q db.Q, tenantID string, v Values) error {
	if v.WorkCenterID != nil {
		found, err := s.deps.Resources.WorkCentersByID(ctx, q, tenantID, []string{*v.WorkCenterID})
		if err != nil {
			return err
		}
		if _, ok := found[*v.WorkCenterID]; !ok {
			return apperr.NotFound("workCenterId: work center %s not found", *v.WorkCenterID)
		}
	}
	if v.EquipmentID != nil {
		found, err := s.deps.Resources.EquipmentByID(ctx, q, tenantID, []string{*v.EquipmentID})
		if err != nil {
			return err
		}
		e, ok := found[*v.EquipmentID]
		if !ok {
			return apperr.NotFound("equipmentId: equipment %s not found", *v.EquipmentID)
		}
		if v.WorkCenterID == nil || e.WorkCenterID != *v.WorkCenterID {
			return apperr.Field("equipmentId", "equipment %s does not belong to the operation's work center", *v.EquipmentID)
		}
	}
	return nil
}

// CreateOperations adds ws to the owner's routing in one transaction, in order, and returns
// their ids in that order; or adds nothing and answers the first failing write's error with
// its fields named operations.N.field. An omitted sequence is the last so far + 10, counting
// the writes added before it. The owner's Changed hook runs once.
func (s *Service) CreateOperations(ctx context.Context, tenantID string, o Owner, ws []Write) ([]string, error) {
	fields := apperr.Fields{}
	for i, w := range ws {
		if e, ok := apperr.As(checkWrite(w)); ok {
			fields.Merge(batchField(i), e.Fields)
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	out := make([]string, len(ws))
	err := s.edit(ctx, tenantID, o, func(q db.Q, _ OwnerKind) (bool, error) {
		for i, w := range ws {
			v, err := s.resolve(ctx, q, tenantID, w, nil)
			if err != nil {
				return false, indexed(i, err)
			}
			if w.Sequence == nil {
				if v.Sequence, err = s.store.nextSequence(ctx, q, tenantID, o); err != nil {
					return false, indexed(i, err)
				}
			}
			out[i] = ids.NewSub()
			if err := s.store.insert(ctx, q, tenantID, o, out[i], v); err != nil {
				return false, indexed(i, err)
			}
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// batchField is the name of the i-th write of a batch, as a field prefix.
func batchField(i int) string { return "operations." + strconv.Itoa(i) }

// indexed names the i-th write of a batch in err: its fields become operations.i.field, and
// a 404's detail (which starts with the field) is prefixed the same way.
func indexed(i int, err error) error {
	e, ok := apperr.As(err)
	if !ok {
		return err
	}
	if len(e.Fields) > 0 {
		fields := apperr.Fields{}
		fields.Merge(batchField(i), e.Fields)
		if e.Kind == apperr.KindNotFound {
			return fields.NotFoundErr()
		}
		return fields.Err()
	}
	if e.Kind == apperr.KindNotFound {
		return apperr.NotFound("%s.%s", batchField(i), e.Detail)
	}
	return err
}

// Operations returns the owner's routing operations matching f, by sequence then id unless r
// sorts otherwise, in a fixed number of statements; an unknown owner is NotFound.
func (s *Service) Operations(ctx context.Context, tenantID string, o Owner, f Filter, r listing.Request) ([]Operation, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	var out []Operation
	err = s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		out, err = s.store.list(ctx, q, tenantID, o, f, page)
		return err
	})
	return out, err
}
