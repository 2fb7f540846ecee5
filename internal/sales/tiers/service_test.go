package tiers

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
)

// TestResolveTiersForOtherAreas covers what customers rely on: Get and ByIDs resolve only
// the caller's tenant's tiers, and an unknown or foreign id is NotFound / absent.
func TestResolveTiersForOtherAreas(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantA, tenantB := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool)
	gold, err := svc.Create(ctx, tenantA, NewTier{Name: " Gold "})
	if err != nil {
		t.Fatal(err)
	}
	silver, err := svc.Create(ctx, tenantA, NewTier{Name: "Silver"})
	if err != nil {
		t.Fatal(err)
	}

	tier, err := svc.Get(ctx, tenantA, gold)
	if err != nil || tier.Name != "Gold" || tier.Description != nil {
		t.Fatalf("Get: %+v, %v", tier, err)
	}
	if _, err := svc.Get(ctx, tenantB, gold); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("Get from another tenant: want NotFound, got %v", err)
	}

	got, err := svc.ByIDs(ctx, pool, tenantA, []string{gold, silver, gold, "ffffffffffffffffffffffff"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[gold].Name != "Gold" || got[silver].Name != "Silver" {
		t.Fatalf("ByIDs: %+v", got)
	}
	if foreign, err := svc.ByIDs(ctx, pool, tenantB, []string{gold, silver}); err != nil || len(foreign) != 0 {
		t.Fatalf("ByIDs from another tenant: %+v, %v", foreign, err)
	}
	if none, err := svc.ByIDs(ctx, pool, tenantA, nil); err != nil || len(none) != 0 {
		t.Fatalf("ByIDs(nil): %+v, %v", none, err)
	}
}
