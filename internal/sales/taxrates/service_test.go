package taxrates

import (
	"context"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

func text(s string) *string { return &s }

func TestNormalizeNamesEachOffendingField(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		w    Write
		bad  string // the field named, "" when valid
	}{
		{"valid", Write{Name: "State", Rate: dec.MustParse("6.25")}, ""},
		{"rate 0", Write{Name: "Zero", Rate: dec.Zero}, ""},
		{"rate 100", Write{Name: "All", Rate: dec.FromInt(100)}, ""},
		{"rate above 100", Write{Name: "Over", Rate: dec.MustParse("100.00000000000000000001")}, "rate"},
		{"negative rate", Write{Name: "Under", Rate: dec.MustParse("-0.01")}, "rate"},
		{"blank name", Write{Name: "   ", Rate: dec.FromInt(1)}, "name"},
		{"long name", Write{Name: strings.Repeat("n", 201), Rate: dec.FromInt(1)}, "name"},
		{"long description", Write{Name: "D", Rate: dec.FromInt(1), Description: text(strings.Repeat("d", 201))}, "description"},
	}
	for _, c := range cases {
		_, err := normalize(c.w)
		if c.bad == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.KindInvalid || len(e.Fields[c.bad]) == 0 {
			t.Errorf("%s: %v, want 400 naming %s", c.name, err, c.bad)
		}
	}
	w, err := normalize(Write{Name: "  State  ", Rate: dec.FromInt(1), Description: text("   ")})
	if err != nil || w.Name != "State" || w.Description != nil {
		t.Fatalf("trimmed %+v (%v)", w, err)
	}
}

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: a name
// taken by a non-archived tax rate (whatever its case) and a rate outside 0..100 are never
// stored, while an archived tax rate's name is free.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	var s store
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "State", Rate: dec.FromInt(5)}); err != nil {
		t.Fatal(err)
	}
	id := ids.New()
	err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, tenantID, id, Write{Name: "STATE", Rate: dec.FromInt(5)}) })
	if !apperr.IsKind(err, apperr.KindInvalid) {
		t.Errorf("a name taken in another case: %v", err)
	}
	for _, rate := range []string{"-1", "100.5"} {
		if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Rate " + rate, Rate: dec.MustParse(rate)}); err == nil {
			t.Errorf("rate %s was stored", rate)
		}
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "County", Rate: dec.FromInt(1), IsArchived: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "county", Rate: dec.FromInt(1)}); err != nil {
		t.Fatalf("the name of an archived tax rate: %v", err)
	}
}

func TestCheckUsableRefusesUnknownForeignAndArchived(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID, other := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool)
	live, err := svc.Create(ctx, tenantID, Write{Name: "Live", Rate: dec.FromInt(5)})
	if err != nil {
		t.Fatal(err)
	}
	archived, err := svc.Create(ctx, tenantID, Write{Name: "Old", Rate: dec.FromInt(5), IsArchived: true})
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := svc.Create(ctx, other, Write{Name: "Foreign", Rate: dec.FromInt(5)})
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
		err := pool.WithTx(ctx, func(q db.Q) error { return svc.CheckUsable(ctx, q, tenantID, "taxRateIds", c.ids) })
		switch {
		case c.kind == 0 && err != nil:
			t.Errorf("%v: %v", c.ids, err)
		case c.kind != 0 && !apperr.IsKind(err, c.kind):
			t.Errorf("%v: %v, want kind %d", c.ids, err, c.kind)
		case c.kind != 0 && !strings.Contains(err.Error(), "taxRateIds"):
			t.Errorf("%v: %v does not name taxRateIds", c.ids, err)
		}
	}
}
