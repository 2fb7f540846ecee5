package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// refundLineRecords declares the refund lines for conditional requests. Each answer shows an
// amount rounded to its order's currency, so the ETag follows the currency too.
func refundLineRecords() []conditional.Record {
	return []conditional.Record{
		{Table: "sales_order_refund_lines", Key: map[string]string{"id": "lineItemId", "sales_order_id": "salesOrderId"},
			Shows: func() string {
				return `(SELECT o.currency_code FROM sales_orders o WHERE o.tenant_id = t.tenant_id AND o.id = t.sales_order_id)`
			},
			Operations: []string{"updateSalesOrderRefundLineItem", "deleteSalesOrderRefundLineItem"}},
	}
}

// The operations of a sales order's refund lines, on SalesOrdersHandler.

func (h *SalesOrdersHandler) CreateSalesOrderRefundLineItem(ctx context.Context, req gen.CreateSalesOrderRefundLineItemRequestObject) (gen.CreateSalesOrderRefundLineItemResponseObject, error) {
	id, err := h.svc.CreateRefundLine(ctx, auth.TenantID(ctx), req.SalesOrderId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderRefundLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderRefundLineItem(ctx context.Context, req gen.UpdateSalesOrderRefundLineItemRequestObject) (gen.UpdateSalesOrderRefundLineItemResponseObject, error) {
	l, err := h.svc.UpdateRefundLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderRefundLineItem200JSONResponse{Body: refundLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderRefundLineItem(ctx context.Context, req gen.DeleteSalesOrderRefundLineItemRequestObject) (gen.DeleteSalesOrderRefundLineItemResponseObject, error) {
	deleted, err := h.svc.DeleteRefundLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderRefundLineItem204Response{}, nil
	}
	return gen.DeleteSalesOrderRefundLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderRefundLineItems(ctx context.Context, req gen.ListSalesOrderRefundLineItemsRequestObject) (gen.ListSalesOrderRefundLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.RefundLines(ctx, auth.TenantID(ctx), req.SalesOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderRefundLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = refundLineToAPI(l)
	}
	return out, nil
}

// refundLineFromAPI reads a create or full-update body; omitted optional members are none.
func refundLineFromAPI(b gen.SalesOrderRefundLineItemWrite) RefundLineWrite {
	return RefundLineWrite{RefundReasonCodeID: b.RefundReasonCodeId, PartLineID: b.PartLineItemId, Amount: b.Amount, Description: b.Description}
}

func refundLineToAPI(l RefundLine) gen.SalesOrderRefundLineItem {
	return gen.SalesOrderRefundLineItem{
		Id: l.ID, SalesOrderId: l.SalesOrderID, RefundReasonCodeId: l.RefundReasonCodeID,
		RefundReasonCode: gen.Reference{Id: l.RefundReasonCodeID, Name: l.RefundReasonName},
		PartLineItemId:   l.PartLineID, Amount: l.Amount, SubTotal: l.SubTotal, Description: l.Description,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
