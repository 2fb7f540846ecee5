package inventory

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
)

type fixture struct {
	ctx      context.Context
	url      string
	pool     *db.Pool
	svc      *Service
	tenantID string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool, url, tenantID := dbtest.NewWithTenant(t)
	return fixture{ctx: context.Background(), url: url, pool: pool, svc: newService(pool), tenantID: tenantID}
}

func newService(pool *db.Pool) *Service {
	// The ledger reads items only for StockInfo, which needs no other area.
	return NewService(pool, items.NewService(pool, items.Deps{}), locations.NewService(pool), lots.NewService(pool))
}

func (f fixture) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		t.Fatal(err)
	}
}

func (f fixture) item(t *testing.T, number string) string {
	t.Helper()
	id := ids.New()
	f.exec(t, `INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $3, 'make', $2)`, f.tenantID, id, number)
	return id
}

func (f fixture) location(t *testing.T, name string) string {
	t.Helper()
	id := ids.New()
	f.exec(t, `INSERT INTO locations (tenant_id, id, name) VALUES ($1, $2, $3)`, f.tenantID, id, name)
	return id
}

func (f fixture) lot(t *testing.T, itemID, name string) string {
	t.Helper()
	id := ids.New()
	f.exec(t, `INSERT INTO inventory_lots (tenant_id, id, item_id, name) VALUES ($1, $2, $3, $4)`, f.tenantID, id, itemID, name)
	return id
}

func (f fixture) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRowContext(f.ctx, `SELECT count(*) FROM `+table+` WHERE tenant_id = $1`, f.tenantID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f fixture) onHand(t *testing.T, itemID string) string {
	t.Helper()
	var q dec.Decimal
	if err := f.pool.QueryRowContext(f.ctx, `SELECT coalesce(sum(quantity), 0) FROM inventory_balances WHERE tenant_id = $1 AND item_id = $2`, f.tenantID, itemID).Scan(&q); err != nil {
		t.Fatal(err)
	}
	return q.String()
}

