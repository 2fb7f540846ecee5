package salesorders

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines"
)

// LineReportFilter narrows the sales-order-lines report; empty members apply no clause. The
// days are shop days, inclusive.
type LineReportFilter struct {
	Numbers []int64
	// StatusLabels are statuses as reports label them ("In Progress"), any case.
	StatusLabels     []string
	ModifiedAfterUtc *time.Time
	ShippedFrom      *time.Time
	ShippedTo        *time.Time
	InvoicedFrom     *time.Time
	InvoicedTo       *time.Time
}

// LineReportRow is one part line of the report with what it shows of its order.
type LineReportRow struct {
	ID           string
	OrderID      string
	OrderNumber  int64
	OrderStatus  Status
	CustomerID   string
	CustomerName string
	CustomerPO   *string
	Currency     string
	LineNumber   int
	ItemID       string
	ItemNumber   string
	ItemRevision *string
	ItemDesc     *string
	Description  *string
	Quantity     dec
	UnitName     string
	UnitPrice    dec
	Discount     *doclines.Discount
	DeliveryDate *time.Time
	Shipped      dec
	Invoiced     dec
	LastShipped  *time.Time
	LastInvoiced *time.Time
	CreatedUtc   time.Time
	ModifiedUtc  time.Time
}

// SubTotal is the line's amount as its order counts it: quantity × price less its discount,
// rounded to the order currency's minor unit (doclines).
func (r LineReportRow) SubTotal() dec {
	minor := currency.MinorUnits(r.Currency)
	gross := doclines.ExtendedPrice(r.Quantity, r.UnitPrice, minor)
	return dec{Decimal: gross.Sub(doclines.DiscountAmount(r.Discount, gross, minor).Decimal)}
}

// Remaining is what is still to ship: the quantity less what shipped, never below 0.
func (r LineReportRow) Remaining() dec {
	left := r.Quantity.Sub(r.Shipped.Decimal)
	if left.IsNegative() {
		return dec{}
	}
	return dec{Decimal: left}
}

// LineReportPage is one page of the report.
type LineReportPage struct {
	Rows []LineReportRow
	listing.Envelope
}

// LineReport answers a page of the part lines of the tenant's sales orders that are not deleted
// and match f, by order number then line number unless r sorts otherwise: one statement
// however many rows (the customers' and items' names are read in it).
func (s *Service) LineReport(ctx context.Context, tenantID string, f LineReportFilter, r listing.Request) (LineReportPage, error) {
	page, err := listing.Resolve(r, lineReportListSpec)
	if err != nil {
		return LineReportPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	utctime.CheckFilterBound(fields, "shippedFrom", f.ShippedFrom)
	utctime.CheckFilterBound(fields, "shippedTo", f.ShippedTo)
	utctime.CheckFilterBound(fields, "invoicedFrom", f.InvoicedFrom)
	utctime.CheckFilterBound(fields, "invoicedTo", f.InvoicedTo)
	var statuses []Status
	for i, label := range f.StatusLabels {
		st, ok := StatusFromLabel(label)
		if !ok {
			fields.Add("salesOrderStatus."+strconv.Itoa(i), "%q is not a sales order status; use one of Draft, Needs Approval, Approved, In Progress, Complete", label)
			continue
		}
		statuses = append(statuses, st)
	}
	if err := fields.Err(); err != nil {
		return LineReportPage{}, err
	}
	rows, total, err := lineReportStore{}.rows(ctx, s.pool, tenantID, f, statuses, page)
	if err != nil {
		return LineReportPage{}, err
	}
	return LineReportPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
