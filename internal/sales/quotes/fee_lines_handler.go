package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// documentLineRecords declares the fee, tax and discount lines for conditional requests.
func documentLineRecords() []conditional.Record {
	return docLineTables.ConditionalRecords("quoteId", linekinds.Operations{
		Fee:      []string{"getQuoteFeeLineItem", "updateQuoteFeeLineItem", "deleteQuoteFeeLineItem"},
		Tax:      []string{"getQuoteTaxLineItem", "updateQuoteTaxLineItem", "deleteQuoteTaxLineItem"},
		Discount: []string{"getQuoteDiscountLineItem", "setQuoteDiscountLineItem", "setQuoteDiscountLineItemDeprecated", "deleteQuoteDiscountLineItem"},
	})
}

// The operations of a quote's fee lines, on QuotesHandler.

func (h *QuotesHandler) CreateQuoteFeeLineItem(ctx context.Context, req gen.CreateQuoteFeeLineItemRequestObject) (gen.CreateQuoteFeeLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateFee(ctx, auth.TenantID(ctx), req.QuoteId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuoteFeeLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) GetQuoteFeeLineItem(ctx context.Context, req gen.GetQuoteFeeLineItemRequestObject) (gen.GetQuoteFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.Fee(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuoteFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *QuotesHandler) UpdateQuoteFeeLineItem(ctx context.Context, req gen.UpdateQuoteFeeLineItemRequestObject) (gen.UpdateQuoteFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateFee(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuoteFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *QuotesHandler) DeleteQuoteFeeLineItem(ctx context.Context, req gen.DeleteQuoteFeeLineItemRequestObject) (gen.DeleteQuoteFeeLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteFee(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuoteFeeLineItem204Response{}, nil
	}
	return gen.DeleteQuoteFeeLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuoteFeeLineItems(ctx context.Context, req gen.ListQuoteFeeLineItemsRequestObject) (gen.ListQuoteFeeLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Fees(ctx, auth.TenantID(ctx), req.QuoteId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuoteFeeLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = feeLineToAPI(l)
	}
	return out, nil
}

// lineFilterFromAPI reads a fee or tax line list's filter; an absent body filters nothing.
func lineFilterFromAPI(b *gen.QuoteLineItemFilter) linekinds.LineFilter {
	var f linekinds.LineFilter
	if b != nil && b.Ids != nil {
		f.IDs = *b.Ids
	}
	return f
}

// feeLineFromAPI reads a create or full-update body; omitted optional members take their
// zero values.
func feeLineFromAPI(b gen.QuoteFeeLineItemWrite) linekinds.FeeLineWrite {
	w := linekinds.FeeLineWrite{Name: b.Name, Description: b.Description, Amount: b.Amount, TaxRateID: b.TaxRateId}
	if b.IsTaxable != nil {
		w.IsTaxable = *b.IsTaxable
	}
	return w
}

func feeLineToAPI(l linekinds.FeeLine) gen.QuoteFeeLineItem {
	return gen.QuoteFeeLineItem{
		Id: l.ID, QuoteId: l.ParentID, Name: l.Name, Description: l.Description, Amount: l.Amount,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
