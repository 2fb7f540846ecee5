package salesorders

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// orderFixture stores a customer, an item and a sales order in currency, the rows a line needs.
func orderFixture(t *testing.T, pool *db.Pool, tenantID, currency string) (orderID, itemID string) {
	t.Helper()
	ctx := context.Background()
	customerID, itemID, orderID := ids.New(), ids.New(), ids.New()
	for _, stmt := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO customers (tenant_id, id, name, currency_code) VALUES ($1, $2, 'Dayton', $3)`, []any{tenantID, customerID, currency}},
		{`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, 'BRKT', 'make', $2)`, []any{tenantID, itemID}},
		{`INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, ordered_date)
		  VALUES ($1, $2, 1, $3, $4, '2026-11-24')`, []any{tenantID, orderID, customerID, currency}},
	} {
		if _, err := pool.ExecContext(ctx, stmt.sql, stmt.args...); err != nil {
			t.Fatalf("%s: %v", stmt.sql, err)
		}
	}
	return orderID, itemID
}

// TestRecomputeTotalsStoresHandComputedTotals prices a sales order of three part lines (one
// with a 10 % line discount), a taxable fee, a taxable shipping charge, a 5 % document
// discount, two tax lines and a refund, and checks every stored total against the sums worked
// out by hand below, in five statements.
func TestRecomputeTotalsStoresHandComputedTotals(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	pool, statements := dbtest.Counting(t, url)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	orderID, itemID := orderFixture(t, pool, tenantID, "USD")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	line := `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity,
	         unit_of_measure_name, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate)
	         VALUES ($1, $2, $3, $4, $5, $6, $7, 'Each', $8, $9, $10, $11, 0)`
	// 3 × 12.50 = 37.50, taxable.
	exec(line, tenantID, orderID, ids.NewSub(), ids.NewSub(), 1, itemID, "3", "12.50", nil, nil, true)
	// 2 × 40.00 = 80.00 less 10 % = 72.00, taxable.
	exec(line, tenantID, orderID, ids.NewSub(), ids.NewSub(), 2, itemID, "2", "40.00", true, "10", true)
	// 1 × 10.00 = 10.00, not taxable.
	exec(line, tenantID, orderID, ids.NewSub(), ids.NewSub(), 3, itemID, "1", "10.00", nil, nil, false)
	// Tooling 20.00, taxable; shipping 15.00, taxable.
	exec(`INSERT INTO sales_order_fee_lines (tenant_id, sales_order_id, id, name, amount, is_taxable) VALUES ($1, $2, $3, 'Tooling', 20, true)`,
		tenantID, orderID, ids.NewSub())
	exec(`UPDATE sales_orders SET shipping_charge = 15, shipping_charge_is_taxable = true WHERE tenant_id = $1 AND id = $2`, tenantID, orderID)
	// 5 % off the subtotal 154.50 = 7.725 → 7.73.
	exec(`INSERT INTO sales_order_discount_lines (tenant_id, sales_order_id, id, is_percentage, value) VALUES ($1, $2, $3, true, 5)`,
		tenantID, orderID, ids.NewSub())
	rateID := func(name, rate string) string {
		id := ids.New()
		exec(`INSERT INTO tax_rates (tenant_id, id, name, rate) VALUES ($1, $2, $3, $4)`, tenantID, id, name, rate)
		return id
	}
	for _, r := range []struct{ name, rate string }{{"State", "6"}, {"County", "1.5"}} {
		exec(`INSERT INTO sales_order_tax_lines (tenant_id, sales_order_id, id, tax_rate_id, name, rate) VALUES ($1, $2, $3, $4, $5, $6)`,
			tenantID, orderID, ids.NewSub(), rateID(r.name, r.rate), r.name, r.rate)
	}
	reasonID := ids.New()
	exec(`INSERT INTO refund_reason_codes (tenant_id, id, name) VALUES ($1, $2, 'Damaged')`, tenantID, reasonID)
	exec(`INSERT INTO sales_order_refund_lines (tenant_id, sales_order_id, id, refund_reason_code_id, amount) VALUES ($1, $2, $3, $4, 5)`,
		tenantID, orderID, ids.NewSub(), reasonID)

	s := NewService(pool, Deps{})
	statements.Store(0)
	err := pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		t.Fatal(err)
	}
	// The lock, three reads and one update, however many lines.
	if n := statements.Load(); n != 5 {
		t.Errorf("lock and recompute ran %d statements, want 5", n)
	}

	// Subtotal 37.50 + 72.00 + 10.00 + 20.00 + 15.00 = 154.50; discount 7.73 shared by
	// subtotal: 1.876…, 3.602…, 0.500…, 1.000…, 0.750…; whole cents 1.87, 3.60, 0.50, 1.00,
	// 0.75 = 7.72 and the last cent to the largest remainder (37.50's): 1.88.
	// Taxable base 35.62 + 68.40 + 19.00 + 14.25 = 137.27; non-taxable 10.00−0.50 = 9.50.
	// Tax 6 % of 137.27 = 8.2362 → 8.24; 1.5 % = 2.05905 → 2.06; total tax 10.30.
	// 154.50 − 7.73 + 10.30 = 157.07, less the 5.00 refund: 152.07.
	want := map[string]string{
		"line_sub_total": "119.5", "fee_total": "35", "sub_total": "154.5", "discount_total": "7.73",
		"taxable_base": "137.27", "non_taxable_base": "9.5", "tax_total": "10.3", "refund_total": "5", "total": "152.07",
	}
	for column, value := range want {
		var equal bool
		if err := pool.QueryRowxContext(ctx, `SELECT `+column+` = $3::numeric FROM sales_orders WHERE tenant_id = $1 AND id = $2`,
			tenantID, orderID, value).Scan(&equal); err != nil {
			t.Fatal(err)
		}
		if !equal {
			var got string
			_ = pool.QueryRowxContext(ctx, `SELECT `+column+`::text FROM sales_orders WHERE tenant_id = $1 AND id = $2`, tenantID, orderID).Scan(&got)
			t.Errorf("%s = %s, want %s", column, got, value)
		}
	}
}

// TestLineWritesNeedAnActiveOrder: a deleted or unknown sales order takes no line write (404),
// while its lines can still be read (lineOrderExists) once deleted.
func TestLineWritesNeedAnActiveOrder(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	orderID, _ := orderFixture(t, pool, tenantID, "JPY")
	s := NewService(pool, Deps{})
	parent, err := s.lockForLineWrite(ctx, pool, tenantID, orderID)
	if err != nil || parent.Currency != "JPY" || parent.Status != StatusDraft {
		t.Fatalf("active order: %+v, %v", parent, err)
	}
	if _, err := pool.ExecContext(ctx, `UPDATE sales_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, tenantID, orderID); err != nil {
		t.Fatal(err)
	}
	for name, id := range map[string]string{"deleted": orderID, "unknown": ids.New()} {
		if _, err := s.lockForLineWrite(ctx, pool, tenantID, id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s order: %v, want NotFound", name, err)
		}
	}
	if err := s.lineOrderExists(ctx, pool, tenantID, orderID); err != nil {
		t.Errorf("deleted order's lines are readable: %v", err)
	}
	if err := s.lineOrderExists(ctx, pool, tenantID, ids.New()); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("unknown order: %v, want NotFound", err)
	}
	other := dbtest.Tenant(t, pool)
	if _, err := s.lockForLineWrite(ctx, pool, other, orderID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant's order: %v, want NotFound", err)
	}
}
