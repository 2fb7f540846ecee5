package companies

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/ids"
)

// TestOnePrimaryIndexHoldsWithoutTheService proves the database's last line of defence:
// writes that skip the service's demotion cannot store a second primary company.
func TestOnePrimaryIndexHoldsWithoutTheService(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	var s store
	tenants := []string{dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)}
	primary := func(name string) Company {
		return Company{ID: ids.New(), CompanyWrite: CompanyWrite{Name: name, IsPrimary: true}}
	}
	first := primary("First")
	if err := s.insert(ctx, pool, tenants[0], first); err != nil {
		t.Fatal(err)
	}
	err := s.insert(ctx, pool, tenants[0], primary("Second"))
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["isPrimary"]) == 0 {
		t.Fatalf("second primary insert: %v, want a 400 naming isPrimary", err)
	}
	other := primary("Other")
	if err := s.insert(ctx, pool, tenants[0], Company{ID: other.ID, CompanyWrite: CompanyWrite{Name: "Other"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.update(ctx, pool, tenants[0], other); err == nil {
		t.Fatal("update to a second primary succeeded")
	}
	// The index is per tenant.
	if err := s.insert(ctx, pool, tenants[1], primary("Elsewhere")); err != nil {
		t.Fatalf("another tenant's primary: %v", err)
	}
}
