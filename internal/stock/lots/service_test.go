package lots

import (
	"context"
	"strings"
	"sync"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

type fixture struct {
	svc      *Service
	url      string
	tenantID string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool, url, tenantID := dbtest.NewWithTenant(t)
	return fixture{svc: newService(pool), url: url, tenantID: tenantID}
}

// newService is the lots service as wired, the inventory area's quantity expression stood in
// for by the same sum over its balances (lots cannot import inventory, which imports lots;
// tests/ prove the real wiring).
func newService(pool *db.Pool) *Service {
	s := NewService(pool)
	s.UseQuantity(func(tenantColumn, lotColumn string) string {
		return `(SELECT sum(b.quantity) FROM inventory_balances b WHERE b.tenant_id = ` + tenantColumn + ` AND b.lot_id = ` + lotColumn + `)`
	})
	return s
}

// item stores a bought item of the tenant (the items area's rules do not matter here).
func (f fixture) item(t *testing.T, tenantID string) string {
	t.Helper()
	id := ids.New()
	_, err := f.svc.pool.ExecContext(context.Background(),
		`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $2, 'buy', $2)`, tenantID, id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// stock puts quantity units of the lot's item on hand in the lot, without a location.
func (f fixture) stock(t *testing.T, l Lot, quantity string) {
	t.Helper()
	_, err := f.svc.pool.ExecContext(context.Background(),
		`INSERT INTO inventory_balances (tenant_id, id, item_id, lot_id, quantity) VALUES ($1, $2, $3, $4, $5)`,
		f.tenantID, ids.New(), l.ItemID, l.ID, quantity)
	if err != nil {
		t.Fatal(err)
	}
}

// ensure runs EnsureNamed in a transaction of its own, as a receipt does.
func (f fixture) ensure(itemID, name string) (Lot, error) {
	var l Lot
	err := f.svc.pool.WithTx(context.Background(), func(q db.Q) error {
		var err error
		l, err = f.svc.EnsureNamed(context.Background(), q, f.tenantID, itemID, name)
		return err
	})
	return l, err
}

func mustField(t *testing.T, err error, field string) {
	t.Helper()
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields[field]) == 0 {
		t.Fatalf("error %v, want a 400 naming %s", err, field)
	}
}

func TestEnsureNamedFindsTheItemsLotTrimmedAndCaseInsensitivelyOrCreatesIt(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, f.tenantID)
	created, err := f.ensure(item, "  Heat-9 ")
	if err != nil {
		t.Fatal(err)
	}
	if created.Name == nil || *created.Name != "Heat-9" || created.ItemID != item || created.System || !created.Custom() || !created.Quantity.IsZero() {
		t.Fatalf("created lot %+v", created)
	}
	f.stock(t, created, "3")
	found, err := f.ensure(item, "HEAT-9")
	if err != nil || found.ID != created.ID || !found.Quantity.Equal(dec.FromInt(3).Decimal) {
		t.Fatalf("EnsureNamed of an existing name = %+v, %v; want lot %s with 3 on hand", found, err, created.ID)
	}
	// Another item gets its own lot of that name.
	other, err := f.ensure(f.item(t, f.tenantID), "heat-9")
	if err != nil || other.ID == created.ID {
		t.Fatalf("another item's lot = %+v, %v", other, err)
	}
}

func TestEnsureNamedRefusesBadNamesAndUnknownItems(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, f.tenantID)
	for _, name := range []string{"", "   ", strings.Repeat("x", 201)} {
		_, err := f.ensure(item, name)
		mustField(t, err, "lotNumber")
	}
	for _, unknown := range []string{ids.New(), f.item(t, dbtest.Tenant(t, f.svc.pool))} {
		if _, err := f.ensure(unknown, "L1"); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Fatalf("EnsureNamed for item %s = %v, want NotFound", unknown, err)
		}
	}
}

