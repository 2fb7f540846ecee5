package operations

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// OperationsHandler serves the operation library (/api/operation, /api/operations).
type OperationsHandler struct {
	svc *Service
}

// NewHandler returns the operations handler.
func NewHandler(svc *Service) *OperationsHandler { return &OperationsHandler{svc: svc} }

// Versioned declares operations for conditional requests (ETag, If-Match). An operation's
// answer shows the names of its work center and equipment, which its ETag follows too.
func (h *OperationsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "operations", Key: map[string]string{"id": "id"}, Shows: operationShowsSQL,
		Operations: []string{"getOperation", "updateOperation"}}}
}

func (h *OperationsHandler) CreateOperation(ctx context.Context, req gen.CreateOperationRequestObject) (gen.CreateOperationResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateOperation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *OperationsHandler) GetOperation(ctx context.Context, req gen.GetOperationRequestObject) (gen.GetOperationResponseObject, error) {
	op, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetOperation200JSONResponse{Body: toAPI(op)}, nil
}

func (h *OperationsHandler) UpdateOperation(ctx context.Context, req gen.UpdateOperationRequestObject) (gen.UpdateOperationResponseObject, error) {
	op, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateOperation200JSONResponse{Body: toAPI(op)}, nil
}

func (h *OperationsHandler) ListOperations(ctx context.Context, req gen.ListOperationsRequestObject) (gen.ListOperationsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.WorkCenterIds != nil {
			f.WorkCenterIDs = *b.WorkCenterIds
		}
		if b.IncludeArchived != nil {
			f.IncludeArchived = *b.IncludeArchived
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListOperations200JSONResponse, len(list))
	for i, op := range list {
		out[i] = toAPI(op)
	}
	return out, nil
}

// writeFromAPI reads a create or full-update body; omitted optional members take their zero
// values.
func writeFromAPI(b gen.OperationWrite) Write {
	w := Write{
		Name: b.Name, Description: b.Description, WorkCenterID: b.WorkCenterId, EquipmentID: b.EquipmentId,
		SetupTimeMinutes: orZero(b.SetupTimeMinutes), RunTimeMinutesPerUnit: orZero(b.RunTimeMinutesPerUnit),
	}
	if b.IsOutsideProcessing != nil {
		w.IsOutsideProcessing = *b.IsOutsideProcessing
	}
	if b.IsArchived != nil {
		w.IsArchived = *b.IsArchived
	}
	return w
}

// orZero is an omitted time's value, 0.
func orZero(p *dec.Decimal) dec.Decimal {
	if p == nil {
		return dec.Zero
	}
	return *p
}

func toAPI(op Operation) gen.Operation {
	return gen.Operation{
		Id: op.ID, Name: op.Name, Description: op.Description,
		WorkCenterId: op.WorkCenterID, WorkCenterName: op.WorkCenterName,
		EquipmentId: op.EquipmentID, EquipmentName: op.EquipmentName,
		SetupTimeMinutes: op.SetupTimeMinutes, RunTimeMinutesPerUnit: op.RunTimeMinutesPerUnit,
		IsOutsideProcessing: op.IsOutsideProcessing, IsArchived: op.IsArchived,
		CreatedUtc: utctime.From(op.CreatedUtc), ModifiedUtc: utctime.From(op.ModifiedUtc),
	}
}
