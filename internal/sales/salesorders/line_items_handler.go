package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// The lines view of a sales order: every line kind in one shape, on SalesOrdersHandler.

func (h *SalesOrdersHandler) ListSalesOrderLineItems(ctx context.Context, req gen.ListSalesOrderLineItemsRequestObject) (gen.ListSalesOrderLineItemsResponseObject, error) {
	var f LineItemFilter
	if b := req.Body; b != nil {
		if b.Kinds != nil {
			for _, k := range *b.Kinds {
				f.Kinds = append(f.Kinds, LineKind(k))
			}
		}
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	list, err := h.svc.LineItems(ctx, auth.TenantID(ctx), req.SalesOrderId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = lineItemToAPI(l)
	}
	return out, nil
}

func (h *SalesOrdersHandler) GetSalesOrderLineItem(ctx context.Context, req gen.GetSalesOrderLineItemRequestObject) (gen.GetSalesOrderLineItemResponseObject, error) {
	l, err := h.svc.LineItem(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderLineItem200JSONResponse(lineItemToAPI(l)), nil
}

func lineItemToAPI(l LineItem) gen.SalesOrderLineItem {
	return gen.SalesOrderLineItem{
		Id: l.ID, Kind: gen.SalesOrderLineKind(l.Kind), LineNumber: l.LineNumber, Name: l.Name, Description: l.Description,
		ItemId: l.ItemID, Quantity: l.Quantity, UnitPrice: l.UnitPrice, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
