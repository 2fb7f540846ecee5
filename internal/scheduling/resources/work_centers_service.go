package resources

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// maxRatePlaces is the most decimal places a rate keeps; more would be rounding the client
// did not ask for, and unbounded scale would let one request store thousands of digits.
const maxRatePlaces = 10

// CreateWorkCenter stores a new work center and returns its id. A name taken by a live work
// center answers 400 (decided by the unique index); an unknown department answers 404.
func (s *Service) CreateWorkCenter(ctx context.Context, tenantID string, w WorkCenterWrite) (string, error) {
	w, err := normalizeWorkCenter(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireDepartment(ctx, q, tenantID, w.DepartmentID); err != nil {
			return err
		}
		return s.workCenters.insert(ctx, q, tenantID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// GetWorkCenter returns one work center, deleted or not, with its live equipment.
func (s *Service) GetWorkCenter(ctx context.Context, tenantID, id string) (WorkCenter, error) {
	return s.getWorkCenter(ctx, s.pool, tenantID, id)
}

func (s *Service) getWorkCenter(ctx context.Context, q db.Q, tenantID, id string) (WorkCenter, error) {
	wc, err := s.workCenters.get(ctx, q, tenantID, id)
	if err != nil {
		return WorkCenter{}, err
	}
	one := []WorkCenter{wc}
	if err := s.withEquipment(ctx, q, tenantID, one); err != nil {
		return WorkCenter{}, err
	}
	return one[0], nil
}

// UpdateWorkCenter replaces every member of a live work center under the create rules; its
// departmentId moves it (and its equipment) to that department, or out of any when nil.
func (s *Service) UpdateWorkCenter(ctx context.Context, tenantID, id string, w WorkCenterWrite) (WorkCenter, error) {
	w, err := normalizeWorkCenter(w)
	if err != nil {
		return WorkCenter{}, err
	}
	var saved WorkCenter
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireDepartment(ctx, q, tenantID, w.DepartmentID); err != nil {
			return err
		}
		if err := s.workCenters.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.getWorkCenter(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return WorkCenter{}, err
	}
	return saved, nil
}

// DeleteWorkCenter soft-deletes a live work center and reports whether there was one. A
// work center holding live equipment is not deleted (400), so equipment never sits in a
// deleted work center: equipment writes hold a share lock on their work center, which
// makes the delete wait for them and then count what they committed.
func (s *Service) DeleteWorkCenter(ctx context.Context, tenantID, id string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		if deleted, err = s.workCenters.softDelete(ctx, q, tenantID, id); err != nil || !deleted {
			return err
		}
		n, err := s.equipment.countLiveIn(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.Invalid("work center %s still holds %d equipment; move them to another work center first", id, n)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return deleted, nil
}

// ListWorkCenters returns a page of live work centers, each with its live equipment: two
// queries per page.
func (s *Service) ListWorkCenters(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]WorkCenter, error) {
	q := s.pool
	page, err := listing.Resolve(r, workCenterListSpec)
	if err != nil {
		return nil, err
	}
	list, err := s.workCenters.list(ctx, q, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	if err := s.withEquipment(ctx, q, tenantID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// requireDepartment answers 404 naming departmentId unless id (when set) is a live
// department of the tenant. The foreign key backs it up; departments have no delete yet.
func (s *Service) requireDepartment(ctx context.Context, q db.Q, tenantID string, id *string) error {
	if id == nil {
		return nil
	}
	found, err := s.departments.refs(ctx, q, tenantID, []string{*id})
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return apperr.NotFound("departmentId: department %s not found", *id)
	}
	return nil
}

// normalizeWorkCenter trims the name and checks the rates: 0 or more (the spec and a CHECK
// say so too) with at most maxRatePlaces decimal places.
func normalizeWorkCenter(w WorkCenterWrite) (WorkCenterWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxText)
	for _, r := range []struct {
		field string
		rate  dec.Decimal
	}{
		{"setupRate", w.Setup}, {"runRate", w.Run}, {"laborRate", w.Labor},
		{"overheadRate", w.Overhead}, {"machineRate", w.Machine},
	} {
		if r.rate.IsNegative() {
			fields.Add(r.field, "must be 0 or more")
		}
		if !r.rate.Equal(r.rate.Round(maxRatePlaces)) {
			fields.Add(r.field, "must have at most %d decimal places", maxRatePlaces)
		}
	}
	return w, fields.Err()
}
