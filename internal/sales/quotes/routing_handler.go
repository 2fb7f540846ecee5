package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/utctime"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// The routings of quote part lines, at /api/quotes/{quoteId}/part-line-items/{lineItemId}/
// routing/{routingId}...: the item routing operations' bodies and rules (the routing
// service's, served by routing.OwnerPaths), owned by the line. Each method first checks that
// the line is a part line of the path's quote and that routingId is its routing id (404
// otherwise).

// routingVersioned declares the records of the line routings for conditional requests, keyed
// as the item routings' are; the routing's own ETag is the line's, which every routing change
// advances (RoutingChanged).
func routingVersioned() []conditional.Record {
	return []conditional.Record{
		{Table: "quote_part_lines", Key: map[string]string{"id": "lineItemId", "quote_id": "quoteId"},
			Operations: []string{"getQuotePartLineRouting"}},
		{Table: "routing_operations", Key: map[string]string{"id": "operationId"},
			Operations: []string{"getQuotePartLineRoutingOperation", "updateQuotePartLineRoutingOperation", "deleteQuotePartLineRoutingOperation"}},
		{Table: "routing_input_items", Key: map[string]string{"id": "inputItemId"},
			Operations: []string{"getQuotePartLineRoutingInputItem", "updateQuotePartLineRoutingInputItem", "deleteQuotePartLineRoutingInputItem"}},
		{Table: "routing_operation_items", Key: map[string]string{"id": "operationItemId", "routing_operation_id": "operationId"},
			Operations: []string{"getQuotePartLineRoutingOperationItem"}},
		{Table: "routing_operation_ipts", Key: map[string]string{"id": "iptId", "routing_operation_id": "operationId", "phase": "phase"},
			Operations: []string{"getQuotePartLineRoutingOperationTracking", "deleteQuotePartLineRoutingOperationTracking"}},
	}
}

// lineRouting resolves the path's line: a part line of quote quoteID whose routing id is
// routingID.
func (h *QuotesHandler) lineRouting(quoteID, lineID, routingID string) routing.OwnerOf {
	return func(ctx context.Context, tenantID string) (routing.Owner, error) {
		return h.svc.lineRoutingOwner(ctx, tenantID, quoteID, lineID, routingID)
	}
}

func (h *QuotesHandler) GetQuotePartLineRouting(ctx context.Context, req gen.GetQuotePartLineRoutingRequestObject) (gen.GetQuotePartLineRoutingResponseObject, error) {
	r, err := h.paths.Routing(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId))
	return gen.GetQuotePartLineRouting200JSONResponse{Body: r}, err
}

