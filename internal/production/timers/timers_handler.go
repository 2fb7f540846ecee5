package timers

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

// TimersHandler serves /api/timers, /api/job-tracking-timers, /api/time-clock-timers and the
// user status operations.
type TimersHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched timer must satisfy: paths naming the
	// read-only members answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the timers handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *TimersHandler {
	return &TimersHandler{svc: svc, patchTarget: patch.NewTarget(spec, "TimerUpdate")}
}

// Versioned declares timers for conditional requests (ETag, If-Match).
func (h *TimersHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "timers", Key: map[string]string{"id": "timerId"},
		Operations: []string{"getTimer", "updateTimer", "patchTimer"}}}
}

// callerOf is the calling tenant and user.
func callerOf(ctx context.Context) Caller {
	p := auth.From(ctx)
	return Caller{TenantID: p.TenantID, UserID: p.UserID}
}

func listRequest(sortField *gen.SortField, sortDir *gen.SortDir, skip *gen.Skip, take *gen.Take) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

func (h *TimersHandler) CreateTimer(ctx context.Context, req gen.CreateTimerRequestObject) (gen.CreateTimerResponseObject, error) {
	b := req.Body
	id, err := h.svc.Create(ctx, callerOf(ctx), TimerCreate{
		UserID: b.UserId, Type: Type(b.Type), JobID: b.JobId, JobOperationID: b.JobOperationId,
		Started: b.StartedOnUtc.Time, Stopped: b.StoppedOnUtc.Time, Notes: b.Notes,
	})
	if err != nil {
		return nil, err
	}
	return gen.CreateTimer200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TimersHandler) GetTimer(ctx context.Context, req gen.GetTimerRequestObject) (gen.GetTimerResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), req.TimerId)
	if err != nil {
		return nil, err
	}
	return gen.GetTimer200JSONResponse{Body: timerToAPI(t)}, nil
}

func (h *TimersHandler) UpdateTimer(ctx context.Context, req gen.UpdateTimerRequestObject) (gen.UpdateTimerResponseObject, error) {
	w, err := timerUpdateFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	t, err := h.svc.Update(ctx, auth.TenantID(ctx), req.TimerId, func(Timer) (TimerUpdate, error) { return w, nil })
	if err != nil {
		return nil, err
	}
	return gen.UpdateTimer200JSONResponse{Body: timerToAPI(t)}, nil
}

func (h *TimersHandler) PatchTimer(ctx context.Context, req gen.PatchTimerRequestObject) (gen.PatchTimerResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	t, err := h.svc.Update(ctx, auth.TenantID(ctx), req.TimerId, patch.Change(h.patchTarget, ops, timerToAPI, timerUpdateFromAPI))
	if err != nil {
		return nil, err
	}
	return gen.PatchTimer200JSONResponse{Body: timerToAPI(t)}, nil
}

func (h *TimersHandler) ListTimers(ctx context.Context, req gen.ListTimersRequestObject) (gen.ListTimersResponseObject, error) {
	p := req.Params
	page, err := h.svc.List(ctx, auth.TenantID(ctx), timerFilterFromAPI(req.Body), nil, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListTimers200JSONResponse(timerPageToAPI(page)), nil
}

func (h *TimersHandler) ListJobTrackingTimers(ctx context.Context, req gen.ListJobTrackingTimersRequestObject) (gen.ListJobTrackingTimersResponseObject, error) {
	p := req.Params
	source := SourceJobTracking
	page, err := h.svc.List(ctx, auth.TenantID(ctx), timerFilterFromAPI(req.Body), &source, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListJobTrackingTimers200JSONResponse(timerPageToAPI(page)), nil
}

func (h *TimersHandler) StartJobTrackingTimer(ctx context.Context, req gen.StartJobTrackingTimerRequestObject) (gen.StartJobTrackingTimerResponseObject, error) {
	b := req.Body
	out, err := h.svc.Start(ctx, callerOf(ctx), Start{
		UserID: b.UserId, Type: Type(b.Type), JobID: b.JobId, JobOperationID: b.JobOperationId,
		Started: timeOf(b.StartedOnUtc), Notes: b.Notes,
	})
	if err != nil {
		return nil, err
	}
	return gen.StartJobTrackingTimer200JSONResponse{Timer: timerToAPI(out.Timer), StoppedTimers: timersToAPI(out.Stopped)}, nil
}

func (h *TimersHandler) StopJobTrackingTimer(ctx context.Context, req gen.StopJobTrackingTimerRequestObject) (gen.StopJobTrackingTimerResponseObject, error) {
	var w Stop
	if b := req.Body; b != nil {
		w = Stop{TimerID: b.TimerId, UserID: b.UserId, Stopped: timeOf(b.StoppedOnUtc)}
		if b.Type != nil {
			typ := Type(*b.Type)
			w.Type = &typ
		}
	}
	out, err := h.svc.StopTimers(ctx, callerOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.StopJobTrackingTimer200JSONResponse(timersToAPI(out)), nil
}

// timeOf is the instant t names, nil when absent.
func timeOf(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	return &t.Time
}

// timerUpdateFromAPI parses a full-update body (or a patched read shape).
func timerUpdateFromAPI(b gen.TimerUpdate) (TimerUpdate, error) {
	return TimerUpdate{Started: b.StartedOnUtc.Time, Stopped: timeOf(b.StoppedOnUtc), Notes: b.Notes}, nil
}

func timerFilterFromAPI(b *gen.TimerFilter) TimerFilter {
	if b == nil {
		return TimerFilter{}
	}
	f := TimerFilter{
		IDs: listing.Values(b.Ids), UserIDs: listing.Values(b.UserIds), JobIDs: listing.Values(b.JobIds),
		JobOperationIDs: listing.Values(b.JobOperationIds), ItemID: b.ItemId, Running: b.Running,
		StartedAfterUtc: timeOf(b.StartedAfterUtc), StartedBeforeUtc: timeOf(b.StartedBeforeUtc),
	}
	for _, t := range listing.Values(b.Types) {
		f.Types = append(f.Types, Type(t))
	}
	return f
}

func timerToAPI(t Timer) gen.Timer {
	out := gen.Timer{
		Id: t.ID, UserId: t.UserID, Type: gen.TimerType(t.Type), Source: gen.TimerSource(t.Source), JobId: t.JobID,
		ItemToMakeId: t.ItemToMakeID, ItemId: t.ItemID, JobOperationId: t.JobOperationID,
		StartedOnUtc: utctime.From(t.Started), Running: t.Running(), Seconds: t.Seconds, Rate: t.Rate, Cost: t.Cost,
		Notes: t.Notes, JobOperationSystemOperationId: t.SystemOperationID,
		CreatedUtc: utctime.From(t.CreatedUtc), ModifiedUtc: utctime.From(t.ModifiedUtc),
	}
	if t.Stopped != nil {
		s := utctime.From(*t.Stopped)
		out.StoppedOnUtc = &s
	}
	if w := t.WorkOrder; w != nil {
		out.WorkOrderId, out.WorkOrderName = &w.WorkOrderID, w.WorkOrderName
		out.WorkOrderOperationId, out.WorkOrderOperationName = &w.OperationID, &w.OperationName
	}
	return out
}

func timersToAPI(list []Timer) []gen.Timer {
	out := make([]gen.Timer, len(list))
	for i, t := range list {
		out[i] = timerToAPI(t)
	}
	return out
}

func timerPageToAPI(page TimerPage) gen.TimerPage {
	return gen.TimerPage{
		Data: timersToAPI(page.Rows), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
}
