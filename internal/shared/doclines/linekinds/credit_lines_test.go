package linekinds

import (
	"context"
	"strings"
	"sync"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// The credit tests declare documents of their own: a parent with a credit total, its part
// lines, credit lines carrying a reason (as refunds do) and credit lines without one (as
// vendor credits do).
const createCreditTablesSQL = `
CREATE TABLE lkc_docs (
    tenant_id text NOT NULL, id text NOT NULL, currency_code text NOT NULL, deleted boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'open', sub_total numeric NOT NULL DEFAULT 0,
    credit_total numeric NOT NULL DEFAULT 0, total numeric NOT NULL DEFAULT 0, last_credit_number integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id));
CREATE TABLE lkc_part_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL, accounting jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lkc_docs (tenant_id, id));
CREATE TABLE lkc_refund_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL, reason_id text NOT NULL, part_line_id text,
    amount numeric NOT NULL CHECK (amount > 0), description text CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_utc timestamptz NOT NULL DEFAULT clock_timestamp(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lkc_docs (tenant_id, id));
CREATE TABLE lkc_plain_credit_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL, part_line_id text,
    amount numeric NOT NULL CHECK (amount > 0), description text CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_utc timestamptz NOT NULL DEFAULT clock_timestamp(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), FOREIGN KEY (tenant_id, doc_id) REFERENCES lkc_docs (tenant_id, id));
CREATE TABLE lkc_numbered_credit_lines (
    tenant_id text NOT NULL, doc_id text NOT NULL, id text NOT NULL, part_line_id text,
    amount numeric NOT NULL CHECK (amount > 0), description text, number integer NOT NULL, name text,
    refs jsonb NOT NULL DEFAULT '{}', copied_from text,
    created_utc timestamptz NOT NULL DEFAULT clock_timestamp(), modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id), UNIQUE (tenant_id, doc_id, number));`

// creditTables are a document whose credit lines carry a reason and are held under its total.
var creditTables = Tables{
	Parent: "lkc_docs", ParentColumn: "doc_id", Noun: "test document",
	Credit: Credits{Table: "lkc_refund_lines", Noun: "refund", PartLines: "lkc_part_lines", PartLineField: "partLineItemId",
		ReasonColumn: "reason_id", ReasonField: "reasonId", TotalColumn: "credit_total"},
}

// plainCreditTables are a document whose credit lines carry no reason and have no cap.
var plainCreditTables = Tables{
	Parent: "lkc_docs", ParentColumn: "doc_id", Noun: "test document",
	Credit: Credits{Table: "lkc_plain_credit_lines", Noun: "credit", PartLines: "lkc_part_lines", PartLineField: "partLineId"},
}

// numberedCreditTables are a document whose credit lines (without a reason) carry every
// optional member: numbered, named, with external references (patched as sales orders'
// are: blanks kept), the line copied and the part line's accounting details.
var numberedCreditTables = Tables{
	Parent: "lkc_docs", ParentColumn: "doc_id", Noun: "test document",
	Credit: Credits{Table: "lkc_numbered_credit_lines", Noun: "credit", PartLines: "lkc_part_lines", PartLineField: "partLineId",
		Fields: CreditFields{NumberColumn: "number", LastNumberColumn: "last_credit_number", NameColumn: "name",
			ExternalReferencesColumn: "refs", ExternalReferencesKind: extref.SalesOrder, CopiedFromColumn: "copied_from",
			PartLineAccountingColumn: "accounting"}},
}

// creditFixture is a tenant's test documents on a fresh database, with the fake reasons.
type creditFixture struct {
	pool     *db.Pool
	tenantID string
	mu       sync.Mutex
	// reasons are the fake reason codes: name, and whether archived.
	reasons  map[string]testRate
	refunds  *Lines[testParent]
	credits  *Lines[testParent]
	numbered *Lines[testParent]
}

func newCreditFixture(t *testing.T) *creditFixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	if _, err := pool.ExecContext(context.Background(), createCreditTablesSQL); err != nil {
		t.Fatal(err)
	}
	f := &creditFixture{pool: pool, tenantID: ids.New(), reasons: map[string]testRate{}}
	// The test parent's Currency carries the document's status, for CreditLock.
	lock, exists := lockDoc("lkc_docs", "status"), docExists("lkc_docs")
	f.refunds = Declare(pool, Declaration[testParent]{
		Tables: creditTables, Lock: lock, Exists: exists, Recompute: f.recompute("lkc_refund_lines"),
		CreditReasons: Reasons(f, func(r testRate) string { return r.Name }),
	})
	// Plain credits refuse through CreditLock a closed document, which Lock would take.
	f.credits = Declare(pool, Declaration[testParent]{
		Tables: plainCreditTables, Lock: lock, Exists: exists,
		Recompute: f.recompute("lkc_plain_credit_lines"),
		CreditLock: func(ctx context.Context, q db.Q, tenantID, parentID string) (testParent, error) {
			p, err := lock(ctx, q, tenantID, parentID)
			if err == nil && p.Currency == "closed" {
				return testParent{}, apperr.Field("status", "a closed test document takes no credits")
			}
			return p, err
		},
	})
	f.numbered = Declare(pool, Declaration[testParent]{
		Tables: numberedCreditTables, Lock: lock, Exists: exists, Recompute: f.recompute("lkc_numbered_credit_lines"),
	})
	return f
}

