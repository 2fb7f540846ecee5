package shippingmethods

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/namedlookups"
	"mos/internal/platform/utctime"
)

// ShippingMethodsHandler serves shipping methods (/api/shipping-methods).
type ShippingMethodsHandler struct {
	svc *Service
}

// NewHandler returns the shipping-methods handler.
func NewHandler(svc *Service) *ShippingMethodsHandler { return &ShippingMethodsHandler{svc: svc} }

// Versioned declares shipping methods for conditional requests (ETag, If-Match).
func (h *ShippingMethodsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "shipping_methods", Key: map[string]string{"id": "id"},
		Operations: []string{"getShippingMethod", "updateShippingMethod"}}}
}

func (h *ShippingMethodsHandler) CreateShippingMethod(ctx context.Context, req gen.CreateShippingMethodRequestObject) (gen.CreateShippingMethodResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateShippingMethod200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ShippingMethodsHandler) GetShippingMethod(ctx context.Context, req gen.GetShippingMethodRequestObject) (gen.GetShippingMethodResponseObject, error) {
	m, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetShippingMethod200JSONResponse{Body: toAPI(m)}, nil
}

func (h *ShippingMethodsHandler) UpdateShippingMethod(ctx context.Context, req gen.UpdateShippingMethodRequestObject) (gen.UpdateShippingMethodResponseObject, error) {
	m, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateShippingMethod200JSONResponse{Body: toAPI(m)}, nil
}

func (h *ShippingMethodsHandler) ListShippingMethods(ctx context.Context, req gen.ListShippingMethodsRequestObject) (gen.ListShippingMethodsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = namedlookups.ListFilter(b.Ids, b.Name, b.IsArchived)
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListShippingMethods200JSONResponse, len(list))
	for i, m := range list {
		out[i] = toAPI(m)
	}
	return out, nil
}

// writeFromAPI reads a create or full-update body; omitted optional members take their zero
// values.
func writeFromAPI(b gen.ShippingMethodWrite) Write {
	return Write{Name: b.Name, Carrier: b.Carrier, Description: b.Description, IsArchived: b.IsArchived != nil && *b.IsArchived}
}

func toAPI(m ShippingMethod) gen.ShippingMethod {
	return gen.ShippingMethod{
		Id: m.ID, Name: m.Name, Carrier: m.Carrier, Description: m.Description, IsArchived: m.IsArchived,
		CreatedUtc: utctime.From(m.CreatedUtc), ModifiedUtc: utctime.From(m.ModifiedUtc),
	}
}
