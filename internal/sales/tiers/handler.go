package tiers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// CustomerTiersHandler serves /api/customer-tiers.
type CustomerTiersHandler struct {
	svc *Service
}

// NewHandler returns the customer tiers handler.
func NewHandler(svc *Service) *CustomerTiersHandler { return &CustomerTiersHandler{svc: svc} }

// Versioned declares the customer tiers for conditional requests (ETag, If-None-Match).
func (h *CustomerTiersHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "customer_tiers", Key: map[string]string{"id": "id"},
		Operations: []string{"getCustomerTier"}}}
}

func (h *CustomerTiersHandler) CreateCustomerTier(ctx context.Context, req gen.CreateCustomerTierRequestObject) (gen.CreateCustomerTierResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), NewTier{Name: req.Body.Name, Description: req.Body.Description})
	if err != nil {
		return nil, err
	}
	return gen.CreateCustomerTier200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CustomerTiersHandler) GetCustomerTier(ctx context.Context, req gen.GetCustomerTierRequestObject) (gen.GetCustomerTierResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetCustomerTier200JSONResponse{Body: toAPI(t)}, nil
}

func (h *CustomerTiersHandler) ListCustomerTiers(ctx context.Context, req gen.ListCustomerTiersRequestObject) (gen.ListCustomerTiersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	tiers, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListCustomerTiers200JSONResponse, len(tiers))
	for i, t := range tiers {
		out[i] = toAPI(t)
	}
	return out, nil
}

func toAPI(t Tier) gen.CustomerTier {
	return gen.CustomerTier{Id: t.ID, Name: t.Name, Description: t.Description}
}