// An action is all or nothing: when writing its transaction fails after the balance was
// changed and the event stored (and, for a receipt, its lot created), neither the event,
// nor the balance change, nor the lot remains.
func TestActionFailingMidwayLeavesNoEventAndNoBalanceChange(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, "ATOMIC")
	tracked := f.item(t, "ATOMIC-LOTS")
	f.exec(t, `UPDATE items SET is_lot_tracked = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, tracked)
	if _, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: item, SecondaryType: "receive", Quantity: dec.FromInt(5)}); err != nil {
		t.Fatal(err)
	}
	received, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: item, SecondaryType: "receive", Quantity: dec.FromInt(2)})
	if err != nil {
		t.Fatal(err)
	}
	picked, err := f.svc.Pick(f.ctx, f.tenantID, Pick{ItemID: item, SecondaryType: "pick", Quantity: dec.FromInt(1)})
	if err != nil {
		t.Fatal(err)
	}
	// From now on every transaction insert fails: the last write of an action.
	f.exec(t, `CREATE FUNCTION refuse_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'transaction insert refused by the test'; END $$`)
	f.exec(t, `CREATE TRIGGER refuse_transaction BEFORE INSERT ON inventory_transactions FOR EACH ROW EXECUTE FUNCTION refuse_transaction()`)

	events, txs, lots := f.count(t, "inventory_events"), f.count(t, "inventory_transactions"), f.count(t, "inventory_lots")
	for name, act := range map[string]func() error{
		"receive": func() error {
			_, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: item, SecondaryType: "receive", Quantity: dec.FromInt(3)})
			return err
		},
		"receive into a new lot number": func() error {
			number := "NEW-LOT"
			_, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: item, SecondaryType: "receive", Quantity: dec.FromInt(3), LotNumber: &number})
			return err
		},
		"receive into a new system lot": func() error {
			_, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: tracked, SecondaryType: "receive", Quantity: dec.FromInt(3)})
			return err
		},
		"pick": func() error {
			_, err := f.svc.Pick(f.ctx, f.tenantID, Pick{ItemID: item, SecondaryType: "pick", Quantity: dec.FromInt(2)})
			return err
		},
		"override": func() error {
			_, err := f.svc.Override(f.ctx, f.tenantID, Override{ItemID: item, Quantity: dec.FromInt(9)})
			return err
		},
		"revert a receipt": func() error {
			_, err := f.svc.Revert(f.ctx, f.tenantID, received.ID)
			return err
		},
		"revert a pick": func() error {
			_, err := f.svc.Revert(f.ctx, f.tenantID, picked.ID)
			return err
		},
	} {
		err := act()
		if err == nil {
			t.Fatalf("%s succeeded although its transaction could not be written", name)
		}
		// A client error would mean the action stopped before writing anything.
		if _, refused := apperr.As(err); refused {
			t.Fatalf("%s was refused before its last write: %v", name, err)
		}
		if n := f.count(t, "inventory_events"); n != events {
			t.Fatalf("%s left %d events, want %d", name, n, events)
		}
		if n := f.count(t, "inventory_transactions"); n != txs {
			t.Fatalf("%s left %d transactions, want %d", name, n, txs)
		}
		if n := f.count(t, "inventory_lots"); n != lots {
			t.Fatalf("%s left %d lots, want %d", name, n, lots)
		}
		if got := f.onHand(t, item); got != "6" {
			t.Fatalf("%s left %s on hand, want 6", name, got)
		}
		if got := f.onHand(t, tracked); got != "0" {
			t.Fatalf("%s left %s of the lot-tracked item on hand, want 0", name, got)
		}
	}
}

// A page of events or transactions costs a fixed number of queries however many rows it
// holds (effects and place names are loaded for the whole page at once).
func TestListsRunAFixedNumberOfQueriesPerPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, "LISTED")
	loc := f.location(t, "Rack")
	lot := f.lot(t, item, "L1")
	counted, statements := dbtest.Counting(t, f.url)
	svc := newService(counted)
	for i := 1; i <= 4; i++ {
		if _, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: item, SecondaryType: "receive", Quantity: dec.FromInt(1), LotID: &lot, LocationID: &loc}); err != nil {
			t.Fatal(err)
		}
		statements.Store(0)
		page, err := svc.ListEvents(f.ctx, f.tenantID, "UTC", EventFilter{}, listing.Request{})
		if err != nil {
			t.Fatal(err)
		}
		if n := statements.Load(); n != 2 || len(page.Rows) != i || len(page.Rows[0].Effects) != 1 {
			t.Fatalf("listing %d events ran %d queries, want 2 (rows %d)", i, n, len(page.Rows))
		}
		statements.Store(0)
		txs, err := svc.ListTransactions(f.ctx, f.tenantID, TransactionFilter{}, listing.Request{})
		if err != nil {
			t.Fatal(err)
		}
		// The page, then the lot and the location names.
		if n := statements.Load(); n != 3 || len(txs.Rows) != i || deref(txs.Rows[0].LotName) != "L1" || deref(txs.Rows[0].LocationName) != "Rack" {
			t.Fatalf("listing %d transactions ran %d queries, want 3 (%+v)", i, n, txs.Rows)
		}
	}
}

// Values: per-unit values times quantities, and shares of a balance's value, are exact to
// dec.MaxFractionDigits; taking every unit takes exactly the whole value.
func TestValueShares(t *testing.T) {
	t.Parallel()
	v := Values{Material: dec.MustParse("10"), Labor: dec.MustParse("1")}
	for _, c := range []struct {
		part, whole, material, labor string
	}{
		{"1", "3", "3.33333333333333333333", "0.33333333333333333333"},
		{"2", "3", "6.66666666666666666667", "0.66666666666666666667"},
		{"3", "3", "10", "1"},
		{"6", "3", "20", "2"},
	} {
		got := v.Share(dec.MustParse(c.part), dec.MustParse(c.whole))
		if got.Material.String() != c.material || got.Labor.String() != c.labor {
			t.Fatalf("share %s/%s = %s, %s; want %s, %s", c.part, c.whole, got.Material, got.Labor, c.material, c.labor)
		}
	}
	times := Values{Material: dec.MustParse("0.1234567890123456789")}.Times(dec.MustParse("0.5"))
	if times.Material.String() != "0.06172839450617283945" {
		t.Fatalf("times = %s", times.Material)
	}
	if fmt.Sprint(perUnit(dec.MustParse("10"), dec.MustParse("3"))) != "3.333333" || !perUnit(dec.MustParse("10"), dec.Zero).IsZero() {
		t.Fatal("perUnit rounds to 6 places and is 0 without quantity")
	}
}

// A pick without a lot refused where lots hold the item's stock lists at most maxLotsNamed
// of them (most units first; an unnamed lot by its id) in one query: the refusal costs the
// same whether twelve lots hold stock there or none, and a pick that succeeds costs the same
// with lots beside it or not (it never looks for them).
func TestPickOutsideLotsListsTheLotsInOneQueryOnlyWhenItFails(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, "MANY-LOTS")
	bare := f.item(t, "NO-LOTS")
	loc := f.location(t, "Bay")
	receive := func(itemID string, lotID *string, qty int64) {
		t.Helper()
		if _, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: itemID, SecondaryType: "receive", Quantity: dec.FromInt(qty), LotID: lotID, LocationID: &loc}); err != nil {
			t.Fatal(err)
		}
	}
	lotIDs := make([]string, 12)
	for i := 1; i <= 11; i++ {
		lotIDs[i] = f.lot(t, item, fmt.Sprintf("L-%02d", i))
		receive(item, &lotIDs[i], int64(i))
	}
	unnamed := ids.New()
	f.exec(t, `INSERT INTO inventory_lots (tenant_id, id, item_id) VALUES ($1, $2, $3)`, f.tenantID, unnamed, item)
	receive(item, &unnamed, 12)

	counted, statements := dbtest.Counting(t, f.url)
	svc := newService(counted)
	pick := func(itemID string) (int64, error) {
		statements.Store(0)
		_, err := svc.Pick(f.ctx, f.tenantID, Pick{ItemID: itemID, SecondaryType: "pick", Quantity: dec.FromInt(1), LocationID: &loc})
		return statements.Load(), err
	}
	plain, err := pick(bare)
	if e, ok := apperr.As(err); !ok || len(e.Fields["quantity"]) != 1 {
		t.Fatalf("pick without stock: %v", err)
	}
	withLots, err := pick(item)
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("pick outside lots: %v", err)
	}
	want := "no stock of item MANY-LOTS outside lots at location Bay; lots holding stock there: unnamed lot " + unnamed + " (12)"
	for i := 11; i >= 3; i-- {
		want += fmt.Sprintf(", L-%02d (%d, id %s)", i, i, lotIDs[i])
	}
	want += ", and more; name one in lotId"
	if got := e.Fields["lotId"]; len(got) != 1 || got[0] != want {
		t.Fatalf("lotId errors %v\nwant %q", e.Fields, want)
	}
	if withLots != plain {
		t.Fatalf("refusal listing twelve lots ran %d statements, one where no lot holds stock %d", withLots, plain)
	}

	// Once each item has a unit outside lots there, picking it costs the same with or
	// without lots beside it.
	receive(item, nil, 1)
	receive(bare, nil, 1)
	plain, err = pick(bare)
	if err != nil {
		t.Fatal(err)
	}
	withLots, err = pick(item)
	if err != nil {
		t.Fatal(err)
	}
	if withLots != plain {
		t.Fatalf("a pick beside lots ran %d statements, one without %d", withLots, plain)
	}
}
