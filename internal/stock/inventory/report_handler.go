package inventory

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ListInventoryReport answers the inventory report (POST /api/reporting/inventory/list).
func (h *InventoryHandler) ListInventoryReport(ctx context.Context, req gen.ListInventoryReportRequestObject) (gen.ListInventoryReportResponseObject, error) {
	var f ReportFilter
	if b := req.Body; b != nil {
		f = ReportFilter{
			ItemIDs: values(b.ItemIds), LocationIDs: values(b.LocationIds), LotIDs: values(b.LotIds),
			ItemNumber: b.ItemNumber, IncludeZero: b.IncludeZero != nil && *b.IncludeZero, BelowMinimum: b.BelowMinimum,
		}
	}
	p := req.Params
	page, err := h.svc.Report(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListInventoryReport200JSONResponse{
		Data: make([]gen.InventoryReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = gen.InventoryReportRow{
			ItemId: r.ItemID, Number: r.ItemNumber, Description: r.ItemDescription, UnitOfMeasureName: r.UnitName,
			OnHand: r.OnHand, Reserved: r.Reserved, Available: r.Available, Value: r.Value, AverageUnitCost: r.AverageUnitCost,
			MinimumStockOnHand: r.MinimumStock, BelowMinimum: r.BelowMinimum, LastMovementUtc: utctime.Ptr(r.LastMovement),
		}
	}
	return out, nil
}