func TestEnsureNamedUnderConcurrencyCreatesOneLot(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, f.tenantID)
	const n = 8
	got := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := f.ensure(item, "Batch 1")
			got[i], errs[i] = l.ID, err
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || got[i] != got[0] {
			t.Fatalf("concurrent EnsureNamed answered %v / %v, want one lot for all", got, errs)
		}
	}
	lots, err := f.svc.List(context.Background(), f.tenantID, Filter{ItemIDs: []string{item}}, listing.Request{})
	if err != nil || len(lots) != 1 {
		t.Fatalf("%d lots stored (%v), want 1", len(lots), err)
	}
}

func TestCreateSystemMakesANewUnnamedSystemLotEachTime(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	item := f.item(t, f.tenantID)
	var made []Lot
	for range 2 {
		l, err := f.svc.CreateSystem(ctx, f.svc.pool, f.tenantID, item)
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, l)
	}
	if made[0].ID == made[1].ID {
		t.Fatalf("two system lots share id %s", made[0].ID)
	}
	for _, l := range made {
		stored, err := f.svc.Get(ctx, f.tenantID, l.ID)
		if err != nil || stored.ItemID != item || stored.Name != nil || !stored.System || stored.Custom() || stored.ID != l.ID || !stored.Quantity.Equal(l.Quantity.Decimal) {
			t.Fatalf("system lot %+v stored as %+v (%v)", l, stored, err)
		}
	}
	if _, err := f.svc.CreateSystem(ctx, f.svc.pool, f.tenantID, ids.New()); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("CreateSystem for an unknown item = %v, want NotFound", err)
	}
}

func TestForItemRequiresTheTenantsLotOfThatItem(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	item := f.item(t, f.tenantID)
	lot, err := f.ensure(item, "L1")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := f.svc.ForItem(ctx, f.svc.pool, f.tenantID, lot.ID, item); err != nil || got.ID != lot.ID {
		t.Fatalf("ForItem = %+v, %v", got, err)
	}
	_, err = f.svc.ForItem(ctx, f.svc.pool, f.tenantID, lot.ID, f.item(t, f.tenantID))
	mustField(t, err, "lotId")
	if _, err := f.svc.ForItem(ctx, f.svc.pool, f.tenantID, ids.New(), item); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("ForItem of an unknown lot = %v, want NotFound", err)
	}
	other := dbtest.Tenant(t, f.svc.pool)
	if _, err := f.svc.ForItem(ctx, f.svc.pool, other, lot.ID, item); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("ForItem of another tenant's lot = %v, want NotFound", err)
	}
}

// TestListAndByIDsReadQuantitiesInOneQuery proves there is no N+1: a page of lots, or
// any number of lots by id, is one statement with every quantity summed.
func TestListAndByIDsReadQuantitiesInOneQuery(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	item := f.item(t, f.tenantID)
	var lotIDs []string
	for i := range 5 {
		l, err := f.ensure(item, "L"+string(rune('a'+i)))
		if err != nil {
			t.Fatal(err)
		}
		f.stock(t, l, "2")
		lotIDs = append(lotIDs, l.ID)
	}
	counted, statements := dbtest.Counting(t, f.url)
	svc := newService(counted)

	statements.Store(0)
	list, err := svc.List(ctx, f.tenantID, Filter{}, listing.Request{})
	if err != nil || len(list) != 5 {
		t.Fatalf("list: %d lots, %v", len(list), err)
	}
	if got := statements.Load(); got != 1 {
		t.Errorf("a page of lots took %d statements, want 1", got)
	}
	statements.Store(0)
	byID, err := svc.ByIDs(ctx, f.tenantID, append(lotIDs, ids.New()))
	if err != nil || len(byID) != 5 {
		t.Fatalf("ByIDs: %d lots, %v", len(byID), err)
	}
	if got := statements.Load(); got != 1 {
		t.Errorf("ByIDs took %d statements, want 1", got)
	}
	for _, l := range append(list, byID[lotIDs[0]]) {
		if !l.Quantity.Equal(dec.FromInt(2).Decimal) {
			t.Errorf("lot %s quantity %s, want 2", l.ID, l.Quantity)
		}
	}
}
