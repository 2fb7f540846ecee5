package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a quote's discount line, on QuotesHandler.

func (h *QuotesHandler) GetQuoteDiscountLineItem(ctx context.Context, req gen.GetQuoteDiscountLineItemRequestObject) (gen.GetQuoteDiscountLineItemResponseObject, error) {
	l, err := h.svc.lines.Discount(ctx, auth.TenantID(ctx), req.QuoteId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuoteDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *QuotesHandler) SetQuoteDiscountLineItem(ctx context.Context, req gen.SetQuoteDiscountLineItemRequestObject) (gen.SetQuoteDiscountLineItemResponseObject, error) {
	l, err := h.svc.lines.SetDiscount(ctx, auth.TenantID(ctx), req.QuoteId, discountLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.SetQuoteDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

// SetQuoteDiscountLineItemDeprecated is SetQuoteDiscountLineItem at the older path.
func (h *QuotesHandler) SetQuoteDiscountLineItemDeprecated(ctx context.Context, req gen.SetQuoteDiscountLineItemDeprecatedRequestObject) (gen.SetQuoteDiscountLineItemDeprecatedResponseObject, error) {
	l, err := h.svc.lines.SetDiscount(ctx, auth.TenantID(ctx), req.QuoteId, discountLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.SetQuoteDiscountLineItemDeprecated200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *QuotesHandler) DeleteQuoteDiscountLineItem(ctx context.Context, req gen.DeleteQuoteDiscountLineItemRequestObject) (gen.DeleteQuoteDiscountLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteDiscount(ctx, auth.TenantID(ctx), req.QuoteId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuoteDiscountLineItem204Response{}, nil
	}
	return gen.DeleteQuoteDiscountLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func discountLineFromAPI(b gen.QuoteDiscountLineItemWrite) linekinds.DiscountLineWrite {
	return linekinds.DiscountLineWrite{Name: b.Name, IsPercentage: b.IsPercentage, Value: b.Value}
}

func discountLineToAPI(l linekinds.DiscountLine) gen.QuoteDiscountLineItem {
	return gen.QuoteDiscountLineItem{
		Id: l.ID, QuoteId: l.ParentID, Name: l.Name, IsPercentage: l.IsPercentage, Value: l.Value, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