// doc adds a document of currencyCode whose lines come to subTotal.
func (f *creditFixture) doc(t *testing.T, currencyCode, subTotal string) string {
	t.Helper()
	id := ids.New()
	if _, err := f.pool.ExecContext(context.Background(), `INSERT INTO lkc_docs (tenant_id, id, currency_code, sub_total, total) VALUES ($1, $2, $3, $4, $4)`,
		f.tenantID, id, currencyCode, subTotal); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *creditFixture) partLine(t *testing.T, docID string) string {
	t.Helper()
	id := ids.NewSub()
	if _, err := f.pool.ExecContext(context.Background(), `INSERT INTO lkc_part_lines (tenant_id, doc_id, id) VALUES ($1, $2, $3)`, f.tenantID, docID, id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *creditFixture) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := f.pool.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatal(err)
	}
}

// recompute stores the credit total (each line rounded to the currency) and the total net of
// it.
func (f *creditFixture) recompute(table string) func(ctx context.Context, q db.Q, tenantID string, p testParent) error {
	return func(ctx context.Context, q db.Q, tenantID string, p testParent) error {
		_, err := q.ExecContext(ctx, `UPDATE lkc_docs d SET credit_total = c.total, total = d.sub_total - c.total
FROM (SELECT coalesce(sum(round(amount, 2)), 0) AS total FROM `+table+` WHERE tenant_id = $1 AND doc_id = $2) c
WHERE d.tenant_id = $1 AND d.id = $2`, tenantID, p.ID)
		return err
	}
}

// CheckUsable is the fake reason check: unknown is NotFound naming field, archived a 400.
func (f *creditFixture) CheckUsable(_ context.Context, _ db.Q, _, field string, want []string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, id := range want {
		r, ok := f.reasons[id]
		switch {
		case !ok:
			fields := apperr.Fields{}
			fields.Add(field, "reason %s not found", id)
			return fields.NotFoundErr()
		case r.Archived:
			return apperr.Field(field, "reason %s is archived", id)
		}
	}
	return nil
}

// ByIDs names the fake reasons, archived ones too.
func (f *creditFixture) ByIDs(_ context.Context, _ db.Q, _ string, want []string) (map[string]testRate, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]testRate{}
	for _, id := range want {
		if r, ok := f.reasons[id]; ok {
			out[id] = r
		}
	}
	return out, nil
}

func (f *creditFixture) reason(name string, archived bool) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := ids.New()
	f.reasons[id] = testRate{Name: name, Archived: archived}
	return id
}

