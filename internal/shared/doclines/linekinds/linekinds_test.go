package linekinds

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
)

// The tests declare a document of their own: a parent table and one table per line kind,
// shaped as a document's (the quote tables are the model), created in the test database.
var testTables = Tables{
	Parent: "lk_docs", ParentColumn: "doc_id",
	Fee: "lk_fee_lines", Tax: "lk_tax_lines", Discount: "lk_discount_lines",
	TaxRateKey: "lk_tax_lines_rate_key", Noun: "test document",
}

const createTestTablesSQL = `
CREATE TABLE lk_docs (
    tenant_id text NOT NULL, id text NOT NULL, currency_code text NOT NULL, deleted boolean NOT NULL DEFAULT false,
    fee_total numeric NOT NULL DEFAULT 0, sub_total numeric NOT NULL DEFAULT 0, discount_total numeric NOT NULL DEFAULT 0,
    taxable_base numeric NOT NULL DEFAULT 0, non_taxable_base numeric NOT NULL DEFAULT 0,
    tax_total numeric NOT NULL DEFAULT 0, total numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id));
CREATE TABLE lk_fee_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description text CHECK (char_length(description) BETWEEN 1 AND 2000),
    amount numeric NOT NULL CHECK (amount >= 0), is_taxable boolean NOT NULL DEFAULT false,
    tax_rate_id text, tax_rate numeric NOT NULL DEFAULT 0,
    created_utc timestamptz NOT NULL DEFAULT clock_timestamp(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lk_docs (tenant_id, id));
CREATE TABLE lk_tax_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL, tax_rate_id text NOT NULL,
    name text NOT NULL, rate numeric NOT NULL,
    created_utc timestamptz NOT NULL DEFAULT clock_timestamp(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lk_docs (tenant_id, id),
    CONSTRAINT lk_tax_lines_rate_key UNIQUE (tenant_id, doc_id, tax_rate_id));
CREATE TABLE lk_discount_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL,
    name text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    is_percentage boolean NOT NULL, value numeric NOT NULL,
    created_utc timestamptz NOT NULL DEFAULT now(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lk_docs (tenant_id, id),
    UNIQUE (tenant_id, doc_id));`

// testParent is the test document as a line write locks it.
type testParent struct {
	ID       string
	Currency string
}

// testRate is a tax rate of the fake lookup.
type testRate struct {
	Name     string
	Rate     dec
	Archived bool
}

// fixture is the test document's lines on a fresh database, with a tenant, a document of
// currency in it and the fake tax rates.
type fixture struct {
	l        *Lines[testParent]
	pool     *db.Pool
	tenantID string
	docID    string
	rates    map[string]testRate
	mu       *sync.Mutex
	// recomputes counts the Recompute hook's calls.
	recomputes *int
}

func newFixture(t *testing.T, currencyCode string) *fixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	if _, err := pool.ExecContext(context.Background(), createTestTablesSQL); err != nil {
		t.Fatal(err)
	}
	f := &fixture{pool: pool, tenantID: ids.New(), rates: map[string]testRate{}, mu: &sync.Mutex{}, recomputes: new(int)}
	f.docID = f.doc(t, currencyCode)
	f.l = Declare(pool, Declaration[testParent]{
		Tables: testTables, Lock: lockDoc("lk_docs", "currency_code"), Exists: docExists("lk_docs"), Recompute: f.recompute,
		TaxRates: UsableRates(f, func(r testRate) (string, dec) { return r.Name, r.Rate }),
	})
	return f
}

// doc adds a document of currencyCode to the tenant.
func (f *fixture) doc(t *testing.T, currencyCode string) string {
	t.Helper()
	id := ids.New()
	if _, err := f.pool.ExecContext(context.Background(), `INSERT INTO lk_docs (tenant_id, id, currency_code) VALUES ($1, $2, $3)`,
		f.tenantID, id, currencyCode); err != nil {
		t.Fatal(err)
	}
	return id
}

