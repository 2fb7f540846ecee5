package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a sales order's discount line, on SalesOrdersHandler (linekinds serves
// them).

func (h *SalesOrdersHandler) GetSalesOrderDiscountLineItem(ctx context.Context, req gen.GetSalesOrderDiscountLineItemRequestObject) (gen.GetSalesOrderDiscountLineItemResponseObject, error) {
	l, err := h.svc.lines.Discount(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) SetSalesOrderDiscountLineItem(ctx context.Context, req gen.SetSalesOrderDiscountLineItemRequestObject) (gen.SetSalesOrderDiscountLineItemResponseObject, error) {
	b := req.Body
	l, err := h.svc.lines.SetDiscount(ctx, auth.TenantID(ctx), req.SalesOrderId,
		linekinds.DiscountLineWrite{Name: b.Name, IsPercentage: b.IsPercentage, Value: b.Value})
	if err != nil {
		return nil, err
	}
	return gen.SetSalesOrderDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderDiscountLineItem(ctx context.Context, req gen.DeleteSalesOrderDiscountLineItemRequestObject) (gen.DeleteSalesOrderDiscountLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteDiscount(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderDiscountLineItem204Response{}, nil
	}
	return gen.DeleteSalesOrderDiscountLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func discountLineToAPI(l linekinds.DiscountLine) gen.SalesOrderDiscountLineItem {
	return gen.SalesOrderDiscountLineItem{
		Id: l.ID, SalesOrderId: l.ParentID, Name: l.Name, IsPercentage: l.IsPercentage, Value: l.Value, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
