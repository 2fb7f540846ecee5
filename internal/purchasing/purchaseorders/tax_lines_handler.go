package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a purchase order's tax lines, on PurchaseOrdersHandler (linekinds serves
// them).

func (h *PurchaseOrdersHandler) CreatePurchaseOrderTaxLineItem(ctx context.Context, req gen.CreatePurchaseOrderTaxLineItemRequestObject) (gen.CreatePurchaseOrderTaxLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateTax(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.CreatePurchaseOrderTaxLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderTaxLineItem(ctx context.Context, req gen.GetPurchaseOrderTaxLineItemRequestObject) (gen.GetPurchaseOrderTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.Tax(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderTaxLineItem(ctx context.Context, req gen.UpdatePurchaseOrderTaxLineItemRequestObject) (gen.UpdatePurchaseOrderTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateTax(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderTaxLineItem(ctx context.Context, req gen.DeletePurchaseOrderTaxLineItemRequestObject) (gen.DeletePurchaseOrderTaxLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteTax(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderTaxLineItem204Response{}, nil
	}
	return gen.DeletePurchaseOrderTaxLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrderTaxLineItems(ctx context.Context, req gen.ListPurchaseOrderTaxLineItemsRequestObject) (gen.ListPurchaseOrderTaxLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Taxes(ctx, auth.TenantID(ctx), req.PurchaseOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListPurchaseOrderTaxLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = taxLineToAPI(l)
	}
	return out, nil
}

func taxLineToAPI(l linekinds.TaxLine) gen.PurchaseOrderTaxLineItem {
	return gen.PurchaseOrderTaxLineItem{
		Id: l.ID, PurchaseOrderId: l.ParentID, TaxRateId: l.TaxRateID, Name: l.Name, Rate: l.Rate,
		TaxableBase: l.TaxableBase, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
