package resources

import (
	"context"

	"mos/internal/platform/db"
)

// What other areas (shifts, downtime) need to know about departments and equipment: which
// of the ids they were sent are live records, their names, and which department each
// equipment runs in. Both take the caller's q so they run inside the caller's transaction.

// DepartmentRef names a live department.
type DepartmentRef struct{ ID, Name string }

// EquipmentRef names a live equipment and its department: the department of its work
// center, "" when it has no work center or the work center has no department.
type EquipmentRef struct{ ID, Name, DepartmentID string }

// DepartmentsByID returns the tenant's live (not deleted) departments among ids, keyed by
// id; unknown, deleted and other tenants' ids are absent. One query however many ids.
func (s *Service) DepartmentsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]DepartmentRef, error) {
	out := map[string]DepartmentRef{}
	if len(ids) == 0 {
		return out, nil
	}
	refs, err := s.departments.refs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}

// EquipmentByID returns the tenant's live equipment among ids with their departments, keyed
// by id; unknown, deleted and other tenants' ids are absent. One query however many ids.
func (s *Service) EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]EquipmentRef, error) {
	out := map[string]EquipmentRef{}
	if len(ids) == 0 {
		return out, nil
	}
	refs, err := s.equipment.refs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}
