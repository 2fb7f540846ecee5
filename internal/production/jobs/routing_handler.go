package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/conditional"
	"mos/internal/stock/routing"
)

// The routings of items to make, at /api/jobs/{jobId}/routing/{routingId}...: the item
// routing operations' bodies and rules (the routing service's, served by routing.OwnerPaths),
// owned by the item to make whose routing id the path carries (404 otherwise). The routing
// service asks the owner kind whether the job's status allows edits (LockForRouting) and
// whether the operation an edit touches has started (OperationLockedForRouting).

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

// jobRouting resolves the path's item to make: the one of job jobID whose routing id is
// routingID.
func (h *JobsHandler) jobRouting(jobID, routingID string) routing.OwnerOf {
	return func(ctx context.Context, tenantID string) (routing.Owner, error) {
		return h.svc.itemToMakeRoutingOwner(ctx, tenantID, jobID, routingID)
	}
}

func (h *JobsHandler) GetJobRouting(ctx context.Context, req gen.GetJobRoutingRequestObject) (gen.GetJobRoutingResponseObject, error) {
	r, err := h.paths.Routing(ctx, h.jobRouting(req.JobId, req.RoutingId))
	return gen.GetJobRouting200JSONResponse{Body: r}, err
}

func (h *JobsHandler) CreateJobRoutingOperation(ctx context.Context, req gen.CreateJobRoutingOperationRequestObject) (gen.CreateJobRoutingOperationResponseObject, error) {
	id, err := h.paths.CreateOperation(ctx, h.jobRouting(req.JobId, req.RoutingId), *req.Body)
	return gen.CreateJobRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *JobsHandler) ListJobRoutingOperations(ctx context.Context, req gen.ListJobRoutingOperationsRequestObject) (gen.ListJobRoutingOperationsResponseObject, error) {
	p := req.Params
	list, err := h.paths.Operations(ctx, h.jobRouting(req.JobId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListJobRoutingOperations200JSONResponse(list), err
}

func (h *JobsHandler) GetJobRoutingOperation(ctx context.Context, req gen.GetJobRoutingOperationRequestObject) (gen.GetJobRoutingOperationResponseObject, error) {
	op, err := h.paths.Operation(ctx, h.jobRouting(req.JobId, req.RoutingId), req.OperationId)
	return gen.GetJobRoutingOperation200JSONResponse{Body: op}, err
}

func (h *JobsHandler) UpdateJobRoutingOperation(ctx context.Context, req gen.UpdateJobRoutingOperationRequestObject) (gen.UpdateJobRoutingOperationResponseObject, error) {
	op, err := h.paths.UpdateOperation(ctx, h.jobRouting(req.JobId, req.RoutingId), req.OperationId, *req.Body)
	return gen.UpdateJobRoutingOperation200JSONResponse{Body: op}, err
}

func (h *JobsHandler) DeleteJobRoutingOperation(ctx context.Context, req gen.DeleteJobRoutingOperationRequestObject) (gen.DeleteJobRoutingOperationResponseObject, error) {
	if deleted, err := h.paths.DeleteOperation(ctx, h.jobRouting(req.JobId, req.RoutingId), req.OperationId); err != nil || !deleted {
		return gen.DeleteJobRoutingOperation204Response{}, err
	}
	return gen.DeleteJobRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *JobsHandler) ListJobRoutingOperationItems(ctx context.Context, req gen.ListJobRoutingOperationItemsRequestObject) (gen.ListJobRoutingOperationItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.OperationItems(ctx, h.jobRouting(req.JobId, req.RoutingId), req.OperationId, req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListJobRoutingOperationItems200JSONResponse(list), err
}

func (h *JobsHandler) GetJobRoutingOperationItem(ctx context.Context, req gen.GetJobRoutingOperationItemRequestObject) (gen.GetJobRoutingOperationItemResponseObject, error) {
	it, err := h.paths.OperationItem(ctx, h.jobRouting(req.JobId, req.RoutingId), req.OperationId, req.OperationItemId)
	return gen.GetJobRoutingOperationItem200JSONResponse{Body: it}, err
}

func (h *JobsHandler) CreateJobRoutingInputItem(ctx context.Context, req gen.CreateJobRoutingInputItemRequestObject) (gen.CreateJobRoutingInputItemResponseObject, error) {
	id, err := h.paths.CreateInputItem(ctx, h.jobRouting(req.JobId, req.RoutingId), *req.Body)
	return gen.CreateJobRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, err
}

func (h *JobsHandler) ListJobRoutingInputItems(ctx context.Context, req gen.ListJobRoutingInputItemsRequestObject) (gen.ListJobRoutingInputItemsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputItems(ctx, h.jobRouting(req.JobId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListJobRoutingInputItems200JSONResponse(list), err
}

func (h *JobsHandler) GetJobRoutingInputItem(ctx context.Context, req gen.GetJobRoutingInputItemRequestObject) (gen.GetJobRoutingInputItemResponseObject, error) {
	it, err := h.paths.InputItem(ctx, h.jobRouting(req.JobId, req.RoutingId), req.InputItemId)
	return gen.GetJobRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *JobsHandler) UpdateJobRoutingInputItem(ctx context.Context, req gen.UpdateJobRoutingInputItemRequestObject) (gen.UpdateJobRoutingInputItemResponseObject, error) {
	it, err := h.paths.UpdateInputItem(ctx, h.jobRouting(req.JobId, req.RoutingId), req.InputItemId, *req.Body)
	return gen.UpdateJobRoutingInputItem200JSONResponse{Body: it}, err
}

func (h *JobsHandler) DeleteJobRoutingInputItem(ctx context.Context, req gen.DeleteJobRoutingInputItemRequestObject) (gen.DeleteJobRoutingInputItemResponseObject, error) {
	if deleted, err := h.paths.DeleteInputItem(ctx, h.jobRouting(req.JobId, req.RoutingId), req.InputItemId); err != nil || !deleted {
		return gen.DeleteJobRoutingInputItem204Response{}, err
	}
	return gen.DeleteJobRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *JobsHandler) ListJobRoutingInputMaterials(ctx context.Context, req gen.ListJobRoutingInputMaterialsRequestObject) (gen.ListJobRoutingInputMaterialsResponseObject, error) {
	p := req.Params
	list, err := h.paths.InputMaterials(ctx, h.jobRouting(req.JobId, req.RoutingId), req.Body,
		routing.ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	return gen.ListJobRoutingInputMaterials200JSONResponse(list), err
}
