package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/stock/items"
)

func (h *RoutingHandler) EstimateItemCost(ctx context.Context, req gen.EstimateItemCostRequestObject) (gen.EstimateItemCostResponseObject, error) {
	b, err := h.svc.EstimateCost(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.Body.Quantity)
	if err != nil {
		return nil, err
	}
	return gen.EstimateItemCost200JSONResponse(items.CostBreakdownToAPI(b)), nil
}
