package timers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *TimersHandler) GetUserStatus(ctx context.Context, req gen.GetUserStatusRequestObject) (gen.GetUserStatusResponseObject, error) {
	st, err := h.svc.UserStatus(ctx, auth.TenantID(ctx), req.UserId)
	if err != nil {
		return nil, err
	}
	return gen.GetUserStatus200JSONResponse(statusToAPI(st)), nil
}

func (h *TimersHandler) ListUserStatuses(ctx context.Context, req gen.ListUserStatusesRequestObject) (gen.ListUserStatusesResponseObject, error) {
	var userIDs []string
	if b := req.Body; b != nil {
		userIDs = listing.Values(b.UserIds)
	}
	list, err := h.svc.UserStatuses(ctx, auth.TenantID(ctx), userIDs, listing.Request{Skip: req.Params.Skip, Take: req.Params.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListUserStatuses200JSONResponse, len(list))
	for i, st := range list {
		out[i] = statusToAPI(st)
	}
	return out, nil
}

func statusToAPI(st UserStatus) gen.UserStatus {
	out := gen.UserStatus{
		UserId: st.UserID, UserName: st.UserName, ClockedIn: st.ClockedIn != nil,
		RunningTimers: make([]gen.UserRunningTimer, len(st.RunningTimers)),
	}
	if st.ClockedIn != nil {
		at := utctime.From(*st.ClockedIn)
		out.ClockedInUtc = &at
	}
	for i, t := range st.RunningTimers {
		out.RunningTimers[i] = gen.UserRunningTimer{
			TimerId: t.TimerID, JobId: t.JobID, JobNumber: t.JobNumber, JobOperationId: t.JobOperationID,
			OperationName: t.OperationName, Type: gen.TimerType(t.Type), StartedOnUtc: utctime.From(t.Started),
		}
	}
	return out
}
