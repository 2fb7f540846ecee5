package capas

import (
	"context"
	"time"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/quality/ncrs"
)

// CapasHandler serves the CAPAs operations of the spec.
type CapasHandler struct {
	svc *Service
}

// NewHandler returns the CAPAs handler.
func NewHandler(svc *Service) *CapasHandler { return &CapasHandler{svc: svc} }

// Versioned declares CAPAs for conditional requests (ETag, If-Match).
func (h *CapasHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "capas", Key: map[string]string{"id": "capaId"},
		Operations: []string{"getCapa", "updateCapa", "replaceCapaCustomFields"}}}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID, Timezone: p.TenantTimezone}
}

func timePtr(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.Time
	return &v
}

func (h *CapasHandler) CreateCapa(ctx context.Context, req gen.CreateCapaRequestObject) (gen.CreateCapaResponseObject, error) {
	b := req.Body
	w := Write{Type: Type(b.CapaType), ProblemStatement: b.ProblemStatement, RootCauseAnalysis: b.RootCauseAnalysis,
		DueDate: timePtr(b.DueDate), NcrID: b.NcrId}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateCapa200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CapasHandler) GetCapa(ctx context.Context, req gen.GetCapaRequestObject) (gen.GetCapaResponseObject, error) {
	c, err := h.svc.Get(ctx, auth.TenantID(ctx), req.CapaId)
	if err != nil {
		return nil, err
	}
	return gen.GetCapa200JSONResponse{Body: toAPI(c)}, nil
}

func (h *CapasHandler) UpdateCapa(ctx context.Context, req gen.UpdateCapaRequestObject) (gen.UpdateCapaResponseObject, error) {
	b := req.Body
	due := b.DueDate.Time
	w := Write{Type: Type(b.CapaType), ProblemStatement: b.ProblemStatement, RootCauseAnalysis: b.RootCauseAnalysis,
		CorrectiveAction: b.CorrectiveAction, DueDate: &due}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	c, err := h.svc.Update(ctx, auth.TenantID(ctx), req.CapaId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateCapa200JSONResponse{Body: toAPI(c)}, nil
}

func (h *CapasHandler) UpdateCapaStatus(ctx context.Context, req gen.UpdateCapaStatusRequestObject) (gen.UpdateCapaStatusResponseObject, error) {
	c, err := h.svc.UpdateStatus(ctx, auth.TenantID(ctx), req.CapaId, Status(req.Body.Status))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCapaStatus200JSONResponse(toAPI(c)), nil
}

func (h *CapasHandler) ReplaceCapaCustomFields(ctx context.Context, req gen.ReplaceCapaCustomFieldsRequestObject) (gen.ReplaceCapaCustomFieldsResponseObject, error) {
	var values map[string]any
	if req.Body != nil {
		values = *req.Body
	}
	c, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), req.CapaId, values)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceCapaCustomFields200JSONResponse{Body: toAPI(c)}, nil
}

func (h *CapasHandler) ListCapas(ctx context.Context, req gen.ListCapasRequestObject) (gen.ListCapasResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			Type: b.Type, NcrID: b.NcrId,
			CreatedSince: utctime.ParseFilterInstant(fields, "createdUtc", b.CreatedUtc),
			CreatedFrom:  ncrs.ShopDay(fields, "createdFrom", b.CreatedFrom),
			CreatedTo:    ncrs.ShopDay(fields, "createdTo", b.CreatedTo),
		}
		if b.Status != nil {
			st := Status(*b.Status)
			f.Status = &st
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	page, err := h.svc.List(ctx, tenantOf(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.CapaPage{
		Data: make([]gen.Capa, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, c := range page.Rows {
		out.Data[i] = toAPI(c)
	}
	return gen.ListCapas200JSONResponse(out), nil
}

func toAPI(c CAPA) gen.Capa {
	return gen.Capa{
		Id: c.ID, Number: c.Number, CapaType: gen.CapaType(c.Type), ProblemStatement: c.ProblemStatement,
		Status: gen.CapaStatus(c.Status), RootCauseAnalysis: c.RootCauseAnalysis, CorrectiveAction: c.CorrectiveAction,
		NcrId: c.NcrID, CreatedUtc: utctime.From(c.CreatedUtc), DueDate: utctime.From(c.DueDate),
		ClosedUtc: utctime.Ptr(c.ClosedUtc), ModifiedUtc: utctime.From(c.ModifiedUtc), CustomFields: c.CustomFields,
	}
}
