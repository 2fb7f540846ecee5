package tools

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ToolsHandler serves the Tools operations of the spec.
type ToolsHandler struct {
	svc *Service
}

// NewHandler returns the tools handler.
func NewHandler(svc *Service) *ToolsHandler { return &ToolsHandler{svc: svc} }

// Versioned declares templates, tools and calibrations for conditional requests. A tool shows
// its template's name and interval, so its ETag follows the template too. A calibration's
// GET answers an ETag, but its update is guarded by the body's version token (a stale one is
// a 409), not by If-Match.
func (h *ToolsHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "tool_templates", Key: map[string]string{"id": "toolTemplateId"},
			Operations: []string{"getToolTemplate", "updateToolTemplate", "deleteToolTemplate"}},
		{Table: "tools", Key: map[string]string{"id": "toolId"}, Shows: func() string { return showsSQL },
			Operations: []string{"getTool", "updateTool", "deleteTool"}},
		{Table: "tool_calibrations", Key: map[string]string{"id": "toolCalibrationId", "tool_id": "toolId"},
			Operations: []string{"getToolCalibration"}},
	}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Timezone: p.TenantTimezone, UserID: p.UserID}
}

func listRequest(sortField *string, sortDir *string, skip, take *int32) listing.Request {
	return listing.Request{SortField: sortField, SortDir: sortDir, Skip: skip, Take: take}
}

