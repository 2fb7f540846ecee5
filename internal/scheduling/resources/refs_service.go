package resources

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// What other areas (shifts, downtime, the operation library) need to know about departments,
// work centers and equipment: which of the ids they were sent are live records, their names,
// and which work center and department each equipment runs in. Each takes the caller's q so
// it runs inside the caller's transaction.

// DepartmentRef names a live department.
type DepartmentRef struct{ ID, Name string }

// WorkCenterRef names a live work center.
type WorkCenterRef struct{ ID, Name string }

// EquipmentRef names a live equipment, its work center ("" when none) and its department:
// the department of its work center, "" when it has no work center or the work center has
// no department.
type EquipmentRef struct{ ID, Name, WorkCenterID, DepartmentID string }

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

// WorkCentersByID returns the tenant's live (not deleted) work centers among ids, keyed by
// id; unknown, deleted and other tenants' ids are absent. One query however many ids.
func (s *Service) WorkCentersByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]WorkCenterRef, error) {
	out := map[string]WorkCenterRef{}
	if len(ids) == 0 {
		return out, nil
	}
	refs, err := s.workCenters.refs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}

// EquipmentByID returns the tenant's live equipment among ids with their work centers and departments, keyed
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

// WorkCenterRates are a work center's hourly rates, for costing.
type WorkCenterRates struct {
	ID                                   string
	LaborRate, MachineRate, OverheadRate dec.Decimal
	// SetupRate costs setup time (timers count it as labor cost).
	SetupRate dec.Decimal
}

// WorkCenterRates returns the hourly rates of the tenant's work centers among ids, deleted
// ones included (a routing operation naming a work center deleted since still costs at its
// rates), keyed by id; unknown and other tenants' ids are absent. One query however many ids.
func (s *Service) WorkCenterRates(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]WorkCenterRates, error) {
	out := map[string]WorkCenterRates{}
	if len(ids) == 0 {
		return out, nil
	}
	rates, err := s.workCenters.rates(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rates {
		out[r.ID] = r
	}
	return out, nil
}
