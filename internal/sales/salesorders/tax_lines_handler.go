package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a sales order's tax lines, on SalesOrdersHandler (linekinds serves them).

func (h *SalesOrdersHandler) CreateSalesOrderTaxLineItem(ctx context.Context, req gen.CreateSalesOrderTaxLineItemRequestObject) (gen.CreateSalesOrderTaxLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateTax(ctx, auth.TenantID(ctx), req.SalesOrderId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderTaxLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) GetSalesOrderTaxLineItem(ctx context.Context, req gen.GetSalesOrderTaxLineItemRequestObject) (gen.GetSalesOrderTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.Tax(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderTaxLineItem(ctx context.Context, req gen.UpdateSalesOrderTaxLineItemRequestObject) (gen.UpdateSalesOrderTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateTax(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, req.Body.TaxRateId)
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderTaxLineItem(ctx context.Context, req gen.DeleteSalesOrderTaxLineItemRequestObject) (gen.DeleteSalesOrderTaxLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteTax(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderTaxLineItem204Response{}, nil
	}
	return gen.DeleteSalesOrderTaxLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderTaxLineItems(ctx context.Context, req gen.ListSalesOrderTaxLineItemsRequestObject) (gen.ListSalesOrderTaxLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Taxes(ctx, auth.TenantID(ctx), req.SalesOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderTaxLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = taxLineToAPI(l)
	}
	return out, nil
}

func taxLineToAPI(l linekinds.TaxLine) gen.SalesOrderTaxLineItem {
	return gen.SalesOrderTaxLineItem{
		Id: l.ID, SalesOrderId: l.ParentID, TaxRateId: l.TaxRateID, Name: l.Name, Rate: l.Rate,
		TaxableBase: l.TaxableBase, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