func (f *creditFixture) wantTotals(t *testing.T, docID, credit, total string) {
	t.Helper()
	var gotCredit, gotTotal string
	if err := f.pool.QueryRowxContext(context.Background(), `SELECT credit_total::text, total::text FROM lkc_docs WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, docID).Scan(&gotCredit, &gotTotal); err != nil {
		t.Fatal(err)
	}
	if !pdec.MustParse(gotCredit).Equal(pdec.MustParse(credit).Decimal) || !pdec.MustParse(gotTotal).Equal(pdec.MustParse(total).Decimal) {
		t.Errorf("credit total %s, total %s; want %s, %s", gotCredit, gotTotal, credit, total)
	}
}

// TestCreditLinesWriteReadAndRecompute: a credit line's writes check its reason and part line,
// round its subtotal to the currency and keep the document's totals in step; reads name the
// reason; bad members name the field.
func TestCreditLinesWriteReadAndRecompute(t *testing.T) {
	t.Parallel()
	f := newCreditFixture(t)
	ctx := context.Background()
	doc := f.doc(t, "USD", "100")
	part := f.partLine(t, doc)
	damaged := f.reason("Damaged", false)
	late := f.reason("Late", false)

	id, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: damaged, PartLineID: &part,
		Amount: pdec.MustParse("5.005"), Description: text("  Two dented ")})
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.refunds.Credit(ctx, f.tenantID, doc, id)
	if err != nil {
		t.Fatal(err)
	}
	if c.ParentID != doc || c.ReasonID != damaged || c.ReasonName != "Damaged" || c.PartLineID == nil || *c.PartLineID != part ||
		c.Description == nil || *c.Description != "Two dented" || c.Amount.String() != "5.005" || c.SubTotal.String() != "5.01" {
		t.Errorf("credit line %+v", c)
	}
	f.wantTotals(t, doc, "5.01", "94.99")

	// A full update clears the omitted members; a patch keeps the others.
	c, err = f.refunds.UpdateCredit(ctx, f.tenantID, doc, id, CreditLineWrite{ReasonID: late, Amount: pdec.MustParse("7")})
	if err != nil {
		t.Fatal(err)
	}
	if c.PartLineID != nil || c.Description != nil || c.ReasonName != "Late" {
		t.Errorf("a full update clears the omitted members: %+v", c)
	}
	c, err = f.refunds.PatchCredit(ctx, f.tenantID, doc, id, func(cur CreditLine) (CreditLineWrite, error) {
		w := cur.CreditLineWrite
		w.Description = text("Price fix")
		return w, nil
	})
	if err != nil || c.Amount.String() != "7" || c.Description == nil || *c.Description != "Price fix" {
		t.Errorf("patched %+v, %v", c, err)
	}
	f.wantTotals(t, doc, "7", "93")

	// The rules, each naming its field.
	other := f.doc(t, "USD", "100")
	otherPart := f.partLine(t, other)
	archived := f.reason("Old", true)
	for _, c := range []struct {
		w     CreditLineWrite
		kind  apperr.Kind
		field string
	}{
		{CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("0")}, apperr.KindInvalid, "amount"},
		{CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("-1")}, apperr.KindInvalid, "amount"},
		{CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("1"), Description: text(strings.Repeat("d", 2001))}, apperr.KindInvalid, "description"},
		{CreditLineWrite{ReasonID: ids.New(), Amount: pdec.MustParse("1")}, apperr.KindNotFound, "reasonId"},
		{CreditLineWrite{ReasonID: archived, Amount: pdec.MustParse("1")}, apperr.KindInvalid, "reasonId"},
		{CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("1"), PartLineID: &otherPart}, apperr.KindNotFound, "partLineItemId"},
	} {
		_, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, c.w)
		wantField(t, err, c.kind, c.field)
		_, err = f.refunds.UpdateCredit(ctx, f.tenantID, doc, id, c.w)
		wantField(t, err, c.kind, c.field)
	}
	f.wantTotals(t, doc, "7", "93")

	// Lists: oldest first; the ids filter; a sort.
	second, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("9")})
	if err != nil {
		t.Fatal(err)
	}
	list, err := f.refunds.Credits(ctx, f.tenantID, doc, LineFilter{}, listing.Request{})
	if err != nil || len(list) != 2 || list[0].ID != id || list[1].ID != second || list[1].ReasonName != "Damaged" {
		t.Errorf("oldest first: %+v, %v", list, err)
	}
	desc := "descending"
	amount := "amount"
	list, err = f.refunds.Credits(ctx, f.tenantID, doc, LineFilter{IDs: []string{id, second}}, listing.Request{SortField: &amount, SortDir: &desc})
	if err != nil || len(list) != 2 || list[0].ID != second {
		t.Errorf("by amount, descending: %+v, %v", list, err)
	}
	list, err = f.refunds.Credits(ctx, f.tenantID, doc, LineFilter{IDs: []string{second}}, listing.Request{})
	if err != nil || len(list) != 1 || list[0].ID != second {
		t.Errorf("ids filter: %+v, %v", list, err)
	}

	// A line of another document, or of another tenant, is not found; a delete of a missing
	// line answers false.
	if _, err := f.refunds.Credit(ctx, f.tenantID, other, id); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another document's line: %v", err)
	}
	if _, err := f.refunds.Credit(ctx, ids.New(), doc, id); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant's document: %v", err)
	}
	if _, err := f.refunds.UpdateCredit(ctx, f.tenantID, other, id, CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("1")}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("update through another document: %v", err)
	}
	if deleted, err := f.refunds.DeleteCredit(ctx, f.tenantID, other, id); deleted || err != nil {
		t.Errorf("delete through another document: %v, %v", deleted, err)
	}
	if deleted, err := f.refunds.DeleteCredit(ctx, f.tenantID, doc, id); !deleted || err != nil {
		t.Errorf("delete: %v, %v", deleted, err)
	}
	if deleted, err := f.refunds.DeleteCredit(ctx, f.tenantID, doc, id); deleted || err != nil {
		t.Errorf("second delete: %v, %v", deleted, err)
	}
	f.wantTotals(t, doc, "9", "91")

	// A deleted document's lines stay readable and take no writes.
	f.exec(t, `UPDATE lkc_docs SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, doc)
	if _, err := f.refunds.Credit(ctx, f.tenantID, doc, second); err != nil {
		t.Errorf("a deleted document's line: %v", err)
	}
	if _, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: damaged, Amount: pdec.MustParse("1")}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("a deleted document takes no credits: %v", err)
	}
}

