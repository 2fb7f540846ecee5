package jobs

import (
	"context"
	"strconv"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func operationFilterFromAPI(b *gen.JobOperationFilter) (OperationFilter, error) {
	var f OperationFilter
	if b == nil {
		return f, nil
	}
	f.IDs = listing.Values(b.Ids)
	f.WorkCenterIDs = listing.Values(b.WorkCenterIds)
	for _, s := range listing.Values(b.Statuses) {
		f.Statuses = append(f.Statuses, string(s))
	}
	fields := apperr.Fields{}
	for i, s := range f.Statuses {
		if !containsString(OperationStatuses, s) {
			fields.Add(listField("statuses", i), "%s", apperr.NotOneOf(s, OperationStatuses))
		}
	}
	return f, fields.Err()
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func listField(name string, i int) string { return name + "." + strconv.Itoa(i) }

func (h *JobsHandler) ListJobOperations(ctx context.Context, req gen.ListJobOperationsRequestObject) (gen.ListJobOperationsResponseObject, error) {
	f, err := operationFilterFromAPI(req.Body)
	if err != nil {
		return nil, err
	}
	list, err := h.svc.Operations(ctx, auth.TenantID(ctx), req.JobId, f)
	if err != nil {
		return nil, err
	}
	out := make(gen.ListJobOperations200JSONResponse, len(list))
	for i, op := range list {
		out[i] = operationToAPI(op)
	}
	return out, nil
}

func (h *JobsHandler) ListJobItemToMakeOperations(ctx context.Context, req gen.ListJobItemToMakeOperationsRequestObject) (gen.ListJobItemToMakeOperationsResponseObject, error) {
	f, err := operationFilterFromAPI(req.Body)
	if err != nil {
		return nil, err
	}
	p := req.Params
	list, err := h.svc.ItemToMakeOperations(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListJobItemToMakeOperations200JSONResponse, len(list))
	for i, op := range list {
		out[i] = operationToAPI(op)
	}
	return out, nil
}

func (h *JobsHandler) GetJobOperation(ctx context.Context, req gen.GetJobOperationRequestObject) (gen.GetJobOperationResponseObject, error) {
	op, err := h.svc.Operation(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobOperation200JSONResponse(operationToAPI(op)), nil
}

func (h *JobsHandler) UpdateJobOperation(ctx context.Context, req gen.UpdateJobOperationRequestObject) (gen.UpdateJobOperationResponseObject, error) {
	var u OperationUpdate
	if req.Body != nil && req.Body.CustomFields != nil {
		u.CustomFields = *req.Body.CustomFields
	}
	op, err := h.svc.UpdateOperation(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId, u)
	if err != nil {
		return nil, err
	}
	return gen.UpdateJobOperation200JSONResponse(operationToAPI(op)), nil
}

func (h *JobsHandler) AddJobOperationQuantityCompleted(ctx context.Context, req gen.AddJobOperationQuantityCompletedRequestObject) (gen.AddJobOperationQuantityCompletedResponseObject, error) {
	a := QuantityAdd{Quantity: req.Body.Quantity, QuantityScrapped: dec.Zero, ScrapReason: req.Body.ScrapReason, UserID: actingUser(ctx)}
	if req.Body.QuantityScrapped != nil {
		a.QuantityScrapped = *req.Body.QuantityScrapped
	}
	op, err := h.svc.AddQuantityCompleted(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId, a)
	if err != nil {
		return nil, err
	}
	return gen.AddJobOperationQuantityCompleted200JSONResponse(operationToAPI(op)), nil
}

func operationToAPI(op Operation) gen.JobOperation {
	return gen.JobOperation{
		Id: op.ID, JobId: op.JobID, ItemToMakeId: op.ItemToMakeID, RoutingId: op.RoutingID, Sequence: op.Sequence,
		Name: op.Name, OperationId: op.OperationID, WorkCenterId: op.WorkCenterID, EquipmentId: op.EquipmentID,
		SetupTimeMinutes: op.SetupTimeMinutes, RunTimeMinutesPerUnit: op.RunTimeMinutesPerUnit,
		IsOutsideProcessing: op.IsOutsideProcessing, Status: gen.JobOperationStatus(op.Status),
		QuantityToMake: op.QuantityToMake, QuantityMade: op.QuantityMade, QuantityCompleted: op.QuantityCompleted,
		QuantityScrapped: op.QuantityScrapped, StartedUtc: utctime.Ptr(op.StartedUtc), CompletedUtc: utctime.Ptr(op.CompletedUtc),
		ExcludeSetupTimeFromAudit: op.ExcludeSetupTimeFromAudit, ExcludeLaborTimeFromAudit: op.ExcludeLaborTimeFromAudit,
		ExcludeMachineTimeFromAudit: op.ExcludeMachineTimeFromAudit,
		Time:                        gen.JobOperationTime{SetupSeconds: op.SetupSeconds, LaborSeconds: op.LaborSeconds, MachineSeconds: op.MachineSeconds},
		Cost:                        gen.JobOperationCost{Labor: op.LaborCost, Machine: op.MachineCost, OutsideProcessing: op.OutsideProcessingCost},
		CustomFields:                op.CustomFields, ModifiedUtc: utctime.From(op.OperationState.ModifiedUtc),
	}
}
