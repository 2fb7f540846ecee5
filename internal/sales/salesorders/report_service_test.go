package salesorders

import (
	"context"
	"slices"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// TestLineReportFiltersAndStatements builds three orders (one deleted) with dated lines and
// checks every filter of the sales-order-lines report, its order and its single statement.
func TestLineReportFiltersAndStatements(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	pool, statements := dbtest.Counting(t, url)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	firstID, itemID := orderFixture(t, pool, tenantID, "USD")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var customerID string
	if err := pool.QueryRowxContext(ctx, `SELECT customer_id FROM sales_orders WHERE tenant_id = $1 AND id = $2`, tenantID, firstID).Scan(&customerID); err != nil {
		t.Fatal(err)
	}
	order := func(number int, status string, deleted bool) string {
		id := ids.New()
		exec(`INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, ordered_date, status, deleted, customer_po_number)
		      VALUES ($1, $2, $3, $4, 'USD', '2026-11-24', $5, $6, 'PO-7')`, tenantID, id, number, customerID, status, deleted)
		return id
	}
	secondID := order(2, "inProgress", false)
	deletedID := order(3, "approved", true)
	lineIDs := map[string]string{}
	line := func(name, orderID string, number int, shipped, invoiced any) {
		id := ids.NewSub()
		lineIDs[name] = id
		exec(`INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity,
		      unit_of_measure_name, unit_price, discount_is_percentage, discount_value, shipped_quantity, last_shipped_date, last_invoiced_date)
		      VALUES ($1, $2, $3, $4, $5, $6, 3, 'Each', 12.345, true, 10, 1, $7, $8)`,
			tenantID, orderID, id, ids.NewSub(), number, itemID, shipped, invoiced)
	}
	line("1/2", firstID, 2, "2026-11-20", nil)
	line("1/1", firstID, 1, nil, nil)
	line("2/1", secondID, 1, "2026-11-22", "2026-11-23")
	line("3/1", deletedID, 1, "2026-11-22", nil)
	day := func(s string) *time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	s := NewService(pool, Deps{})
	run := func(f LineReportFilter) []string {
		t.Helper()
		statements.Store(0)
		page, err := s.LineReport(ctx, tenantID, f, listing.Request{})
		if err != nil {
			t.Fatal(err)
		}
		if n := statements.Load(); n != 1 {
			t.Errorf("report ran %d statements, want 1", n)
		}
		var names []string
		for _, r := range page.Rows {
			for name, id := range lineIDs {
				if id == r.ID {
					names = append(names, name)
				}
			}
		}
		return names
	}
	for _, c := range []struct {
		name string
		f    LineReportFilter
		want []string
	}{
		{"all, by order then line number, deleted order left out", LineReportFilter{}, []string{"1/1", "1/2", "2/1"}},
		{"numbers", LineReportFilter{Numbers: []int64{2, 3}}, []string{"2/1"}},
		{"status labels in any case", LineReportFilter{StatusLabels: []string{" in PROGRESS "}}, []string{"2/1"}},
		{"draft", LineReportFilter{StatusLabels: []string{"Draft"}}, []string{"1/1", "1/2"}},
		{"shipped window inclusive", LineReportFilter{ShippedFrom: day("2026-11-20"), ShippedTo: day("2026-11-21")}, []string{"1/2"}},
		{"shipped from", LineReportFilter{ShippedFrom: day("2026-11-22")}, []string{"2/1"}},
		{"invoiced to", LineReportFilter{InvoicedTo: day("2026-11-23")}, []string{"2/1"}},
		{"invoiced from after", LineReportFilter{InvoicedFrom: day("2026-11-24")}, nil},
	} {
		if got := run(c.f); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}

	// modifiedAfterUtc is exclusive and follows the line or its order.
	var stamp time.Time
	if err := pool.QueryRowxContext(ctx, `SELECT modified_utc FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`, tenantID, lineIDs["2/1"]).Scan(&stamp); err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE sales_order_part_lines SET modified_utc = $3 WHERE tenant_id = $1 AND sales_order_id = $2`, tenantID, firstID, stamp.Add(-time.Hour))
	exec(`UPDATE sales_orders SET modified_utc = $2 WHERE tenant_id = $1`, tenantID, stamp.Add(-time.Hour))
	after := stamp.Add(-time.Minute)
	if got := run(LineReportFilter{ModifiedAfterUtc: &after}); !slices.Equal(got, []string{"2/1"}) {
		t.Errorf("modified after a minute before line 2/1: %v", got)
	}
	if got := run(LineReportFilter{ModifiedAfterUtc: &stamp}); got != nil {
		t.Errorf("modified strictly after line 2/1's stamp: %v, want none", got)
	}
	exec(`UPDATE sales_orders SET modified_utc = $3 WHERE tenant_id = $1 AND id = $2`, tenantID, firstID, stamp.Add(time.Hour))
	if got := run(LineReportFilter{ModifiedAfterUtc: &stamp}); !slices.Equal(got, []string{"1/1", "1/2"}) {
		t.Errorf("after the order changed: %v, want its lines", got)
	}

	// The row's amounts: 3 × 12.345 = 37.035 → 37.04, less 10 % (3.704 → 3.70) = 33.34; 2 left.
	page, err := s.LineReport(ctx, tenantID, LineReportFilter{Numbers: []int64{1}}, listing.Request{})
	if err != nil {
		t.Fatal(err)
	}
	r := page.Rows[0]
	if r.SubTotal().String() != "33.34" || r.Remaining().String() != "2" || r.OrderStatus.Label() != "Draft" ||
		r.CustomerName != "Dayton" || r.ItemNumber != "BRKT" || page.TotalCount != 2 {
		t.Errorf("row: subtotal %s remaining %s label %s customer %s item %s total %d", r.SubTotal(), r.Remaining(),
			r.OrderStatus.Label(), r.CustomerName, r.ItemNumber, page.TotalCount)
	}

	// An unknown label is 400 naming its place.
	_, err = s.LineReport(ctx, tenantID, LineReportFilter{StatusLabels: []string{"Draft", "inProgress"}}, listing.Request{})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || e.Fields["salesOrderStatus.1"] == nil || e.Fields["salesOrderStatus.0"] != nil {
		t.Errorf("unknown label: %v, want 400 naming salesOrderStatus.1", err)
	}
}
