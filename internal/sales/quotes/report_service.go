package quotes

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
)

// ReportFilter narrows the quote report; empty members apply no clause. The days are
// calendar days of the shop's timezone, inclusive.
type ReportFilter struct {
	Statuses    []Status
	CustomerIDs []string
	QuotedFrom  *time.Time
	QuotedTo    *time.Time
	CreatedFrom *time.Time
	CreatedTo   *time.Time
}

// ReportRow is one quote of the report: its header, stored totals and part line count.
type ReportRow struct {
	ID             string
	Number         int64
	CustomerID     string
	CustomerName   string
	Status         Status
	QuotedUtc      *time.Time
	ExpirationDate time.Time
	DueDate        *time.Time
	Currency       string
	Totals
	PartLineCount int
	CreatedUtc    time.Time
	ModifiedUtc   time.Time
}

// ReportPage is one page of the quote report.
type ReportPage struct {
	Rows []ReportRow
	listing.Envelope
}

// Report answers a page of the tenant's quotes that are not deleted and match f, newest first
// then id unless r sorts otherwise, in two statements however many rows: the page (totals are
// stored on the header; the part lines counted per row) and its customers' names.
// shopTimezone (an IANA name) places f's days.
func (s *Service) Report(ctx context.Context, tenantID, shopTimezone string, f ReportFilter, r listing.Request) (ReportPage, error) {
	page, err := listing.Resolve(r, reportListSpec)
	if err != nil {
		return ReportPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "quotedFrom", f.QuotedFrom)
	utctime.CheckFilterBound(fields, "quotedTo", f.QuotedTo)
	utctime.CheckFilterBound(fields, "createdFrom", f.CreatedFrom)
	utctime.CheckFilterBound(fields, "createdTo", f.CreatedTo)
	for i, st := range f.Statuses {
		if !st.Valid() {
			fields.Add("statuses."+strconv.Itoa(i), "%s", apperr.NotOneOf(string(st), Statuses))
		}
	}
	if err := fields.Err(); err != nil {
		return ReportPage{}, err
	}
	loc, err := shopday.Location(shopTimezone)
	if err != nil {
		return ReportPage{}, err
	}
	var b reportBounds
	b.quotedFrom, b.quotedTo = shopday.Bounds(loc, f.QuotedFrom, f.QuotedTo)
	b.createdFrom, b.createdTo = shopday.Bounds(loc, f.CreatedFrom, f.CreatedTo)
	rows, total, err := reportStore{}.rows(ctx, s.pool, tenantID, f, b, page)
	if err != nil {
		return ReportPage{}, err
	}
	if len(rows) > 0 {
		customerIDs := make([]string, 0, len(rows))
		seen := map[string]bool{}
		for _, row := range rows {
			if !seen[row.CustomerID] {
				seen[row.CustomerID] = true
				customerIDs = append(customerIDs, row.CustomerID)
			}
		}
		found, err := s.deps.CustomerNames.ByIDs(ctx, s.pool, tenantID, customerIDs)
		if err != nil {
			return ReportPage{}, err
		}
		for i := range rows {
			rows[i].CustomerName = found[rows[i].CustomerID].Name
		}
	}
	return ReportPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