// TestCreditsStayUnderTheTotal: with a total column declared, the credits together may not
// exceed the document's total before them, unless a write lowers them.
func TestCreditsStayUnderTheTotal(t *testing.T) {
	t.Parallel()
	f := newCreditFixture(t)
	ctx := context.Background()
	doc := f.doc(t, "USD", "10")
	r := f.reason("Goodwill", false)
	id, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("8")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("2.01")})
	wantField(t, err, apperr.KindInvalid, "amount")
	if _, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("2")}); err != nil {
		t.Errorf("up to the total: %v", err)
	}
	f.wantTotals(t, doc, "10", "0")
	// The other lines drop below the credits: accepted elsewhere; a credit write that lowers
	// them is accepted, one that raises them is not.
	f.exec(t, `UPDATE lkc_docs SET sub_total = 5, total = -5 WHERE tenant_id = $1 AND id = $2`, f.tenantID, doc)
	if _, err := f.refunds.UpdateCredit(ctx, f.tenantID, doc, id, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("7")}); err != nil {
		t.Errorf("lowering the credits: %v", err)
	}
	f.wantTotals(t, doc, "9", "-4")
	_, err = f.refunds.UpdateCredit(ctx, f.tenantID, doc, id, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("7.5")})
	wantField(t, err, apperr.KindInvalid, "amount")
	f.wantTotals(t, doc, "9", "-4")

	// Without a total column there is no cap.
	plain := f.doc(t, "USD", "1")
	if _, err := f.credits.CreateCredit(ctx, f.tenantID, plain, CreditLineWrite{Amount: pdec.MustParse("50")}); err != nil {
		t.Errorf("no cap: %v", err)
	}
	f.wantTotals(t, plain, "50", "-49")
}

