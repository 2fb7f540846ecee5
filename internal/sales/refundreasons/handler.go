package refundreasons

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/namedlookups"
	"mos/internal/platform/utctime"
)

// RefundReasonsHandler serves refund reason codes (/api/refund-reason-codes).
type RefundReasonsHandler struct {
	svc *Service
}

// NewHandler returns the refund-reason-codes handler.
func NewHandler(svc *Service) *RefundReasonsHandler { return &RefundReasonsHandler{svc: svc} }

// Versioned declares refund reason codes for conditional requests (ETag, If-Match).
func (h *RefundReasonsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "refund_reason_codes", Key: map[string]string{"id": "id"},
		Operations: []string{"getRefundReasonCode", "updateRefundReasonCode"}}}
}

func (h *RefundReasonsHandler) CreateRefundReasonCode(ctx context.Context, req gen.CreateRefundReasonCodeRequestObject) (gen.CreateRefundReasonCodeResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateRefundReasonCode200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RefundReasonsHandler) GetRefundReasonCode(ctx context.Context, req gen.GetRefundReasonCodeRequestObject) (gen.GetRefundReasonCodeResponseObject, error) {
	r, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetRefundReasonCode200JSONResponse{Body: toAPI(r)}, nil
}

func (h *RefundReasonsHandler) UpdateRefundReasonCode(ctx context.Context, req gen.UpdateRefundReasonCodeRequestObject) (gen.UpdateRefundReasonCodeResponseObject, error) {
	r, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateRefundReasonCode200JSONResponse{Body: toAPI(r)}, nil
}

func (h *RefundReasonsHandler) ListRefundReasonCodes(ctx context.Context, req gen.ListRefundReasonCodesRequestObject) (gen.ListRefundReasonCodesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = namedlookups.ListFilter(b.Ids, b.Name, b.IsArchived)
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListRefundReasonCodes200JSONResponse, len(list))
	for i, r := range list {
		out[i] = toAPI(r)
	}
	return out, nil
}

// writeFromAPI reads a create or full-update body; omitted optional members take their zero
// values.
func writeFromAPI(b gen.RefundReasonCodeWrite) Write {
	return Write{Name: b.Name, Code: b.Code, Description: b.Description, IsArchived: b.IsArchived != nil && *b.IsArchived}
}

func toAPI(r RefundReason) gen.RefundReasonCode {
	return gen.RefundReasonCode{
		Id: r.ID, Name: r.Name, Code: r.Code, Description: r.Description, IsArchived: r.IsArchived,
		CreatedUtc: utctime.From(r.CreatedUtc), ModifiedUtc: utctime.From(r.ModifiedUtc),
	}
}
