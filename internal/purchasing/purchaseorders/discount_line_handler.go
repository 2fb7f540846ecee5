package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// The operations of a purchase order's discount line, on PurchaseOrdersHandler (linekinds
// serves them).

func (h *PurchaseOrdersHandler) GetPurchaseOrderDiscountLineItem(ctx context.Context, req gen.GetPurchaseOrderDiscountLineItemRequestObject) (gen.GetPurchaseOrderDiscountLineItemResponseObject, error) {
	l, err := h.svc.lines.Discount(ctx, auth.TenantID(ctx), req.PurchaseOrderId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) SetPurchaseOrderDiscountLineItem(ctx context.Context, req gen.SetPurchaseOrderDiscountLineItemRequestObject) (gen.SetPurchaseOrderDiscountLineItemResponseObject, error) {
	b := req.Body
	l, err := h.svc.lines.SetDiscount(ctx, auth.TenantID(ctx), req.PurchaseOrderId,
		linekinds.DiscountLineWrite{Name: b.Name, IsPercentage: b.IsPercentage, Value: b.Value})
	if err != nil {
		return nil, err
	}
	return gen.SetPurchaseOrderDiscountLineItem200JSONResponse{Body: discountLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderDiscountLineItem(ctx context.Context, req gen.DeletePurchaseOrderDiscountLineItemRequestObject) (gen.DeletePurchaseOrderDiscountLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteDiscount(ctx, auth.TenantID(ctx), req.PurchaseOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderDiscountLineItem204Response{}, nil
	}
	return gen.DeletePurchaseOrderDiscountLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func discountLineToAPI(l linekinds.DiscountLine) gen.PurchaseOrderDiscountLineItem {
	return gen.PurchaseOrderDiscountLineItem{
		Id: l.ID, PurchaseOrderId: l.ParentID, Name: l.Name, IsPercentage: l.IsPercentage, Value: l.Value, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
