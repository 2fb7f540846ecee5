package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// refundLineRecords declares the refund lines for conditional requests.
func refundLineRecords() []conditional.Record {
	return []conditional.Record{docLineTables.CreditRecord("salesOrderId",
		[]string{"updateSalesOrderRefundLineItem", "deleteSalesOrderRefundLineItem"})}
}

// The operations of a sales order's refund lines, on SalesOrdersHandler (linekinds serves
// them as its credit kind).

func (h *SalesOrdersHandler) CreateSalesOrderRefundLineItem(ctx context.Context, req gen.CreateSalesOrderRefundLineItemRequestObject) (gen.CreateSalesOrderRefundLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateCredit(ctx, auth.TenantID(ctx), req.SalesOrderId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderRefundLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderRefundLineItem(ctx context.Context, req gen.UpdateSalesOrderRefundLineItemRequestObject) (gen.UpdateSalesOrderRefundLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateCredit(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderRefundLineItem200JSONResponse{Body: refundLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderRefundLineItem(ctx context.Context, req gen.DeleteSalesOrderRefundLineItemRequestObject) (gen.DeleteSalesOrderRefundLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteCredit(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
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
	list, err := h.svc.lines.Credits(ctx, auth.TenantID(ctx), req.SalesOrderId, lineFilterFromAPI(req.Body),
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
func refundLineFromAPI(b gen.SalesOrderRefundLineItemWrite) linekinds.CreditLineWrite {
	return linekinds.CreditLineWrite{ReasonID: b.RefundReasonCodeId, PartLineID: b.PartLineItemId, Amount: b.Amount, Description: b.Description}
}

func refundLineToAPI(l linekinds.CreditLine) gen.SalesOrderRefundLineItem {
	return gen.SalesOrderRefundLineItem{
		Id: l.ID, SalesOrderId: l.ParentID, RefundReasonCodeId: l.ReasonID,
		RefundReasonCode: gen.Reference{Id: l.ReasonID, Name: l.ReasonName},
		PartLineItemId:   l.PartLineID, Amount: l.Amount, SubTotal: l.SubTotal, Description: l.Description,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