// TestCreditLockAndPlainCredits: CreditLock replaces Lock for credit writes (refusing what
// it refuses); credit lines without a reason read, write and name their part line member.
func TestCreditLockAndPlainCredits(t *testing.T) {
	t.Parallel()
	f := newCreditFixture(t)
	ctx := context.Background()
	doc := f.doc(t, "JPY", "1000")
	part := f.partLine(t, doc)
	id, err := f.credits.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{Amount: pdec.MustParse("10.4"), PartLineID: &part})
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.credits.Credit(ctx, f.tenantID, doc, id)
	if err != nil || c.ReasonID != "" || c.ReasonName != "" || c.SubTotal.String() != "10" || *c.PartLineID != part {
		t.Errorf("plain credit %+v, %v", c, err)
	}
	missing := ids.NewSub()
	_, err = f.credits.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{Amount: pdec.MustParse("1"), PartLineID: &missing})
	wantField(t, err, apperr.KindNotFound, "partLineId")

	f.exec(t, `UPDATE lkc_docs SET status = 'closed' WHERE tenant_id = $1 AND id = $2`, f.tenantID, doc)
	_, err = f.credits.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{Amount: pdec.MustParse("1")})
	wantField(t, err, apperr.KindInvalid, "status")
	_, err = f.credits.UpdateCredit(ctx, f.tenantID, doc, id, CreditLineWrite{Amount: pdec.MustParse("1")})
	wantField(t, err, apperr.KindInvalid, "status")
	_, err = f.credits.DeleteCredit(ctx, f.tenantID, doc, id)
	wantField(t, err, apperr.KindInvalid, "status")
	// The document's own Lock still takes its refunds: the refusal is the credit lock's.
	r := f.reason("Any", false)
	if _, err := f.refunds.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{ReasonID: r, Amount: pdec.MustParse("1")}); err != nil {
		t.Errorf("refunds use Lock: %v", err)
	}
}

// TestCreditStatementsNameTheDeclaredTables: the credit statements name the document's
// tables, with the reason column only when declared.
func TestCreditStatementsNameTheDeclaredTables(t *testing.T) {
	withReason, plain := statementsFor(creditTables), statementsFor(plainCreditTables)
	for _, s := range []string{withReason.insertCredit, withReason.updateCredit, withReason.creditSelect} {
		if !strings.Contains(s, " reason_id") || !strings.Contains(s, "lkc_refund_lines") {
			t.Errorf("statement without the reason column: %s", s)
		}
	}
	for _, s := range []string{plain.insertCredit, plain.updateCredit, plain.creditSelect, plain.creditPartLine, plain.creditTotals} {
		if strings.Contains(s, "l.reason_id") || strings.Contains(s, ", reason_id") || strings.Contains(s, "{") {
			t.Errorf("plain statement: %s", s)
		}
	}
	if !strings.Contains(withReason.creditTotals, "credit_total") || !strings.Contains(plain.creditPartLine, "lkc_part_lines") {
		t.Errorf("totals %s; part line %s", withReason.creditTotals, plain.creditPartLine)
	}
}

