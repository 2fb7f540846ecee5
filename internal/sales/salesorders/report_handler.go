package salesorders

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ListSalesOrderLineReport answers the sales-order-lines report
// (POST /api/reporting/sales-order-lines/list).
func (h *SalesOrdersHandler) ListSalesOrderLineReport(ctx context.Context, req gen.ListSalesOrderLineReportRequestObject) (gen.ListSalesOrderLineReportResponseObject, error) {
	var f LineReportFilter
	if b := req.Body; b != nil {
		if b.SalesOrderNumbers != nil {
			f.Numbers = *b.SalesOrderNumbers
		}
		if b.SalesOrderStatus != nil {
			f.StatusLabels = *b.SalesOrderStatus
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		f.ShippedFrom, f.ShippedTo = reportDay(b.ShippedFrom), reportDay(b.ShippedTo)
		f.InvoicedFrom, f.InvoicedTo = reportDay(b.InvoicedFrom), reportDay(b.InvoicedTo)
	}
	p := req.Params
	page, err := h.svc.LineReport(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListSalesOrderLineReport200JSONResponse{
		Data: make([]gen.SalesOrderLineReportRow, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = lineReportRowToAPI(r)
	}
	return out, nil
}

// reportDay is a filter's calendar day, or nil.
func reportDay(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

// apiDay is a stored calendar day as the API's date, or nil.
func apiDay(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}

// apiMidnight is a stored calendar day as the API's instant at midnight UTC, or nil.
func apiMidnight(t *time.Time) *utctime.Time {
	if t == nil {
		return nil
	}
	u := utctime.From(*t)
	return &u
}

func lineReportRowToAPI(r LineReportRow) gen.SalesOrderLineReportRow {
	return gen.SalesOrderLineReportRow{
		Id: r.ID, SalesOrderId: r.OrderID, SalesOrderNumber: r.OrderNumber,
		SalesOrderStatus: gen.SalesOrderStatus(r.OrderStatus), SalesOrderStatusLabel: r.OrderStatus.Label(),
		Customer: gen.Reference{Id: r.CustomerID, Name: r.CustomerName}, CustomerPoNumber: r.CustomerPO,
		CurrencyCode: r.Currency, LineNumber: r.LineNumber,
		Item:        gen.DocumentLineItemRef{Id: r.ItemID, Number: r.ItemNumber, Revision: r.ItemRevision, Description: r.ItemDesc},
		Description: r.Description, Quantity: r.Quantity, UnitOfMeasureName: r.UnitName, UnitPrice: r.UnitPrice,
		SubTotal: r.SubTotal(), DeliveryDate: apiMidnight(r.DeliveryDate),
		ShippedQuantity: r.Shipped, InvoicedQuantity: r.Invoiced, RemainingQuantity: r.Remaining(),
		LastShippedDate: apiDay(r.LastShipped), LastInvoicedDate: apiDay(r.LastInvoiced),
		CreatedUtc: utctime.From(r.CreatedUtc), ModifiedUtc: utctime.From(r.ModifiedUtc),
	}
}
