package workorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// WorkOrdersHandler serves the Work orders operations of the spec.
type WorkOrdersHandler struct {
	svc *Service
}

// NewHandler returns the work orders handler.
func NewHandler(svc *Service) *WorkOrdersHandler { return &WorkOrdersHandler{svc: svc} }

// Versioned declares work orders for conditional requests (ETag, If-Match). A work order's
// answer shows its job operations as they stand, so its ETag folds in their state.
func (h *WorkOrdersHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "work_orders", Key: map[string]string{"id": "workOrderId"},
		Shows: func() string { return showsSQL }, Operations: []string{"getWorkOrder", "deleteWorkOrder"}}}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID}
}

func (h *WorkOrdersHandler) CreateWorkOrder(ctx context.Context, req gen.CreateWorkOrderRequestObject) (gen.CreateWorkOrderResponseObject, error) {
	b := req.Body
	c := Create{Name: b.Name}
	if b.Status != nil {
		c.Status = Status(*b.Status)
	}
	if b.Priority != nil {
		c.Priority = Priority(*b.Priority)
	}
	if b.ProductionDueDateUtc != nil {
		d := b.ProductionDueDateUtc.UTC()
		c.ProductionDueDateUtc = &d
	}
	for _, op := range b.Operations {
		oc := OperationCreate{AdditionalInstructions: op.AdditionalInstructions,
			EstimatedSetupTimeSeconds: op.EstimatedSetupTimeSeconds, EstimatedRunTimeSeconds: op.EstimatedRunTimeSeconds}
		for _, r := range op.JobOperations {
			oc.JobOperations = append(oc.JobOperations, JobOperationRef{JobID: r.JobId, JobOperationID: r.JobOperationId})
		}
		c.Operations = append(c.Operations, oc)
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), c)
	if err != nil {
		return nil, err
	}
	return gen.CreateWorkOrder200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *WorkOrdersHandler) GetWorkOrder(ctx context.Context, req gen.GetWorkOrderRequestObject) (gen.GetWorkOrderResponseObject, error) {
	w, err := h.svc.Get(ctx, auth.TenantID(ctx), req.WorkOrderId)
	if err != nil {
		return nil, err
	}
	return gen.GetWorkOrder200JSONResponse{Body: toAPI(w)}, nil
}

func (h *WorkOrdersHandler) ListWorkOrders(ctx context.Context, req gen.ListWorkOrdersRequestObject) (gen.ListWorkOrdersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			IDs: listing.Values(b.Ids), JobIDs: listing.Values(b.JobIds), JobOperationIDs: listing.Values(b.JobOperationIds),
			Search:        b.Search,
			DueAfter:      utctime.ParseFilterInstant(fields, "productionDueAfterUtc", b.ProductionDueAfterUtc),
			DueBefore:     utctime.ParseFilterInstant(fields, "productionDueBeforeUtc", b.ProductionDueBeforeUtc),
			CreatedAfter:  utctime.ParseFilterInstant(fields, "createdAfterUtc", b.CreatedAfterUtc),
			CreatedBefore: utctime.ParseFilterInstant(fields, "createdBeforeUtc", b.CreatedBeforeUtc),
		}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		for _, p := range listing.Values(b.Priorities) {
			f.Priorities = append(f.Priorities, Priority(p))
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	page, err := h.svc.List(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.WorkOrderPage{
		Data: make([]gen.WorkOrderSummary, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, w := range page.Rows {
		out.Data[i] = gen.WorkOrderSummary{
			Id: w.ID, Number: w.Number, Name: w.Name, Status: gen.WorkOrderStatus(w.Status), Priority: gen.WorkOrderPriority(w.Priority),
			ProductionDueDateUtc: utctime.Ptr(w.ProductionDueDateUtc), CreatedByUserId: w.CreatedByUserID,
			CreatedUtc: utctime.From(w.CreatedUtc), ModifiedUtc: utctime.From(w.ModifiedUtc),
			OperationCount: w.OperationCount, JobOperationCount: w.JobOperationCount,
		}
	}
	return gen.ListWorkOrders200JSONResponse(out), nil
}

func (h *WorkOrdersHandler) UpdateWorkOrderStatus(ctx context.Context, req gen.UpdateWorkOrderStatusRequestObject) (gen.UpdateWorkOrderStatusResponseObject, error) {
	w, err := h.svc.UpdateStatus(ctx, auth.TenantID(ctx), req.WorkOrderId, Status(req.Body.Status))
	if err != nil {
		return nil, err
	}
	return gen.UpdateWorkOrderStatus200JSONResponse(toAPI(w)), nil
}

func (h *WorkOrdersHandler) DeleteWorkOrder(ctx context.Context, req gen.DeleteWorkOrderRequestObject) (gen.DeleteWorkOrderResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.WorkOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteWorkOrder204Response{}, nil
	}
	return gen.DeleteWorkOrder200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func toAPI(w WorkOrder) gen.WorkOrder {
	out := gen.WorkOrder{
		Id: w.ID, Number: w.Number, Name: w.Name, Status: gen.WorkOrderStatus(w.Status), Priority: gen.WorkOrderPriority(w.Priority),
		ProductionDueDateUtc: utctime.Ptr(w.ProductionDueDateUtc), CreatedByUserId: w.CreatedByUserID,
		CreatedUtc: utctime.From(w.CreatedUtc), ModifiedUtc: utctime.From(w.ModifiedUtc),
		Operations: make([]gen.WorkOrderOperation, len(w.Operations)),
	}
	for i, op := range w.Operations {
		o := gen.WorkOrderOperation{
			Id: op.ID, Sequence: op.Sequence, Name: op.Name, AdditionalInstructions: op.AdditionalInstructions,
			EstimatedSetupTimeSeconds: op.EstimatedSetupTimeSeconds, EstimatedRunTimeSeconds: op.EstimatedRunTimeSeconds,
			Status: gen.WorkOrderOperationStatus(op.Status()), JobOperations: make([]gen.WorkOrderJobOperation, len(op.JobOperations)),
		}
		for j, jo := range op.JobOperations {
			o.JobOperations[j] = gen.WorkOrderJobOperation{
				JobId: jo.JobID, JobNumber: jo.JobNumber, JobName: jo.JobName, ItemToMakeId: jo.ItemToMakeID, ItemId: jo.ItemID,
				ItemNumber: jo.ItemNumber, JobOperationId: jo.JobOperationID, OperationName: jo.OperationName,
				SystemOperationId: jo.SystemOperationID, WorkCenterId: jo.WorkCenterID, QuantityToMake: jo.QuantityToMake,
				QuantityCompleted: jo.QuantityCompleted, QuantityScrapped: jo.QuantityScrapped, Status: gen.JobOperationStatus(jo.Status),
			}
		}
		out.Operations[i] = o
	}
	return out
}
