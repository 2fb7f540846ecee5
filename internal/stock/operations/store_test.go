package operations

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: another
// tenant's or an unknown work center or equipment, a name taken by a non-archived operation
// (whatever its case) and a negative time are never stored.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID, other := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	workCenterID, foreignWorkCenterID := ids.New(), ids.New()
	for _, wc := range []struct{ tenant, id string }{{tenantID, workCenterID}, {other, foreignWorkCenterID}} {
		if _, err := pool.ExecContext(ctx, `INSERT INTO work_centers (tenant_id, id, name) VALUES ($1, $2, 'Cell')`, wc.tenant, wc.id); err != nil {
			t.Fatal(err)
		}
	}
	var s store
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Deburr"}); err != nil {
		t.Fatal(err)
	}
	unknown := ids.New()
	cases := []struct {
		name string
		w    Write
		kind apperr.Kind
	}{
		{"another tenant's work center", Write{Name: "A", WorkCenterID: &foreignWorkCenterID}, apperr.KindNotFound},
		{"unknown equipment", Write{Name: "B", WorkCenterID: &workCenterID, EquipmentID: &unknown}, apperr.KindNotFound},
		{"a name taken in another case", Write{Name: "DEBURR"}, apperr.KindInvalid},
	}
	for _, c := range cases {
		id := ids.New()
		err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, tenantID, id, c.w) })
		if !apperr.IsKind(err, c.kind) {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.kind)
		}
		if _, err := s.get(ctx, pool, tenantID, id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: the operation was stored (%v)", c.name, err)
		}
	}
	negative := Write{Name: "C", SetupTimeMinutes: dec.FromInt(-1)}
	if err := s.insert(ctx, pool, tenantID, ids.New(), negative); err == nil {
		t.Error("a negative setup time was stored")
	}
	// An archived operation's name is free.
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "Polish", IsArchived: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.insert(ctx, pool, tenantID, ids.New(), Write{Name: "polish"}); err != nil {
		t.Fatalf("the name of an archived operation: %v", err)
	}
}
