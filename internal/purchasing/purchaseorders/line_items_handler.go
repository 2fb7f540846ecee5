package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// The lines view of a purchase order: every line kind in one shape, on PurchaseOrdersHandler.

func (h *PurchaseOrdersHandler) ListPurchaseOrderLineItems(ctx context.Context, req gen.ListPurchaseOrderLineItemsRequestObject) (gen.ListPurchaseOrderLineItemsResponseObject, error) {
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
	list, err := h.svc.LineItems(ctx, auth.TenantID(ctx), req.PurchaseOrderId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListPurchaseOrderLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = lineItemToAPI(l)
	}
	return out, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderLineItem(ctx context.Context, req gen.GetPurchaseOrderLineItemRequestObject) (gen.GetPurchaseOrderLineItemResponseObject, error) {
	l, err := h.svc.LineItem(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderLineItem200JSONResponse(lineItemToAPI(l)), nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderLineItemTaxAllocations(ctx context.Context, req gen.GetPurchaseOrderLineItemTaxAllocationsRequestObject) (gen.GetPurchaseOrderLineItemTaxAllocationsResponseObject, error) {
	list, err := h.svc.LineTaxAllocations(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderLineItemTaxAllocations200JSONResponse(taxAllocationsToAPI(list)), nil
}

func lineItemToAPI(l LineItem) gen.PurchaseOrderLineItem {
	return gen.PurchaseOrderLineItem{
		Id: l.ID, Kind: gen.PurchaseOrderLineKind(l.Kind), LineNumber: l.LineNumber, Name: l.Name, Description: l.Description,
		ItemId: l.ItemID, Quantity: l.Quantity, UnitPrice: l.UnitPrice, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
