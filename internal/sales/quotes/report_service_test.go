package quotes

import (
	"context"
	"strings"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/sales/taxrates"
)

// TestReportRowsFiltersAndStatements: the report answers active quotes with their customer,
// label and part line count, filtered, in two statements however many rows.
func TestReportRowsFiltersAndStatements(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	counted, statements := dbtest.Counting(t, url)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	first, itemID := quoteFixture(t, pool, tenantID, "USD")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// Two more quotes of a second customer.
	otherCustomer, second, deleted := ids.New(), ids.New(), ids.New()
	exec(`INSERT INTO customers (tenant_id, id, name, currency_code) VALUES ($1, $2, 'Akron', 'EUR')`, tenantID, otherCustomer)
	for n, id := range []string{second, deleted} {
		exec(`INSERT INTO quotes (tenant_id, id, number, customer_id, currency_code, expiration_date) VALUES ($1, $2, $3, $4, 'EUR', '2026-12-24')`,
			tenantID, id, n+2, otherCustomer)
	}
	exec(`UPDATE quotes SET status = 'sent', quoted_utc = '2026-03-10 12:00Z', created_utc = '2026-03-01 12:00Z' WHERE tenant_id = $1 AND id = $2`, tenantID, second)
	exec(`UPDATE quotes SET deleted = true WHERE tenant_id = $1 AND id = $2`, tenantID, deleted)
	for n := 1; n <= 2; n++ {
		exec(`INSERT INTO quote_part_lines (tenant_id, quote_id, id, routing_id, line_number, item_id, quantity, unit_of_measure_name, unit_price)
		      VALUES ($1, $2, $3, $4, $5, $6, 1, 'Each', 1)`, tenantID, first, ids.NewSub(), ids.NewSub(), n, itemID)
	}
	rates := taxrates.NewService(counted)
	s := NewService(counted, Deps{TaxRates: rates, CustomerNames: customers.NewService(counted, nil, rates)})

	statements.Store(0)
	page, err := s.Report(ctx, tenantID, "America/New_York", ReportFilter{}, listing.Request{})
	if err != nil {
		t.Fatal(err)
	}
	if n := statements.Load(); n != 2 {
		t.Errorf("report ran %d statements, want 2", n)
	}
	if len(page.Rows) != 2 || page.TotalCount != 2 || page.Rows[0].ID != first || page.Rows[1].ID != second {
		t.Fatalf("rows %+v", page.Rows)
	}
	if r := page.Rows[0]; r.PartLineCount != 2 || r.CustomerName != "Dayton" || r.Status.Label() != "Draft" {
		t.Errorf("first row %+v", r)
	}
	if r := page.Rows[1]; r.PartLineCount != 0 || r.CustomerName != "Akron" || r.Status.Label() != "Sent" || r.QuotedUtc == nil {
		t.Errorf("second row %+v", r)
	}
	day := func(s string) *time.Time {
		d, _ := time.Parse(time.DateOnly, s)
		return &d
	}
	for name, c := range map[string]struct {
		f    ReportFilter
		want []string
	}{
		"statuses":           {ReportFilter{Statuses: []Status{StatusSent, StatusWon}}, []string{second}},
		"customers":          {ReportFilter{CustomerIDs: []string{otherCustomer}}, []string{second}},
		"quoted on the day":  {ReportFilter{QuotedFrom: day("2026-03-10"), QuotedTo: day("2026-03-10")}, []string{second}},
		"quoted after":       {ReportFilter{QuotedFrom: day("2026-03-11")}, nil},
		"created on the day": {ReportFilter{CreatedFrom: day("2026-03-01"), CreatedTo: day("2026-03-01")}, []string{second}},
		"created before":     {ReportFilter{CreatedTo: day("2026-02-28")}, nil},
	} {
		page, err := s.Report(ctx, tenantID, "America/New_York", c.f, listing.Request{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, r := range page.Rows {
			got = append(got, r.ID)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	_, err = s.Report(ctx, tenantID, "UTC", ReportFilter{CreatedFrom: day("1999-12-31")}, listing.Request{})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["createdFrom"]) == 0 {
		t.Errorf("a day before 2000: %v, want a 400 naming createdFrom", err)
	}
}
