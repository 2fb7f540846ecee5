package invoices

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *InvoicesHandler) ListInvoiceReport(ctx context.Context, req gen.ListInvoiceReportRequestObject) (gen.ListInvoiceReportResponseObject, error) {
	var f ReportFilter
	if b := req.Body; b != nil {
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		f.CustomerIDs = listing.Values(b.CustomerIds)
		f.IssueFrom, f.IssueTo, f.DueBefore = day(b.IssueDateFrom), day(b.IssueDateTo), day(b.DueBefore)
	}
	p := req.Params
	page, err := h.svc.Report(ctx, tenantOf(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListInvoiceReport200JSONResponse{
		Data: make([]gen.InvoiceReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = gen.InvoiceReportRow{
			Id: r.ID, Number: r.Number, Status: gen.InvoiceStatus(r.Status), Customer: gen.Reference{Id: r.CustomerID, Name: r.CustomerName},
			SalesOrder: gen.InvoiceReportSalesOrder{Id: r.SalesOrderID, Number: r.SalesOrderNumber},
			IssueDate:  utctime.Ptr(r.IssueDate), DueDate: utctime.Ptr(r.DueDate), PaidDate: utctime.Ptr(r.PaidDate),
			Total: r.Total, Subtotal: r.SubTotal, CurrencyCode: r.Currency, IsOverdue: r.IsOverdue, DaysOverdue: r.DaysOverdue,
		}
	}
	return out, nil
}

// day is a filter's calendar day, or nil.
func day(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}
