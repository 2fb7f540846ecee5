package quotes

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/sales/taxrates"
)

// linesFixture is a service with real tax rates and customers, a tenant, and a quote of
// currency in it.
type linesFixture struct {
	s        *Service
	pool     *db.Pool
	tenantID string
	quoteID  string
	itemID   string
	rates    *taxrates.Service
}

func newLinesFixture(t *testing.T, currency string) linesFixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	tenantID := dbtest.Tenant(t, pool)
	quoteID, itemID := quoteFixture(t, pool, tenantID, currency)
	rates := taxrates.NewService(pool)
	s := NewService(pool, Deps{TaxRates: rates, CustomerNames: customers.NewService(pool, nil, rates)})
	return linesFixture{s: s, pool: pool, tenantID: tenantID, quoteID: quoteID, itemID: itemID, rates: rates}
}

func (f linesFixture) rate(t *testing.T, name, rate string, archived bool) string {
	t.Helper()
	id, err := f.rates.Create(context.Background(), f.tenantID, taxrates.Write{Name: name, Rate: pdec.MustParse(rate), IsArchived: archived})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// total reads one stored total of the fixture's quote as text.
func (f linesFixture) total(t *testing.T, column string) string {
	t.Helper()
	var v string
	if err := f.pool.QueryRowxContext(context.Background(), `SELECT `+column+`::text FROM quotes WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, f.quoteID).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func (f linesFixture) wantTotals(t *testing.T, want map[string]string) {
	t.Helper()
	for column, value := range want {
		if got := f.total(t, column); !pdec.MustParse(got).Equal(pdec.MustParse(value).Decimal) {
			t.Errorf("%s = %s, want %s", column, got, value)
		}
	}
}

func wantField(t *testing.T, err error, kind apperr.Kind, field string) {
	t.Helper()
	e, ok := apperr.As(err)
	switch {
	case !ok || e.Kind != kind:
		t.Errorf("err = %v, want kind %d naming %s", err, kind, field)
	case kind == apperr.KindInvalid && len(e.Fields[field]) == 0:
		t.Errorf("err = %v, want a 400 naming %s", err, field)
	case kind == apperr.KindNotFound && !strings.Contains(err.Error(), field):
		t.Errorf("err = %v, want a 404 naming %s", err, field)
	}
}

func text(s string) *string { return &s }

// TestFeeLinesWriteAndRecomputeTotals: a fee line's writes copy its tax rate, round its
// subtotal to the currency and keep the quote's totals in step; bad members name the field.
func TestFeeLinesWriteAndRecomputeTotals(t *testing.T) {
	t.Parallel()
	f := newLinesFixture(t, "USD")
	ctx := context.Background()
	state := f.rate(t, "State", "6", false)
	old := f.rate(t, "Old", "3", true)

	id, err := f.s.CreateFeeLine(ctx, f.tenantID, f.quoteID, FeeLineWrite{Name: "  Freight ", Amount: pdec.MustParse("20.005"), IsTaxable: true, TaxRateID: &state})
	if err != nil {
		t.Fatal(err)
	}
	l, err := f.s.FeeLine(ctx, f.tenantID, f.quoteID, id)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Freight" || l.SubTotal.String() != "20.01" || l.TaxRate.String() != "6" || l.Amount.String() != "20.005" {
		t.Errorf("fee line %+v", l)
	}
	// 20.005 → 20.01, taxed 6 %: 1.2006 → 1.20.
	f.wantTotals(t, map[string]string{"fee_total": "20.01", "sub_total": "20.01", "taxable_base": "20.01", "tax_total": "1.20", "total": "21.21"})

	l, err = f.s.UpdateFeeLine(ctx, f.tenantID, f.quoteID, id, FeeLineWrite{Name: "Tooling", Amount: pdec.MustParse("100")})
	if err != nil {
		t.Fatal(err)
	}
	if l.TaxRateID != nil || !l.TaxRate.IsZero() || l.IsTaxable || l.Description != nil {
		t.Errorf("a full update clears the omitted members: %+v", l)
	}
	f.wantTotals(t, map[string]string{"fee_total": "100", "non_taxable_base": "100", "tax_total": "0", "total": "100"})

	for _, c := range []struct {
		w     FeeLineWrite
		kind  apperr.Kind
		field string
	}{
		{FeeLineWrite{Name: "  ", Amount: pdec.FromInt(1)}, apperr.KindInvalid, "name"},
		{FeeLineWrite{Name: strings.Repeat("n", 201), Amount: pdec.FromInt(1)}, apperr.KindInvalid, "name"},
		{FeeLineWrite{Name: "N", Amount: pdec.MustParse("-0.01")}, apperr.KindInvalid, "amount"},
		{FeeLineWrite{Name: "N", Amount: pdec.FromInt(1), Description: text(strings.Repeat("d", 2001))}, apperr.KindInvalid, "description"},
		{FeeLineWrite{Name: "N", Amount: pdec.FromInt(1), TaxRateID: &old}, apperr.KindInvalid, "taxRateId"},
		{FeeLineWrite{Name: "N", Amount: pdec.FromInt(1), TaxRateID: text(ids.New())}, apperr.KindNotFound, "taxRateId"},
	} {
		_, err := f.s.CreateFeeLine(ctx, f.tenantID, f.quoteID, c.w)
		wantField(t, err, c.kind, c.field)
		_, err = f.s.UpdateFeeLine(ctx, f.tenantID, f.quoteID, id, c.w)
		wantField(t, err, c.kind, c.field)
	}

	list, err := f.s.FeeLines(ctx, f.tenantID, f.quoteID, LineFilter{}, listing.Request{})
	if err != nil || len(list) != 1 || list[0].ID != id {
		t.Fatalf("list %+v, %v", list, err)
	}
	if deleted, err := f.s.DeleteFeeLine(ctx, f.tenantID, f.quoteID, id); !deleted || err != nil {
		t.Fatalf("delete: %v %v", deleted, err)
	}
	if deleted, err := f.s.DeleteFeeLine(ctx, f.tenantID, f.quoteID, id); deleted || err != nil {
		t.Fatalf("delete again: %v %v", deleted, err)
	}
	f.wantTotals(t, map[string]string{"fee_total": "0", "total": "0"})
	if _, err := f.s.FeeLine(ctx, f.tenantID, f.quoteID, id); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("deleted line: %v", err)
	}
}

// TestTaxLinesApplyEachRateOnce: a tax line's amount is the header's tax for it; a rate
// the quote carries is refused, also when two adds race; an update re-copies the rate.
func TestTaxLinesApplyEachRateOnce(t *testing.T) {
	t.Parallel()
	f := newLinesFixture(t, "USD")
	ctx := context.Background()
	state, county := f.rate(t, "State", "6", false), f.rate(t, "County", "1.5", false)
	if _, err := f.s.CreateFeeLine(ctx, f.tenantID, f.quoteID, FeeLineWrite{Name: "Freight", Amount: pdec.MustParse("123.02"), IsTaxable: true}); err != nil {
		t.Fatal(err)
	}
	// Two adds of one rate at once: one line.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.s.CreateTaxLine(ctx, f.tenantID, f.quoteID, state)
		}()
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("concurrent adds of one rate: %v, %v", errs[0], errs[1])
	}
	for _, err := range errs {
		if err != nil {
			wantField(t, err, apperr.KindInvalid, "taxRateId")
		}
	}
	countyLine, err := f.s.CreateTaxLine(ctx, f.tenantID, f.quoteID, county)
	if err != nil {
		t.Fatal(err)
	}
	// 6 % of 123.02 = 7.3812 → 7.38; 1.5 % = 1.8453 → 1.85.
	f.wantTotals(t, map[string]string{"taxable_base": "123.02", "tax_total": "9.23", "total": "132.25"})
	l, err := f.s.TaxLine(ctx, f.tenantID, f.quoteID, countyLine)
	if err != nil || l.Amount.String() != "1.85" || l.TaxableBase.String() != "123.02" || l.Name != "County" {
		t.Fatalf("county line %+v, %v", l, err)
	}
	// Moving the county line onto the state rate collides with the state line.
	_, err = f.s.UpdateTaxLine(ctx, f.tenantID, f.quoteID, countyLine, state)
	wantField(t, err, apperr.KindInvalid, "taxRateId")
	// A changed rate is copied again by an update.
	if _, err := f.rates.Update(ctx, f.tenantID, county, taxrates.Write{Name: "County 2", Rate: pdec.FromInt(2)}); err != nil {
		t.Fatal(err)
	}
	l, err = f.s.UpdateTaxLine(ctx, f.tenantID, f.quoteID, countyLine, county)
	if err != nil || l.Name != "County 2" || l.Amount.String() != "2.46" {
		t.Fatalf("re-copied line %+v, %v", l, err)
	}
	f.wantTotals(t, map[string]string{"tax_total": "9.84"})
	_, err = f.s.CreateTaxLine(ctx, f.tenantID, f.quoteID, ids.New())
	wantField(t, err, apperr.KindNotFound, "taxRateId")
	list, err := f.s.TaxLines(ctx, f.tenantID, f.quoteID, LineFilter{IDs: []string{countyLine}}, listing.Request{})
	if err != nil || len(list) != 1 || list[0].ID != countyLine {
		t.Fatalf("filtered list %+v, %v", list, err)
	}
}

// TestDiscountAmountAboveTheSubtotalTakesItAll: an amount discount above the subtotal is
// accepted and discounts the quote to 0 before tax; removing lines under it never fails.
func TestDiscountAmountAboveTheSubtotalTakesItAll(t *testing.T) {
	t.Parallel()
	f := newLinesFixture(t, "JPY")
	ctx := context.Background()
	fee, err := f.s.CreateFeeLine(ctx, f.tenantID, f.quoteID, FeeLineWrite{Name: "Freight", Amount: pdec.FromInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.s.SetDiscountLine(ctx, f.tenantID, f.quoteID, DiscountLineWrite{IsPercentage: true, Value: pdec.MustParse("12.5")})
	if err != nil || d.Amount.String() != "125" {
		t.Fatalf("12.5 %% of 1000 yen: %+v, %v", d, err)
	}
	again, err := f.s.SetDiscountLine(ctx, f.tenantID, f.quoteID, DiscountLineWrite{Name: text(" Loyalty "), Value: pdec.FromInt(600)})
	if err != nil || again.ID != d.ID || *again.Name != "Loyalty" || again.Amount.String() != "600" {
		t.Fatalf("replaced %+v (first %s), %v", again, d.ID, err)
	}
	if _, err := f.s.UpdateFeeLine(ctx, f.tenantID, f.quoteID, fee, FeeLineWrite{Name: "Freight", Amount: pdec.FromInt(400)}); err != nil {
		t.Fatalf("shrinking the subtotal under the discount: %v", err)
	}
	f.wantTotals(t, map[string]string{"sub_total": "400", "discount_total": "400", "total": "0"})
	if _, err := f.s.DeleteFeeLine(ctx, f.tenantID, f.quoteID, fee); err != nil {
		t.Fatalf("deleting the last line under the discount: %v", err)
	}
	f.wantTotals(t, map[string]string{"sub_total": "0", "discount_total": "0", "total": "0"})
	for _, w := range []DiscountLineWrite{{IsPercentage: true, Value: pdec.MustParse("100.5")}, {Value: pdec.MustParse("-1")}} {
		_, err := f.s.SetDiscountLine(ctx, f.tenantID, f.quoteID, w)
		wantField(t, err, apperr.KindInvalid, "value")
	}
	if deleted, err := f.s.DeleteDiscountLine(ctx, f.tenantID, f.quoteID); !deleted || err != nil {
		t.Fatalf("delete: %v %v", deleted, err)
	}
	if deleted, err := f.s.DeleteDiscountLine(ctx, f.tenantID, f.quoteID); deleted || err != nil {
		t.Fatalf("delete again: %v %v", deleted, err)
	}
	if _, err := f.s.DiscountLine(ctx, f.tenantID, f.quoteID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("no discount line: %v", err)
	}
	// A deleted quote takes no line write.
	if _, err := f.pool.ExecContext(ctx, `UPDATE quotes SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.quoteID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.SetDiscountLine(ctx, f.tenantID, f.quoteID, DiscountLineWrite{Value: pdec.FromInt(1)}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("discount on a deleted quote: %v", err)
	}
	if _, err := f.s.CreateFeeLine(ctx, f.tenantID, f.quoteID, FeeLineWrite{Name: "N", Amount: pdec.FromInt(1)}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("fee on a deleted quote: %v", err)
	}
}

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
	wantField(t, err, apperr.KindInvalid, "createdFrom")
}
