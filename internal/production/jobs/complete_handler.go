package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

func (h *JobsHandler) CompleteJobOperation(ctx context.Context, req gen.CompleteJobOperationRequestObject) (gen.CompleteJobOperationResponseObject, error) {
	var c OperationComplete
	if b := req.Body; b != nil {
		c = OperationComplete{
			QuantityCompleted: b.QuantityCompleted, QuantityScrapped: b.QuantityScrapped,
			AddItemsToInventory: b.AddItemsToInventory, LocationID: b.LocationId, LotNumber: b.LotNumber, Note: b.Note,
		}
	}
	op, err := h.svc.CompleteOperation(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId, c)
	if err != nil {
		return nil, err
	}
	return gen.CompleteJobOperation200JSONResponse(operationToAPI(op)), nil
}
