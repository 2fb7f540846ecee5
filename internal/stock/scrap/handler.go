package scrap

import (
	"context"
	"time"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ScrapHandler serves the scrap report (GET /api/scrap-reports).
type ScrapHandler struct {
	svc *Service
}

// NewHandler returns the scrap report's handler.
func NewHandler(svc *Service) *ScrapHandler { return &ScrapHandler{svc: svc} }

func (h *ScrapHandler) ListScrapReports(ctx context.Context, req gen.ListScrapReportsRequestObject) (gen.ListScrapReportsResponseObject, error) {
	p := req.Params
	f := Filter{JobID: p.JobId, ItemID: p.ItemId, Reason: p.Reason, Source: (*Source)(p.Source), From: instant(p.FromUtc), To: instant(p.ToUtc)}
	page, err := h.svc.Report(ctx, auth.TenantID(ctx), f, listing.Request{Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListScrapReports200JSONResponse{
		Data: make([]gen.ScrapReportRow, len(page.Rows)), Totals: make([]gen.ScrapReportTotal, len(page.Totals)),
		Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		row := gen.ScrapReportRow{
			Id: r.ID, Source: gen.ScrapSource(r.Source), RecordedUtc: utctime.From(r.RecordedUtc),
			Item:     gen.ScrapReportItem{Id: r.ItemID, Number: r.ItemNumber, Description: r.ItemDescription},
			Quantity: r.Quantity, Reason: r.Reason, ItemToMakeId: r.ItemToMakeID, JobOperationId: r.JobOperationID,
			OperationName: r.OperationName, InventoryEventId: r.InventoryEventID, UserId: r.UserID,
		}
		if r.JobID != nil {
			// The number always resolves (jobs are never deleted, and an operation with work
			// recorded on it stays in its routing); 0 would only mean it did not.
			row.Job = &gen.ScrapReportJob{Id: *r.JobID}
			if r.JobNumber != nil {
				row.Job.Number = *r.JobNumber
			}
		}
		out.Data[i] = row
	}
	for i, t := range page.Totals {
		out.Totals[i] = gen.ScrapReportTotal{
			Item:   gen.ScrapReportItem{Id: t.ItemID, Number: t.ItemNumber, Description: t.ItemDescription},
			Reason: t.Reason, Quantity: t.Quantity, RecordCount: t.RecordCount,
		}
	}
	return out, nil
}

// instant is a filter's instant, or nil.
func instant(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.Time
	return &v
}
