package invoices

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
)

// ReportFilter narrows the invoice report; empty members apply no clause. The issue days
// are compared with the stored issue day (inclusive), DueBefore with the due day (exclusive).
type ReportFilter struct {
	IssueFrom, IssueTo *time.Time
	Statuses           []Status
	CustomerIDs        []string
	DueBefore          *time.Time
}

// ReportRow is one invoice of the report.
type ReportRow struct {
	ID                string
	Number            int64
	Status            Status
	CustomerID        string
	CustomerName      string
	SalesOrderID      string
	SalesOrderNumber  int64
	IssueDate         *time.Time
	DueDate, PaidDate *time.Time
	Total, SubTotal   dec
	Currency          string
	IsOverdue         bool
	DaysOverdue       int
}

// ReportPage is one page of the invoice report.
type ReportPage struct {
	Rows []ReportRow
	listing.Envelope
}

// Report answers a page of the tenant's live invoices matching f, newest first then id unless
// r sorts otherwise, in one statement however many rows; overdue days count to today's shop
// day.
func (s *Service) Report(ctx context.Context, t Tenant, f ReportFilter, r listing.Request) (ReportPage, error) {
	page, err := listing.Resolve(r, reportListSpec)
	if err != nil {
		return ReportPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "issueDateFrom", f.IssueFrom)
	utctime.CheckFilterBound(fields, "issueDateTo", f.IssueTo)
	utctime.CheckFilterBound(fields, "dueBefore", f.DueBefore)
	for i, st := range f.Statuses {
		if !st.Valid() {
			fields.Add("statuses."+strconv.Itoa(i), "%s", apperr.NotOneOf(string(st), Statuses))
		}
	}
	if err := fields.Err(); err != nil {
		return ReportPage{}, err
	}
	today, err := shopday.Today(t.Timezone, s.now())
	if err != nil {
		return ReportPage{}, err
	}
	rows, total, err := reportStore{}.rows(ctx, s.pool, t.ID, f, page)
	if err != nil {
		return ReportPage{}, err
	}
	for i := range rows {
		rows[i].IsOverdue, rows[i].DaysOverdue = overdue(rows[i], today)
	}
	return ReportPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// overdue reports whether an invoice is overdue on day today (not paid, due before today)
// and by how many days.
func overdue(r ReportRow, today time.Time) (bool, int) {
	if r.Status == StatusPaid || r.DueDate == nil || !r.DueDate.Before(today) {
		return false, 0
	}
	return true, int(today.Sub(*r.DueDate).Hours() / 24)
}
