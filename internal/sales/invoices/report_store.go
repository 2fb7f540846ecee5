package invoices

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
)

type reportStore struct{}

type reportRow struct {
	ID               string     `db:"id"`
	Number           int64      `db:"number"`
	Status           Status     `db:"status"`
	CustomerID       string     `db:"customer_id"`
	CustomerName     *string    `db:"customer_name"`
	SalesOrderID     string     `db:"sales_order_id"`
	SalesOrderNumber int64      `db:"sales_order_number"`
	IssueDate        *time.Time `db:"issue_date"`
	DueDate          *time.Time `db:"due_date"`
	PaidDate         *time.Time `db:"paid_date"`
	GrandTotal       dec        `db:"total"`
	SubTotal         dec        `db:"sub_total"`
	Currency         string     `db:"currency_code"`
	TotalCount       int        `db:"total_count"`
}

func (r reportRow) Total() int { return r.TotalCount }

// reportColumns are an invoice's report columns, with its customer's current name (the
// customers area's SQL).
var reportColumns = `t.id, t.number, t.status, t.customer_id, ` + customers.NameSQL("t.tenant_id", "t.customer_id") + ` AS customer_name,
       t.sales_order_id, t.sales_order_number, t.issue_date, t.due_date, t.paid_date, t.total, t.sub_total, t.currency_code,
       count(*) OVER () AS total_count`

// reportSortFields are the report row properties the report can be sorted by.
var reportSortFields = map[string]string{
	"number":      "t.number",
	"status":      "t.status",
	"issueDate":   "t.issue_date",
	"dueDate":     "t.due_date",
	"total":       "t.total",
	"createdUtc":  "t.created_utc",
	"modifiedUtc": "t.modified_utc",
}

var reportListSpec = listing.Spec{Fields: reportSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// rows answers a page of the tenant's live invoices matching f and how many match.
func (reportStore) rows(ctx context.Context, q db.Q, tenantID string, f ReportFilter, p listing.Page) ([]ReportRow, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("NOT t.deleted")
	if f.Statuses != nil {
		statuses := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			statuses[i] = string(s)
		}
		lq.Where("t.status = ANY(%s)", pq.StringArray(statuses))
	}
	if f.CustomerIDs != nil {
		lq.Where("t.customer_id = ANY(%s)", pq.StringArray(f.CustomerIDs))
	}
	for _, bound := range []struct {
		clause string
		day    *time.Time
	}{
		{"t.issue_day >= %s::date", f.IssueFrom}, {"t.issue_day <= %s::date", f.IssueTo}, {"t.due_date < %s::date", f.DueBefore},
	} {
		if bound.day != nil {
			lq.Where(bound.clause, bound.day.Format(time.DateOnly))
		}
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]reportRow, error) {
		query, args := lq.SQL(`SELECT `+reportColumns+` FROM invoices t`, p)
		var rows []reportRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("invoice report: %w", err)
	}
	out := make([]ReportRow, len(rows))
	for i, r := range rows {
		out[i] = ReportRow{
			ID: r.ID, Number: r.Number, Status: r.Status, CustomerID: r.CustomerID, SalesOrderID: r.SalesOrderID,
			SalesOrderNumber: r.SalesOrderNumber, IssueDate: r.IssueDate, DueDate: calendardate.StoredPtr(r.DueDate),
			PaidDate: calendardate.StoredPtr(r.PaidDate), Total: r.GrandTotal, SubTotal: r.SubTotal, Currency: r.Currency,
		}
		if r.CustomerName != nil {
			out[i].CustomerName = *r.CustomerName
		}
		if out[i].IssueDate != nil {
			u := out[i].IssueDate.UTC()
			out[i].IssueDate = &u
		}
	}
	return out, total, nil
}
