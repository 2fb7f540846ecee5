package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/stock/routing"
)

// The routings of items to make, at /api/jobs/{jobId}/routing/{routingId}...: the item
// routing operations' bodies and rules (the routing service's), owned by the item to make
// whose routing id the path carries (404 otherwise). The routing service asks the owner kind
// whether the job's status allows edits (LockForRouting) and whether the operation an edit
// touches has started (OperationLockedForRouting).

// routingVersioned declares the records of the item to make routings for conditional
// requests, keyed as the item routings' are; the routing's own ETag is the item to make's,
// which every routing change advances (RoutingChanged).
func routingVersioned() []conditional.Record {
	return []conditional.Record{
		{Table: "job_items_to_make", Key: map[string]string{"routing_id": "routingId", "job_id": "jobId"},
			Operations: []string{"getJobRouting"}},
		{Table: "routing_operations", Key: map[string]string{"id": "operationId"},
			Operations: []string{"getJobRoutingOperation", "updateJobRoutingOperation", "deleteJobRoutingOperation"}},
		{Table: "routing_input_items", Key: map[string]string{"id": "inputItemId"},
			Operations: []string{"getJobRoutingInputItem", "updateJobRoutingInputItem", "deleteJobRoutingInputItem"}},
		{Table: "routing_operation_items", Key: map[string]string{"id": "operationItemId", "routing_operation_id": "operationId"},
			Operations: []string{"getJobRoutingOperationItem"}},
	}
}

// jobRouting checks the path and answers the tenant and the item to make's routing owner.
func (h *JobsHandler) jobRouting(ctx context.Context, jobID, routingID string) (string, routing.Owner, error) {
	tenantID := auth.TenantID(ctx)
	o, err := h.svc.itemToMakeRoutingOwner(ctx, tenantID, jobID, routingID)
	return tenantID, o, err
}

func (h *JobsHandler) routings() routingPaths { return h.svc.deps.Routings }

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

func (h *JobsHandler) GetJobRouting(ctx context.Context, req gen.GetJobRoutingRequestObject) (gen.GetJobRoutingResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	r, err := h.routings().Routing(ctx, tenantID, o)
	if err != nil {
		return nil, err
	}
	return gen.GetJobRouting200JSONResponse{Body: routing.RoutingToAPI(r)}, nil
}

func (h *JobsHandler) CreateJobRoutingOperation(ctx context.Context, req gen.CreateJobRoutingOperationRequestObject) (gen.CreateJobRoutingOperationResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateOperation(ctx, tenantID, o, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateJobRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *JobsHandler) ListJobRoutingOperations(ctx context.Context, req gen.ListJobRoutingOperationsRequestObject) (gen.ListJobRoutingOperationsResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().Operations(ctx, tenantID, o, routing.FilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListJobRoutingOperations200JSONResponse(mapToAPI(list, routing.OperationToAPI)), nil
}

func (h *JobsHandler) GetJobRoutingOperation(ctx context.Context, req gen.GetJobRoutingOperationRequestObject) (gen.GetJobRoutingOperationResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().Operation(ctx, tenantID, o, req.OperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *JobsHandler) UpdateJobRoutingOperation(ctx context.Context, req gen.UpdateJobRoutingOperationRequestObject) (gen.UpdateJobRoutingOperationResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	op, err := h.routings().UpdateOperation(ctx, tenantID, o, req.OperationId, routing.WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateJobRoutingOperation200JSONResponse{Body: routing.OperationToAPI(op)}, nil
}

func (h *JobsHandler) DeleteJobRoutingOperation(ctx context.Context, req gen.DeleteJobRoutingOperationRequestObject) (gen.DeleteJobRoutingOperationResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	if deleted, err := h.routings().DeleteOperation(ctx, tenantID, o, req.OperationId); err != nil || !deleted {
		return gen.DeleteJobRoutingOperation204Response{}, err
	}
	return gen.DeleteJobRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *JobsHandler) ListJobRoutingOperationItems(ctx context.Context, req gen.ListJobRoutingOperationItemsRequestObject) (gen.ListJobRoutingOperationItemsResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().OperationItems(ctx, tenantID, o, req.OperationId, routing.OperationItemFilterFromAPI(req.Body),
		routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListJobRoutingOperationItems200JSONResponse(mapToAPI(list, routing.OperationItemToAPI)), nil
}

func (h *JobsHandler) GetJobRoutingOperationItem(ctx context.Context, req gen.GetJobRoutingOperationItemRequestObject) (gen.GetJobRoutingOperationItemResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().OperationItem(ctx, tenantID, o, req.OperationId, req.OperationItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobRoutingOperationItem200JSONResponse{Body: routing.OperationItemToAPI(it)}, nil
}

func (h *JobsHandler) CreateJobRoutingInputItem(ctx context.Context, req gen.CreateJobRoutingInputItemRequestObject) (gen.CreateJobRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	id, err := h.routings().CreateInputItem(ctx, tenantID, o, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateJobRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *JobsHandler) ListJobRoutingInputItems(ctx context.Context, req gen.ListJobRoutingInputItemsRequestObject) (gen.ListJobRoutingInputItemsResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputItems(ctx, tenantID, o, routing.InputItemFilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListJobRoutingInputItems200JSONResponse(mapToAPI(list, routing.InputItemToAPI)), nil
}

func (h *JobsHandler) GetJobRoutingInputItem(ctx context.Context, req gen.GetJobRoutingInputItemRequestObject) (gen.GetJobRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().InputItem(ctx, tenantID, o, req.InputItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *JobsHandler) UpdateJobRoutingInputItem(ctx context.Context, req gen.UpdateJobRoutingInputItemRequestObject) (gen.UpdateJobRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	it, err := h.routings().UpdateInputItem(ctx, tenantID, o, req.InputItemId, routing.InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateJobRoutingInputItem200JSONResponse{Body: routing.InputItemToAPI(it)}, nil
}

func (h *JobsHandler) DeleteJobRoutingInputItem(ctx context.Context, req gen.DeleteJobRoutingInputItemRequestObject) (gen.DeleteJobRoutingInputItemResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	if deleted, err := h.routings().DeleteInputItem(ctx, tenantID, o, req.InputItemId); err != nil || !deleted {
		return gen.DeleteJobRoutingInputItem204Response{}, err
	}
	return gen.DeleteJobRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *JobsHandler) ListJobRoutingInputMaterials(ctx context.Context, req gen.ListJobRoutingInputMaterialsRequestObject) (gen.ListJobRoutingInputMaterialsResponseObject, error) {
	tenantID, o, err := h.jobRouting(ctx, req.JobId, req.RoutingId)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.routings().InputMaterials(ctx, tenantID, o, routing.MaterialFilterFromAPI(req.Body), routingListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListJobRoutingInputMaterials200JSONResponse(mapToAPI(list, routing.InputMaterialToAPI)), nil
}
