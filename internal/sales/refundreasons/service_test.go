package refundreasons

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
		{"valid", Write{Name: "Damaged", Code: text("DMG")}, ""},
		{"no code", Write{Name: "Damaged"}, ""},
		{"code of 50", Write{Name: "Damaged", Code: text(strings.Repeat("c", 50))}, ""},
		{"blank name", Write{Name: "   "}, "name"},
		{"long name", Write{Name: strings.Repeat("n", 201)}, "name"},
		{"long code", Write{Name: "C", Code: text(strings.Repeat("c", 51))}, "code"},
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
	w, err := normalize(Write{Name: "  Damaged  ", Code: text("  "), Description: text("   ")})
	if err != nil || w.Name != "Damaged" || w.Code != nil || w.Description != nil {
		t.Fatalf("trimmed %+v (%v)", w, err)
	}
	if w, _ := normalize(Write{Name: "D", Code: text(" DMG ")}); w.Code == nil || *w.Code != "DMG" {
		t.Fatalf("code not trimmed: %+v", w)
	}
}

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: a name or
// a code taken by a non-archived refund reason code (whatever its case) is never stored,
// while an archived one's name and code are free and many reasons may have no code.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	var s store
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Damaged", Code: text("DMG")}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w     Write
		field string
	}{
		{Write{Name: "DAMAGED"}, "name"},
		{Write{Name: "Dented", Code: text("dmg")}, "code"},
	} {
		err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, tenantID, ids.New(), c.w) })
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.KindInvalid || len(e.Fields[c.field]) == 0 {
			t.Errorf("%+v: %v, want 400 naming %s", c.w, err, c.field)
		}
	}
	for _, name := range []string{"No code 1", "No code 2"} {
		if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: name}); err != nil {
			t.Fatalf("a reason without a code: %v", err)
		}
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Unused", Code: text("UNU"), IsArchived: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "unused", Code: text("unu")}); err != nil {
		t.Fatalf("the name and code of an archived reason: %v", err)
	}
}
