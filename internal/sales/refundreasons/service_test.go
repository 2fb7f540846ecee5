package refundreasons

import (
	"context"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
)

// The rules every named lookup shares (name, description, archiving, list, usable check) are
// tested once in namedlookups; these tests cover what is a refund reason code's own: the code.

func text(s string) *string { return &s }

func TestCodeIsTrimmedOptionalAtMost50(t *testing.T) {
	t.Parallel()
	cases := []struct {
		code *string
		want *string // nil when none is stored
		bad  bool
	}{
		{nil, nil, false},
		{text("  "), nil, false},
		{text(" DMG "), text("DMG"), false},
		{text(strings.Repeat("c", 50)), text(strings.Repeat("c", 50)), false},
		{text(strings.Repeat("c", 51)), nil, true},
	}
	for _, c := range cases {
		w, err := lookup.Normalize(Write{Name: "Damaged", Code: c.code})
		if c.bad {
			if e, ok := apperr.As(err); !ok || len(e.Fields["code"]) == 0 {
				t.Errorf("%v: %v, want 400 naming code", c.code, err)
			}
			continue
		}
		if err != nil || (w.Code == nil) != (c.want == nil) || (w.Code != nil && *w.Code != *c.want) {
			t.Errorf("%v: %+v (%v)", c.code, w, err)
		}
	}
}

// TestCodeUniqueAmongNonArchivedWhenPresent: the code's unique index names code; many
// reasons may have none; an archived reason's code is free.
func TestCodeUniqueAmongNonArchivedWhenPresent(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	svc := NewService(pool)
	for _, w := range []Write{
		{Name: "Damaged", Code: text("DMG")},
		{Name: "No code 1"}, {Name: "No code 2"},
		{Name: "Unused", Code: text("UNU"), IsArchived: true},
		{Name: "Unused again", Code: text("unu")},
	} {
		if _, err := svc.Create(ctx, tenantID, w); err != nil {
			t.Fatalf("%+v: %v", w, err)
		}
	}
	_, err := svc.Create(ctx, tenantID, Write{Name: "Dented", Code: text("dmg")})
	if e, ok := apperr.As(err); !ok || len(e.Fields["code"]) == 0 || len(e.Fields["name"]) != 0 {
		t.Fatalf("a taken code: %v, want 400 naming code", err)
	}
	list, err := svc.List(ctx, tenantID, Filter{IsArchived: new(false)}, listing.Request{SortField: text("code")})
	if err != nil || len(list) != 4 || list[0].Name != "Damaged" {
		t.Fatalf("by code %+v (%v)", list, err)
	}
}
