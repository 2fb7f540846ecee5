package resources

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// EquipmentHandler serves /api/equipment.
type EquipmentHandler struct {
	svc *Service
}

// NewEquipmentHandler returns the equipment handler.
func NewEquipmentHandler(svc *Service) *EquipmentHandler { return &EquipmentHandler{svc: svc} }

// Versioned declares equipment for conditional requests (ETag, If-Match). An equipment's
// answer shows the department of its work center, which its ETag follows too.
func (h *EquipmentHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "equipment", Key: map[string]string{"id": "id"},
		Shows: func() string { return equipmentShowsSQL }, Operations: []string{"getEquipment", "updateEquipment"}}}
}

func (h *EquipmentHandler) CreateEquipment(ctx context.Context, req gen.CreateEquipmentRequestObject) (gen.CreateEquipmentResponseObject, error) {
	id, err := h.svc.CreateEquipment(ctx, auth.TenantID(ctx), equipmentFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateEquipment200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *EquipmentHandler) GetEquipment(ctx context.Context, req gen.GetEquipmentRequestObject) (gen.GetEquipmentResponseObject, error) {
	e, err := h.svc.GetEquipment(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetEquipment200JSONResponse{Body: equipmentToAPI(e)}, nil
}

func (h *EquipmentHandler) UpdateEquipment(ctx context.Context, req gen.UpdateEquipmentRequestObject) (gen.UpdateEquipmentResponseObject, error) {
	e, err := h.svc.UpdateEquipment(ctx, auth.TenantID(ctx), req.Id, equipmentFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateEquipment200JSONResponse{Body: equipmentToAPI(e)}, nil
}

func (h *EquipmentHandler) ListEquipment(ctx context.Context, req gen.ListEquipmentRequestObject) (gen.ListEquipmentResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{Name: b.Name, IDs: orNil(b.Ids)}
	}
	p := req.Params
	list, err := h.svc.ListEquipment(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListEquipment200JSONResponse, len(list))
	for i, e := range list {
		out[i] = equipmentToAPI(e)
	}
	return out, nil
}

func equipmentFromAPI(b gen.EquipmentWrite) EquipmentWrite {
	w := EquipmentWrite{
		Name: b.Name, Description: b.Description, WorkCenterID: b.WorkCenterId,
		Manufacturer: b.Manufacturer, ModelNumber: b.ModelNumber, SerialNumber: b.SerialNumber, Notes: b.Notes,
	}
	if b.CanRunUnattended != nil {
		w.CanRunUnattended = *b.CanRunUnattended
	}
	if b.UnlimitedCapacity != nil {
		w.UnlimitedCapacity = *b.UnlimitedCapacity
	}
	if b.Status != nil {
		w.Status = EquipmentStatus(*b.Status)
	}
	return w
}

func equipmentToAPI(e Equipment) gen.Equipment {
	return gen.Equipment{
		Id: e.ID, Name: e.Name, Description: e.Description, WorkCenterId: e.WorkCenterID, DepartmentId: e.DepartmentID,
		Manufacturer: e.Manufacturer, ModelNumber: e.ModelNumber, SerialNumber: e.SerialNumber,
		CanRunUnattended: e.CanRunUnattended, UnlimitedCapacity: e.UnlimitedCapacity,
		Status: gen.EquipmentStatus(e.Status), Notes: e.Notes, Deleted: e.Deleted,
	}
}
