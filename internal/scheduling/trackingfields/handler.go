package trackingfields

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// TrackingFieldsHandler serves /api/in-process-tracking-field-types.
type TrackingFieldsHandler struct {
	svc *Service
}

// NewHandler returns the in-process tracking fields handler.
func NewHandler(svc *Service) *TrackingFieldsHandler { return &TrackingFieldsHandler{svc: svc} }

// Versioned declares the in-process tracking fields for conditional requests (ETag,
// If-None-Match).
func (h *TrackingFieldsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "in_process_tracking_fields", Key: map[string]string{"id": "id"},
		Operations: []string{"getInProcessTrackingField"}}}
}

func (h *TrackingFieldsHandler) CreateInProcessTrackingField(ctx context.Context, req gen.CreateInProcessTrackingFieldRequestObject) (gen.CreateInProcessTrackingFieldResponseObject, error) {
	b := req.Body
	w := FieldWrite{Name: b.Name, DataType: DataType(b.DataType), Description: b.Description, UnitTypeName: b.UnitTypeName}
	if b.DropDownOptions != nil {
		w.DropDownOptions = *b.DropDownOptions
	}
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateInProcessTrackingField200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TrackingFieldsHandler) GetInProcessTrackingField(ctx context.Context, req gen.GetInProcessTrackingFieldRequestObject) (gen.GetInProcessTrackingFieldResponseObject, error) {
	f, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetInProcessTrackingField200JSONResponse{Body: toAPI(f)}, nil
}

func (h *TrackingFieldsHandler) ListInProcessTrackingFields(ctx context.Context, req gen.ListInProcessTrackingFieldsRequestObject) (gen.ListInProcessTrackingFieldsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInProcessTrackingFields200JSONResponse, len(list))
	for i, field := range list {
		out[i] = toAPI(field)
	}
	return out, nil
}

func toAPI(f Field) gen.InProcessTrackingField {
	return gen.InProcessTrackingField{
		Id: f.ID, Name: f.Name, DataType: gen.TrackingFieldDataType(f.DataType), Description: f.Description,
		DropDownOptions: f.DropDownOptions, UnitTypeName: f.UnitTypeName,
	}
}