// TestCreditFieldsAreDeclaredMembers: declared optional members are written and read: the
// number 1, 2, 3 … per document, never given twice (the last deleted included) and the
// default order; the name trimmed (at most 200); external references under extref's rules
// (externalId required on create and full update, blanks kept by the declared kind's patch);
// the line copied; the part line's accounting details. Lines not declaring them drop a name
// sent and read zero values.
func TestCreditFieldsAreDeclaredMembers(t *testing.T) {
	t.Parallel()
	f := newCreditFixture(t)
	ctx := context.Background()
	doc := f.doc(t, "USD", "100")
	part := f.partLine(t, doc)
	f.exec(t, `UPDATE lkc_part_lines SET accounting = '{"classId":"C1","cogsAccountId":"G1"}' WHERE tenant_id = $1 AND id = $2`, f.tenantID, part)
	create := func(w CreditLineWrite) string {
		t.Helper()
		id, err := f.numbered.CreateCredit(ctx, f.tenantID, doc, w)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	first := create(CreditLineWrite{Amount: pdec.MustParse("1"), Name: text("  Freight "), PartLineID: &part,
		ExternalReferences: extref.References{"erp": {ExternalID: text("E-1")}}})
	second := create(CreditLineWrite{Amount: pdec.MustParse("2")})
	c, err := f.numbered.Credit(ctx, f.tenantID, doc, first)
	if err != nil {
		t.Fatal(err)
	}
	if c.Number != 1 || c.Name == nil || *c.Name != "Freight" || c.ExternalReferences["erp"].ExternalID == nil ||
		c.Accounting.ClassID == nil || *c.Accounting.ClassID != "C1" || c.Accounting.CogsAccountID == nil || c.Accounting.IncomeAccountID != nil ||
		c.CopiedFrom != nil {
		t.Errorf("first credit %+v", c)
	}
	if _, err := f.numbered.DeleteCredit(ctx, f.tenantID, doc, second); err != nil {
		t.Fatal(err)
	}
	third := create(CreditLineWrite{Amount: pdec.MustParse("3")})
	f.exec(t, `UPDATE lkc_numbered_credit_lines SET copied_from = 'X-1' WHERE tenant_id = $1 AND id = $2`, f.tenantID, third)
	list, err := f.numbered.Credits(ctx, f.tenantID, doc, LineFilter{}, listing.Request{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != first || list[1].Number != 3 || list[1].CopiedFrom == nil || *list[1].CopiedFrom != "X-1" ||
		list[1].Accounting.ClassID != nil || list[1].Name != nil || len(list[1].ExternalReferences) != 0 {
		t.Errorf("numbered list %+v", list)
	}

	_, err = f.numbered.CreateCredit(ctx, f.tenantID, doc, CreditLineWrite{Amount: pdec.MustParse("1"), Name: text(strings.Repeat("n", 201))})
	wantField(t, err, apperr.KindInvalid, "name")
	noID := extref.References{"erp": {DisplayID: text("D")}}
	_, err = f.numbered.UpdateCredit(ctx, f.tenantID, doc, first, CreditLineWrite{Amount: pdec.MustParse("1"), ExternalReferences: noID})
	wantField(t, err, apperr.KindInvalid, "externalReferences.erp.externalId")
	patched, err := f.numbered.PatchCredit(ctx, f.tenantID, doc, first, func(cur CreditLine) (CreditLineWrite, error) {
		w := cur.CreditLineWrite
		w.ExternalReferences = noID
		return w, nil
	})
	if err != nil || patched.ExternalReferences["erp"].ExternalID != nil || patched.Number != 1 || *patched.Name != "Freight" {
		t.Errorf("patch with the kind's blank-keeping rule: %+v, %v", patched, err)
	}

	plain := f.doc(t, "USD", "100")
	id, err := f.credits.CreateCredit(ctx, f.tenantID, plain, CreditLineWrite{Amount: pdec.MustParse("1"), Name: text("Dropped")})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := f.credits.Credit(ctx, f.tenantID, plain, id); err != nil || c.Number != 0 || c.Name != nil || c.Accounting.ClassID != nil {
		t.Errorf("plain credit %+v, %v", c, err)
	}
}
