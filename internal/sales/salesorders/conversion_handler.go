package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
)

// ConvertQuoteToSalesOrder makes a sales order of a quote (POST /api/quotes/{quoteId}/to-sales-order).
func (h *SalesOrdersHandler) ConvertQuoteToSalesOrder(ctx context.Context, req gen.ConvertQuoteToSalesOrderRequestObject) (gen.ConvertQuoteToSalesOrderResponseObject, error) {
	w, err := quoteConversionFromAPI(req.Body)
	if err != nil {
		return nil, err
	}
	p := auth.From(ctx)
	id, err := h.svc.ConvertQuote(ctx, Converter{TenantID: p.TenantID, Timezone: p.TenantTimezone, UserID: p.UserID}, req.QuoteId, w)
	if err != nil {
		return nil, err
	}
	return gen.ConvertQuoteToSalesOrder200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

// quoteConversionFromAPI parses a conversion's body (nil: an empty one), collecting field
// errors.
func quoteConversionFromAPI(b *gen.QuoteToSalesOrder) (QuoteConversion, error) {
	var w QuoteConversion
	if b == nil {
		return w, nil
	}
	fields := apperr.Fields{}
	if b.PartLineItemIds != nil {
		w.PartLineIDs = *b.PartLineItemIds
	}
	w.CustomerPONumber = fields.OptionalText("customerPoNumber", b.CustomerPoNumber, 1000)
	w.OrderedDate = calendardate.Field(fields, "orderedDate", b.OrderedDate)
	w.DueDate = calendardate.Field(fields, "dueDate", b.DueDate)
	return w, fields.Err()
}
