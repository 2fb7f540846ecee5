package customfields

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// CustomFieldsHandler serves custom field definitions.
type CustomFieldsHandler struct {
	svc *Service
}

// NewHandler returns the custom fields handler.
func NewHandler(svc *Service) *CustomFieldsHandler { return &CustomFieldsHandler{svc: svc} }

// Versioned declares the custom field definitions for conditional requests (ETag, If-Match).
func (h *CustomFieldsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "custom_fields", Key: map[string]string{"id": "id"},
		Operations: []string{"getCustomField", "updateCustomField", "deleteCustomField"}}}
}

func (h *CustomFieldsHandler) CreateCustomField(ctx context.Context, req gen.CreateCustomFieldRequestObject) (gen.CreateCustomFieldResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateCustomField200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CustomFieldsHandler) GetCustomField(ctx context.Context, req gen.GetCustomFieldRequestObject) (gen.GetCustomFieldResponseObject, error) {
	d, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetCustomField200JSONResponse{Body: toAPI(d)}, nil
}

func (h *CustomFieldsHandler) UpdateCustomField(ctx context.Context, req gen.UpdateCustomFieldRequestObject) (gen.UpdateCustomFieldResponseObject, error) {
	d, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCustomField200JSONResponse{Body: toAPI(d)}, nil
}

func (h *CustomFieldsHandler) DeleteCustomField(ctx context.Context, req gen.DeleteCustomFieldRequestObject) (gen.DeleteCustomFieldResponseObject, error) {
	existed, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	if !existed {
		return gen.DeleteCustomField204Response{}, nil
	}
	return gen.DeleteCustomField200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *CustomFieldsHandler) ListCustomFields(ctx context.Context, req gen.ListCustomFieldsRequestObject) (gen.ListCustomFieldsResponseObject, error) {
	p := req.Params
	r := listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take}
	defs, err := h.svc.List(ctx, auth.TenantID(ctx), filterFromAPI(req.Body), r)
	if err != nil {
		return nil, err
	}
	out := make(gen.ListCustomFields200JSONResponse, len(defs))
	for i, d := range defs {
		out[i] = toAPI(d)
	}
	return out, nil
}

func filterFromAPI(b *gen.CustomFieldFilter) Filter {
	var f Filter
	if b == nil {
		return f
	}
	f.Name = b.Name
	if b.Ids != nil {
		f.IDs = *b.Ids
	}
	if b.Module != nil {
		m := Module(*b.Module)
		f.Module = &m
	}
	if b.Type != nil {
		t := Type(*b.Type)
		f.Type = &t
	}
	return f
}

func fromAPI(b gen.CustomFieldDefinitionWrite) DefinitionWrite {
	w := DefinitionWrite{
		Name: b.Name, Label: b.Label, Type: Type(b.Type), Module: Module(b.Module),
		Prepend: b.Prepend, Append: b.Append, HelpText: b.HelpText,
	}
	if b.Required != nil {
		w.Required = *b.Required
	}
	if b.Options != nil {
		w.Options = *b.Options
	}
	return w
}

func toAPI(d Definition) gen.CustomFieldDefinition {
	return gen.CustomFieldDefinition{
		Id: d.ID, Name: d.Name, Label: d.Label, Type: gen.CustomFieldType(d.Type), Module: gen.CustomFieldModule(d.Module),
		Required: d.Required, Options: d.Options, Prepend: d.Prepend, Append: d.Append, HelpText: d.HelpText,
	}
}
