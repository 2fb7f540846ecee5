package paymentterms

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// PaymentTermsHandler serves /api/payment-terms.
type PaymentTermsHandler struct {
	svc *Service
}

// NewHandler returns the payment terms handler.
func NewHandler(svc *Service) *PaymentTermsHandler { return &PaymentTermsHandler{svc: svc} }

// Versioned declares the payment terms for conditional requests (ETag, If-None-Match).
func (h *PaymentTermsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "payment_terms", Key: map[string]string{"id": "id"},
		Operations: []string{"getPaymentTerm"}}}
}

func (h *PaymentTermsHandler) CreatePaymentTerm(ctx context.Context, req gen.CreatePaymentTermRequestObject) (gen.CreatePaymentTermResponseObject, error) {
	b := req.Body
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), NewTerm{Name: b.Name, NetDays: int(b.NetDays), Description: b.Description})
	if err != nil {
		return nil, err
	}
	return gen.CreatePaymentTerm200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PaymentTermsHandler) GetPaymentTerm(ctx context.Context, req gen.GetPaymentTermRequestObject) (gen.GetPaymentTermResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetPaymentTerm200JSONResponse{Body: toAPI(t)}, nil
}

func (h *PaymentTermsHandler) ListPaymentTerms(ctx context.Context, req gen.ListPaymentTermsRequestObject) (gen.ListPaymentTermsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	terms, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListPaymentTerms200JSONResponse, len(terms))
	for i, t := range terms {
		out[i] = toAPI(t)
	}
	return out, nil
}

func toAPI(t Term) gen.PaymentTerm {
	return gen.PaymentTerm{Id: t.ID, Name: t.Name, NetDays: t.NetDays, Description: t.Description, Deleted: t.Deleted}
}
