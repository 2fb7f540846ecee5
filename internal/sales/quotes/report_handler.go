package quotes

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ListQuoteReport answers the quote report (POST /api/reporting/quote/list).
func (h *QuotesHandler) ListQuoteReport(ctx context.Context, req gen.ListQuoteReportRequestObject) (gen.ListQuoteReportResponseObject, error) {
	var f ReportFilter
	if b := req.Body; b != nil {
		if b.Statuses != nil {
			for _, s := range *b.Statuses {
				f.Statuses = append(f.Statuses, Status(s))
			}
		}
		if b.CustomerIds != nil {
			f.CustomerIDs = *b.CustomerIds
		}
		f.QuotedFrom, f.QuotedTo = day(b.QuotedFrom), day(b.QuotedTo)
		f.CreatedFrom, f.CreatedTo = day(b.CreatedFrom), day(b.CreatedTo)
	}
	p := req.Params
	page, err := h.svc.Report(ctx, auth.TenantID(ctx), auth.From(ctx).TenantTimezone, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListQuoteReport200JSONResponse{
		Data: make([]gen.QuoteReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = reportRowToAPI(r)
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

func reportRowToAPI(r ReportRow) gen.QuoteReportRow {
	row := gen.QuoteReportRow{
		Id: r.ID, Number: r.Number, Customer: gen.QuoteReportCustomer{Id: r.CustomerID, Name: r.CustomerName},
		Status: gen.QuoteStatus(r.Status), StatusLabel: r.Status.Label(),
		ExpirationDate: utctime.From(r.ExpirationDate), CurrencyCode: r.Currency,
		LineSubTotal: r.LineSubTotal, FeeTotal: r.FeeTotal, SubTotal: r.SubTotal, DiscountTotal: r.Discount,
		TaxTotal: r.Tax, Total: r.Total, PartLineCount: r.PartLineCount,
		CreatedUtc: utctime.From(r.CreatedUtc), ModifiedUtc: utctime.From(r.ModifiedUtc),
	}
	if r.QuotedUtc != nil {
		t := utctime.From(*r.QuotedUtc)
		row.QuotedDate = &t
	}
	if r.DueDate != nil {
		t := utctime.From(*r.DueDate)
		row.DueDate = &t
	}
	return row
}
