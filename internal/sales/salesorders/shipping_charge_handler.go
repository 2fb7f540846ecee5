package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

// GetSalesOrderShippingChargeLineItem answers the order's shipping charge as a line.
func (h *SalesOrdersHandler) GetSalesOrderShippingChargeLineItem(ctx context.Context, req gen.GetSalesOrderShippingChargeLineItemRequestObject) (gen.GetSalesOrderShippingChargeLineItemResponseObject, error) {
	l, err := h.svc.ShippingChargeLine(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	out := gen.SalesOrderShippingChargeLineItem{
		SalesOrderId: l.SalesOrderID, ShippingMethodId: l.ShippingMethodID, Amount: l.Amount, IsTaxable: l.IsTaxable, SubTotal: l.SubTotal,
	}
	if l.ShippingMethodID != nil {
		out.ShippingMethod = &gen.Reference{Id: *l.ShippingMethodID, Name: l.ShippingMethodName}
	}
	return gen.GetSalesOrderShippingChargeLineItem200JSONResponse(out), nil
}