// lockDoc locks an active document of table, reading column into the test parent's Currency.
func lockDoc(table, column string) func(ctx context.Context, q db.Q, tenantID, parentID string) (testParent, error) {
	return func(ctx context.Context, q db.Q, tenantID, parentID string) (testParent, error) {
		p := testParent{ID: parentID}
		err := q.QueryRowxContext(ctx, `SELECT `+column+` FROM `+table+` WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR UPDATE`,
			tenantID, parentID).Scan(&p.Currency)
		if errors.Is(err, sql.ErrNoRows) {
			return p, apperr.NotFound("test document %s not found", parentID)
		}
		return p, err
	}
}

// docExists answers NotFound unless the tenant has document parentID in table, deleted or not.
func docExists(table string) func(ctx context.Context, q db.Q, tenantID, parentID string) error {
	return func(ctx context.Context, q db.Q, tenantID, parentID string) error {
		var ok bool
		if err := q.QueryRowxContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE tenant_id = $1 AND id = $2)`, tenantID, parentID).Scan(&ok); err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("test document %s not found", parentID)
		}
		return nil
	}
}

// recompute prices the document's fees, discount and tax lines with doclines, as a
// document's totals do.
func (f *fixture) recompute(ctx context.Context, q db.Q, tenantID string, p testParent) error {
	f.mu.Lock()
	*f.recomputes++
	f.mu.Unlock()
	var doc doclines.Document
	var fees []struct {
		Amount  dec  `db:"amount"`
		Taxable bool `db:"is_taxable"`
		TaxRate dec  `db:"tax_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &fees, `SELECT amount, is_taxable, tax_rate FROM lk_fee_lines WHERE tenant_id = $1 AND doc_id = $2 ORDER BY created_utc, id`, tenantID, p.ID); err != nil {
		return err
	}
	for _, fee := range fees {
		doc.Fees = append(doc.Fees, doclines.Fee{Amount: fee.Amount, Taxable: fee.Taxable, TaxRate: fee.TaxRate})
	}
	var rates []dec
	if err := sqlx.SelectContext(ctx, q, &rates, `SELECT rate FROM lk_tax_lines WHERE tenant_id = $1 AND doc_id = $2`, tenantID, p.ID); err != nil {
		return err
	}
	for _, r := range rates {
		doc.TaxLines = append(doc.TaxLines, doclines.TaxLine{Rate: r})
	}
	var discounts []struct {
		IsPercentage bool `db:"is_percentage"`
		Value        dec  `db:"value"`
	}
	if err := sqlx.SelectContext(ctx, q, &discounts, `SELECT is_percentage, value FROM lk_discount_lines WHERE tenant_id = $1 AND doc_id = $2`, tenantID, p.ID); err != nil {
		return err
	}
	for _, d := range discounts {
		doc.Discount = &doclines.Discount{Percentage: d.IsPercentage, Value: d.Value}
	}
	t, err := doc.Compute(currency.MinorUnits(p.Currency))
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE lk_docs SET fee_total = $3, sub_total = $4, discount_total = $5, taxable_base = $6,
	    non_taxable_base = $7, tax_total = $8, total = $9 WHERE tenant_id = $1 AND id = $2`,
		tenantID, p.ID, t.FeeTotal, t.SubTotal, t.Discount, t.TaxableBase, t.NonTaxableBase, t.Tax, t.Total)
	return err
}

// Usable is the fake tax rate lookup: unknown is NotFound naming field, archived a 400.
func (f *fixture) Usable(_ context.Context, _ db.Q, _, field string, want []string) (map[string]testRate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]testRate{}
	for _, id := range want {
		r, ok := f.rates[id]
		switch {
		case !ok:
			fields := apperr.Fields{}
			fields.Add(field, "tax rate %s not found", id)
			return nil, fields.NotFoundErr()
		case r.Archived:
			return nil, apperr.Field(field, "tax rate %s is archived", id)
		}
		out[id] = r
	}
	return out, nil
}

func (f *fixture) rate(name, rate string, archived bool) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := ids.New()
	f.rates[id] = testRate{Name: name, Rate: pdec.MustParse(rate), Archived: archived}
	return id
}

// wantTotals checks stored totals of the fixture's document.
func (f *fixture) wantTotals(t *testing.T, want map[string]string) {
	t.Helper()
	for column, value := range want {
		var got string
		if err := f.pool.QueryRowxContext(context.Background(), `SELECT `+column+`::text FROM lk_docs WHERE tenant_id = $1 AND id = $2`,
			f.tenantID, f.docID).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if !pdec.MustParse(got).Equal(pdec.MustParse(value).Decimal) {
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
// subtotal to the currency and keep the document's totals in step; bad members name the
// field.
func TestFeeLinesWriteAndRecomputeTotals(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "USD")
	ctx := context.Background()
	state := f.rate("State", "6", false)
	old := f.rate("Old", "3", true)

	id, err := f.l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "  Freight ", Amount: pdec.MustParse("20.005"), IsTaxable: true, TaxRateID: &state})
	if err != nil {
		t.Fatal(err)
	}
	l, err := f.l.Fee(ctx, f.tenantID, f.docID, id)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Freight" || l.SubTotal.String() != "20.01" || l.TaxRate.String() != "6" || l.Amount.String() != "20.005" || l.ParentID != f.docID {
		t.Errorf("fee line %+v", l)
	}
	// 20.005 → 20.01, taxed 6 %: 1.2006 → 1.20.
	f.wantTotals(t, map[string]string{"fee_total": "20.01", "sub_total": "20.01", "taxable_base": "20.01", "tax_total": "1.20", "total": "21.21"})

	l, err = f.l.UpdateFee(ctx, f.tenantID, f.docID, id, FeeLineWrite{Name: "Tooling", Amount: pdec.MustParse("100")})
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
		_, err := f.l.CreateFee(ctx, f.tenantID, f.docID, c.w)
		wantField(t, err, c.kind, c.field)
		_, err = f.l.UpdateFee(ctx, f.tenantID, f.docID, id, c.w)
		wantField(t, err, c.kind, c.field)
	}

	// A patch changes what it names, under the same rules.
	l, err = f.l.PatchFee(ctx, f.tenantID, f.docID, id, func(current FeeLine) (FeeLineWrite, error) {
		w := current.FeeLineWrite
		w.IsTaxable, w.TaxRateID = true, &state
		return w, nil
	})
	if err != nil || l.Name != "Tooling" || l.TaxRate.String() != "6" {
		t.Fatalf("patched %+v, %v", l, err)
	}
	f.wantTotals(t, map[string]string{"fee_total": "100", "tax_total": "6", "total": "106"})
	_, err = f.l.PatchFee(ctx, f.tenantID, f.docID, id, func(current FeeLine) (FeeLineWrite, error) {
		w := current.FeeLineWrite
		w.Name = " "
		return w, nil
	})
	wantField(t, err, apperr.KindInvalid, "name")
	if _, err := f.l.PatchFee(ctx, f.tenantID, f.docID, ids.NewSub(), func(c FeeLine) (FeeLineWrite, error) { return c.FeeLineWrite, nil }); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("patch of no line: %v", err)
	}
	if _, err := f.l.UpdateFee(ctx, f.tenantID, f.docID, id, FeeLineWrite{Name: "Tooling", Amount: pdec.MustParse("100")}); err != nil {
		t.Fatal(err)
	}
	list, err := f.l.Fees(ctx, f.tenantID, f.docID, LineFilter{}, listing.Request{})
	if err != nil || len(list) != 1 || list[0].ID != id {
		t.Fatalf("list %+v, %v", list, err)
	}
	if deleted, err := f.l.DeleteFee(ctx, f.tenantID, f.docID, id); !deleted || err != nil {
		t.Fatalf("delete: %v %v", deleted, err)
	}
	if deleted, err := f.l.DeleteFee(ctx, f.tenantID, f.docID, id); deleted || err != nil {
		t.Fatalf("delete again: %v %v", deleted, err)
	}
	f.wantTotals(t, map[string]string{"fee_total": "0", "total": "0"})
	if _, err := f.l.Fee(ctx, f.tenantID, f.docID, id); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("deleted line: %v", err)
	}
}

// TestTaxLinesApplyEachRateOnce: a tax line's amount is the header's tax for it; a rate the
// document carries is refused, also when two adds race; an update re-copies the rate.
func TestTaxLinesApplyEachRateOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "USD")
	ctx := context.Background()
	state, county := f.rate("State", "6", false), f.rate("County", "1.5", false)
	if _, err := f.l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "Freight", Amount: pdec.MustParse("123.02"), IsTaxable: true}); err != nil {
		t.Fatal(err)
	}
	// Two adds of one rate at once: one line.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.l.CreateTax(ctx, f.tenantID, f.docID, state)
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
	countyLine, err := f.l.CreateTax(ctx, f.tenantID, f.docID, county)
	if err != nil {
		t.Fatal(err)
	}
	// 6 % of 123.02 = 7.3812 → 7.38; 1.5 % = 1.8453 → 1.85.
	f.wantTotals(t, map[string]string{"taxable_base": "123.02", "tax_total": "9.23", "total": "132.25"})
	l, err := f.l.Tax(ctx, f.tenantID, f.docID, countyLine)
	if err != nil || l.Amount.String() != "1.85" || l.TaxableBase.String() != "123.02" || l.Name != "County" || l.ParentID != f.docID {
		t.Fatalf("county line %+v, %v", l, err)
	}
	// Moving the county line onto the state rate collides with the state line.
	_, err = f.l.UpdateTax(ctx, f.tenantID, f.docID, countyLine, state)
	wantField(t, err, apperr.KindInvalid, "taxRateId")
	// A changed rate is copied again by an update.
	f.mu.Lock()
	f.rates[county] = testRate{Name: "County 2", Rate: pdec.FromInt(2)}
	f.mu.Unlock()
	l, err = f.l.UpdateTax(ctx, f.tenantID, f.docID, countyLine, county)
	if err != nil || l.Name != "County 2" || l.Amount.String() != "2.46" {
		t.Fatalf("re-copied line %+v, %v", l, err)
	}
	f.wantTotals(t, map[string]string{"tax_total": "9.84"})
	_, err = f.l.CreateTax(ctx, f.tenantID, f.docID, ids.New())
	wantField(t, err, apperr.KindNotFound, "taxRateId")
	list, err := f.l.Taxes(ctx, f.tenantID, f.docID, LineFilter{IDs: []string{countyLine}}, listing.Request{})
	if err != nil || len(list) != 1 || list[0].ID != countyLine {
		t.Fatalf("filtered list %+v, %v", list, err)
	}
	if deleted, err := f.l.DeleteTax(ctx, f.tenantID, f.docID, countyLine); !deleted || err != nil {
		t.Fatalf("delete: %v %v", deleted, err)
	}
	f.wantTotals(t, map[string]string{"tax_total": "7.38"})
}

// TestDiscountAmountAboveTheSubtotalTakesItAll: an amount discount above the subtotal is
// accepted and discounts the document to 0 before tax; removing lines under it never fails.
func TestDiscountAmountAboveTheSubtotalTakesItAll(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "JPY")
	ctx := context.Background()
	fee, err := f.l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "Freight", Amount: pdec.FromInt(1000)})
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.l.SetDiscount(ctx, f.tenantID, f.docID, DiscountLineWrite{IsPercentage: true, Value: pdec.MustParse("12.5")})
	if err != nil || d.Amount.String() != "125" || d.ParentID != f.docID {
		t.Fatalf("12.5 %% of 1000 yen: %+v, %v", d, err)
	}
	again, err := f.l.SetDiscount(ctx, f.tenantID, f.docID, DiscountLineWrite{Name: text(" Loyalty "), Value: pdec.FromInt(600)})
	if err != nil || again.ID != d.ID || *again.Name != "Loyalty" || again.Amount.String() != "600" {
		t.Fatalf("replaced %+v (first %s), %v", again, d.ID, err)
	}
	if _, err := f.l.UpdateFee(ctx, f.tenantID, f.docID, fee, FeeLineWrite{Name: "Freight", Amount: pdec.FromInt(400)}); err != nil {
		t.Fatalf("shrinking the subtotal under the discount: %v", err)
	}
	f.wantTotals(t, map[string]string{"sub_total": "400", "discount_total": "400", "total": "0"})
	if _, err := f.l.DeleteFee(ctx, f.tenantID, f.docID, fee); err != nil {
		t.Fatalf("deleting the last line under the discount: %v", err)
	}
	f.wantTotals(t, map[string]string{"sub_total": "0", "discount_total": "0", "total": "0"})
	for _, w := range []DiscountLineWrite{{IsPercentage: true, Value: pdec.MustParse("100.5")}, {Value: pdec.MustParse("-1")}} {
		_, err := f.l.SetDiscount(ctx, f.tenantID, f.docID, w)
		wantField(t, err, apperr.KindInvalid, "value")
	}
	if deleted, err := f.l.DeleteDiscount(ctx, f.tenantID, f.docID); !deleted || err != nil {
		t.Fatalf("delete: %v %v", deleted, err)
	}
	if deleted, err := f.l.DeleteDiscount(ctx, f.tenantID, f.docID); deleted || err != nil {
		t.Fatalf("delete again: %v %v", deleted, err)
	}
	if _, err := f.l.Discount(ctx, f.tenantID, f.docID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("no discount line: %v", err)
	}
}

// TestLinesBelongToTheirDocument: a line is found only under its own document and tenant; a
// deleted document's lines stay readable but take no write; a failed write changes nothing
// and a refused one runs no recompute.
func TestLinesBelongToTheirDocument(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "USD")
	ctx := context.Background()
	other := f.doc(t, "USD")
	rate := f.rate("State", "6", false)
	fee, err := f.l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "Freight", Amount: pdec.FromInt(10)})
	if err != nil {
		t.Fatal(err)
	}
	tax, err := f.l.CreateTax(ctx, f.tenantID, f.docID, rate)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.l.SetDiscount(ctx, f.tenantID, f.docID, DiscountLineWrite{Value: pdec.FromInt(1)}); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"fee of another document":      second(f.l.Fee(ctx, f.tenantID, other, fee)),
		"tax of another document":      second(f.l.Tax(ctx, f.tenantID, other, tax)),
		"discount of another document": second(f.l.Discount(ctx, f.tenantID, other)),
		"fee of another tenant":        second(f.l.Fee(ctx, ids.New(), f.docID, fee)),
		"update of another's fee":      second(f.l.UpdateFee(ctx, f.tenantID, other, fee, FeeLineWrite{Name: "N"})),
		"update of another's tax":      second(f.l.UpdateTax(ctx, f.tenantID, other, tax, rate)),
		"list of a missing document":   second(f.l.Fees(ctx, f.tenantID, ids.New(), LineFilter{}, listing.Request{})),
		"write to a missing document":  second(f.l.CreateFee(ctx, f.tenantID, ids.New(), FeeLineWrite{Name: "N"})),
	} {
		if !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: %v, want NotFound", name, err)
		}
	}
	if deleted, err := f.l.DeleteTax(ctx, f.tenantID, other, tax); deleted || err != nil {
		t.Errorf("delete of another document's tax line: %v %v", deleted, err)
	}
	before := *f.recomputes
	if _, err := f.l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "N", Amount: pdec.FromInt(-1)}); err == nil || *f.recomputes != before {
		t.Errorf("a refused write: %v, %d recomputes", err, *f.recomputes-before)
	}
	if _, err := f.pool.ExecContext(ctx, `UPDATE lk_docs SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.docID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.l.Fee(ctx, f.tenantID, f.docID, fee); err != nil {
		t.Errorf("a deleted document's fee line: %v", err)
	}
	if _, err := f.l.Discount(ctx, f.tenantID, f.docID); err != nil {
		t.Errorf("a deleted document's discount line: %v", err)
	}
	if _, err := f.l.SetDiscount(ctx, f.tenantID, f.docID, DiscountLineWrite{Value: pdec.FromInt(1)}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("discount on a deleted document: %v", err)
	}
	if _, err := f.l.DeleteFee(ctx, f.tenantID, f.docID, fee); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("fee delete on a deleted document: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestStatementsNameTheDeclaredTables: every statement is expanded from the declaration, so
// none names another document's tables or keeps a placeholder.
func TestStatementsNameTheDeclaredTables(t *testing.T) {
	s := statementsFor(testTables)
	for i, stmt := range []string{s.feeSelect, s.feeGet, s.insertFee, s.updateFee, s.deleteFee, s.taxSelect, s.taxGet,
		s.insertTax, s.updateTax, s.deleteTax, s.getDiscount, s.upsertDiscount, s.deleteDiscount} {
		if strings.Contains(stmt, "{") || strings.Contains(stmt, "quote") || !strings.Contains(stmt, "lk_") {
			t.Errorf("statement %d: %s", i, stmt)
		}
	}
}
