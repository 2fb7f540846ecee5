package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/stock/routing"
)

// The routings of sales order part lines, at /api/sales-orders/{salesOrderId}/part-line-items/
// {lineItemId}/routing/{routingId}...: the item routing operations' bodies and rules (the
// routing service's), owned by the line. Each method first checks that the line is a part
// line of the path's order and that routingId is its routing id (404 otherwise); the routing
// service then asks the owner kind (LockForRouting) whether the order's status allows edits.

// routingVersioned declares the records of the line routings for conditional requests, keyed
// as the item routings' are; the routing's own ETag is the line's, which every routing change
// advances (RoutingChanged).
func routingVersioned() []conditional.Record {
	return []conditional.Record{
		{Table: "sales_order_part_lines", Key: map[string]string{"id": "lineItemId", "sales_order_id": "salesOrderId"},
			Operations: []string{"getSalesOrderPartLineRouting"}},
		{Table: "routing_operations", Key: map[string]string{"id": "operationId"},
			Operations: []string{"getSalesOrderPartLineRoutingOperation", "updateSalesOrderPartLineRoutingOperation", "deleteSalesOrderPartLineRoutingOperation"}},
		{Table: "routing_input_items", Key: map[string]string{"id": "inputItemId"},
			Operations: []string{"getSalesOrderPartLineRoutingInputItem", "updateSalesOrderPartLineRoutingInputItem", "deleteSalesOrderPartLineRoutingInputItem"}},
		{Table: "routing_operation_items", Key: map[string]string{"id": "operationItemId", "routing_operation_id": "operationId"},
			Operations: []string{"getSalesOrderPartLineRoutingOperationItem"}},
		{Table: "routing_operation_ipts", Key: map[string]string{"id": "iptId", "routing_operation_id": "operationId", "phase": "phase"},
			Operations: []string{"getSalesOrderPartLineRoutingOperationTracking", "deleteSalesOrderPartLineRoutingOperationTracking"}},
	}
}

// lineRouting checks the path and answers the tenant and the line's routing owner.
func (h *SalesOrdersHandler) lineRouting(ctx context.Context, orderID, lineID, routingID string) (string, routing.Owner, error) {
	tenantID := auth.TenantID(ctx)
	o, err := h.svc.lineRoutingOwner(ctx, tenantID, orderID, lineID, routingID)
	return tenantID, o, err
}

func (h *SalesOrdersHandler) routings() lineRoutings { return h.svc.deps.Routings }

// routingListRequest is a routing list operation's paging and sorting parameters.
func routingListRequest(sortField *string, sortDir *gen.SortDir, skip, take *int32) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

// mapToAPI converts a page of routing records to their wire shape.
func mapToAPI[T, A any](list []T, toAPI func(T) A) []A {
	out := make([]A, len(list))
	for i, v := range list {
		out[i] = toAPI(v)
	}
	return out
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRouting(ctx context.Context, req gen.GetSalesOrderPartLineRoutingRequestObject) (gen.GetSalesOrderPartLineRoutingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	r, err := h.routings().Routing(ctx, tenantID, o)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLineRouting200JSONResponse{Body: routing.RoutingToAPI(r)}, nil
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingOperationRequestObject) (gen.CreateSalesOrderPartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateOperation(ctx, tenantID, o, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderPartLineRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperations(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().Operations(ctx, tenantID, o, routing.FilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListSalesOrderPartLineRoutingOperations200JSONResponse(mapToAPI(list, routing.OperationToAPI)), nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationRequestObject) (gen.GetSalesOrderPartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().Operation(ctx, tenantID, o, req.OperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLineRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.UpdateSalesOrderPartLineRoutingOperationRequestObject) (gen.UpdateSalesOrderPartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().UpdateOperation(ctx, tenantID, o, req.OperationId, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderPartLineRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingOperationRequestObject) (gen.DeleteSalesOrderPartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	if deleted, err := h.routings().DeleteOperation(ctx, tenantID, o, req.OperationId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingOperation204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.CreateSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateTracking(ctx, tenantID, o, req.OperationId, string(req.Phase), routing.TrackingWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderPartLineRoutingOperationTracking200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperationTrackings(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationTrackingsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationTrackingsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().Trackings(ctx, tenantID, o, req.OperationId, string(req.Phase), routing.TrackingFilterFromAPI(req.Body),
		routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListSalesOrderPartLineRoutingOperationTrackings200JSONResponse(mapToAPI(list, routing.TrackingToAPI)), nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.GetSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	tr, err := h.routings().Tracking(ctx, tenantID, o, req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLineRoutingOperationTracking200JSONResponse{Body: routing.TrackingToAPI(tr)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.DeleteSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	if deleted, err := h.routings().DeleteTracking(ctx, tenantID, o, req.OperationId, string(req.Phase), req.IptId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingOperationTracking204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingOperationTracking200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperationItems(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationItemsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationItemsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().OperationItems(ctx, tenantID, o, req.OperationId, routing.OperationItemFilterFromAPI(req.Body),
		routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListSalesOrderPartLineRoutingOperationItems200JSONResponse(mapToAPI(list, routing.OperationItemToAPI)), nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperationItem(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationItemRequestObject) (gen.GetSalesOrderPartLineRoutingOperationItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().OperationItem(ctx, tenantID, o, req.OperationId, req.OperationItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLineRoutingOperationItem200JSONResponse{Body: routing.OperationItemToAPI(it)}, nil
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingInputItemRequestObject) (gen.CreateSalesOrderPartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateInputItem(ctx, tenantID, o, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderPartLineRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingInputItems(ctx context.Context, req gen.ListSalesOrderPartLineRoutingInputItemsRequestObject) (gen.ListSalesOrderPartLineRoutingInputItemsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputItems(ctx, tenantID, o, routing.InputItemFilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListSalesOrderPartLineRoutingInputItems200JSONResponse(mapToAPI(list, routing.InputItemToAPI)), nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.GetSalesOrderPartLineRoutingInputItemRequestObject) (gen.GetSalesOrderPartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().InputItem(ctx, tenantID, o, req.InputItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLineRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.UpdateSalesOrderPartLineRoutingInputItemRequestObject) (gen.UpdateSalesOrderPartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().UpdateInputItem(ctx, tenantID, o, req.InputItemId, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderPartLineRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingInputItemRequestObject) (gen.DeleteSalesOrderPartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	if deleted, err := h.routings().DeleteInputItem(ctx, tenantID, o, req.InputItemId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingInputItem204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingInputMaterials(ctx context.Context, req gen.ListSalesOrderPartLineRoutingInputMaterialsRequestObject) (gen.ListSalesOrderPartLineRoutingInputMaterialsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.SalesOrderId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputMaterials(ctx, tenantID, o, routing.MaterialFilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListSalesOrderPartLineRoutingInputMaterials200JSONResponse(mapToAPI(list, routing.InputMaterialToAPI)), nil
}
