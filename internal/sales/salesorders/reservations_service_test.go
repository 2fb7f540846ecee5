package salesorders

import (
	"context"
	"sync"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
)

// reserveFixture is a tenant with a sales order, its item holding stock, and the services.
type reserveFixture struct {
	ctx      context.Context
	pool     *db.Pool
	url      string
	tenantID string
	orderID  string
	itemID   string
	stock    *inventory.Service
	svc      *Service
}

func newReserveFixture(t *testing.T, onHand int64) reserveFixture {
	t.Helper()
	pool, url := dbtest.New(t)
	f := reserveFixture{ctx: context.Background(), pool: pool, url: url, tenantID: dbtest.Tenant(t, pool)}
	f.orderID, f.itemID = orderFixture(t, pool, f.tenantID, "USD")
	f.stock = inventory.NewService(pool, items.NewService(pool, items.Deps{}), locations.NewService(pool), lots.NewService(pool))
	f.svc = NewService(pool, Deps{Reservations: f.stock})
	if onHand > 0 {
		if _, err := f.stock.Receive(f.ctx, f.tenantID, inventory.Receive{ItemID: f.itemID, SecondaryType: "receive", Quantity: pdec.FromInt(onHand)}); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f reserveFixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// order adds another sales order of the fixture's customer, numbered number.
func (f reserveFixture) order(t *testing.T, number int) string {
	t.Helper()
	id := ids.New()
	f.exec(t, `INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, ordered_date)
	           SELECT tenant_id, $3, $4, customer_id, currency_code, ordered_date FROM sales_orders WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, f.orderID, id, number)
	return id
}

// line adds a part line of quantity units (inventory units inventory, nil for none) of the
// fixture's item, shipped already shipped.
func (f reserveFixture) line(t *testing.T, orderID string, number int, quantity string, inventoryQuantity *string, shipped string) string {
	t.Helper()
	id := ids.NewSub()
	f.exec(t, `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity,
	           unit_of_measure_name, inventory_quantity, shipped_quantity, unit_price) VALUES ($1, $2, $3, $4, $5, $6, $7, 'Each', $8, $9, 1)`,
		f.tenantID, orderID, id, ids.NewSub(), number, f.itemID, quantity, inventoryQuantity, shipped)
	return id
}

// inTx runs fn in a transaction that first locks the order, as every sales-order write does.
func (f reserveFixture) inTx(t *testing.T, orderID string, fn func(q db.Q, parent lineParent) error) {
	t.Helper()
	err := f.pool.WithTx(f.ctx, func(q db.Q) error {
		parent, err := f.svc.lockForLineWrite(f.ctx, q, f.tenantID, orderID)
		if err != nil {
			return err
		}
		return fn(q, parent)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (f reserveFixture) available(t *testing.T) string {
	t.Helper()
	got, err := f.stock.AvailableForItems(f.ctx, f.pool, f.tenantID, []string{f.itemID})
	if err != nil {
		t.Fatal(err)
	}
	return got[f.itemID].String()
}

func (f reserveFixture) reserved(t *testing.T, orderIDs ...string) map[string]string {
	t.Helper()
	got, err := f.svc.reservedQuantities(f.ctx, f.pool, f.tenantID, orderIDs)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range got {
		out[k] = v.String()
	}
	return out
}

func strp(s string) *string { return &s }

// An approved order's part lines hold their inventory quantity less what shipped (a line in
// dozens shipped by the dozen), lines without an inventory quantity hold nothing, and a line
// short of stock holds what is left; shrinking or deleting a line releases its units, and
// releasing the order gives everything back. What lines hold is read in one statement.
func TestReserveOrderHoldsEachLinesUnitsAndReleases(t *testing.T) {
	t.Parallel()
	f := newReserveFixture(t, 40)
	// 2 dozen = 24 units, 1 dozen shipped: 12 to hold.
	dozens := f.line(t, f.orderID, 1, "2", strp("24"), "1")
	free := f.line(t, f.orderID, 2, "5", nil, "0")
	big := f.line(t, f.orderID, 3, "35", strp("35"), "0")
	f.exec(t, `UPDATE sales_orders SET status = 'approved' WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.orderID)
	f.inTx(t, f.orderID, func(q db.Q, _ lineParent) error { return f.svc.reserveOrder(f.ctx, q, f.tenantID, f.orderID) })

	// Lines are reserved by item then id: whichever of dozens and big comes first takes its
	// whole quantity; the other what is left of 40.
	got := f.reserved(t, f.orderID)
	if _, ok := got[free]; ok || len(got) != 2 {
		t.Fatalf("reserved %v: the line without an inventory quantity holds nothing", got)
	}
	if dozens < big && (got[dozens] != "12" || got[big] != "28") || dozens > big && (got[dozens] != "5" || got[big] != "35") {
		t.Fatalf("reserved %v: want 12 and 28 (or 5 and 35)", got)
	}
	if f.available(t) != "0" {
		t.Fatalf("available %s, want 0", f.available(t))
	}

	// Shrinking a line releases its excess; deleting one releases all it held.
	f.exec(t, `UPDATE sales_order_part_lines SET quantity = 3, inventory_quantity = 3 WHERE tenant_id = $1 AND id = $2`, f.tenantID, big)
	f.inTx(t, f.orderID, func(q db.Q, p lineParent) error {
		return f.svc.syncLineReservation(f.ctx, q, f.tenantID, f.orderID, p.Status, big)
	})
	if got := f.reserved(t, f.orderID)[big]; got != "3" {
		t.Fatalf("shrunk line holds %s, want 3", got)
	}
	f.exec(t, `DELETE FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`, f.tenantID, dozens)
	f.inTx(t, f.orderID, func(q db.Q, p lineParent) error {
		return f.svc.syncLineReservation(f.ctx, q, f.tenantID, f.orderID, p.Status, dozens)
	})
	if got := f.reserved(t, f.orderID); len(got) != 1 || got[big] != "3" || f.available(t) != "37" {
		t.Fatalf("after the delete: reserved %v, available %s; want big 3, 37", got, f.available(t))
	}
	// Growing it again takes what is available.
	f.exec(t, `UPDATE sales_order_part_lines SET quantity = 50, inventory_quantity = 50 WHERE tenant_id = $1 AND id = $2`, f.tenantID, big)
	f.inTx(t, f.orderID, func(q db.Q, p lineParent) error {
		return f.svc.syncLineReservation(f.ctx, q, f.tenantID, f.orderID, p.Status, big)
	})
	if got := f.reserved(t, f.orderID)[big]; got != "40" {
		t.Fatalf("grown line holds %s, want the 40 on hand", got)
	}

	// One statement for the lines of several orders.
	counted, statements := dbtest.Counting(t, f.url)
	svc := NewService(counted, Deps{Reservations: inventory.NewService(counted, nil, nil, nil)})
	statements.Store(0)
	if _, err := svc.reservedQuantities(f.ctx, counted, f.tenantID, []string{f.orderID, ids.New()}); err != nil {
		t.Fatal(err)
	}
	if n := statements.Load(); n != 1 {
		t.Fatalf("reading what lines hold ran %d statements, want 1", n)
	}

	f.inTx(t, f.orderID, func(q db.Q, _ lineParent) error { return f.svc.releaseOrder(f.ctx, q, f.tenantID, f.orderID) })
	if got := f.reserved(t, f.orderID); len(got) != 0 || f.available(t) != "40" {
		t.Fatalf("after releasing the order: reserved %v, available %s; want none, 40", got, f.available(t))
	}
	// A draft order's line writes hold nothing.
	f.exec(t, `UPDATE sales_orders SET status = 'draft' WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.orderID)
	f.inTx(t, f.orderID, func(q db.Q, p lineParent) error {
		return f.svc.syncLineReservation(f.ctx, q, f.tenantID, f.orderID, p.Status, big)
	})
	if f.available(t) != "40" {
		t.Fatalf("a draft order's line reserved stock: available %s", f.available(t))
	}
}

// Two orders approved at once for the last units: exactly one gets them.
func TestConcurrentOrdersNeverShareTheLastUnits(t *testing.T) {
	t.Parallel()
	f := newReserveFixture(t, 5)
	orders := []string{f.orderID, f.order(t, 2), f.order(t, 3), f.order(t, 4)}
	lines := make([]string, len(orders))
	for i, o := range orders {
		lines[i] = f.line(t, o, 1, "5", strp("5"), "0")
	}
	start := make(chan struct{})
	errs := make([]error, len(orders))
	var wg sync.WaitGroup
	for i, o := range orders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = f.pool.WithTx(f.ctx, func(q db.Q) error {
				if _, err := f.svc.lockForLineWrite(f.ctx, q, f.tenantID, o); err != nil {
					return err
				}
				return f.svc.reserveOrder(f.ctx, q, f.tenantID, o)
			})
		}()
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := f.reserved(t, orders...)
	if len(got) != 1 || f.available(t) != "0" {
		t.Fatalf("reserved %v (available %s): want exactly one line holding 5", got, f.available(t))
	}
	for _, v := range got {
		if v != "5" {
			t.Fatalf("reserved %v: want exactly one line holding 5", got)
		}
	}
}
