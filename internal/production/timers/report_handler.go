package timers

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ListJobActivityReport answers the job activity report (POST /api/reporting/job-activity/list).
func (h *TimersHandler) ListJobActivityReport(ctx context.Context, req gen.ListJobActivityReportRequestObject) (gen.ListJobActivityReportResponseObject, error) {
	var f ActivityFilter
	if b := req.Body; b != nil {
		f = ActivityFilter{
			DayWindow:       DayWindow{From: dayOfAPI(b.From), To: dayOfAPI(b.To)},
			StartedAfterUtc: timeOf(b.StartedAfterUtc), StartedBeforeUtc: timeOf(b.StartedBeforeUtc),
			JobIDs: listing.Values(b.JobIds), WorkCenterIDs: listing.Values(b.WorkCenterIds), UserIDs: listing.Values(b.UserIds),
		}
		for _, t := range listing.Values(b.Types) {
			f.Types = append(f.Types, Type(t))
		}
	}
	p := req.Params
	page, err := h.svc.JobActivity(ctx, auth.TenantID(ctx), auth.From(ctx).TenantTimezone, f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListJobActivityReport200JSONResponse{
		Data: make([]gen.JobActivityReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = activityRowToAPI(r)
	}
	return out, nil
}

func activityRowToAPI(r ActivityRow) gen.JobActivityReportRow {
	row := gen.JobActivityReportRow{
		Job:          gen.JobActivityJob{Id: r.JobID, Number: r.JobNumber, Name: r.JobName},
		ItemToMake:   gen.JobActivityItemToMake{Id: r.ItemToMakeID, ItemId: r.ItemID, ItemNumber: r.ItemNumber},
		Operation:    gen.JobActivityOperation{Id: r.JobOperationID, Name: r.OperationName},
		SetupSeconds: r.Seconds.Setup, LaborSeconds: r.Seconds.Labor, MachineSeconds: r.Seconds.Machine,
		SetupHours: Hours(r.Seconds.Setup), LaborHours: Hours(r.Seconds.Labor), MachineHours: Hours(r.Seconds.Machine),
		LaborCost: r.LaborCost, MachineCost: r.MachineCost, Cost: sum(r.LaborCost, r.MachineCost),
		Operators: r.Operators, FirstStartUtc: utctime.From(r.FirstStart), LastActivityUtc: utctime.From(r.LastActivity),
		Running: r.Running, Status: gen.JobOperationStatus(r.Status),
		QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped,
	}
	if r.WorkCenterID != nil {
		row.Operation.WorkCenter = &gen.JobActivityWorkCenter{Id: *r.WorkCenterID, Name: r.WorkCenterName}
	}
	if r.LastStop != nil {
		t := utctime.From(*r.LastStop)
		row.LastStopUtc = &t
	}
	return row
}

// ListJobActivityByOperatorReport answers the job activity by operator report
// (POST /api/reporting/job-activity-by-operator/list).
func (h *TimersHandler) ListJobActivityByOperatorReport(ctx context.Context, req gen.ListJobActivityByOperatorReportRequestObject) (gen.ListJobActivityByOperatorReportResponseObject, error) {
	var f OperatorFilter
	if b := req.Body; b != nil {
		f = OperatorFilter{
			DayWindow: DayWindow{From: dayOfAPI(b.From), To: dayOfAPI(b.To)},
			UserIDs:   listing.Values(b.UserIds), JobIDs: listing.Values(b.JobIds), WorkCenterIDs: listing.Values(b.WorkCenterIds),
		}
	}
	p := req.Params
	page, err := h.svc.JobActivityByOperator(ctx, auth.TenantID(ctx), auth.From(ctx).TenantTimezone, f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListJobActivityByOperatorReport200JSONResponse{
		Data: make([]gen.JobActivityByOperatorReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = gen.JobActivityByOperatorReportRow{
			User: gen.ReportUser{Id: r.UserID, Name: r.UserName}, Day: openapi_types.Date{Time: r.Day},
			SetupHours: Hours(r.Seconds.Setup), LaborHours: Hours(r.Seconds.Labor), MachineHours: Hours(r.Seconds.Machine),
			TrackedHours: Hours(r.Seconds.Tracked()), LaborCost: r.LaborCost, MachineCost: r.MachineCost,
			Cost: sum(r.LaborCost, r.MachineCost), Jobs: r.Jobs, Operations: r.Operations,
			ClockedHours: Hours(r.ClockedSeconds), Utilization: Ratio(r.Seconds.Tracked(), r.ClockedSeconds),
		}
	}
	return out, nil
}

// ListTimeClockReport answers the time clock report (POST /api/reporting/time-clock/list).
func (h *TimersHandler) ListTimeClockReport(ctx context.Context, req gen.ListTimeClockReportRequestObject) (gen.ListTimeClockReportResponseObject, error) {
	var f ClockReportFilter
	if b := req.Body; b != nil {
		f = ClockReportFilter{DayWindow: DayWindow{From: dayOfAPI(b.From), To: dayOfAPI(b.To)}, UserIDs: listing.Values(b.UserIds), Open: b.Open}
	}
	p := req.Params
	page, err := h.svc.TimeClock(ctx, auth.TenantID(ctx), auth.From(ctx).TenantTimezone, f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListTimeClockReport200JSONResponse{
		Data: make([]gen.TimeClockReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		row := gen.TimeClockReportRow{
			User: gen.ReportUser{Id: r.UserID, Name: r.UserName}, Day: openapi_types.Date{Time: r.Day},
			FirstClockInUtc: utctime.From(r.FirstIn), ClockedHours: Hours(r.ClockedSeconds), Open: r.Open, Entries: r.Entries,
			TrackedHours: Hours(r.TrackedSeconds), IdleHours: Hours(max(r.ClockedSeconds-r.TrackedSeconds, 0)),
		}
		if r.LastOut != nil {
			t := utctime.From(*r.LastOut)
			row.LastClockOutUtc = &t
		}
		out.Data[i] = row
	}
	return out, nil
}

// dayOfAPI is a filter's calendar day, or nil (the service requires the window's days).
func dayOfAPI(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

func sum(a, b dec.Decimal) dec.Decimal { return dec.Decimal{Decimal: a.Add(b.Decimal)} }
