package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *JobsHandler) ListJobOperationItemsRequired(ctx context.Context, req gen.ListJobOperationItemsRequiredRequestObject) (gen.ListJobOperationItemsRequiredResponseObject, error) {
	list, err := h.svc.OperationRequirements(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId,
		[]RequirementKind{KindInputItem, KindOperationItem})
	if err != nil {
		return nil, err
	}
	return gen.ListJobOperationItemsRequired200JSONResponse(requirementsToAPI(list)), nil
}

func (h *JobsHandler) ListJobOperationMaterialsRequired(ctx context.Context, req gen.ListJobOperationMaterialsRequiredRequestObject) (gen.ListJobOperationMaterialsRequiredResponseObject, error) {
	list, err := h.svc.OperationRequirements(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId,
		[]RequirementKind{KindInputMaterial})
	if err != nil {
		return nil, err
	}
	return gen.ListJobOperationMaterialsRequired200JSONResponse(requirementsToAPI(list)), nil
}

func requirementsToAPI(list []RequirementRow) []gen.JobRequirement {
	out := make([]gen.JobRequirement, len(list))
	for i, r := range list {
		out[i] = gen.JobRequirement{
			RecordId: r.RecordID, Kind: gen.JobRequirementKind(r.Kind), ItemId: r.ItemID, ItemNumber: r.ItemNumber,
			UnitOfMeasureName: r.UnitName, QuantityRequired: r.Required, QuantityPicked: r.Picked,
			QuantityRemaining: r.Remaining, QuantityReserved: r.Reserved, MaterialShapeId: r.MaterialShapeID,
			BlankLength: r.BlankLength, BlankWidth: r.BlankWidth, PiecesPerBlank: r.PiecesPerBlank,
		}
	}
	return out
}

func (h *JobsHandler) PickJobOperationMaterial(ctx context.Context, req gen.PickJobOperationMaterialRequestObject) (gen.PickJobOperationMaterialResponseObject, error) {
	b := req.Body
	p, err := h.svc.PickForOperation(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId, PickWrite{
		ItemID: b.ItemId, Quantity: b.Quantity, LotID: b.LotId, LocationID: b.LocationId, Note: b.Note,
	})
	if err != nil {
		return nil, err
	}
	return gen.PickJobOperationMaterial200JSONResponse{
		Id: p.ID, JobId: p.JobID, OperationId: p.OperationID, ItemToMakeId: p.ItemToMakeID, ItemId: p.ItemID,
		Quantity: p.Quantity, Value: p.Value, InventoryEventId: p.InventoryEventID, CreatedUtc: utctime.From(p.CreatedUtc),
	}, nil
}
