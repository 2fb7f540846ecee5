package resources

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// WorkCentersHandler serves /api/work-centers.
type WorkCentersHandler struct {
	svc *Service
}

// NewWorkCentersHandler returns the work centers handler.
func NewWorkCentersHandler(svc *Service) *WorkCentersHandler { return &WorkCentersHandler{svc: svc} }

// Versioned declares work centers for conditional requests (ETag, If-Match). A work center's
// answer shows its equipment, which its ETag follows too.
func (h *WorkCentersHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "work_centers", Key: map[string]string{"id": "id"},
		Shows:      func() string { return workCenterShowsSQL },
		Operations: []string{"getWorkCenter", "updateWorkCenter", "deleteWorkCenter"}}}
}

func (h *WorkCentersHandler) CreateWorkCenter(ctx context.Context, req gen.CreateWorkCenterRequestObject) (gen.CreateWorkCenterResponseObject, error) {
	id, err := h.svc.CreateWorkCenter(ctx, auth.TenantID(ctx), workCenterFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateWorkCenter200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *WorkCentersHandler) GetWorkCenter(ctx context.Context, req gen.GetWorkCenterRequestObject) (gen.GetWorkCenterResponseObject, error) {
	wc, err := h.svc.GetWorkCenter(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetWorkCenter200JSONResponse{Body: workCenterToAPI(wc)}, nil
}

func (h *WorkCentersHandler) UpdateWorkCenter(ctx context.Context, req gen.UpdateWorkCenterRequestObject) (gen.UpdateWorkCenterResponseObject, error) {
	wc, err := h.svc.UpdateWorkCenter(ctx, auth.TenantID(ctx), req.Id, workCenterFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateWorkCenter200JSONResponse{Body: workCenterToAPI(wc)}, nil
}

func (h *WorkCentersHandler) DeleteWorkCenter(ctx context.Context, req gen.DeleteWorkCenterRequestObject) (gen.DeleteWorkCenterResponseObject, error) {
	deleted, err := h.svc.DeleteWorkCenter(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteWorkCenter204Response{}, nil
	}
	return gen.DeleteWorkCenter200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *WorkCentersHandler) ListWorkCenters(ctx context.Context, req gen.ListWorkCentersRequestObject) (gen.ListWorkCentersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{Name: b.Name, IDs: orNil(b.Ids)}
	}
	p := req.Params
	list, err := h.svc.ListWorkCenters(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListWorkCenters200JSONResponse, len(list))
	for i, wc := range list {
		out[i] = workCenterToAPI(wc)
	}
	return out, nil
}

func workCenterFromAPI(b gen.WorkCenterWrite) WorkCenterWrite {
	return WorkCenterWrite{Name: b.Name, DepartmentID: b.DepartmentId, Rates: Rates{
		Setup: orZero(b.SetupRate), Run: orZero(b.RunRate), Labor: orZero(b.LaborRate),
		Overhead: orZero(b.OverheadRate), Machine: orZero(b.MachineRate),
	}}
}

// orZero is an omitted rate's value, 0.
func orZero(p *dec.Decimal) dec.Decimal {
	if p == nil {
		return dec.Zero
	}
	return *p
}

func workCenterToAPI(wc WorkCenter) gen.WorkCenter {
	equipment := make([]gen.Equipment, len(wc.Equipment))
	for i, e := range wc.Equipment {
		equipment[i] = equipmentToAPI(e)
	}
	return gen.WorkCenter{
		Id: wc.ID, Name: wc.Name, DepartmentId: wc.DepartmentID,
		SetupRate: wc.Setup, RunRate: wc.Run, LaborRate: wc.Labor, OverheadRate: wc.Overhead, MachineRate: wc.Machine,
		Deleted: wc.Deleted, Equipment: equipment,
	}
}
