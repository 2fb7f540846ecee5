package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a quote's tax lines, on QuotesHandler.

func (h *QuotesHandler) CreateQuoteTaxLineItem(ctx context.Context, req gen.CreateQuoteTaxLineItemRequestObject) (gen.CreateQuoteTaxLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateTax(ctx, auth.TenantID(ctx), req.QuoteId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.CreateQuoteTaxLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) GetQuoteTaxLineItem(ctx context.Context, req gen.GetQuoteTaxLineItemRequestObject) (gen.GetQuoteTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.Tax(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuoteTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *QuotesHandler) UpdateQuoteTaxLineItem(ctx context.Context, req gen.UpdateQuoteTaxLineItemRequestObject) (gen.UpdateQuoteTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateTax(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuoteTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *QuotesHandler) DeleteQuoteTaxLineItem(ctx context.Context, req gen.DeleteQuoteTaxLineItemRequestObject) (gen.DeleteQuoteTaxLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteTax(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuoteTaxLineItem204Response{}, nil
	}
	return gen.DeleteQuoteTaxLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuoteTaxLineItems(ctx context.Context, req gen.ListQuoteTaxLineItemsRequestObject) (gen.ListQuoteTaxLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Taxes(ctx, auth.TenantID(ctx), req.QuoteId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuoteTaxLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = taxLineToAPI(l)
	}
	return out, nil
}

func taxLineToAPI(l linekinds.TaxLine) gen.QuoteTaxLineItem {
	return gen.QuoteTaxLineItem{
		Id: l.ID, QuoteId: l.ParentID, TaxRateId: l.TaxRateID, Name: l.Name, Rate: l.Rate,
		TaxableBase: l.TaxableBase, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
