package downtime

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// EquipmentDowntimeHandler serves /api/equipment-downtimes.
type EquipmentDowntimeHandler struct {
	svc *Service
}

// NewHandler returns the equipment downtime handler.
func NewHandler(svc *Service) *EquipmentDowntimeHandler { return &EquipmentDowntimeHandler{svc: svc} }

// Versioned declares equipment downtimes for conditional requests (ETag, If-Match). A
// downtime's answer shows the names of its departments and equipment, which its ETag follows
// too.
func (h *EquipmentDowntimeHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "equipment_downtimes", Key: map[string]string{"id": "id"}, Shows: downtimeShowsSQL,
		Operations: []string{"getEquipmentDowntime", "updateEquipmentDowntime", "deleteEquipmentDowntime"}}}
}

func (h *EquipmentDowntimeHandler) CreateEquipmentDowntime(ctx context.Context, req gen.CreateEquipmentDowntimeRequestObject) (gen.CreateEquipmentDowntimeResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateEquipmentDowntime200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *EquipmentDowntimeHandler) GetEquipmentDowntime(ctx context.Context, req gen.GetEquipmentDowntimeRequestObject) (gen.GetEquipmentDowntimeResponseObject, error) {
	d, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetEquipmentDowntime200JSONResponse{Body: toAPI(d)}, nil
}

func (h *EquipmentDowntimeHandler) UpdateEquipmentDowntime(ctx context.Context, req gen.UpdateEquipmentDowntimeRequestObject) (gen.UpdateEquipmentDowntimeResponseObject, error) {
	d, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateEquipmentDowntime200JSONResponse{Body: toAPI(d)}, nil
}

func (h *EquipmentDowntimeHandler) DeleteEquipmentDowntime(ctx context.Context, req gen.DeleteEquipmentDowntimeRequestObject) (gen.DeleteEquipmentDowntimeResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteEquipmentDowntime204Response{}, nil
	}
	return gen.DeleteEquipmentDowntime200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *EquipmentDowntimeHandler) ListEquipmentDowntimes(ctx context.Context, req gen.ListEquipmentDowntimesRequestObject) (gen.ListEquipmentDowntimesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.DepartmentIds != nil {
			f.DepartmentIDs = *b.DepartmentIds
		}
		if b.StartsBeforeUtc != nil {
			f.StartsBefore = &b.StartsBeforeUtc.Time
		}
		if b.EndsAfterUtc != nil {
			f.EndsAfter = &b.EndsAfterUtc.Time
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListEquipmentDowntimes200JSONResponse, len(list))
	for i, d := range list {
		out[i] = toAPI(d)
	}
	return out, nil
}

func fromAPI(b gen.EquipmentDowntimeWrite) DowntimeWrite {
	w := DowntimeWrite{Start: b.StartDateTime.UTC(), End: b.EndDateTime.UTC()}
	if b.Departments != nil {
		for _, d := range *b.Departments {
			dep := DepartmentDown{DepartmentID: d.DepartmentId}
			if d.Equipment != nil {
				for _, e := range *d.Equipment {
					dep.EquipmentIDs = append(dep.EquipmentIDs, e.EquipmentId)
				}
			}
			w.Departments = append(w.Departments, dep)
		}
	}
	return w
}

func toAPI(d Downtime) gen.EquipmentDowntime {
	out := gen.EquipmentDowntime{
		Id: d.ID, StartDateTime: utctime.From(d.Start), EndDateTime: utctime.From(d.End), Deleted: d.Deleted,
		Departments: make([]gen.EquipmentDowntimeDepartment, len(d.Departments)),
	}
	for i, dep := range d.Departments {
		o := gen.EquipmentDowntimeDepartment{
			DepartmentId:   dep.DepartmentID,
			DepartmentName: nameOf(d.DepartmentNames, dep.DepartmentID),
			AllEquipment:   dep.AllEquipment(),
			Equipment:      make([]gen.EquipmentDowntimeEquipment, len(dep.EquipmentIDs)),
		}
		for k, e := range dep.EquipmentIDs {
			o.Equipment[k] = gen.EquipmentDowntimeEquipment{EquipmentId: e, EquipmentName: nameOf(d.EquipmentNames, e)}
		}
		out.Departments[i] = o
	}
	return out
}

// nameOf is id's name in names, or nil when the record is no longer live.
func nameOf(names map[string]string, id string) *string {
	if name, ok := names[id]; ok {
		return &name
	}
	return nil
}