func (h *QuotesHandler) CreateQuotePartLineRoutingOperation(ctx context.Context, req gen.CreateQuotePartLineRoutingOperationRequestObject) (gen.CreateQuotePartLineRoutingOperationResponseObject, error) {
	id, err := h.paths.CreateOperation(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), *req.Body)
	return gen.CreateQuotePartLineRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperations(ctx context.Context, req gen.ListQuotePartLineRoutingOperationsRequestObject) (gen.ListQuotePartLineRoutingOperationsResponseObject, error) {
	p := req.Params
	list, err := h.paths.Operations(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListQuotePartLineRoutingOperations200JSONResponse(list), err
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperation(ctx context.Context, req gen.GetQuotePartLineRoutingOperationRequestObject) (gen.GetQuotePartLineRoutingOperationResponseObject, error) {
	op, err := h.paths.Operation(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId)
	return gen.GetQuotePartLineRoutingOperation200JSONResponse{Body: op}, err
}

func (h *QuotesHandler) UpdateQuotePartLineRoutingOperation(ctx context.Context, req gen.UpdateQuotePartLineRoutingOperationRequestObject) (gen.UpdateQuotePartLineRoutingOperationResponseObject, error) {
	op, err := h.paths.UpdateOperation(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, *req.Body)
	return gen.UpdateQuotePartLineRoutingOperation200JSONResponse{Body: op}, err
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingOperation(ctx context.Context, req gen.DeleteQuotePartLineRoutingOperationRequestObject) (gen.DeleteQuotePartLineRoutingOperationResponseObject, error) {
	if deleted, err := h.paths.DeleteOperation(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId); err != nil || !deleted {
		return gen.DeleteQuotePartLineRoutingOperation204Response{}, err
	}
	return gen.DeleteQuotePartLineRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) CreateQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.CreateQuotePartLineRoutingOperationTrackingRequestObject) (gen.CreateQuotePartLineRoutingOperationTrackingResponseObject, error) {
	id, err := h.paths.CreateTracking(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, *req.Body)
	return gen.CreateQuotePartLineRoutingOperationTracking200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperationTrackings(ctx context.Context, req gen.ListQuotePartLineRoutingOperationTrackingsRequestObject) (gen.ListQuotePartLineRoutingOperationTrackingsResponseObject, error) {
	p := req.Params
	list, err := h.paths.Trackings(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListQuotePartLineRoutingOperationTrackings200JSONResponse(list), err
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.GetQuotePartLineRoutingOperationTrackingRequestObject) (gen.GetQuotePartLineRoutingOperationTrackingResponseObject, error) {
	tr, err := h.paths.Tracking(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.IptId)
	return gen.GetQuotePartLineRoutingOperationTracking200JSONResponse{Body: tr}, err
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.DeleteQuotePartLineRoutingOperationTrackingRequestObject) (gen.DeleteQuotePartLineRoutingOperationTrackingResponseObject, error) {
	if deleted, err := h.paths.DeleteTracking(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.Phase, req.IptId); err != nil || !deleted {
		return gen.DeleteQuotePartLineRoutingOperationTracking204Response{}, err
	}
	return gen.DeleteQuotePartLineRoutingOperationTracking200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperationItems(ctx context.Context, req gen.ListQuotePartLineRoutingOperationItemsRequestObject) (gen.ListQuotePartLineRoutingOperationItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.OperationItems(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListQuotePartLineRoutingOperationItems200JSONResponse(list), err
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperationItem(ctx context.Context, req gen.GetQuotePartLineRoutingOperationItemRequestObject) (gen.GetQuotePartLineRoutingOperationItemResponseObject, error) {
	it, err := h.paths.OperationItem(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.OperationId, req.OperationItemId)
	return gen.GetQuotePartLineRoutingOperationItem200JSONResponse{Body: it}, err
}

func (h *QuotesHandler) CreateQuotePartLineRoutingInputItem(ctx context.Context, req gen.CreateQuotePartLineRoutingInputItemRequestObject) (gen.CreateQuotePartLineRoutingInputItemResponseObject, error) {
	id, err := h.paths.CreateInputItem(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), *req.Body)
	return gen.CreateQuotePartLineRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *QuotesHandler) ListQuotePartLineRoutingInputItems(ctx context.Context, req gen.ListQuotePartLineRoutingInputItemsRequestObject) (gen.ListQuotePartLineRoutingInputItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputItems(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListQuotePartLineRoutingInputItems200JSONResponse(list), err
}

func (h *QuotesHandler) GetQuotePartLineRoutingInputItem(ctx context.Context, req gen.GetQuotePartLineRoutingInputItemRequestObject) (gen.GetQuotePartLineRoutingInputItemResponseObject, error) {
	it, err := h.paths.InputItem(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.InputItemId)
	return gen.GetQuotePartLineRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *QuotesHandler) UpdateQuotePartLineRoutingInputItem(ctx context.Context, req gen.UpdateQuotePartLineRoutingInputItemRequestObject) (gen.UpdateQuotePartLineRoutingInputItemResponseObject, error) {
	it, err := h.paths.UpdateInputItem(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.InputItemId, *req.Body)
	return gen.UpdateQuotePartLineRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingInputItem(ctx context.Context, req gen.DeleteQuotePartLineRoutingInputItemRequestObject) (gen.DeleteQuotePartLineRoutingInputItemResponseObject, error) {
	if deleted, err := h.paths.DeleteInputItem(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.InputItemId); err != nil || !deleted {
		return gen.DeleteQuotePartLineRoutingInputItem204Response{}, err
	}
	return gen.DeleteQuotePartLineRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingInputMaterials(ctx context.Context, req gen.ListQuotePartLineRoutingInputMaterialsRequestObject) (gen.ListQuotePartLineRoutingInputMaterialsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputMaterials(ctx, h.lineRouting(req.QuoteId, req.LineItemId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListQuotePartLineRoutingInputMaterials200JSONResponse(list), err
}

func (h *QuotesHandler) GetQuotePartLineCostBreakdown(ctx context.Context, req gen.GetQuotePartLineCostBreakdownRequestObject) (gen.GetQuotePartLineCostBreakdownResponseObject, error) {
	c, err := h.svc.LineCostBreakdown(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	b := c.CostBreakdown
	return gen.GetQuotePartLineCostBreakdown200JSONResponse{
		QuoteId: c.QuoteID, LineItemId: c.LineID, ItemId: c.ItemID, Quantity: b.Quantity,
		CalculatedOn:   utctime.From(b.CalculatedOn),
		Time:           gen.CostBreakdownTime{Labor: b.LaborHours, Machine: b.MachineHours, Setup: b.SetupHours},
		CumulativeCost: items.CostObjectsToAPI(b.Cumulative, b.Quantity), ItemCost: items.CostObjectsToAPI(b.ItemLevel, b.Quantity),
	}, nil
}

func (h *QuotesHandler) GetQuotePartLineMakeSummary(ctx context.Context, req gen.GetQuotePartLineMakeSummaryRequestObject) (gen.GetQuotePartLineMakeSummaryResponseObject, error) {
	s, err := h.svc.LineMakeSummary(ctx, auth.TenantID(ctx), req.QuoteId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	lists := routing.SummaryListsToAPI(s)
	out := gen.QuoteLineMakeSummary{
		QuoteId: req.QuoteId, LineItemId: req.LineItemId, ItemId: s.ItemID, Quantity: s.Quantity,
		MadeItems: lists.MadeItems, BoughtItems: lists.BoughtItems, Materials: lists.Materials, Operations: lists.Operations,
		TotalSetupMinutes: s.TotalSetupMinutes, TotalRunMinutes: s.TotalRunMinutes,
	}
	return gen.GetQuotePartLineMakeSummary200JSONResponse(out), nil
}
