package timers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *TimersHandler) ClockIn(ctx context.Context, req gen.ClockInRequestObject) (gen.ClockInResponseObject, error) {
	var userID *string
	var at *utctime.Time
	if b := req.Body; b != nil {
		userID, at = b.UserId, b.ClockedInUtc
	}
	e, err := h.svc.ClockIn(ctx, callerOf(ctx), userID, timeOf(at))
	if err != nil {
		return nil, err
	}
	return gen.ClockIn200JSONResponse(entryToAPI(e)), nil
}

func (h *TimersHandler) ClockOut(ctx context.Context, req gen.ClockOutRequestObject) (gen.ClockOutResponseObject, error) {
	var userID *string
	var at *utctime.Time
	if b := req.Body; b != nil {
		userID, at = b.UserId, b.ClockedOutUtc
	}
	e, err := h.svc.ClockOut(ctx, callerOf(ctx), userID, timeOf(at))
	if err != nil {
		return nil, err
	}
	return gen.ClockOut200JSONResponse(entryToAPI(e)), nil
}

func (h *TimersHandler) ListTimeClockEntries(ctx context.Context, req gen.ListTimeClockEntriesRequestObject) (gen.ListTimeClockEntriesResponseObject, error) {
	var f ClockFilter
	if b := req.Body; b != nil {
		f = ClockFilter{UserIDs: listing.Values(b.UserIds), From: timeOf(b.FromUtc), To: timeOf(b.ToUtc), Open: b.Open}
	}
	p := req.Params
	page, err := h.svc.ClockEntries(ctx, auth.TenantID(ctx), f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.TimeClockEntryPage{
		Data: make([]gen.TimeClockEntry, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, e := range page.Rows {
		out.Data[i] = entryToAPI(e)
	}
	return gen.ListTimeClockEntries200JSONResponse(out), nil
}

func entryToAPI(e ClockEntry) gen.TimeClockEntry {
	out := gen.TimeClockEntry{Id: e.ID, UserId: e.UserID, ClockedInUtc: utctime.From(e.ClockedIn), Open: e.ClockedOut == nil}
	if e.ClockedOut != nil {
		at := utctime.From(*e.ClockedOut)
		seconds := int64(e.ClockedOut.Sub(e.ClockedIn).Seconds())
		out.ClockedOutUtc, out.Seconds = &at, &seconds
	}
	return out
}
