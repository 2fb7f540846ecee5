package resources

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// CreateDepartment stores a new department with its work centers and returns its id. A
// name taken by a live department answers 400 (decided by the unique index, so concurrent
// creates cannot both win); the work centers follow the rules of assignWorkCenters.
func (s *Service) CreateDepartment(ctx context.Context, tenantID string, d NewDepartment) (string, error) {
	fields := apperr.Fields{}
	d.Name = fields.Text("name", d.Name, maxText)
	d.DepartmentUpdate = normalizeDepartmentUpdate(fields, d.DepartmentUpdate)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.departments.insert(ctx, q, tenantID, id, d); err != nil {
			return err
		}
		return s.assignWorkCenters(ctx, q, tenantID, id, d.WorkCenterIDs)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// GetDepartment returns one department with its live work centers and their equipment.
func (s *Service) GetDepartment(ctx context.Context, tenantID, id string) (Department, error) {
	return s.getDepartment(ctx, s.pool, tenantID, id)
}

func (s *Service) getDepartment(ctx context.Context, q db.Q, tenantID, id string) (Department, error) {
	d, err := s.departments.get(ctx, q, tenantID, id)
	if err != nil {
		return Department{}, err
	}
	one := []Department{d}
	if err := s.withWorkCenters(ctx, q, tenantID, one); err != nil {
		return Department{}, err
	}
	return one[0], nil
}

// UpdateDepartment replaces a live department's description and work center set (the name
// stays) and returns it as stored.
func (s *Service) UpdateDepartment(ctx context.Context, tenantID, id string, u DepartmentUpdate) (Department, error) {
	fields := apperr.Fields{}
	u = normalizeDepartmentUpdate(fields, u)
	if err := fields.Err(); err != nil {
		return Department{}, err
	}
	var saved Department
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		// The update locks the department first, so updates of one department run one
		// after another.
		if err := s.departments.update(ctx, q, tenantID, id, u.Description); err != nil {
			return err
		}
		if err := s.assignWorkCenters(ctx, q, tenantID, id, u.WorkCenterIDs); err != nil {
			return err
		}
		var err error
		saved, err = s.getDepartment(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return Department{}, err
	}
	return saved, nil
}

// ListDepartments returns a page of live departments, each with its work centers and their
// equipment: three queries per page.
func (s *Service) ListDepartments(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Department, error) {
	q := s.pool
	page, err := listing.Resolve(r, departmentListSpec)
	if err != nil {
		return nil, err
	}
	list, err := s.departments.list(ctx, q, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	if err := s.withWorkCenters(ctx, q, tenantID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// assignWorkCenters makes ids the department's whole work center set. Each must be a live
// work center of the tenant (404 naming the first that is not) and not in another
// department (400, checked after every id was found): a department does not take a work center from another one; the work
// center's own update moves it. The listed work centers are locked first, so a concurrent
// department claiming one of them waits and then sees it taken.
func (s *Service) assignWorkCenters(ctx context.Context, q db.Q, tenantID, departmentID string, ids []string) error {
	live, err := s.workCenters.lockLive(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	// Every missing reference answers 404 before any taken one answers 400.
	for _, id := range ids {
		if _, ok := live[id]; !ok {
			return apperr.NotFound("workCenterIds: work center %s not found", id)
		}
	}
	for _, id := range ids {
		if wc := live[id]; wc.DepartmentID != nil && *wc.DepartmentID != departmentID {
			return apperr.Field("workCenterIds", "work center %s belongs to department %s; take it out of that department first", id, *wc.DepartmentID)
		}
	}
	return s.workCenters.setDepartment(ctx, q, tenantID, departmentID, ids)
}

// normalizeDepartmentUpdate trims the description (whitespace only is none) and refuses a
// work center listed twice.
func normalizeDepartmentUpdate(fields apperr.Fields, u DepartmentUpdate) DepartmentUpdate {
	u.Description = fields.OptionalText("description", u.Description, maxText)
	seen := make(map[string]bool, len(u.WorkCenterIDs))
	for _, id := range u.WorkCenterIDs {
		if seen[id] {
			fields.Add("workCenterIds", "work center %s is listed more than once", id)
		}
		seen[id] = true
	}
	if u.WorkCenterIDs == nil {
		u.WorkCenterIDs = []string{}
	}
	return u
}
