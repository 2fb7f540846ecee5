package shifts

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// DepartmentShiftsHandler serves /api/department-shifts.
type DepartmentShiftsHandler struct {
	svc *Service
}

// NewHandler returns the department shifts handler.
func NewHandler(svc *Service) *DepartmentShiftsHandler { return &DepartmentShiftsHandler{svc: svc} }

// Versioned declares department shifts for conditional requests (ETag, If-Match). A shift's
// answer shows the names of its equipment, which its ETag follows too.
func (h *DepartmentShiftsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "department_shifts", Key: map[string]string{"id": "id"}, Shows: shiftShowsSQL,
		Operations: []string{"getDepartmentShift", "updateDepartmentShift", "deleteDepartmentShift"}}}
}

func (h *DepartmentShiftsHandler) CreateDepartmentShift(ctx context.Context, req gen.CreateDepartmentShiftRequestObject) (gen.CreateDepartmentShiftResponseObject, error) {
	b := req.Body
	w := writeFromAPI(gen.DepartmentShiftWrite{
		Name: b.Name, StartTime: b.StartTime, EndTime: b.EndTime, Days: b.Days, SimultaneousEquipment: b.SimultaneousEquipment,
		UnlimitedCapacity: b.UnlimitedCapacity, MaxDailyNewJobs: b.MaxDailyNewJobs, AvailableEquipment: b.AvailableEquipment,
	})
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), NewShift{DepartmentID: b.DepartmentId, ShiftWrite: w})
	if err != nil {
		return nil, err
	}
	return gen.CreateDepartmentShift200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *DepartmentShiftsHandler) GetDepartmentShift(ctx context.Context, req gen.GetDepartmentShiftRequestObject) (gen.GetDepartmentShiftResponseObject, error) {
	sh, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetDepartmentShift200JSONResponse{Body: toAPI(sh)}, nil
}

func (h *DepartmentShiftsHandler) UpdateDepartmentShift(ctx context.Context, req gen.UpdateDepartmentShiftRequestObject) (gen.UpdateDepartmentShiftResponseObject, error) {
	sh, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateDepartmentShift200JSONResponse{Body: toAPI(sh)}, nil
}

func (h *DepartmentShiftsHandler) DeleteDepartmentShift(ctx context.Context, req gen.DeleteDepartmentShiftRequestObject) (gen.DeleteDepartmentShiftResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteDepartmentShift204Response{}, nil
	}
	return gen.DeleteDepartmentShift200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *DepartmentShiftsHandler) ListDepartmentShifts(ctx context.Context, req gen.ListDepartmentShiftsRequestObject) (gen.ListDepartmentShiftsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.DepartmentIds != nil {
			f.DepartmentIDs = *b.DepartmentIds
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListDepartmentShifts200JSONResponse, len(list))
	for i, sh := range list {
		out[i] = toAPI(sh)
	}
	return out, nil
}

// writeFromAPI reads a full-update body; omitted optional members take their zero values.
func writeFromAPI(b gen.DepartmentShiftWrite) ShiftWrite {
	w := ShiftWrite{Name: b.Name, StartTime: b.StartTime, EndTime: b.EndTime, MaxDailyNewJobs: b.MaxDailyNewJobs}
	if b.Days != nil {
		w.Days = daysFromAPI(*b.Days)
	}
	if b.SimultaneousEquipment != nil {
		w.SimultaneousEquipment = countsFromAPI(*b.SimultaneousEquipment)
	}
	if b.UnlimitedCapacity != nil {
		w.UnlimitedCapacity = *b.UnlimitedCapacity
	}
	if b.AvailableEquipment != nil {
		for _, a := range *b.AvailableEquipment {
			w.AvailableEquipment = append(w.AvailableEquipment, Availability{
				EquipmentID: a.EquipmentId,
				Days:        Week[bool]{a.Monday, a.Tuesday, a.Wednesday, a.Thursday, a.Friday, a.Saturday, a.Sunday},
			})
		}
	}
	return w
}

func daysFromAPI(d gen.ShiftDays) Week[bool] {
	return Week[bool]{d.Monday, d.Tuesday, d.Wednesday, d.Thursday, d.Friday, d.Saturday, d.Sunday}
}

func daysToAPI(w Week[bool]) gen.ShiftDays {
	return gen.ShiftDays{Monday: w[0], Tuesday: w[1], Wednesday: w[2], Thursday: w[3], Friday: w[4], Saturday: w[5], Sunday: w[6]}
}

func countsFromAPI(c gen.ShiftEquipmentCounts) Week[int32] {
	return Week[int32]{c.Monday, c.Tuesday, c.Wednesday, c.Thursday, c.Friday, c.Saturday, c.Sunday}
}

func countsToAPI(w Week[int32]) gen.ShiftEquipmentCounts {
	return gen.ShiftEquipmentCounts{Monday: w[0], Tuesday: w[1], Wednesday: w[2], Thursday: w[3], Friday: w[4], Saturday: w[5], Sunday: w[6]}
}

func toAPI(sh Shift) gen.DepartmentShift {
	out := gen.DepartmentShift{
		Id: sh.ID, DepartmentId: sh.DepartmentID, Name: sh.Name, StartTime: sh.StartTime, EndTime: sh.EndTime,
		Days:                  daysToAPI(sh.Days),
		SimultaneousEquipment: countsToAPI(sh.SimultaneousEquipment),
		UnlimitedCapacity:     sh.UnlimitedCapacity,
		MaxDailyNewJobs:       sh.MaxDailyNewJobs,
		AvailableEquipment:    make([]gen.ShiftEquipment, len(sh.AvailableEquipment)),
		Deleted:               sh.Deleted,
	}
	if n := sh.LengthInMinutes(); n != nil {
		minutes := int32(*n)
		out.LengthOfShiftInMinutes = &minutes
	}
	for i, a := range sh.AvailableEquipment {
		e := gen.ShiftEquipment{
			EquipmentId: a.EquipmentID,
			Monday:      a.Days[0], Tuesday: a.Days[1], Wednesday: a.Days[2], Thursday: a.Days[3],
			Friday: a.Days[4], Saturday: a.Days[5], Sunday: a.Days[6],
		}
		if name, ok := sh.EquipmentNames[a.EquipmentID]; ok {
			e.EquipmentName = &name
		}
		out.AvailableEquipment[i] = e
	}
	return out
}
