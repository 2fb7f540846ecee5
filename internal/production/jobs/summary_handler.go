package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *JobsHandler) GetJobMakeSummary(ctx context.Context, req gen.GetJobMakeSummaryRequestObject) (gen.GetJobMakeSummaryResponseObject, error) {
	m, err := h.svc.MakeSummary(ctx, auth.TenantID(ctx), req.JobId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobMakeSummary200JSONResponse(makeSummaryToAPI(m)), nil
}

func makeSummaryToAPI(m MakeSummary) gen.JobMakeSummary {
	out := gen.JobMakeSummary{JobId: m.JobID, Number: m.Number, Status: gen.JobStatus(m.Status), Items: make([]gen.JobMakeSummaryItem, len(m.Items))}
	for i, it := range m.Items {
		out.Items[i] = gen.JobMakeSummaryItem{
			ItemId: it.ItemID, ItemNumber: it.ItemNumber, UnitOfMeasureName: it.UnitName,
			QuantityToMake: it.QuantityToMake, QuantityMade: it.QuantityMade, QuantityScrapped: it.QuantityScrapped,
			QuantityRemaining: it.QuantityRemaining, ItemsToMake: it.ItemsToMake, OpenItemsToMake: it.OpenItemsToMake,
			EarliestDueDate: utctime.Ptr(it.EarliestDueDate),
		}
	}
	return out
}
