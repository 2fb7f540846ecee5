package resources

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// DepartmentsHandler serves /api/departments.
type DepartmentsHandler struct {
	svc *Service
}

// NewDepartmentsHandler returns the departments handler.
func NewDepartmentsHandler(svc *Service) *DepartmentsHandler { return &DepartmentsHandler{svc: svc} }

// Versioned declares departments for conditional requests (ETag, If-Match). A department's
// answer shows its work centers and their equipment, which its ETag follows too.
func (h *DepartmentsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "departments", Key: map[string]string{"id": "id"},
		Shows: func() string { return departmentShowsSQL }, Operations: []string{"getDepartment", "updateDepartment"}}}
}

func (h *DepartmentsHandler) CreateDepartment(ctx context.Context, req gen.CreateDepartmentRequestObject) (gen.CreateDepartmentResponseObject, error) {
	b := req.Body
	id, err := h.svc.CreateDepartment(ctx, auth.TenantID(ctx), NewDepartment{
		Name:             b.Name,
		DepartmentUpdate: DepartmentUpdate{Description: b.Description, WorkCenterIDs: orNone(b.WorkCenterIds)},
	})
	if err != nil {
		return nil, err
	}
	return gen.CreateDepartment200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *DepartmentsHandler) GetDepartment(ctx context.Context, req gen.GetDepartmentRequestObject) (gen.GetDepartmentResponseObject, error) {
	d, err := h.svc.GetDepartment(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetDepartment200JSONResponse{Body: departmentToAPI(d)}, nil
}

func (h *DepartmentsHandler) UpdateDepartment(ctx context.Context, req gen.UpdateDepartmentRequestObject) (gen.UpdateDepartmentResponseObject, error) {
	b := req.Body
	d, err := h.svc.UpdateDepartment(ctx, auth.TenantID(ctx), req.Id, DepartmentUpdate{Description: b.Description, WorkCenterIDs: orNone(b.WorkCenterIds)})
	if err != nil {
		return nil, err
	}
	return gen.UpdateDepartment200JSONResponse{Body: departmentToAPI(d)}, nil
}

func (h *DepartmentsHandler) ListDepartments(ctx context.Context, req gen.ListDepartmentsRequestObject) (gen.ListDepartmentsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{Name: b.Name, IDs: orNil(b.Ids)}
	}
	p := req.Params
	list, err := h.svc.ListDepartments(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListDepartments200JSONResponse, len(list))
	for i, d := range list {
		out[i] = departmentToAPI(d)
	}
	return out, nil
}

func departmentToAPI(d Department) gen.Department {
	wcs := make([]gen.WorkCenter, len(d.WorkCenters))
	for i, wc := range d.WorkCenters {
		wcs[i] = workCenterToAPI(wc)
	}
	return gen.Department{
		Id: d.ID, Name: d.Name, Description: d.Description, WorkCenterIds: d.WorkCenterIDs(),
		Deleted: d.Deleted, WorkCenters: wcs,
	}
}

// orNone is the slice p points to; an omitted array is empty.
func orNone(p *[]string) []string {
	if p == nil {
		return []string{}
	}
	return *p
}

// orNil is the slice p points to; an omitted filter array is nil (no clause).
func orNil(p *[]string) []string {
	if p == nil {
		return nil
	}
	return *p
}
