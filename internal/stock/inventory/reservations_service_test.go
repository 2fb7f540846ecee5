package inventory

import (
	"sync"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

func (f fixture) receive(t *testing.T, itemID string, quantity int64, locationID *string) {
	t.Helper()
	if _, err := f.svc.Receive(f.ctx, f.tenantID, Receive{ItemID: itemID, SecondaryType: "receive", Quantity: dec.FromInt(quantity), LocationID: locationID}); err != nil {
		t.Fatal(err)
	}
}

// hold runs Hold in its own transaction and answers what the line holds afterwards.
func (f fixture) hold(t *testing.T, r Reservation, itemID string, want int64) string {
	t.Helper()
	var held dec.Decimal
	err := f.pool.WithTx(f.ctx, func(q db.Q) error {
		var err error
		held, err = f.svc.Hold(f.ctx, q, f.tenantID, r, itemID, dec.FromInt(want))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return held.String()
}

func (f fixture) available(t *testing.T, itemID string) string {
	t.Helper()
	got, err := f.svc.AvailableForItems(f.ctx, f.pool, f.tenantID, []string{itemID})
	if err != nil {
		t.Fatal(err)
	}
	return got[itemID].String()
}

// checkLedger fails t unless every balance of the tenant is the sum of its transactions'
// quantity changes, and every reservation transaction changed neither quantity nor value and
// carries its balance as it stood.
func (f fixture) checkLedger(t *testing.T) {
	t.Helper()
	var broken int
	err := f.pool.QueryRowContext(f.ctx, `
SELECT count(*) FROM inventory_balances b
WHERE b.tenant_id = $1 AND b.quantity <> (SELECT coalesce(sum(t.quantity_change), 0) FROM inventory_transactions t
    WHERE t.tenant_id = b.tenant_id AND t.item_id = b.item_id
      AND coalesce(t.lot_id, '') = coalesce(b.lot_id, '') AND coalesce(t.location_id, '') = coalesce(b.location_id, ''))`, f.tenantID).Scan(&broken)
	if err != nil {
		t.Fatal(err)
	}
	if broken != 0 {
		t.Fatalf("%d balances differ from the sum of their transactions", broken)
	}
	err = f.pool.QueryRowContext(f.ctx, `
SELECT count(*) FROM inventory_balances b
WHERE b.tenant_id = $1 AND b.reserved_quantity <> (SELECT coalesce(sum(t.reserved_change), 0) FROM inventory_transactions t
    WHERE t.tenant_id = b.tenant_id AND t.item_id = b.item_id
      AND coalesce(t.lot_id, '') = coalesce(b.lot_id, '') AND coalesce(t.location_id, '') = coalesce(b.location_id, ''))`, f.tenantID).Scan(&broken)
	if err != nil {
		t.Fatal(err)
	}
	if broken != 0 {
		t.Fatalf("%d balances' reserved quantity differs from the sum of their transactions' reserved changes", broken)
	}
	err = f.pool.QueryRowContext(f.ctx, `
SELECT count(*) FROM inventory_transactions t JOIN inventory_events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id
WHERE t.tenant_id = $1 AND e.secondary_type IN ('reserve', 'release')
  AND (t.quantity_change <> 0 OR t.labor_value <> 0 OR t.machine_value <> 0 OR t.outside_processing_value <> 0
       OR t.material_value <> 0 OR t.reserved_change = 0 OR e.type <> 'adjustment'
       OR (e.secondary_type = 'reserve') <> (t.reserved_change > 0))`, f.tenantID).Scan(&broken)
	if err != nil {
		t.Fatal(err)
	}
	if broken != 0 {
		t.Fatalf("%d reservation transactions change stock or carry no reservation", broken)
	}
}

func orderLine(orderID, lineID string) Reservation {
	name := "SO 1"
	return Reservation{ForType: "salesOrder", ForID: orderID, SourceType: "salesOrder", SourceName: &name, LineType: "salesOrderPartLine", LineID: lineID}
}

// Hold reserves what is available (partially when short, over several balances in place
// order), never changing on hand; shrinking releases the excess, a new item releases the old
// one's units, Release gives everything back, and ReservedFor reads a record's lines in one
// statement.
func TestHoldReservesWhatIsAvailableAndReleases(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, "HELD")
	other := f.item(t, "OTHER")
	a, b := f.location(t, "A"), f.location(t, "B")
	f.receive(t, item, 5, &a)
	f.receive(t, item, 3, &b)
	f.receive(t, other, 4, nil)
	order, second := ids.New(), ids.New()
	line1, line2, line3 := ids.NewSub(), ids.NewSub(), ids.NewSub()

	if got := f.hold(t, orderLine(order, line1), item, 6); got != "6" {
		t.Fatalf("line 1 holds %s, want 6", got)
	}
	if got := f.onHand(t, item); got != "8" {
		t.Fatalf("on hand %s after reserving, want 8", got)
	}
	if got := f.available(t, item); got != "2" {
		t.Fatalf("available %s, want 2", got)
	}
	// Short of stock: the second order gets what is left, and the approval does not fail.
	if got := f.hold(t, orderLine(second, line2), item, 5); got != "2" {
		t.Fatalf("line 2 holds %s, want the 2 left", got)
	}
	if got := f.available(t, item); got != "0" {
		t.Fatalf("available %s, want 0", got)
	}
	// Holding as much again records nothing.
	events := f.count(t, "inventory_events")
	if got := f.hold(t, orderLine(order, line1), item, 6); got != "6" || f.count(t, "inventory_events") != events {
		t.Fatalf("same hold: %s, %d events (was %d)", got, f.count(t, "inventory_events"), events)
	}
	// Shrinking releases the excess.
	if got := f.hold(t, orderLine(order, line1), item, 4); got != "4" {
		t.Fatalf("line 1 holds %s after shrinking, want 4", got)
	}
	if got := f.available(t, item); got != "2" {
		t.Fatalf("available %s after shrinking, want 2", got)
	}
	if got := f.hold(t, orderLine(order, line3), other, 1); got != "1" {
		t.Fatalf("line 3 holds %s, want 1", got)
	}
	counted, statements := dbtest.Counting(t, f.url)
	svc := newService(counted)
	statements.Store(0)
	got, err := svc.ReservedFor(f.ctx, counted, f.tenantID, "salesOrder", []string{order, second})
	if err != nil {
		t.Fatal(err)
	}
	if n := statements.Load(); n != 1 || len(got) != 3 || got[line1].String() != "4" || got[line2].String() != "2" || got[line3].String() != "1" {
		t.Fatalf("ReservedFor = %v in %d statements, want line1 4, line2 2, line3 1 in 1", got, n)
	}
	// The line's item changed: it releases the old item's units and holds the new one's.
	if got := f.hold(t, orderLine(order, line1), other, 2); got != "2" {
		t.Fatalf("line 1 holds %s of the new item, want 2", got)
	}
	if f.available(t, item) != "6" || f.available(t, other) != "1" {
		t.Fatalf("available after the item change: %s and %s, want 6 and 1", f.available(t, item), f.available(t, other))
	}
	// Release gives back every line of the order.
	if err := f.pool.WithTx(f.ctx, func(q db.Q) error {
		return f.svc.Release(f.ctx, q, f.tenantID, Reservation{ForType: "salesOrder", ForID: order, SourceType: "salesOrder"})
	}); err != nil {
		t.Fatal(err)
	}
	if f.available(t, item) != "6" || f.available(t, other) != "4" {
		t.Fatalf("available after the release: %s and %s, want 6 and 4", f.available(t, item), f.available(t, other))
	}
	got, err = f.svc.ReservedFor(f.ctx, f.pool, f.tenantID, "salesOrder", []string{order, second})
	if err != nil || len(got) != 1 || got[line2].String() != "2" {
		t.Fatalf("ReservedFor after the release = %v, %v; want line2 2 only", got, err)
	}
	if f.onHand(t, item) != "8" || f.onHand(t, other) != "4" {
		t.Fatal("reservations changed what is on hand")
	}
	f.checkLedger(t)

	// Reservation events name the order and line, and are not reverted by hand.
	page, err := f.svc.ListEvents(f.ctx, f.tenantID, "UTC", EventFilter{ReservedForIDs: []string{second}}, listing.Request{})
	if err != nil || len(page.Rows) != 1 {
		t.Fatalf("events of the second order: %+v, %v", page.Rows, err)
	}
	ev := page.Rows[0]
	if ev.Type != TypeAdjustment || ev.SecondaryType != SecondaryReserve || deref(ev.Source.Type) != "salesOrder" || deref(ev.Source.EntityID) != second ||
		deref(ev.Source.RelatedEntityID) != line2 || deref(ev.ReservedForType) != "salesOrder" || ev.Quantity.String() != "2" ||
		len(ev.Effects) != 1 || !ev.Effects[0].QuantityChange.IsZero() || ev.Effects[0].ReservedChange.String() != "2" {
		t.Fatalf("reserve event %+v", ev)
	}
	if _, err := f.svc.Revert(f.ctx, f.tenantID, ev.ID); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Fatalf("reverting a reservation: %v, want a 400", err)
	}
	// The transaction list is of balance changes: reservations are not in it.
	txs, err := f.svc.ListTransactions(f.ctx, f.tenantID, TransactionFilter{}, listing.Request{})
	if err != nil || len(txs.Rows) != 3 {
		t.Fatalf("transactions: %d rows, %v; want the 3 receipts", len(txs.Rows), err)
	}
}

// Two orders reserving the last units at once: exactly one gets them.
func TestConcurrentHoldsNeverShareTheLastUnits(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	item := f.item(t, "LAST")
	f.receive(t, item, 5, nil)
	const n = 6
	start := make(chan struct{})
	held := make([]dec.Decimal, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = f.pool.WithTx(f.ctx, func(q db.Q) error {
				var err error
				held[i], err = f.svc.Hold(f.ctx, q, f.tenantID, orderLine(ids.New(), ids.NewSub()), item, dec.FromInt(5))
				return err
			})
		}()
	}
	close(start)
	wg.Wait()
	winners := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		switch held[i].String() {
		case "5":
			winners++
		case "0":
		default:
			t.Fatalf("an order holds %s", held[i])
		}
	}
	if winners != 1 || f.available(t, item) != "0" || f.onHand(t, item) != "5" {
		t.Fatalf("%d orders got the units (available %s), want exactly 1", winners, f.available(t, item))
	}
	f.checkLedger(t)
}
