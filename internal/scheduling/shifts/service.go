package shifts

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/scheduling/resources"
)

// maxName is the longest shift name.
const maxName = 200

// resourceDirectory finds the departments and equipment a record names (the scheduling
// resources service), through q.
type resourceDirectory interface {
	DepartmentsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.DepartmentRef, error)
	EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.EquipmentRef, error)
}

// Service holds the rules of department shifts.
type Service struct {
	pool      *db.Pool
	store     store
	resources resourceDirectory
}

// NewService returns the shifts service; it checks departments and equipment, and names the
// equipment, through resources.
func NewService(pool *db.Pool, resources resourceDirectory) *Service {
	return &Service{pool: pool, resources: resources}
}

// Create stores a new shift of a live department and returns its id. Invalid members answer
// 400; an unknown department or equipment 404; equipment of another department 400.
func (s *Service) Create(ctx context.Context, tenantID string, n NewShift) (string, error) {
	w, err := normalize(n.ShiftWrite)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		departments, err := s.resources.DepartmentsByID(ctx, q, tenantID, []string{n.DepartmentID})
		if err != nil {
			return err
		}
		if _, ok := departments[n.DepartmentID]; !ok {
			return apperr.NotFound("departmentId: department %s not found", n.DepartmentID)
		}
		if err := s.checkEquipment(ctx, q, tenantID, n.DepartmentID, w.AvailableEquipment); err != nil {
			return err
		}
		return s.store.insert(ctx, q, tenantID, Shift{ID: id, DepartmentID: n.DepartmentID, ShiftWrite: w})
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one shift, deleted or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Shift, error) {
	sh, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return Shift{}, err
	}
	return s.withNames(ctx, tenantID, sh)
}

// Update replaces every member of a live shift except its department, under the create
// rules; a missing or deleted shift is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w ShiftWrite) (Shift, error) {
	w, err := normalize(w)
	if err != nil {
		return Shift{}, err
	}
	var saved Shift
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getActiveForUpdate(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if err := s.checkEquipment(ctx, q, tenantID, current.DepartmentID, w.AvailableEquipment); err != nil {
			return err
		}
		saved = Shift{ID: id, DepartmentID: current.DepartmentID, ShiftWrite: w}
		return s.store.update(ctx, q, tenantID, saved)
	})
	if err != nil {
		return Shift{}, err
	}
	// Read back: the store orders the equipment, and the names come with it.
	return s.Get(ctx, tenantID, id)
}

// Delete soft-deletes a live shift and reports whether there was one to delete.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.softDelete(ctx, s.pool, tenantID, id)
}

// List returns the live shifts matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Shift, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	list, err := s.store.list(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	if err := s.resolveNames(ctx, tenantID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// checkEquipment answers 404 unless every available equipment is live, and 400 naming the
// entry unless it is equipment of departmentID.
func (s *Service) checkEquipment(ctx context.Context, q db.Q, tenantID, departmentID string, available []Availability) error {
	equipmentIDs := make([]string, len(available))
	for i, a := range available {
		equipmentIDs[i] = a.EquipmentID
	}
	found, err := s.resources.EquipmentByID(ctx, q, tenantID, equipmentIDs)
	if err != nil {
		return err
	}
	for i, a := range available {
		if _, ok := found[a.EquipmentID]; !ok {
			return apperr.NotFound("availableEquipment.%d.equipmentId: equipment %s not found", i, a.EquipmentID)
		}
	}
	fields := apperr.Fields{}
	for i, a := range available {
		if found[a.EquipmentID].DepartmentID != departmentID {
			fields.Add(fmt.Sprintf("availableEquipment.%d.equipmentId", i),
				"equipment %s is not equipment of the shift's department %s", a.EquipmentID, departmentID)
		}
	}
	return fields.Err()
}

func (s *Service) withNames(ctx context.Context, tenantID string, sh Shift) (Shift, error) {
	one := []Shift{sh}
	if err := s.resolveNames(ctx, tenantID, one); err != nil {
		return Shift{}, err
	}
	return one[0], nil
}

// resolveNames fills the equipment names of shifts with one lookup, however many shifts.
func (s *Service) resolveNames(ctx context.Context, tenantID string, shifts []Shift) error {
	var equipmentIDs []string
	seen := map[string]bool{}
	for _, sh := range shifts {
		for _, a := range sh.AvailableEquipment {
			if !seen[a.EquipmentID] {
				seen[a.EquipmentID] = true
				equipmentIDs = append(equipmentIDs, a.EquipmentID)
			}
		}
	}
	found, err := s.resources.EquipmentByID(ctx, s.pool, tenantID, equipmentIDs)
	if err != nil {
		return err
	}
	for i, sh := range shifts {
		names := make(map[string]string, len(sh.AvailableEquipment))
		for _, a := range sh.AvailableEquipment {
			if e, ok := found[a.EquipmentID]; ok {
				names[a.EquipmentID] = e.Name
			}
		}
		shifts[i].EquipmentNames = names
	}
	return nil
}

// normalize applies the write rules that need no lookup, naming each offending field: name
// trimmed to 1..200; times of exactly four digits; counts and the daily limit not negative;
// each equipment listed once.
func normalize(w ShiftWrite) (ShiftWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	for _, t := range []struct{ field, value string }{{"startTime", w.StartTime}, {"endTime", w.EndTime}} {
		if !isFourDigits(t.value) {
			fields.Add(t.field, "must be four digits, 24-hour HHmm (for example 0700)")
		}
	}
	for _, n := range w.SimultaneousEquipment {
		if n < 0 {
			fields.Add("simultaneousEquipment", "must be 0 or more on every weekday")
			break
		}
	}
	if w.MaxDailyNewJobs != nil && *w.MaxDailyNewJobs < 0 {
		fields.Add("maxDailyNewJobs", "must be 0 or more (null for no limit)")
	}
	first := map[string]int{}
	for i, a := range w.AvailableEquipment {
		if j, dup := first[a.EquipmentID]; dup {
			fields.Add(fmt.Sprintf("availableEquipment.%d.equipmentId", i), "equipment %s is already listed at availableEquipment.%d", a.EquipmentID, j)
			continue
		}
		first[a.EquipmentID] = i
	}
	return w, fields.Err()
}
