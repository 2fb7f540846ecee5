package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/conditional"
	"mos/internal/stock/routing"
)

// The routings of sales order part lines, at /api/sales-orders/{salesOrderId}/part-line-items/
// {lineItemId}/routing/{routingId}...: the item routing operations' bodies and rules (the
// routing service's, served by routing.OwnerPaths), owned by the line. Each method first checks that the line is a part
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

// lineRouting resolves the path's line: a part line of order orderID whose routing id is
// routingID.
func (h *SalesOrdersHandler) lineRouting(orderID, lineID, routingID string) routing.OwnerOf {
	return func(ctx context.Context, tenantID string) (routing.Owner, error) {
		return h.svc.lineRoutingOwner(ctx, tenantID, orderID, lineID, routingID)
	}
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRouting(ctx context.Context, req gen.GetSalesOrderPartLineRoutingRequestObject) (gen.GetSalesOrderPartLineRoutingResponseObject, error) {
	r, err := h.paths.Routing(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId))
	return gen.GetSalesOrderPartLineRouting200JSONResponse{Body: r}, err
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingOperationRequestObject) (gen.CreateSalesOrderPartLineRoutingOperationResponseObject, error) {
	id, err := h.paths.CreateOperation(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), *req.Body)
	return gen.CreateSalesOrderPartLineRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperations(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationsResponseObject, error) {
	p := req.Params
	list, err := h.paths.Operations(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListSalesOrderPartLineRoutingOperations200JSONResponse(list), err
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationRequestObject) (gen.GetSalesOrderPartLineRoutingOperationResponseObject, error) {
	op, err := h.paths.Operation(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId)
	return gen.GetSalesOrderPartLineRoutingOperation200JSONResponse{Body: op}, err
}

func (h *SalesOrdersHandler) UpdateSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.UpdateSalesOrderPartLineRoutingOperationRequestObject) (gen.UpdateSalesOrderPartLineRoutingOperationResponseObject, error) {
	op, err := h.paths.UpdateOperation(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, *req.Body)
	return gen.UpdateSalesOrderPartLineRoutingOperation200JSONResponse{Body: op}, err
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingOperation(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingOperationRequestObject) (gen.DeleteSalesOrderPartLineRoutingOperationResponseObject, error) {
	if deleted, err := h.paths.DeleteOperation(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingOperation204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.CreateSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	id, err := h.paths.CreateTracking(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, *req.Body)
	return gen.CreateSalesOrderPartLineRoutingOperationTracking200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperationTrackings(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationTrackingsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationTrackingsResponseObject, error) {
	p := req.Params
	list, err := h.paths.Trackings(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListSalesOrderPartLineRoutingOperationTrackings200JSONResponse(list), err
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.GetSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	tr, err := h.paths.Tracking(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.IptId)
	return gen.GetSalesOrderPartLineRoutingOperationTracking200JSONResponse{Body: tr}, err
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingOperationTracking(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingOperationTrackingRequestObject) (gen.DeleteSalesOrderPartLineRoutingOperationTrackingResponseObject, error) {
	if deleted, err := h.paths.DeleteTracking(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.IptId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingOperationTracking204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingOperationTracking200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingOperationItems(ctx context.Context, req gen.ListSalesOrderPartLineRoutingOperationItemsRequestObject) (gen.ListSalesOrderPartLineRoutingOperationItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.OperationItems(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListSalesOrderPartLineRoutingOperationItems200JSONResponse(list), err
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingOperationItem(ctx context.Context, req gen.GetSalesOrderPartLineRoutingOperationItemRequestObject) (gen.GetSalesOrderPartLineRoutingOperationItemResponseObject, error) {
	it, err := h.paths.OperationItem(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.OperationId, req.OperationItemId)
	return gen.GetSalesOrderPartLineRoutingOperationItem200JSONResponse{Body: it}, err
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.CreateSalesOrderPartLineRoutingInputItemRequestObject) (gen.CreateSalesOrderPartLineRoutingInputItemResponseObject, error) {
	id, err := h.paths.CreateInputItem(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), *req.Body)
	return gen.CreateSalesOrderPartLineRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingInputItems(ctx context.Context, req gen.ListSalesOrderPartLineRoutingInputItemsRequestObject) (gen.ListSalesOrderPartLineRoutingInputItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputItems(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListSalesOrderPartLineRoutingInputItems200JSONResponse(list), err
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.GetSalesOrderPartLineRoutingInputItemRequestObject) (gen.GetSalesOrderPartLineRoutingInputItemResponseObject, error) {
	it, err := h.paths.InputItem(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.InputItemId)
	return gen.GetSalesOrderPartLineRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *SalesOrdersHandler) UpdateSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.UpdateSalesOrderPartLineRoutingInputItemRequestObject) (gen.UpdateSalesOrderPartLineRoutingInputItemResponseObject, error) {
	it, err := h.paths.UpdateInputItem(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.InputItemId, *req.Body)
	return gen.UpdateSalesOrderPartLineRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLineRoutingInputItem(ctx context.Context, req gen.DeleteSalesOrderPartLineRoutingInputItemRequestObject) (gen.DeleteSalesOrderPartLineRoutingInputItemResponseObject, error) {
	if deleted, err := h.paths.DeleteInputItem(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.InputItemId); err != nil || !deleted {
		return gen.DeleteSalesOrderPartLineRoutingInputItem204Response{}, err
	}
	return gen.DeleteSalesOrderPartLineRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLineRoutingInputMaterials(ctx context.Context, req gen.ListSalesOrderPartLineRoutingInputMaterialsRequestObject) (gen.ListSalesOrderPartLineRoutingInputMaterialsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputMaterials(ctx, h.lineRouting(req.SalesOrderId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListSalesOrderPartLineRoutingInputMaterials200JSONResponse(list), err
}
