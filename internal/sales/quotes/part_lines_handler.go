package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines"
)

// partLineRecord declares a quote's part lines for conditional requests.
var partLineRecord = conditional.Record{
	Table: "quote_part_lines", Key: map[string]string{"id": "lineItemId", "quote_id": "quoteId"},
	Operations: []string{"getQuotePartLine", "updateQuotePartLine", "deleteQuotePartLine",
		"replaceQuotePartLineCustomFields", "replaceQuotePartLineCustomFieldsDeprecated"},
}

func (h *QuotesHandler) CreateQuotePartLine(ctx context.Context, req gen.CreateQuotePartLineRequestObject) (gen.CreateQuotePartLineResponseObject, error) {
	id, err := h.svc.CreatePartLine(ctx, auth.TenantID(ctx), req.QuoteId, partLineWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuotePartLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) CreateQuotePartLines(ctx context.Context, req gen.CreateQuotePartLinesRequestObject) (gen.CreateQuotePartLinesResponseObject, error) {
	ws := make([]PartLineWrite, len(req.Body.PartLineItems))
	for i, b := range req.Body.PartLineItems {
		ws[i] = partLineWriteFromAPI(b)
	}
	created, err := h.svc.CreatePartLines(ctx, auth.TenantID(ctx), req.QuoteId, ws)
	if err != nil {
		return nil, err
	}
	return gen.CreateQuotePartLines200JSONResponse{Ids: created}, nil
}

func (h *QuotesHandler) ListQuotePartLines(ctx context.Context, req gen.ListQuotePartLinesRequestObject) (gen.ListQuotePartLinesResponseObject, error) {
	var f PartLineFilter
	if b := req.Body; b != nil {
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.ItemIds != nil {
			f.ItemIDs = *b.ItemIds
		}
	}
	p := req.Params
	list, err := h.svc.PartLines(ctx, auth.TenantID(ctx), req.QuoteId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLines200JSONResponse, len(list))
	for i, l := range list {
		out[i] = partLineToAPI(l)
	}
	return out, nil
}

func (h *QuotesHandler) GetQuotePartLine(ctx context.Context, req gen.GetQuotePartLineRequestObject) (gen.GetQuotePartLineResponseObject, error) {
	l, err := h.svc.PartLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *QuotesHandler) UpdateQuotePartLine(ctx context.Context, req gen.UpdateQuotePartLineRequestObject) (gen.UpdateQuotePartLineResponseObject, error) {
	l, err := h.svc.UpdatePartLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, partLineWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuotePartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *QuotesHandler) DeleteQuotePartLine(ctx context.Context, req gen.DeleteQuotePartLineRequestObject) (gen.DeleteQuotePartLineResponseObject, error) {
	deleted, err := h.svc.DeletePartLine(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuotePartLine204Response{}, nil
	}
	return gen.DeleteQuotePartLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ReplaceQuotePartLineCustomFields(ctx context.Context, req gen.ReplaceQuotePartLineCustomFieldsRequestObject) (gen.ReplaceQuotePartLineCustomFieldsResponseObject, error) {
	l, err := h.svc.ReplacePartLineCustomFields(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, map[string]any(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.ReplaceQuotePartLineCustomFields200JSONResponse{Body: partLineToAPI(l)}, nil
}

// ReplaceQuotePartLineCustomFieldsDeprecated is ReplaceQuotePartLineCustomFields at its older path.
func (h *QuotesHandler) ReplaceQuotePartLineCustomFieldsDeprecated(ctx context.Context, req gen.ReplaceQuotePartLineCustomFieldsDeprecatedRequestObject) (gen.ReplaceQuotePartLineCustomFieldsDeprecatedResponseObject, error) {
	l, err := h.svc.ReplacePartLineCustomFields(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId, map[string]any(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.ReplaceQuotePartLineCustomFieldsDeprecated200JSONResponse{Body: partLineToAPI(l)}, nil
}

// partLineWriteFromAPI reads a create or full-update body; omitted and null members stay nil.
func partLineWriteFromAPI(b gen.QuotePartLineItemWrite) PartLineWrite {
	w := PartLineWrite{
		ItemID: b.ItemId, LineNumber: b.LineNumber, Description: b.Description, Quantity: b.Quantity,
		UnitName: b.UnitOfMeasureName, UnitPrice: b.UnitPrice, Margin: b.Margin, IsTaxable: b.IsTaxable,
		TaxRateID: b.TaxRateId, LeadTimeDays: b.LeadTimeDays, Notes: b.Notes,
	}
	if b.PricingScheme != nil {
		s := PricingScheme(*b.PricingScheme)
		w.PricingScheme = &s
	}
	if b.Discount != nil {
		w.Discount = &doclines.Discount{Percentage: b.Discount.IsPercentage, Value: b.Discount.Value}
	}
	if b.CustomFields != nil {
		w.CustomFields = map[string]any(*b.CustomFields)
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
	}
	return w
}

func partLineToAPI(l PartLine) gen.QuotePartLineItem {
	out := gen.QuotePartLineItem{
		Id: l.ID, QuoteId: l.QuoteID, LineNumber: l.LineNumber, ItemId: l.ItemID,
		Item:        gen.DocumentLineItemRef{Id: l.Item.ID, Number: l.Item.Number, Revision: l.Item.Revision, Description: l.Item.Description},
		Description: l.Description, Quantity: l.Quantity, UnitOfMeasureName: l.UnitName, UnitPrice: l.UnitPrice,
		PricingScheme: gen.PricingScheme(l.PricingScheme), Margin: l.Margin, EstimatedUnitCost: l.EstimatedUnitCost,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, LeadTimeDays: l.LeadTimeDays, Notes: l.Notes,
		CustomFields: gen.CustomFields(l.CustomFields), RoutingId: l.RoutingID,
		PreDiscountSubTotal: l.Amounts.PreDiscountSubTotal, DiscountAmount: l.Amounts.DiscountAmount,
		SubTotal: l.Amounts.SubTotal, DiscountedPrice: l.Amounts.DiscountedPrice,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
	if l.Discount != nil {
		out.Discount = &gen.LineDiscount{IsPercentage: l.Discount.Percentage, Value: l.Discount.Value}
	}
	return out
}
