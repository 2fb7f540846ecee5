package operations

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/scheduling/resources"
)

// resourceDirectory finds the work centers and equipment an operation names (the scheduling
// resources service), through q.
type resourceDirectory interface {
	WorkCentersByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRef, error)
	EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.EquipmentRef, error)
}

// Service holds the rules of the operation library.
type Service struct {
	pool      *db.Pool
	store     store
	resources resourceDirectory
}

// NewService returns the operations service; it checks and names work centers and equipment
// through resources.
func NewService(pool *db.Pool, resources resourceDirectory) *Service {
	return &Service{pool: pool, resources: resources}
}

// Create stores a new operation and returns its id. Invalid members answer 400 naming the
// field; a name taken by a non-archived operation 400 naming name (decided by the unique
// index, so concurrent creates cannot both take it); an unknown work center or equipment
// 404; equipment of another work center 400.
func (s *Service) Create(ctx context.Context, tenantID string, w Write) (string, error) {
	w, err := normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.checkRefs(ctx, q, tenantID, w); err != nil {
			return err
		}
		return s.store.insert(ctx, q, tenantID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one operation, archived or not, with its work center's and equipment's names.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Operation, error) {
	op, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return Operation{}, err
	}
	one := []Operation{op}
	if err := s.resolveNames(ctx, s.pool, tenantID, one); err != nil {
		return Operation{}, err
	}
	return one[0], nil
}

// Update replaces every member of an operation, archived or not, under the create rules; a
// missing operation is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (Operation, error) {
	w, err := normalize(w)
	if err != nil {
		return Operation{}, err
	}
	var saved Operation
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.checkRefs(ctx, q, tenantID, w); err != nil {
			return err
		}
		if err := s.store.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		if saved, err = s.store.get(ctx, q, tenantID, id); err != nil {
			return err
		}
		one := []Operation{saved}
		if err := s.resolveNames(ctx, q, tenantID, one); err != nil {
			return err
		}
		saved = one[0]
		return nil
	})
	if err != nil {
		return Operation{}, err
	}
	return saved, nil
}

// List returns the operations matching f (non-archived ones unless f.IncludeArchived), by
// name then id unless r sorts otherwise: one query for the page and one lookup each for the
// names of its work centers and equipment, however many operations.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Operation, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	list, err := s.store.list(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	if err := s.resolveNames(ctx, s.pool, tenantID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// checkRefs answers 404 naming the field unless the work center and equipment (when set) are
// live records of the tenant, and 400 naming equipmentId unless the equipment belongs to the
// work center. The lookups share-lock what they find until the transaction ends, so neither
// can be deleted or moved before the operation is stored.
func (s *Service) checkRefs(ctx context.Context, q db.Q, tenantID string, w Write) error {
	if w.WorkCenterID != nil {
		found, err := s.resources.WorkCentersByID(ctx, q, tenantID, []string{*w.WorkCenterID})
		if err != nil {
			return err
		}
		if _, ok := found[*w.WorkCenterID]; !ok {
			return apperr.NotFound("workCenterId: work center %s not found", *w.WorkCenterID)
		}
	}
	if w.EquipmentID != nil {
		found, err := s.resources.EquipmentByID(ctx, q, tenantID, []string{*w.EquipmentID})
		if err != nil {
			return err
		}
		e, ok := found[*w.EquipmentID]
		if !ok {
			return apperr.NotFound("equipmentId: equipment %s not found", *w.EquipmentID)
		}
		// normalize made sure a work center is set whenever equipment is.
		if e.WorkCenterID != *w.WorkCenterID {
			return apperr.Field("equipmentId", "equipment %s does not belong to work center %s", *w.EquipmentID, *w.WorkCenterID)
		}
	}
	return nil
}

// resolveNames fills the work center and equipment names of ops with one lookup each,
// however many operations.
func (s *Service) resolveNames(ctx context.Context, q db.Q, tenantID string, ops []Operation) error {
	var workCenterIDs, equipmentIDs []string
	seenWC, seenEq := map[string]bool{}, map[string]bool{}
	for _, op := range ops {
		if id := op.WorkCenterID; id != nil && !seenWC[*id] {
			seenWC[*id] = true
			workCenterIDs = append(workCenterIDs, *id)
		}
		if id := op.EquipmentID; id != nil && !seenEq[*id] {
			seenEq[*id] = true
			equipmentIDs = append(equipmentIDs, *id)
		}
	}
	workCenters, err := s.resources.WorkCentersByID(ctx, q, tenantID, workCenterIDs)
	if err != nil {
		return err
	}
	equipment, err := s.resources.EquipmentByID(ctx, q, tenantID, equipmentIDs)
	if err != nil {
		return err
	}
	for i, op := range ops {
		if op.WorkCenterID != nil {
			if wc, ok := workCenters[*op.WorkCenterID]; ok {
				ops[i].WorkCenterName = &wc.Name
			}
		}
		if op.EquipmentID != nil {
			if e, ok := equipment[*op.EquipmentID]; ok {
				ops[i].EquipmentName = &e.Name
			}
		}
	}
	return nil
}

// normalize applies the write rules that need no lookup, naming each offending field: name
// trimmed to 1..200; description trimmed, blank as none, at most 2000; times 0 or more;
// equipment only with a work center.
func normalize(w Write) (Write, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	if w.SetupTimeMinutes.IsNegative() {
		fields.Add("setupTimeMinutes", "must be 0 or more")
	}
	if w.RunTimeMinutesPerUnit.IsNegative() {
		fields.Add("runTimeMinutesPerUnit", "must be 0 or more")
	}
	if w.EquipmentID != nil && w.WorkCenterID == nil {
		fields.Add("equipmentId", "needs workCenterId: the equipment must belong to the operation's work center")
	}
	return w, fields.Err()
}

// ForRouting returns a library operation (archived or not, without names) for a routing
// operation that picks it, in q's transaction; an unknown one, or another tenant's, answers
// 404 naming operationId.
func (s *Service) ForRouting(ctx context.Context, q db.Q, tenantID, id string) (Operation, error) {
	op, err := s.store.get(ctx, q, tenantID, id)
	if apperr.IsKind(err, apperr.KindNotFound) {
		return Operation{}, apperr.NotFound("operationId: operation %s not found", id)
	}
	return op, err
}
