package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

// actingUser is the user whose token calls, nil for an integration token.
func actingUser(ctx context.Context) *string {
	if id := auth.From(ctx).UserID; id != "" {
		return &id
	}
	return nil
}

func (h *JobsHandler) CompleteJobOperation(ctx context.Context, req gen.CompleteJobOperationRequestObject) (gen.CompleteJobOperationResponseObject, error) {
	var c OperationComplete
	if b := req.Body; b != nil {
		c = OperationComplete{
			QuantityCompleted: b.QuantityCompleted, QuantityScrapped: b.QuantityScrapped,
			AddItemsToInventory: b.AddItemsToInventory, LocationID: b.LocationId, LotNumber: b.LotNumber, Note: b.Note,
			ScrapReason: b.ScrapReason,
		}
	}
	c.UserID = actingUser(ctx)
	op, err := h.svc.CompleteOperation(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId, req.OperationId, c)
	if err != nil {
		return nil, err
	}
	return gen.CompleteJobOperation200JSONResponse(operationToAPI(op)), nil
}
