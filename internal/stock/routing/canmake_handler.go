package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

func (h *RoutingHandler) GetItemCanMake(ctx context.Context, req gen.GetItemCanMakeRequestObject) (gen.GetItemCanMakeResponseObject, error) {
	c, err := h.svc.CanMake(ctx, auth.TenantID(ctx), itemOwner(req.ItemId))
	if err != nil {
		return nil, err
	}
	out := gen.ItemCanMake{ItemId: c.Owner.ID, Quantity: c.Quantity, LimitingInputs: make([]gen.ItemCanMakeLimit, len(c.Limits))}
	for i, l := range c.Limits {
		out.LimitingInputs[i] = gen.ItemCanMakeLimit{
			ItemId: l.ItemID, ItemNumber: l.ItemNumber, RequiredForNext: l.RequiredForNext, Available: l.Available,
		}
	}
	return gen.GetItemCanMake200JSONResponse(out), nil
}
