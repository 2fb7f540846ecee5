package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// documentLineRecords declares the fee, tax and discount lines for conditional requests. Each
// answer shows amounts read from its quote (the currency that rounds a fee's subtotal, the
// taxable base a tax line is computed on, the discount total), so the ETag follows them too.
func documentLineRecords() []conditional.Record {
	quoteShows := func(columns string) func() string {
		return func() string {
			return `(SELECT ` + columns + ` FROM quotes q WHERE q.tenant_id = t.tenant_id AND q.id = t.quote_id)`
		}
	}
	return []conditional.Record{
		{Table: "quote_fee_lines", Key: map[string]string{"id": "lineItemId", "quote_id": "quoteId"},
			Shows:      quoteShows(`q.currency_code`),
			Operations: []string{"getQuoteFeeLineItem", "updateQuoteFeeLineItem", "deleteQuoteFeeLineItem"}},
		{Table: "quote_tax_lines", Key: map[string]string{"id": "lineItemId", "quote_id": "quoteId"},
			Shows:      quoteShows(`q.taxable_base::text || ' ' || q.currency_code`),
			Operations: []string{"getQuoteTaxLineItem", "updateQuoteTaxLineItem", "deleteQuoteTaxLineItem"}},
		{Table: "quote_discount_lines", Key: map[string]string{"quote_id": "quoteId"},
			Shows: quoteShows(`q.discount_total::text`),
			Operations: []string{"getQuoteDiscountLineItem", "setQuoteDiscountLineItem",
				"setQuoteDiscountLineItemDeprecated", "deleteQuoteDiscountLineItem"}},
	}
}

// The operations of a quote's fee lines, on QuotesHandler.

func (h *QuotesHandler) CreateQuoteFeeLineItem(ctx context.Context, req gen.CreateQuoteFeeLineItemRequestObject) (gen.CreateQuoteFeeLineItemResponseObject, error) {
	id, err := h.svc.CreateFeeLine(ctx, auth.TenantID(ctx), req.QuoteId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuoteFeeLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) GetQuoteFeeLineItem(ctx context.Context, req gen.GetQuoteFeeLineItemRequestObject) (gen.GetQuoteFeeLineItemResponseObject, error) {
	l, err := h.svc.FeeLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuoteFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *QuotesHandler) UpdateQuoteFeeLineItem(ctx context.Context, req gen.UpdateQuoteFeeLineItemRequestObject) (gen.UpdateQuoteFeeLineItemResponseObject, error) {
	l, err := h.svc.UpdateFeeLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuoteFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *QuotesHandler) DeleteQuoteFeeLineItem(ctx context.Context, req gen.DeleteQuoteFeeLineItemRequestObject) (gen.DeleteQuoteFeeLineItemResponseObject, error) {
	deleted, err := h.svc.DeleteFeeLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
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
	list, err := h.svc.FeeLines(ctx, auth.TenantID(ctx), req.QuoteId, lineFilterFromAPI(req.Body),
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
func lineFilterFromAPI(b *gen.QuoteLineItemFilter) LineFilter {
	var f LineFilter
	if b != nil && b.Ids != nil {
		f.IDs = *b.Ids
	}
	return f
}

// feeLineFromAPI reads a create or full-update body; omitted optional members take their
// zero values.
func feeLineFromAPI(b gen.QuoteFeeLineItemWrite) FeeLineWrite {
	w := FeeLineWrite{Name: b.Name, Description: b.Description, Amount: b.Amount, TaxRateID: b.TaxRateId}
	if b.IsTaxable != nil {
		w.IsTaxable = *b.IsTaxable
	}
	return w
}

func feeLineToAPI(l FeeLine) gen.QuoteFeeLineItem {
	return gen.QuoteFeeLineItem{
		Id: l.ID, QuoteId: l.QuoteID, Name: l.Name, Description: l.Description, Amount: l.Amount,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
