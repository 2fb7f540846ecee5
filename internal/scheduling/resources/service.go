package resources

import (
	"context"

	"mos/internal/platform/db"
)

// Service holds the rules of departments, work centers and equipment. They share one
// service because their rules cross: a department's work center set is the work centers'
// departmentId, and an equipment's department is its work center's.
type Service struct {
	pool        *db.Pool
	departments departmentStore
	workCenters workCenterStore
	equipment   equipmentStore
}

// NewService returns the scheduling resources service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// withEquipment fills the Equipment of each work center: one query however many there are.
func (s *Service) withEquipment(ctx context.Context, q db.Q, tenantID string, wcs []WorkCenter) error {
	if len(wcs) == 0 {
		return nil
	}
	ids := make([]string, len(wcs))
	at := make(map[string]int, len(wcs))
	for i, wc := range wcs {
		ids[i] = wc.ID
		at[wc.ID] = i
	}
	equipment, err := s.equipment.ofWorkCenters(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	for _, e := range equipment {
		i := at[*e.WorkCenterID]
		wcs[i].Equipment = append(wcs[i].Equipment, e)
	}
	return nil
}

// withWorkCenters fills the WorkCenters of each department, each with its equipment: two
// queries however many departments there are.
func (s *Service) withWorkCenters(ctx context.Context, q db.Q, tenantID string, ds []Department) error {
	if len(ds) == 0 {
		return nil
	}
	ids := make([]string, len(ds))
	at := make(map[string]int, len(ds))
	for i, d := range ds {
		ids[i] = d.ID
		at[d.ID] = i
	}
	wcs, err := s.workCenters.ofDepartments(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	if err := s.withEquipment(ctx, q, tenantID, wcs); err != nil {
		return err
	}
	for _, wc := range wcs {
		i := at[*wc.DepartmentID]
		ds[i].WorkCenters = append(ds[i].WorkCenters, wc)
	}
	return nil
}
