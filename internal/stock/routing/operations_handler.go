package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

func (h *RoutingHandler) CreateItemRoutingOperation(ctx context.Context, req gen.CreateItemRoutingOperationRequestObject) (gen.CreateItemRoutingOperationResponseObject, error) {
	id, err := h.svc.CreateOperation(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) GetItemRoutingOperation(ctx context.Context, req gen.GetItemRoutingOperationRequestObject) (gen.GetItemRoutingOperationResponseObject, error) {
	op, err := h.svc.Operation(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetItemRoutingOperation200JSONResponse{Body: OperationToAPI(op)}, nil
}

func (h *RoutingHandler) UpdateItemRoutingOperation(ctx context.Context, req gen.UpdateItemRoutingOperationRequestObject) (gen.UpdateItemRoutingOperationResponseObject, error) {
	op, err := h.svc.UpdateOperation(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, WriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemRoutingOperation200JSONResponse{Body: OperationToAPI(op)}, nil
}

func (h *RoutingHandler) DeleteItemRoutingOperation(ctx context.Context, req gen.DeleteItemRoutingOperationRequestObject) (gen.DeleteItemRoutingOperationResponseObject, error) {
	deleted, err := h.svc.DeleteOperation(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingOperation204Response{}, nil
	}
	return gen.DeleteItemRoutingOperation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// writeFromAPI reads a create or full-update body; omitted and null members stay nil.
func WriteFromAPI(b gen.RoutingOperationWrite) Write {
	return Write{
		Sequence: b.Sequence, OperationID: b.OperationId, Name: b.Name, WorkCenterID: b.WorkCenterId,
		EquipmentID: b.EquipmentId, SetupTimeMinutes: b.SetupTimeMinutes, RunTimeMinutesPerUnit: b.RunTimeMinutesPerUnit,
		LaborRate: b.LaborRate, MachineRate: b.MachineRate, IsOutsideProcessing: b.IsOutsideProcessing,
		OutsideVendorID: b.OutsideVendorId, OutsideCost: b.OutsideCost, OutsideLeadDays: b.OutsideLeadDays, Notes: b.Notes,
	}
}

func (h *RoutingHandler) CreateItemRoutingOperations(ctx context.Context, req gen.CreateItemRoutingOperationsRequestObject) (gen.CreateItemRoutingOperationsResponseObject, error) {
	ws := make([]Write, len(req.Body.Operations))
	for i, b := range req.Body.Operations {
		ws[i] = WriteFromAPI(b)
	}
	created, err := h.svc.CreateOperations(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), ws)
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingOperations200JSONResponse{Ids: created}, nil
}

func (h *RoutingHandler) ListItemRoutingOperations(ctx context.Context, req gen.ListItemRoutingOperationsRequestObject) (gen.ListItemRoutingOperationsResponseObject, error) {
	p := req.Params
	list, err := h.svc.Operations(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), FilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingOperations200JSONResponse, len(list))
	for i, op := range list {
		out[i] = OperationToAPI(op)
	}
	return out, nil
}

// FilterFromAPI reads a routing operation list's filter; an absent body or member applies
// no clause.
func FilterFromAPI(b *gen.RoutingOperationFilter) Filter {
	var f Filter
	if b == nil {
		return f
	}
	if b.Ids != nil {
		f.IDs = *b.Ids
	}
	if b.OperationIds != nil {
		f.OperationIDs = *b.OperationIds
	}
	if b.WorkCenterIds != nil {
		f.WorkCenterIDs = *b.WorkCenterIds
	}
	return f
}
