package namedlookups

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// testWrite and testRecord declare a named lookup over the refund reason codes' table: an
// extra column (code) with its own rule and a second unique index, enough to cover every
// part of the mechanism once.
type testWrite struct {
	Name        string
	Code        *string
	Description *string
	IsArchived  bool
}

type testRecord struct {
	ID string
	testWrite
	CreatedUtc, ModifiedUtc time.Time
}

var testLookup = &Lookup[testWrite, testRecord]{
	Table: "refund_reason_codes", Noun: "reason", Plural: "reasons",
	Members: func(w *testWrite) Members {
		return Members{Name: &w.Name, Description: &w.Description, IsArchived: &w.IsArchived}
	},
	Extra: []Column[testWrite]{
		{Name: "code", Field: func(w *testWrite) any { return &w.Code }},
	},
	Check: func(w testWrite, fields apperr.Fields) testWrite {
		w.Code = fields.OptionalText("code", w.Code, 50)
		return w
	},
	Unique: []Unique[testWrite]{{Constraint: "refund_reason_codes_code_key", Field: "code",
		Says: func(w *testWrite) string { return "with code " + *w.Code }}},
	Sort: map[string]string{"code": "lower(code)"},
	Record: func(id string, w testWrite, createdUtc, modifiedUtc time.Time) testRecord {
		return testRecord{ID: id, testWrite: w, CreatedUtc: createdUtc, ModifiedUtc: modifiedUtc}
	},
}

func text(s string) *string { return &s }

// wantErr checks err against kind (0: none) and the field a 400 names.
func wantErr(t *testing.T, what string, err error, kind apperr.Kind, field string) {
	t.Helper()
	if kind == 0 {
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
		return
	}
	e, ok := apperr.As(err)
	switch {
	case !ok || e.Kind != kind:
		t.Errorf("%s: %v, want kind %d", what, err, kind)
	case kind == apperr.KindInvalid && len(e.Fields[field]) == 0:
		t.Errorf("%s: %v does not name %s", what, err, field)
	case kind == apperr.KindNotFound && field != "" && !strings.Contains(err.Error(), field):
		t.Errorf("%s: %v does not name %s", what, err, field)
	}
}

func TestNormalizeAppliesSharedAndExtraRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		w    testWrite
		bad  string // the field named, "" when valid
	}{
		{"valid", testWrite{Name: "Damaged", Code: text("DMG")}, ""},
		{"name of 200", testWrite{Name: strings.Repeat("é", 200)}, ""},
		{"description of 200", testWrite{Name: "D", Description: text(strings.Repeat("d", 200))}, ""},
		{"empty name", testWrite{Name: ""}, "name"},
		{"blank name", testWrite{Name: "   "}, "name"},
		{"long name", testWrite{Name: strings.Repeat("n", 201)}, "name"},
		{"long description", testWrite{Name: "D", Description: text(strings.Repeat("d", 201))}, "description"},
		{"extra rule", testWrite{Name: "C", Code: text(strings.Repeat("c", 51))}, "code"},
	}
	for _, c := range cases {
		_, err := testLookup.Normalize(c.w)
		if c.bad == "" {
			wantErr(t, c.name, err, 0, "")
		} else {
			wantErr(t, c.name, err, apperr.KindInvalid, c.bad)
		}
	}
	w, err := testLookup.Normalize(testWrite{Name: "  Damaged  ", Code: text(" DMG "), Description: text("   ")})
	if err != nil || w.Name != "Damaged" || w.Code == nil || *w.Code != "DMG" || w.Description != nil {
		t.Fatalf("trimmed %+v (%v)", w, err)
	}
}

