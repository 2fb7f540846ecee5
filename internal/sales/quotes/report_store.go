package quotes

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type reportStore struct{}

// reportBounds are the report filter's days as instants: [from, to).
type reportBounds struct {
	quotedFrom, quotedTo, createdFrom, createdTo *time.Time
}

type reportRow struct {
	ID             string     `db:"id"`
	Number         int64      `db:"number"`
	CustomerID     string     `db:"customer_id"`
	Status         Status     `db:"status"`
	QuotedUtc      *time.Time `db:"quoted_utc"`
	ExpirationDate time.Time  `db:"expiration_date"`
	DueDate        *time.Time `db:"due_date"`
	Currency       string     `db:"currency_code"`
	LineSubTotal   dec        `db:"line_sub_total"`
	FeeTotal       dec        `db:"fee_total"`
	SubTotal       dec        `db:"sub_total"`
	Discount       dec        `db:"discount_total"`
	TaxableBase    dec        `db:"taxable_base"`
	NonTaxableBase dec        `db:"non_taxable_base"`
	Tax            dec        `db:"tax_total"`
	GrandTotal     dec        `db:"total"`
	PartLineCount  int        `db:"part_line_count"`
	CreatedUtc     time.Time  `db:"created_utc"`
	ModifiedUtc    time.Time  `db:"modified_utc"`
	TotalCount     int        `db:"total_count"`
}

func (r reportRow) Total() int { return r.TotalCount }

// reportColumns are a quote's report columns: the header's stored totals, and its part lines
// counted by a correlated subquery (one index range per row of the page).
const reportColumns = `q.id, q.number, q.customer_id, q.status, q.quoted_utc, q.expiration_date, q.due_date,
       q.currency_code, q.line_sub_total, q.fee_total, q.sub_total, q.discount_total, q.taxable_base,
       q.non_taxable_base, q.tax_total, q.total,
       (SELECT count(*) FROM quote_part_lines l WHERE l.tenant_id = q.tenant_id AND l.quote_id = q.id) AS part_line_count,
       q.created_utc, q.modified_utc, count(*) OVER () AS total_count`

// reportSortFields are the report row properties the report can be sorted by.
var reportSortFields = map[string]string{
	"number":         "q.number",
	"status":         "q.status",
	"quotedDate":     "q.quoted_utc",
	"expirationDate": "q.expiration_date",
	"dueDate":        "q.due_date",
	"total":          "q.total",
	"createdUtc":     "q.created_utc",
	"modifiedUtc":    "q.modified_utc",
}

var reportListSpec = listing.Spec{Fields: reportSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "q.id"}

// rows answers a page of the tenant's active quotes matching f and how many match.
func (reportStore) rows(ctx context.Context, q db.Q, tenantID string, f ReportFilter, b reportBounds, p listing.Page) ([]ReportRow, int, error) {
	lq := listing.NewQuery("q.tenant_id", tenantID)
	lq.Where("NOT q.deleted")
	if f.Statuses != nil {
		statuses := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			statuses[i] = string(s)
		}
		lq.Where("q.status = ANY(%s)", pq.StringArray(statuses))
	}
	if f.CustomerIDs != nil {
		lq.Where("q.customer_id = ANY(%s)", pq.StringArray(f.CustomerIDs))
	}
	for _, bound := range []struct {
		clause string
		at     *time.Time
	}{
		{"q.quoted_utc >= %s", b.quotedFrom}, {"q.quoted_utc < %s", b.quotedTo},
		{"q.created_utc >= %s", b.createdFrom}, {"q.created_utc < %s", b.createdTo},
	} {
		if bound.at != nil {
			lq.Where(bound.clause, *bound.at)
		}
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]reportRow, error) {
		query, args := lq.SQL(`SELECT `+reportColumns+` FROM quotes q`, p)
		var rows []reportRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("quote report: %w", err)
	}
	out := make([]ReportRow, len(rows))
	for i, r := range rows {
		out[i] = ReportRow{
			ID: r.ID, Number: r.Number, CustomerID: r.CustomerID, Status: r.Status, QuotedUtc: r.QuotedUtc,
			ExpirationDate: r.ExpirationDate, DueDate: r.DueDate, Currency: r.Currency,
			Totals: Totals{
				LineSubTotal: r.LineSubTotal, FeeTotal: r.FeeTotal, SubTotal: r.SubTotal, Discount: r.Discount,
				TaxableBase: r.TaxableBase, NonTaxableBase: r.NonTaxableBase, Tax: r.Tax, Total: r.GrandTotal,
			},
			PartLineCount: r.PartLineCount, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		}
	}
	return out, total, nil
}
