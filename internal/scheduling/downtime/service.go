package downtime

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/scheduling/resources"
)

// Limits of one downtime (at most 500 departments and 500 equipment overall).
const (
	maxDepartments = 500
	maxEquipment   = 500 // across all its departments
)

// resourceDirectory finds the departments and equipment a record names (the scheduling
// resources service), through q.
type resourceDirectory interface {
	DepartmentsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.DepartmentRef, error)
	EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.EquipmentRef, error)
}

// Service holds the rules of equipment downtime.
type Service struct {
	pool      *db.Pool
	store     store
	resources resourceDirectory
}

// NewService returns the downtime service; it checks departments and equipment, and names
// them, through resources.
func NewService(pool *db.Pool, resources resourceDirectory) *Service {
	return &Service{pool: pool, resources: resources}
}

// Create stores a new downtime and returns its id. Invalid members answer 400; an unknown
// department or equipment 404; equipment of another department 400.
func (s *Service) Create(ctx context.Context, tenantID string, w DowntimeWrite) (string, error) {
	if err := validate(w); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.checkReferences(ctx, q, tenantID, w); err != nil {
			return err
		}
		return s.store.insert(ctx, q, tenantID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one downtime, deleted or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Downtime, error) {
	d, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return Downtime{}, err
	}
	one := []Downtime{d}
	if err := s.resolveNames(ctx, tenantID, one); err != nil {
		return Downtime{}, err
	}
	return one[0], nil
}

// Update replaces the whole of a live downtime under the create rules; a missing or deleted
// downtime is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w DowntimeWrite) (Downtime, error) {
	if err := validate(w); err != nil {
		return Downtime{}, err
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.store.lockActive(ctx, q, tenantID, id); err != nil {
			return err
		}
		if err := s.checkReferences(ctx, q, tenantID, w); err != nil {
			return err
		}
		return s.store.update(ctx, q, tenantID, id, w)
	})
	if err != nil {
		return Downtime{}, err
	}
	return s.Get(ctx, tenantID, id)
}

// Delete soft-deletes a live downtime and reports whether there was one to delete.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.softDelete(ctx, s.pool, tenantID, id)
}

// List returns the live downtimes matching f, by start then id unless r sorts otherwise.
// Its instant bounds must lie in the years every date filter allows (400 naming the bound).
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Downtime, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "startsBeforeUtc", f.StartsBefore)
	utctime.CheckFilterBound(fields, "endsAfterUtc", f.EndsAfter)
	if err := fields.Err(); err != nil {
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

// validate applies the rules that need no lookup, naming each offending field: the end not
// before the start; at most 500 departments, each once; each equipment once; at most 500
// equipment in all.
func validate(w DowntimeWrite) error {
	fields := apperr.Fields{}
	if w.End.Before(w.Start) {
		fields.Add("endDateTime", "must not be earlier than startDateTime")
	}
	if len(w.Departments) > maxDepartments {
		fields.Add("departments", "at most %d departments, got %d", maxDepartments, len(w.Departments))
	}
	department := map[string]int{}
	equipment := map[string]string{} // equipment id → where it was first listed
	total := 0
	for i, d := range w.Departments {
		if j, dup := department[d.DepartmentID]; dup {
			fields.Add(fmt.Sprintf("departments.%d.departmentId", i), "department %s is already listed at departments.%d", d.DepartmentID, j)
		} else {
			department[d.DepartmentID] = i
		}
		for k, e := range d.EquipmentIDs {
			field := fmt.Sprintf("departments.%d.equipment.%d.equipmentId", i, k)
			if first, dup := equipment[e]; dup {
				fields.Add(field, "equipment %s is already listed at %s", e, first)
			} else {
				equipment[e] = field
			}
		}
		total += len(d.EquipmentIDs)
	}
	if total > maxEquipment {
		fields.Add("departments", "at most %d equipment across all departments, got %d", maxEquipment, total)
	}
	return fields.Err()
}

// checkReferences answers 404 unless every department and equipment is live, and 400 naming
// the entry unless each equipment is equipment of the department it is listed under.
func (s *Service) checkReferences(ctx context.Context, q db.Q, tenantID string, w DowntimeWrite) error {
	departmentIDs, equipmentIDs := referencedIDs([]Downtime{{DowntimeWrite: w}})
	departments, err := s.resources.DepartmentsByID(ctx, q, tenantID, departmentIDs)
	if err != nil {
		return err
	}
	for i, d := range w.Departments {
		if _, ok := departments[d.DepartmentID]; !ok {
			return apperr.NotFound("departments.%d.departmentId: department %s not found", i, d.DepartmentID)
		}
	}
	equipment, err := s.resources.EquipmentByID(ctx, q, tenantID, equipmentIDs)
	if err != nil {
		return err
	}
	for i, d := range w.Departments {
		for k, e := range d.EquipmentIDs {
			if _, ok := equipment[e]; !ok {
				return apperr.NotFound("departments.%d.equipment.%d.equipmentId: equipment %s not found", i, k, e)
			}
		}
	}
	fields := apperr.Fields{}
	for i, d := range w.Departments {
		for k, e := range d.EquipmentIDs {
			if equipment[e].DepartmentID != d.DepartmentID {
				fields.Add(fmt.Sprintf("departments.%d.equipment.%d.equipmentId", i, k),
					"equipment %s is not equipment of department %s", e, d.DepartmentID)
			}
		}
	}
	return fields.Err()
}

// resolveNames fills the department and equipment names of downtimes with one lookup each,
// however many downtimes.
func (s *Service) resolveNames(ctx context.Context, tenantID string, downtimes []Downtime) error {
	departmentIDs, equipmentIDs := referencedIDs(downtimes)
	departments, err := s.resources.DepartmentsByID(ctx, s.pool, tenantID, departmentIDs)
	if err != nil {
		return err
	}
	equipment, err := s.resources.EquipmentByID(ctx, s.pool, tenantID, equipmentIDs)
	if err != nil {
		return err
	}
	for i, d := range downtimes {
		depNames, eqNames := map[string]string{}, map[string]string{}
		for _, dep := range d.Departments {
			if ref, ok := departments[dep.DepartmentID]; ok {
				depNames[dep.DepartmentID] = ref.Name
			}
			for _, e := range dep.EquipmentIDs {
				if ref, ok := equipment[e]; ok {
					eqNames[e] = ref.Name
				}
			}
		}
		downtimes[i].DepartmentNames, downtimes[i].EquipmentNames = depNames, eqNames
	}
	return nil
}

// referencedIDs lists the distinct department and equipment ids downtimes name.
func referencedIDs(downtimes []Downtime) (departmentIDs, equipmentIDs []string) {
	seenDepartment, seenEquipment := map[string]bool{}, map[string]bool{}
	for _, d := range downtimes {
		for _, dep := range d.Departments {
			if !seenDepartment[dep.DepartmentID] {
				seenDepartment[dep.DepartmentID] = true
				departmentIDs = append(departmentIDs, dep.DepartmentID)
			}
			for _, e := range dep.EquipmentIDs {
				if !seenEquipment[e] {
					seenEquipment[e] = true
					equipmentIDs = append(equipmentIDs, e)
				}
			}
		}
	}
	return departmentIDs, equipmentIDs
}
