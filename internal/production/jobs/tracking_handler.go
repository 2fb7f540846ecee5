package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *JobsHandler) GetJobTracking(ctx context.Context, req gen.GetJobTrackingRequestObject) (gen.GetJobTrackingResponseObject, error) {
	t, err := h.svc.Tracking(ctx, auth.TenantID(ctx), req.JobId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobTracking200JSONResponse(trackingToAPI(t)), nil
}

func trackingToAPI(t Tracking) gen.JobTracking {
	out := gen.JobTracking{JobId: t.JobID, Number: t.Number, Status: gen.JobStatus(t.Status), ItemsToMake: make([]gen.JobItemToMakeTracking, len(t.ItemsToMake))}
	for i, it := range t.ItemsToMake {
		m := it.ItemToMake
		a := gen.JobItemToMakeTracking{
			ItemToMakeId: m.ID, ItemId: m.ItemID, ItemNumber: m.ItemNumber, QuantityToMake: m.Quantity,
			QuantityMade: m.QuantityMade, QuantityScrapped: m.QuantityScrapped, Status: gen.JobItemToMakeStatus(m.Status),
			OperationsTotal: int32(len(it.Operations)), OperationsComplete: it.OperationsComplete,
			Time:       gen.JobTrackingTime{SetupSeconds: it.Time.Setup, LaborSeconds: it.Time.Labor, MachineSeconds: it.Time.Machine},
			Operations: make([]gen.JobOperationTracking, len(it.Operations)),
		}
		if c := it.Current; c != nil {
			a.CurrentOperation = &gen.JobCurrentOperation{Id: c.ID, Sequence: c.Sequence, Name: c.Name}
		}
		for j, op := range it.Operations {
			a.Operations[j] = gen.JobOperationTracking{
				Id: op.ID, Sequence: op.Sequence, Name: op.Name, WorkCenterId: op.WorkCenterID,
				Status: gen.JobOperationStatus(op.Status), QuantityCompleted: op.QuantityCompleted,
				QuantityScrapped: op.QuantityScrapped, StartedUtc: utctime.Ptr(op.StartedUtc), CompletedUtc: utctime.Ptr(op.CompletedUtc),
				SetupSeconds: op.Time.Setup, LaborSeconds: op.Time.Labor, MachineSeconds: op.Time.Machine,
			}
		}
		out.ItemsToMake[i] = a
	}
	return out
}
