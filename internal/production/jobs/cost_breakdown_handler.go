package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/stock/items"
)

func (h *JobsHandler) GetJobItemToMakeCostBreakdown(ctx context.Context, req gen.GetJobItemToMakeCostBreakdownRequestObject) (gen.GetJobItemToMakeCostBreakdownResponseObject, error) {
	b, err := h.svc.CostBreakdown(ctx, auth.TenantID(ctx), req.JobId, req.ItemToMakeId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobItemToMakeCostBreakdown200JSONResponse(costBreakdownToAPI(b)), nil
}

func costBreakdownToAPI(b ItemCostBreakdown) gen.JobItemToMakeCostBreakdown {
	it, cb := b.ItemToMake, b.Breakdown
	out := gen.JobItemToMakeCostBreakdown{
		ItemToMakeId: it.ID, ItemId: it.ItemID, Quantity: cb.Quantity, QuantityMade: it.QuantityMade,
		QuantityScrapped: it.QuantityScrapped,
		Time:             gen.CostBreakdownTime{Setup: cb.SetupHours, Labor: cb.LaborHours, Machine: cb.MachineHours},
		ItemCost:         items.CostObjectsToAPI(cb.ItemLevel, cb.Quantity),
		CumulativeCost:   items.CostObjectsToAPI(cb.Cumulative, cb.Quantity),
		Operations:       make([]gen.JobCostBreakdownOperation, len(b.Operations)),
		Materials:        make([]gen.JobMaterialCost, len(b.Materials)),
	}
	for i, op := range b.Operations {
		out.Operations[i] = gen.JobCostBreakdownOperation{
			OperationId: op.ID, Sequence: op.Sequence, Name: op.Name,
			SetupSeconds: op.Time.Setup, LaborSeconds: op.Time.Labor, MachineSeconds: op.Time.Machine,
			Labor: op.LaborCost, Machine: op.MachineCost, OutsideProcessing: op.OutsideCost,
		}
	}
	for i, m := range b.Materials {
		out.Materials[i] = gen.JobMaterialCost{ItemId: m.ItemID, ItemNumber: m.ItemNumber, Quantity: m.Quantity, Value: m.Value}
	}
	return out
}