// TestServiceAppliesTheSharedRules walks the rules every named lookup shares on a real
// database: the unique indexes decide the name (case-insensitively, among the tenant's
// non-archived records) and the declared extra ones, naming their field; get and update 404
// outside the tenant; update replaces every member; list filters and sorts by the shared and
// the declared fields.
func TestServiceAppliesTheSharedRules(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID, other := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool, testLookup)
	create := func(tenant string, w testWrite) string {
		t.Helper()
		id, err := svc.Create(ctx, tenant, w)
		if err != nil {
			t.Fatalf("create %+v: %v", w, err)
		}
		return id
	}
	damaged := create(tenantID, testWrite{Name: "Damaged", Code: text("DMG"), Description: text("  broken ")})
	late := create(tenantID, testWrite{Name: "late", Code: text("B")})
	old := create(tenantID, testWrite{Name: "Abandoned", Code: text("OLD"), IsArchived: true})
	foreign := create(other, testWrite{Name: "Foreign"})

	writes := []struct {
		name  string
		id    string // "" creates
		w     testWrite
		kind  apperr.Kind
		field string
	}{
		{"name taken in another case", "", testWrite{Name: " DAMAGED "}, apperr.KindInvalid, "name"},
		{"rename onto a taken name", late, testWrite{Name: "damaged"}, apperr.KindInvalid, "name"},
		{"extra unique member taken", "", testWrite{Name: "Dented", Code: text("dmg")}, apperr.KindInvalid, "code"},
		{"invalid member", "", testWrite{Name: ""}, apperr.KindInvalid, "name"},
		{"the name of an archived record", "", testWrite{Name: "abandoned", Code: text("old")}, 0, ""},
		{"the name of another tenant's record", "", testWrite{Name: "Foreign"}, 0, ""},
		{"many without the optional unique member", "", testWrite{Name: "No code"}, 0, ""},
		{"its own name in another case", damaged, testWrite{Name: "DAMAGED", Code: text("DMG")}, 0, ""},
		{"restoring an archived record onto a taken name", old, testWrite{Name: "Abandoned"}, apperr.KindInvalid, "name"},
		{"update of an unknown record", ids.New(), testWrite{Name: "X"}, apperr.KindNotFound, ""},
		{"update of another tenant's record", foreign, testWrite{Name: "X"}, apperr.KindNotFound, ""},
	}
	for _, c := range writes {
		var err error
		if c.id == "" {
			_, err = svc.Create(ctx, tenantID, c.w)
		} else {
			_, err = svc.Update(ctx, tenantID, c.id, c.w)
		}
		wantErr(t, c.name, err, c.kind, c.field)
	}

	got, err := svc.Get(ctx, tenantID, damaged)
	if err != nil || got.Name != "DAMAGED" || got.Description != nil || got.Code == nil || *got.Code != "DMG" || got.ModifiedUtc.Before(got.CreatedUtc) {
		t.Fatalf("update replaces every member: %+v (%v)", got, err)
	}
	for _, id := range []string{ids.New(), foreign} {
		if _, err := svc.Get(ctx, tenantID, id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("get %s: %v, want 404", id, err)
		}
	}

	names := func(f Filter, r listing.Request) []string {
		t.Helper()
		list, err := svc.List(ctx, tenantID, f, r)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(list))
		for i, r := range list {
			out[i] = r.Name
		}
		return out
	}
	desc := "descending"
	lists := []struct {
		name string
		f    Filter
		r    listing.Request
		want []string
	}{
		{"by name, case-insensitively", Filter{}, listing.Request{}, []string{"Abandoned", "abandoned", "DAMAGED", "Foreign", "late", "No code"}},
		{"not archived", Filter{IsArchived: new(false)}, listing.Request{}, []string{"abandoned", "DAMAGED", "Foreign", "late", "No code"}},
		{"archived", Filter{IsArchived: new(true)}, listing.Request{}, []string{"Abandoned"}},
		{"name contains", Filter{Name: text("AMAG")}, listing.Request{}, []string{"DAMAGED"}},
		{"ids", Filter{IDs: []string{late, old, foreign}}, listing.Request{}, []string{"Abandoned", "late"}},
		{"by an extra field", Filter{IDs: []string{damaged, late, old}}, listing.Request{SortField: text("code"), SortDir: &desc}, []string{"Abandoned", "DAMAGED", "late"}},
		{"a page", Filter{}, listing.Request{Skip: new(int32(1)), Take: new(int32(2))}, []string{"abandoned", "DAMAGED"}},
	}
	for _, c := range lists {
		if got := names(c.f, c.r); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if _, err := svc.List(ctx, tenantID, Filter{}, listing.Request{SortField: text("description")}); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Errorf("sorting by an undeclared field: %v", err)
	}
}

func TestUsableRefusesUnknownForeignAndArchived(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID, other := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool, testLookup)
	live, err := svc.Create(ctx, tenantID, testWrite{Name: "Live", Code: text("L")})
	if err != nil {
		t.Fatal(err)
	}
	archived, err := svc.Create(ctx, tenantID, testWrite{Name: "Old", IsArchived: true})
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := svc.Create(ctx, other, testWrite{Name: "Foreign"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		ids  []string
		kind apperr.Kind // 0 when usable
	}{
		{nil, 0},
		{[]string{live}, 0},
		{[]string{live, ids.New()}, apperr.KindNotFound},
		{[]string{foreign}, apperr.KindNotFound},
		{[]string{live, archived}, apperr.KindInvalid},
	}
	for _, c := range cases {
		err := pool.WithTx(ctx, func(q db.Q) error { return svc.CheckUsable(ctx, q, tenantID, "reasonIds", c.ids) })
		wantErr(t, strings.Join(c.ids, ","), err, c.kind, "reasonIds")
	}
	var found map[string]testRecord
	err = pool.WithTx(ctx, func(q db.Q) (err error) {
		found, err = svc.Usable(ctx, q, tenantID, "reasonIds", []string{live})
		return err
	})
	if err != nil || len(found) != 1 || found[live].Name != "Live" || found[live].Code == nil || *found[live].Code != "L" {
		t.Fatalf("usable answers the records with their extra members: %+v (%v)", found, err)
	}
	// ByIDs names what documents already hold: archived records too, never another tenant's.
	named, err := svc.ByIDs(ctx, pool, tenantID, []string{live, archived, foreign, ids.New()})
	if err != nil || len(named) != 2 || named[archived].Name != "Old" || named[live].Name != "Live" {
		t.Fatalf("by ids: %+v (%v)", named, err)
	}
}
