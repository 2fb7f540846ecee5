package customers

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/taxrates"
	"mos/internal/sales/tiers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/paymentterms"
)

func newCustomerService(pool *db.Pool) *Service {
	return NewService(pool, customfields.NewService(pool), taxrates.NewService(pool))
}

// TestListQueriesPerPageDoNotGrowWithThePage proves the list has no N+1: a page costs one
// query, the names of the customers' payment terms and tiers included, however many
// customers (and distinct terms and tiers) the page holds.
func TestListQueriesPerPageDoNotGrowWithThePage(t *testing.T) {
	t.Parallel()
	pool, dsn, tenantID := dbtest.NewWithTenant(t)
	ctx := context.Background()
	svc := newCustomerService(pool)
	terms, tierSvc := paymentterms.NewService(pool), tiers.NewService(pool)
	const n = 40
	for i := range n {
		termID, err := terms.Create(ctx, tenantID, paymentterms.NewTerm{Name: fmt.Sprintf("Terms %d", i), NetDays: i})
		if err != nil {
			t.Fatal(err)
		}
		tierID, err := tierSvc.Create(ctx, tenantID, tiers.NewTier{Name: fmt.Sprintf("Tier %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		id, err := svc.Create(ctx, Tenant{ID: tenantID, Currency: "USD"}, CustomerWrite{Name: fmt.Sprintf("Customer %02d", i), PaymentTermsID: &termID})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetTier(ctx, tenantID, id, &tierID); err != nil {
			t.Fatal(err)
		}
	}

	counted, statements := dbtest.Counting(t, dsn)
	counting := newCustomerService(counted)
	for _, take := range []int32{1, 5, n} {
		statements.Store(0)
		list, err := counting.List(ctx, tenantID, Filter{}, listing.Request{Take: &take})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != int(take) || list[len(list)-1].PaymentTerms == nil || list[len(list)-1].CustomerTierName == nil {
			t.Fatalf("take %d: %d customers, names resolved: %+v", take, len(list), list[len(list)-1])
		}
		if got := statements.Load(); got != 1 {
			t.Errorf("a page of %d customers took %d statements, want 1 (the customers with their names)", take, got)
		}
	}
}
