package taxrates

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// The rules every named lookup shares (name, description, archiving, list, usable check) are
// tested once in namedlookups; these tests cover what is a tax rate's own: the rate.

func TestRateIsAPercentageFromZeroToHundred(t *testing.T) {
	t.Parallel()
	for rate, ok := range map[string]bool{
		"0": true, "6.25": true, "100": true,
		"100.00000000000000000001": false, "-0.01": false,
	} {
		_, err := lookup.Normalize(Write{Name: "State", Rate: dec.MustParse(rate)})
		e, invalid := apperr.As(err)
		if ok != (err == nil) || (!ok && (!invalid || len(e.Fields["rate"]) == 0)) {
			t.Errorf("rate %s: %v", rate, err)
		}
	}
}

// TestStoreRefusesARateOutsideZeroToHundred proves the database's last line of defence.
func TestStoreRefusesARateOutsideZeroToHundred(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	for _, rate := range []string{"-1", "100.5"} {
		_, err := pool.ExecContext(ctx, `INSERT INTO tax_rates (tenant_id, id, name, rate) VALUES ($1, $2, $3, $4)`,
			tenantID, ids.New(), "Rate "+rate, dec.MustParse(rate))
		if err == nil {
			t.Errorf("rate %s was stored", rate)
		}
	}
}

// TestUsableAnswersTheRates: a document line copies a usable rate's name and percentage.
func TestUsableAnswersTheRates(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	svc := NewService(pool)
	id, err := svc.Create(ctx, tenantID, Write{Name: " State ", Rate: dec.MustParse("6.25")})
	if err != nil {
		t.Fatal(err)
	}
	var found map[string]TaxRate
	err = pool.WithTx(ctx, func(q db.Q) (err error) {
		found, err = svc.Usable(ctx, q, tenantID, "taxRateIds", []string{id})
		return err
	})
	if err != nil || found[id].Name != "State" || found[id].Rate.String() != "6.25" {
		t.Fatalf("usable %+v (%v)", found, err)
	}
	err = pool.WithTx(ctx, func(q db.Q) error { return svc.CheckUsable(ctx, q, tenantID, "taxRateIds", []string{ids.New()}) })
	if !apperr.IsKind(err, apperr.KindNotFound) || err.Error() == "" {
		t.Fatalf("unknown tax rate: %v", err)
	}
}
