package taxrates

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/namedlookups"
	"mos/internal/platform/utctime"
)

// TaxRatesHandler serves tax rates (/api/tax-rates).
type TaxRatesHandler struct {
	svc *Service
}

// NewHandler returns the tax-rates handler.
func NewHandler(svc *Service) *TaxRatesHandler { return &TaxRatesHandler{svc: svc} }

// Versioned declares tax rates for conditional requests (ETag, If-Match).
func (h *TaxRatesHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "tax_rates", Key: map[string]string{"id": "id"},
		Operations: []string{"getTaxRate", "updateTaxRate"}}}
}

func (h *TaxRatesHandler) CreateTaxRate(ctx context.Context, req gen.CreateTaxRateRequestObject) (gen.CreateTaxRateResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateTaxRate200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TaxRatesHandler) GetTaxRate(ctx context.Context, req gen.GetTaxRateRequestObject) (gen.GetTaxRateResponseObject, error) {
	r, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetTaxRate200JSONResponse{Body: toAPI(r)}, nil
}

func (h *TaxRatesHandler) UpdateTaxRate(ctx context.Context, req gen.UpdateTaxRateRequestObject) (gen.UpdateTaxRateResponseObject, error) {
	r, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateTaxRate200JSONResponse{Body: toAPI(r)}, nil
}

func (h *TaxRatesHandler) ListTaxRates(ctx context.Context, req gen.ListTaxRatesRequestObject) (gen.ListTaxRatesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = namedlookups.ListFilter(b.Ids, b.Name, b.IsArchived)
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListTaxRates200JSONResponse, len(list))
	for i, r := range list {
		out[i] = toAPI(r)
	}
	return out, nil
}

// writeFromAPI reads a create or full-update body; omitted optional members take their zero
// values.
func writeFromAPI(b gen.TaxRateWrite) Write {
	return Write{Name: b.Name, Rate: b.Rate, Description: b.Description, IsArchived: b.IsArchived != nil && *b.IsArchived}
}

func toAPI(r TaxRate) gen.TaxRate {
	return gen.TaxRate{
		Id: r.ID, Name: r.Name, Rate: r.Rate, Description: r.Description, IsArchived: r.IsArchived,
		CreatedUtc: utctime.From(r.CreatedUtc), ModifiedUtc: utctime.From(r.ModifiedUtc),
	}
}
