package shippingmethods

import (
	"context"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
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
		{"valid", Write{Name: "UPS Ground", Carrier: text("UPS")}, ""},
		{"no carrier", Write{Name: "Customer pickup"}, ""},
		{"blank name", Write{Name: "   "}, "name"},
		{"long name", Write{Name: strings.Repeat("n", 201)}, "name"},
		{"long carrier", Write{Name: "C", Carrier: text(strings.Repeat("c", 201))}, "carrier"},
		{"long description", Write{Name: "D", Description: text(strings.Repeat("d", 201))}, "description"},
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
	w, err := normalize(Write{Name: "  UPS Ground  ", Carrier: text("  UPS "), Description: text("   ")})
	if err != nil || w.Name != "UPS Ground" || w.Carrier == nil || *w.Carrier != "UPS" || w.Description != nil {
		t.Fatalf("trimmed %+v (%v)", w, err)
	}
}

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: a name
// taken by a non-archived shipping method (whatever its case) and an untrimmed or overlong
// name are never stored, while an archived shipping method's name is free.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	var s store
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "UPS Ground"}); err != nil {
		t.Fatal(err)
	}
	err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, tenantID, ids.New(), Write{Name: "ups ground"}) })
	if !apperr.IsKind(err, apperr.KindInvalid) {
		t.Errorf("a name taken in another case: %v", err)
	}
	for _, w := range []Write{{Name: " Padded "}, {Name: ""}, {Name: strings.Repeat("n", 201)}, {Name: "Long carrier", Carrier: text(strings.Repeat("c", 201))}} {
		if err := s.insert(ctx, pool, tenantID, ids.New(), w); err == nil {
			t.Errorf("%+v was stored", w)
		}
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Pickup", IsArchived: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "pickup"}); err != nil {
		t.Fatalf("the name of an archived shipping method: %v", err)
	}
}

func TestCheckUsableRefusesUnknownForeignAndArchived(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID, other := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool)
	live, err := svc.Create(ctx, tenantID, Write{Name: "Live"})
	if err != nil {
		t.Fatal(err)
	}
	archived, err := svc.Create(ctx, tenantID, Write{Name: "Old", IsArchived: true})
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := svc.Create(ctx, other, Write{Name: "Foreign"})
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
		err := pool.WithTx(ctx, func(q db.Q) error { return svc.CheckUsable(ctx, q, tenantID, "shippingMethodId", c.ids) })
		switch {
		case c.kind == 0 && err != nil:
			t.Errorf("%v: %v", c.ids, err)
		case c.kind != 0 && !apperr.IsKind(err, c.kind):
			t.Errorf("%v: %v, want kind %d", c.ids, err, c.kind)
		case c.kind != 0 && !strings.Contains(err.Error(), "shippingMethodId"):
			t.Errorf("%v: %v does not name shippingMethodId", c.ids, err)
		}
	}
}
