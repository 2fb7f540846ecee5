package quotes

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// quoteFixture stores a customer, an item and a quote in currency, the rows a line needs.
func quoteFixture(t *testing.T, pool *db.Pool, tenantID, currency string) (quoteID, itemID string) {
	t.Helper()
	ctx := context.Background()
	customerID, itemID, quoteID := ids.New(), ids.New(), ids.New()
	for _, stmt := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO customers (tenant_id, id, name, currency_code) VALUES ($1, $2, 'Dayton', $3)`, []any{tenantID, customerID, currency}},
		{`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, 'BRKT', 'make', $2)`, []any{tenantID, itemID}},
		{`INSERT INTO quotes (tenant_id, id, number, customer_id, currency_code, expiration_date)
		  VALUES ($1, $2, 1, $3, $4, '2026-12-24')`, []any{tenantID, quoteID, customerID, currency}},
	} {
		if _, err := pool.ExecContext(ctx, stmt.sql, stmt.args...); err != nil {
			t.Fatalf("%s: %v", stmt.sql, err)
		}
	}
	return quoteID, itemID
}

// TestRecomputeTotalsStoresHandComputedTotals prices a quote of three part lines (one with a
// 10 % line discount), a taxable fee, a 5 % document discount and two tax lines, and checks
// every stored total against the sums worked out by hand below, in four statements.
func TestRecomputeTotalsStoresHandComputedTotals(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	pool, statements := dbtest.Counting(t, url)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	quoteID, itemID := quoteFixture(t, pool, tenantID, "USD")
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	line := `INSERT INTO quote_part_lines (tenant_id, quote_id, id, routing_id, line_number, item_id, quantity,
	         unit_of_measure_name, unit_price, discount_is_percentage, discount_value, is_taxable, tax_rate)
	         VALUES ($1, $2, $3, $4, $5, $6, $7, 'Each', $8, $9, $10, $11, 0)`
	// 3 × 12.50 = 37.50, taxable.
	exec(line, tenantID, quoteID, ids.NewSub(), ids.NewSub(), 1, itemID, "3", "12.50", nil, nil, true)
	// 2 × 40.00 = 80.00 less 10 % = 72.00, taxable.
	exec(line, tenantID, quoteID, ids.NewSub(), ids.NewSub(), 2, itemID, "2", "40.00", true, "10", true)
	// 1 × 10.00 = 10.00, not taxable.
	exec(line, tenantID, quoteID, ids.NewSub(), ids.NewSub(), 3, itemID, "1", "10.00", nil, nil, false)
	// Freight 20.00, taxable.
	exec(`INSERT INTO quote_fee_lines (tenant_id, quote_id, id, name, amount, is_taxable) VALUES ($1, $2, $3, 'Freight', 20, true)`,
		tenantID, quoteID, ids.NewSub())
	// 5 % off the subtotal 139.50 = 6.975 → 6.98.
	exec(`INSERT INTO quote_discount_lines (tenant_id, quote_id, id, is_percentage, value) VALUES ($1, $2, $3, true, 5)`,
		tenantID, quoteID, ids.NewSub())
	rateID := func(name, rate string) string {
		id := ids.New()
		exec(`INSERT INTO tax_rates (tenant_id, id, name, rate) VALUES ($1, $2, $3, $4)`, tenantID, id, name, rate)
		return id
	}
	for _, r := range []struct{ name, rate string }{{"State", "6"}, {"County", "1.5"}} {
		exec(`INSERT INTO quote_tax_lines (tenant_id, quote_id, id, tax_rate_id, name, rate) VALUES ($1, $2, $3, $4, $5, $6)`,
			tenantID, quoteID, ids.NewSub(), rateID(r.name, r.rate), r.name, r.rate)
	}

	s := NewService(pool, Deps{})
	statements.Store(0)
	err := pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
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

	// Subtotal 37.50 + 72.00 + 10.00 + 20.00 = 139.50; discount 6.98 shared by subtotal:
	// 37.50 → 1.876…, 72.00 → 3.602…, 10.00 → 0.500…, 20.00 → 1.000…; whole cents 1.87,
	// 3.60, 0.50, 1.00 = 6.97 and the last cent to the largest remainder (37.50's .0064…
	// against 72.00's .0025…): 1.88, 3.60, 0.50, 1.00.
	// Taxable base 37.50−1.88 + 72.00−3.60 + 20.00−1.00 = 123.02; non-taxable 10.00−0.50 = 9.50.
	// Tax 6 % of 123.02 = 7.3812 → 7.38; 1.5 % = 1.8453 → 1.85; total tax 9.23.
	// Total 139.50 − 6.98 + 9.23 = 141.75.
	want := map[string]string{
		"line_sub_total": "119.5", "fee_total": "20", "sub_total": "139.5", "discount_total": "6.98",
		"taxable_base": "123.02", "non_taxable_base": "9.5", "tax_total": "9.23", "total": "141.75",
	}
	for column, value := range want {
		var equal bool
		if err := pool.QueryRowxContext(ctx, `SELECT `+column+` = $3::numeric FROM quotes WHERE tenant_id = $1 AND id = $2`,
			tenantID, quoteID, value).Scan(&equal); err != nil {
			t.Fatal(err)
		}
		if !equal {
			var got string
			_ = pool.QueryRowxContext(ctx, `SELECT `+column+`::text FROM quotes WHERE tenant_id = $1 AND id = $2`, tenantID, quoteID).Scan(&got)
			t.Errorf("%s = %s, want %s", column, got, value)
		}
	}
}

// TestLineWritesNeedAnActiveQuote: a deleted or unknown quote takes no line write (404),
// while its lines can still be read (lineQuoteExists) once deleted.
func TestLineWritesNeedAnActiveQuote(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	quoteID, _ := quoteFixture(t, pool, tenantID, "JPY")
	s := NewService(pool, Deps{})
	parent, err := s.lockForLineWrite(ctx, pool, tenantID, quoteID)
	if err != nil || parent.Currency != "JPY" || parent.Status != StatusDraft {
		t.Fatalf("active quote: %+v, %v", parent, err)
	}
	if _, err := pool.ExecContext(ctx, `UPDATE quotes SET deleted = true WHERE tenant_id = $1 AND id = $2`, tenantID, quoteID); err != nil {
		t.Fatal(err)
	}
	for name, id := range map[string]string{"deleted": quoteID, "unknown": ids.New()} {
		if _, err := s.lockForLineWrite(ctx, pool, tenantID, id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s quote: %v, want NotFound", name, err)
		}
	}
	if err := s.lineQuoteExists(ctx, pool, tenantID, quoteID); err != nil {
		t.Errorf("deleted quote's lines are readable: %v", err)
	}
	if err := s.lineQuoteExists(ctx, pool, tenantID, ids.New()); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("unknown quote: %v, want NotFound", err)
	}
	other := dbtest.Tenant(t, pool)
	if _, err := s.lockForLineWrite(ctx, pool, other, quoteID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant's quote: %v, want NotFound", err)
	}
}