func (h *ToolsHandler) CreateToolTemplate(ctx context.Context, req gen.CreateToolTemplateRequestObject) (gen.CreateToolTemplateResponseObject, error) {
	id, err := h.svc.CreateTemplate(ctx, auth.TenantID(ctx), templateFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateToolTemplate200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ToolsHandler) GetToolTemplate(ctx context.Context, req gen.GetToolTemplateRequestObject) (gen.GetToolTemplateResponseObject, error) {
	t, err := h.svc.GetTemplate(ctx, auth.TenantID(ctx), req.ToolTemplateId)
	if err != nil {
		return nil, err
	}
	return gen.GetToolTemplate200JSONResponse{Body: templateToAPI(t)}, nil
}

func (h *ToolsHandler) UpdateToolTemplate(ctx context.Context, req gen.UpdateToolTemplateRequestObject) (gen.UpdateToolTemplateResponseObject, error) {
	t, err := h.svc.UpdateTemplate(ctx, auth.TenantID(ctx), req.ToolTemplateId, templateFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateToolTemplate200JSONResponse{Body: templateToAPI(t)}, nil
}

func (h *ToolsHandler) DeleteToolTemplate(ctx context.Context, req gen.DeleteToolTemplateRequestObject) (gen.DeleteToolTemplateResponseObject, error) {
	deleted, err := h.svc.DeleteTemplate(ctx, auth.TenantID(ctx), req.ToolTemplateId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteToolTemplate204Response{}, nil
	}
	return gen.DeleteToolTemplate200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ToolsHandler) ListToolTemplates(ctx context.Context, req gen.ListToolTemplatesRequestObject) (gen.ListToolTemplatesResponseObject, error) {
	var f TemplateFilter
	if b := req.Body; b != nil {
		f = TemplateFilter{IDs: listing.Values(b.Ids), Search: b.Search}
	}
	p := req.Params
	page, err := h.svc.ListTemplates(ctx, auth.TenantID(ctx), f, listRequest(p.SortField, (*string)(p.SortDir), p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ToolTemplatePage{Data: make([]gen.ToolTemplate, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage}
	for i, t := range page.Rows {
		out.Data[i] = templateToAPI(t)
	}
	return gen.ListToolTemplates200JSONResponse(out), nil
}

func templateFromAPI(b gen.ToolTemplateWrite) TemplateWrite {
	return TemplateWrite{Name: b.Name, Description: b.Description, CalibrationIntervalDays: b.CalibrationIntervalDays,
		CalibrationInstructions: b.CalibrationInstructions}
}

func templateToAPI(t Template) gen.ToolTemplate {
	return gen.ToolTemplate{Id: t.ID, Name: t.Name, Description: t.Description, CalibrationIntervalDays: t.CalibrationIntervalDays,
		CalibrationInstructions: t.CalibrationInstructions, CreatedUtc: utctime.From(t.CreatedUtc), ModifiedUtc: utctime.From(t.ModifiedUtc)}
}

func (h *ToolsHandler) CreateTool(ctx context.Context, req gen.CreateToolRequestObject) (gen.CreateToolResponseObject, error) {
	id, err := h.svc.CreateTool(ctx, auth.TenantID(ctx), toolFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateTool200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ToolsHandler) GetTool(ctx context.Context, req gen.GetToolRequestObject) (gen.GetToolResponseObject, error) {
	t, err := h.svc.GetTool(ctx, auth.TenantID(ctx), req.ToolId)
	if err != nil {
		return nil, err
	}
	return gen.GetTool200JSONResponse{Body: toolToAPI(t)}, nil
}

func (h *ToolsHandler) UpdateTool(ctx context.Context, req gen.UpdateToolRequestObject) (gen.UpdateToolResponseObject, error) {
	t, err := h.svc.UpdateTool(ctx, auth.TenantID(ctx), req.ToolId, toolFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateTool200JSONResponse{Body: toolToAPI(t)}, nil
}

func (h *ToolsHandler) DeleteTool(ctx context.Context, req gen.DeleteToolRequestObject) (gen.DeleteToolResponseObject, error) {
	deleted, err := h.svc.DeleteTool(ctx, auth.TenantID(ctx), req.ToolId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteTool204Response{}, nil
	}
	return gen.DeleteTool200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ToolsHandler) ListTools(ctx context.Context, req gen.ListToolsRequestObject) (gen.ListToolsResponseObject, error) {
	var f ToolFilter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = ToolFilter{IDs: listing.Values(b.Ids), TemplateIDs: listing.Values(b.ToolTemplateIds), LocationIDs: listing.Values(b.LocationIds),
			DueOnOrBefore: dayFromAPI(b.DueOnOrBefore), Overdue: b.Overdue, Search: b.Search}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		utctime.CheckFilterBound(fields, "dueOnOrBefore", f.DueOnOrBefore)
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	page, err := h.svc.ListTools(ctx, tenantOf(ctx), f, listRequest(p.SortField, (*string)(p.SortDir), p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ToolPage{Data: make([]gen.Tool, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage}
	for i, t := range page.Rows {
		out.Data[i] = toolToAPI(t)
	}
	return gen.ListTools200JSONResponse(out), nil
}

func toolFromAPI(b gen.ToolWrite) ToolWrite {
	w := ToolWrite{SerialNumber: b.SerialNumber, Name: b.Name, Description: b.Description, TemplateID: b.ToolTemplateId,
		LocationID: b.LocationId, CalibrationIntervalDays: b.CalibrationIntervalDays}
	if b.Status != nil {
		w.Status = Status(*b.Status)
	}
	return w
}

func toolToAPI(t Tool) gen.Tool {
	return gen.Tool{Id: t.ID, SerialNumber: t.SerialNumber, Name: t.Name, Description: t.Description, ToolTemplateId: t.TemplateID,
		ToolTemplateName: t.TemplateName, LocationId: t.LocationID, Status: gen.ToolStatus(t.Status),
		CalibrationIntervalDays: t.CalibrationIntervalDays, EffectiveCalibrationIntervalDays: t.EffectiveIntervalDays,
		LastCalibratedDate: dateToAPI(t.LastCalibratedDate), NextDueDate: dateToAPI(t.NextDueDate),
		CreatedUtc: utctime.From(t.CreatedUtc), ModifiedUtc: utctime.From(t.ModifiedUtc)}
}

func (h *ToolsHandler) CreateToolCalibration(ctx context.Context, req gen.CreateToolCalibrationRequestObject) (gen.CreateToolCalibrationResponseObject, error) {
	b := req.Body
	w := calibrationFromAPI(0, b.Result, b.CalibratedDate, b.CalibratedBy, b.Notes, b.Readings, b.CertificateAttachmentId)
	c, err := h.svc.CreateCalibration(ctx, tenantOf(ctx), req.ToolId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreateToolCalibration200JSONResponse(calibrationToAPI(c)), nil
}

func (h *ToolsHandler) GetToolCalibration(ctx context.Context, req gen.GetToolCalibrationRequestObject) (gen.GetToolCalibrationResponseObject, error) {
	c, err := h.svc.GetCalibration(ctx, auth.TenantID(ctx), req.ToolId, req.ToolCalibrationId)
	if err != nil {
		return nil, err
	}
	return gen.GetToolCalibration200JSONResponse{Body: calibrationToAPI(c)}, nil
}

func (h *ToolsHandler) UpdateToolCalibration(ctx context.Context, req gen.UpdateToolCalibrationRequestObject) (gen.UpdateToolCalibrationResponseObject, error) {
	b := req.Body
	w := calibrationFromAPI(b.Version, b.Result, b.CalibratedDate, b.CalibratedBy, b.Notes, b.Readings, b.CertificateAttachmentId)
	c, err := h.svc.UpdateCalibration(ctx, tenantOf(ctx), req.ToolId, req.ToolCalibrationId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateToolCalibration200JSONResponse(calibrationToAPI(c)), nil
}

func (h *ToolsHandler) ListToolCalibrations(ctx context.Context, req gen.ListToolCalibrationsRequestObject) (gen.ListToolCalibrationsResponseObject, error) {
	var f CalibrationFilter
	if b := req.Body; b != nil {
		for _, r := range listing.Values(b.Results) {
			f.Results = append(f.Results, Result(r))
		}
	}
	p := req.Params
	page, err := h.svc.ListCalibrations(ctx, auth.TenantID(ctx), req.ToolId, f, listRequest(p.SortField, (*string)(p.SortDir), p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ToolCalibrationPage{Data: make([]gen.ToolCalibration, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage}
	for i, c := range page.Rows {
		out.Data[i] = calibrationToAPI(c)
	}
	return gen.ListToolCalibrations200JSONResponse(out), nil
}

func calibrationFromAPI(version int64, result gen.ToolCalibrationResult, day *openapi_types.Date, by, notes *string,
	readings *[]gen.ToolCalibrationReading, certificate *string) CalibrationWrite {
	w := CalibrationWrite{Version: version, Result: Result(result), CalibratedDate: dayFromAPI(day),
		CalibratedBy: by, Notes: notes, CertificateAttachmentID: certificate}
	for _, r := range listing.Values(readings) {
		w.Readings = append(w.Readings, Reading{Name: r.Name, Value: r.Value, Unit: r.Unit})
	}
	return w
}

func calibrationToAPI(c Calibration) gen.ToolCalibration {
	out := gen.ToolCalibration{Id: c.ID, ToolId: c.ToolID, Version: c.Version, Result: gen.ToolCalibrationResult(c.Result),
		CalibratedDate: openapi_types.Date{Time: c.CalibratedDate}, RecordedByUserId: c.RecordedByUserID, CalibratedBy: c.CalibratedBy,
		Notes: c.Notes, CertificateAttachmentId: c.CertificateAttachmentID, NextDueDate: dateToAPI(c.NextDueDate),
		Readings:   make([]gen.ToolCalibrationReading, len(c.Readings)),
		CreatedUtc: utctime.From(c.CreatedUtc), ModifiedUtc: utctime.From(c.ModifiedUtc)}
	for i, r := range c.Readings {
		out.Readings[i] = gen.ToolCalibrationReading{Name: r.Name, Value: r.Value, Unit: r.Unit}
	}
	return out
}

// dayFromAPI reads a calendar day at midnight UTC (its years are checked where it is used).
func dayFromAPI(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	t := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	return &t
}

func dateToAPI(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}
