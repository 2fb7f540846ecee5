package linekinds

import (
	"context"
	"strings"
	"testing"

	"mos/internal/platform/apperr"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

// addTestColumnsSQL gives the test document's line tables the members a document may declare.
const addTestColumnsSQL = `
ALTER TABLE lk_docs ADD COLUMN status text NOT NULL DEFAULT 'open', ADD COLUMN address jsonb;
ALTER TABLE lk_fee_lines ADD COLUMN line_number integer NOT NULL, ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details jsonb, ADD COLUMN override_tax_rate boolean NOT NULL DEFAULT false, ADD COLUMN origin text;
ALTER TABLE lk_tax_lines ADD COLUMN line_number integer NOT NULL, ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details jsonb, ADD COLUMN description text;
ALTER TABLE lk_discount_lines ADD COLUMN line_number integer NOT NULL, ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details jsonb, ADD COLUMN description text;`

// declaringTables are the test document's tables declaring every member of Columns.
func declaringTables() Tables {
	tables := testTables
	tables.TaxRateMember = "taxCodeId"
	tables.Columns = Columns{Number: "line_number", ExternalReferences: "external_references", AccountingDetails: "accounting_details",
		Description: "description", OverrideTaxRate: "override_tax_rate", FeeOrigin: "origin",
		TaxRateEditable: "p.status = 'open'", TaxAddress: "p.address"}
	return tables
}

// TestDeclaredColumnsLeaveNoPlaceholder: the statements of a document declaring Columns are
// expanded whole.
func TestDeclaredColumnsLeaveNoPlaceholder(t *testing.T) {
	s := statementsFor(declaringTables())
	for i, stmt := range []string{s.feeSelect, s.insertFee, s.taxSelect, s.insertTax, s.getDiscount, s.upsertDiscount} {
		if strings.ContainsAny(stmt, "{}") || !strings.Contains(stmt, "line_number") {
			t.Errorf("statement %d: %s", i, stmt)
		}
	}
	if strings.ContainsAny(s.updateFee, "{}") || !strings.Contains(s.updateFee, "override_tax_rate = override_tax_rate OR") {
		t.Errorf("fee update: %s", s.updateFee)
	}
}

// TestDeclaredColumnsAreNumberedWrittenAndRead: a document declaring Columns gets its lines
// numbered per kind, its fee writes' external references stored, the override set for good by
// another tax rate, its expressions over the document read, and its tax rate member named in
// errors; the kinds' own members are unchanged.
func TestDeclaredColumnsAreNumberedWrittenAndRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t, "USD")
	if _, err := f.pool.ExecContext(ctx, addTestColumnsSQL); err != nil {
		t.Fatal(err)
	}
	tables := declaringTables()
	l := Declare(f.pool, Declaration[testParent]{Tables: tables, Lock: lockDoc("lk_docs", "currency_code"), Exists: docExists("lk_docs"),
		Recompute: f.recompute, TaxRates: UsableRates(f, func(r testRate) (string, dec) { return r.Name, r.Rate })})
	state, city := f.rate("State", "6", false), f.rate("City", "1.5", false)

	refs := extref.References{"erp": {ExternalID: text("F-1")}}
	first, err := l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "Tooling", Amount: pdec.FromInt(20), ExternalReferences: refs})
	if err != nil {
		t.Fatal(err)
	}
	second, err := l.CreateFee(ctx, f.tenantID, f.docID, FeeLineWrite{Name: "Expedite", Amount: pdec.FromInt(5), TaxRateID: &state})
	if err != nil {
		t.Fatal(err)
	}
	fees, err := l.Fees(ctx, f.tenantID, f.docID, LineFilter{}, listing.Request{})
	if err != nil || len(fees) != 2 || fees[0].ID != first || fees[1].ID != second {
		t.Fatalf("fees %+v %v", fees, err)
	}
	if n := fees[0].Number; n == nil || *n != 1 || fees[0].ExternalReferences["erp"].ExternalID == nil || fees[0].OverrideTaxRate || fees[0].OriginID != nil {
		t.Errorf("first fee %+v", fees[0])
	}
	if n := fees[1].Number; n == nil || *n != 2 || len(fees[1].ExternalReferences) != 0 || fees[1].AccountingDetails != (AccountingDetails{}) {
		t.Errorf("second fee %+v", fees[1])
	}
	// The stored tax rate again: no override; another: override, kept when it goes back.
	for i, c := range []struct {
		rate     *string
		override bool
	}{{&state, false}, {&city, true}, {&state, true}} {
		got, err := l.UpdateFee(ctx, f.tenantID, f.docID, second, FeeLineWrite{Name: "Expedite", Amount: pdec.FromInt(5), TaxRateID: c.rate})
		if err != nil || got.OverrideTaxRate != c.override || *got.TaxRateID != *c.rate {
			t.Errorf("write %d: %+v %v", i, got, err)
		}
	}
	_, err = l.UpdateFee(ctx, f.tenantID, f.docID, second, FeeLineWrite{Name: "Expedite", Amount: pdec.FromInt(5), TaxRateID: text("nope")})
	wantField(t, err, apperr.KindNotFound, "taxCodeId")
	_, err = l.UpdateFee(ctx, f.tenantID, f.docID, second, FeeLineWrite{Name: "Expedite", Amount: pdec.FromInt(5),
		ExternalReferences: extref.References{" ": {ExternalID: text("x")}}})
	wantField(t, err, apperr.KindInvalid, "externalReferences")

	if _, err := f.pool.ExecContext(ctx, `UPDATE lk_docs SET address = '{"city":"Lyon"}' WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.docID); err != nil {
		t.Fatal(err)
	}
	for _, rate := range []string{state, city} {
		if _, err := l.CreateTax(ctx, f.tenantID, f.docID, rate); err != nil {
			t.Fatal(err)
		}
	}
	_, err = l.CreateTax(ctx, f.tenantID, f.docID, city)
	wantField(t, err, apperr.KindInvalid, "taxCodeId")
	taxes, err := l.Taxes(ctx, f.tenantID, f.docID, LineFilter{}, listing.Request{})
	if err != nil || len(taxes) != 2 {
		t.Fatalf("taxes %+v %v", taxes, err)
	}
	for i, x := range taxes {
		if x.Number == nil || *x.Number != i+1 || !x.TaxRateEditable || x.TaxAddress == nil || x.TaxAddress.City == nil ||
			*x.TaxAddress.City != "Lyon" || x.Description != nil || len(x.ExternalReferences) != 0 {
			t.Errorf("tax %d: %+v", i, x)
		}
	}
	if _, err := f.pool.ExecContext(ctx, `UPDATE lk_docs SET status = 'closed', address = NULL WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.docID); err != nil {
		t.Fatal(err)
	}
	if x, err := l.Tax(ctx, f.tenantID, f.docID, taxes[0].ID); err != nil || x.TaxRateEditable || x.TaxAddress != nil {
		t.Errorf("tax of the closed document: %+v %v", x, err)
	}

	d, err := l.SetDiscount(ctx, f.tenantID, f.docID, DiscountLineWrite{IsPercentage: true, Value: pdec.FromInt(10)})
	if err != nil || d.Number == nil || *d.Number != 1 || d.Description != nil || len(d.ExternalReferences) != 0 {
		t.Errorf("discount %+v %v", d, err)
	}
}
