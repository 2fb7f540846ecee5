package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// The routings of quote part lines, at /api/quotes/{quoteId}/part-line-items/{lineItemId}/
// routing/{routingId}...: the item routing operations' bodies and rules (the routing
// service's), owned by the line. Each method first checks that the line is a part line of the
// path's quote and that routingId is its routing id (404 otherwise).

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

// lineRouting checks the path and answers the tenant and the line's routing owner.
func (h *QuotesHandler) lineRouting(ctx context.Context, quoteID, lineID, routingID string) (string, routing.Owner, error) {
	tenantID := auth.TenantID(ctx)
	o, err := h.svc.lineRoutingOwner(ctx, tenantID, quoteID, lineID, routingID)
	return tenantID, o, err
}

func (h *QuotesHandler) routings() lineRoutings { return h.svc.deps.Routings }

// listRequest is a list operation's paging and sorting parameters.
func listRequest(sortField *string, sortDir *gen.SortDir, skip, take *int32) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

func (h *QuotesHandler) GetQuotePartLineRouting(ctx context.Context, req gen.GetQuotePartLineRoutingRequestObject) (gen.GetQuotePartLineRoutingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	r, err := h.routings().Routing(ctx, tenantID, o)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLineRouting200JSONResponse{Body: routing.RoutingToAPI(r)}, nil
}

func (h *QuotesHandler) CreateQuotePartLineRoutingOperation(ctx context.Context, req gen.CreateQuotePartLineRoutingOperationRequestObject) (gen.CreateQuotePartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateOperation(ctx, tenantID, o, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuotePartLineRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperations(ctx context.Context, req gen.ListQuotePartLineRoutingOperationsRequestObject) (gen.ListQuotePartLineRoutingOperationsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().Operations(ctx, tenantID, o, routing.FilterFromAPI(req.Body), listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLineRoutingOperations200JSONResponse, len(list))
	for i, op := range list {
		out[i] = routing.OperationToAPI(op)
	}
	return out, nil
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperation(ctx context.Context, req gen.GetQuotePartLineRoutingOperationRequestObject) (gen.GetQuotePartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().Operation(ctx, tenantID, o, req.OperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLineRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *QuotesHandler) UpdateQuotePartLineRoutingOperation(ctx context.Context, req gen.UpdateQuotePartLineRoutingOperationRequestObject) (gen.UpdateQuotePartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().UpdateOperation(ctx, tenantID, o, req.OperationId, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuotePartLineRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingOperation(ctx context.Context, req gen.DeleteQuotePartLineRoutingOperationRequestObject) (gen.DeleteQuotePartLineRoutingOperationResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	deleted, err := h.routings().DeleteOperation(ctx, tenantID, o, req.OperationId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuotePartLineRoutingOperation204Response{}, nil
	}
	return gen.DeleteQuotePartLineRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) CreateQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.CreateQuotePartLineRoutingOperationTrackingRequestObject) (gen.CreateQuotePartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateTracking(ctx, tenantID, o, req.OperationId, string(req.Phase), routing.TrackingWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuotePartLineRoutingOperationTracking200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperationTrackings(ctx context.Context, req gen.ListQuotePartLineRoutingOperationTrackingsRequestObject) (gen.ListQuotePartLineRoutingOperationTrackingsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().Trackings(ctx, tenantID, o, req.OperationId, string(req.Phase), routing.TrackingFilterFromAPI(req.Body),
		listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLineRoutingOperationTrackings200JSONResponse, len(list))
	for i, tr := range list {
		out[i] = routing.TrackingToAPI(tr)
	}
	return out, nil
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.GetQuotePartLineRoutingOperationTrackingRequestObject) (gen.GetQuotePartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	tr, err := h.routings().Tracking(ctx, tenantID, o, req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLineRoutingOperationTracking200JSONResponse{Body: routing.TrackingToAPI(tr)}, nil
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingOperationTracking(ctx context.Context, req gen.DeleteQuotePartLineRoutingOperationTrackingRequestObject) (gen.DeleteQuotePartLineRoutingOperationTrackingResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	deleted, err := h.routings().DeleteTracking(ctx, tenantID, o, req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuotePartLineRoutingOperationTracking204Response{}, nil
	}
	return gen.DeleteQuotePartLineRoutingOperationTracking200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingOperationItems(ctx context.Context, req gen.ListQuotePartLineRoutingOperationItemsRequestObject) (gen.ListQuotePartLineRoutingOperationItemsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().OperationItems(ctx, tenantID, o, req.OperationId, routing.OperationItemFilterFromAPI(req.Body),
		listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLineRoutingOperationItems200JSONResponse, len(list))
	for i, it := range list {
		out[i] = routing.OperationItemToAPI(it)
	}
	return out, nil
}

func (h *QuotesHandler) GetQuotePartLineRoutingOperationItem(ctx context.Context, req gen.GetQuotePartLineRoutingOperationItemRequestObject) (gen.GetQuotePartLineRoutingOperationItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().OperationItem(ctx, tenantID, o, req.OperationId, req.OperationItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLineRoutingOperationItem200JSONResponse{Body: routing.OperationItemToAPI(it)}, nil
}

func (h *QuotesHandler) CreateQuotePartLineRoutingInputItem(ctx context.Context, req gen.CreateQuotePartLineRoutingInputItemRequestObject) (gen.CreateQuotePartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateInputItem(ctx, tenantID, o, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateQuotePartLineRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingInputItems(ctx context.Context, req gen.ListQuotePartLineRoutingInputItemsRequestObject) (gen.ListQuotePartLineRoutingInputItemsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputItems(ctx, tenantID, o, routing.InputItemFilterFromAPI(req.Body), listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLineRoutingInputItems200JSONResponse, len(list))
	for i, it := range list {
		out[i] = routing.InputItemToAPI(it)
	}
	return out, nil
}

func (h *QuotesHandler) GetQuotePartLineRoutingInputItem(ctx context.Context, req gen.GetQuotePartLineRoutingInputItemRequestObject) (gen.GetQuotePartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().InputItem(ctx, tenantID, o, req.InputItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetQuotePartLineRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *QuotesHandler) UpdateQuotePartLineRoutingInputItem(ctx context.Context, req gen.UpdateQuotePartLineRoutingInputItemRequestObject) (gen.UpdateQuotePartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().UpdateInputItem(ctx, tenantID, o, req.InputItemId, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuotePartLineRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *QuotesHandler) DeleteQuotePartLineRoutingInputItem(ctx context.Context, req gen.DeleteQuotePartLineRoutingInputItemRequestObject) (gen.DeleteQuotePartLineRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	deleted, err := h.routings().DeleteInputItem(ctx, tenantID, o, req.InputItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuotePartLineRoutingInputItem204Response{}, nil
	}
	return gen.DeleteQuotePartLineRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) ListQuotePartLineRoutingInputMaterials(ctx context.Context, req gen.ListQuotePartLineRoutingInputMaterialsRequestObject) (gen.ListQuotePartLineRoutingInputMaterialsResponseObject, error) {
	tenantID, o, err := h.lineRouting(ctx, req.QuoteId, req.LineItemId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputMaterials(ctx, tenantID, o, routing.MaterialFilterFromAPI(req.Body), listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListQuotePartLineRoutingInputMaterials200JSONResponse, len(list))
	for i, m := range list {
		out[i] = routing.InputMaterialToAPI(m)
	}
	return out, nil
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
