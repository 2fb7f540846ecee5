package routing

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/scheduling/resources"
	"mos/internal/shared/settings"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
)

// treeFixture writes the records an estimate or can-make reads, with SQL, for one tenant.
type treeFixture struct {
	t        *testing.T
	ctx      context.Context
	pool     *db.Pool
	tenantID string
	unitID   string
	vendorID string
	shapeID  string
	seq      int
	// lines are the owners of type quotePartLine the fixture made (line), by id.
	lines map[string]bool
}

// line answers a new quote part line owner's id; the fixture's routing writes of it are of
// owner type quotePartLine.
func (f *treeFixture) line() string {
	id := ids.NewSub()
	if f.lines == nil {
		f.lines = map[string]bool{}
	}
	f.lines[id] = true
	return id
}

// ownerType is the routing owner type of ownerID: quotePartLine for a line, else item.
func (f *treeFixture) ownerType(ownerID string) string {
	if f.lines[ownerID] {
		return OwnerQuotePartLine
	}
	return OwnerItem
}

func newTreeFixture(t *testing.T, pool *db.Pool) *treeFixture {
	t.Helper()
	f := &treeFixture{t: t, ctx: context.Background(), pool: pool, tenantID: dbtest.Tenant(t, pool)}
	if err := pool.GetContext(f.ctx, &f.unitID, `SELECT id FROM units_of_measure WHERE tenant_id = $1 ORDER BY id LIMIT 1`, f.tenantID); err != nil {
		t.Fatal(err)
	}
	if err := pool.GetContext(f.ctx, &f.shapeID, `SELECT id FROM material_shapes WHERE tenant_id = $1 ORDER BY id LIMIT 1`, f.tenantID); err != nil {
		t.Fatal(err)
	}
	f.vendorID = ids.New()
	f.exec(`INSERT INTO vendors (tenant_id, id, name, currency_code) VALUES ($1, $2, 'Steel Co', 'USD')`, f.tenantID, f.vendorID)
	return f
}

func (f *treeFixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

// item adds an item of origin (make, buy, makeOrBuy) and answers its id.
func (f *treeFixture) item(number, origin string) string {
	id := ids.New()
	f.exec(`INSERT INTO items (tenant_id, id, number, item_origin, unit_of_measure_id, bar_code_number) VALUES ($1, $2, $3, $4, $5, $2)`,
		f.tenantID, id, number, origin, f.unitID)
	return id
}

// price gives the item a primary vendor detail at price per unit, with price breaks given as
// quantity, price pairs.
func (f *treeFixture) price(itemID, price string, breaks ...any) {
	detail := ids.NewSub()
	f.exec(`INSERT INTO item_vendor_details (tenant_id, id, item_id, vendor_id, price, is_primary, unit_of_measure_id, unit_quantity, inventory_unit_quantity)
		VALUES ($1, $2, $3, $4, $5, true, $6, 1, 1)`, f.tenantID, detail, itemID, f.vendorID, price, f.unitID)
	for i := 0; i < len(breaks); i += 2 {
		f.exec(`INSERT INTO item_vendor_price_breaks (tenant_id, vendor_detail_id, quantity, price, currency_code) VALUES ($1, $2, $3, $4, 'USD')`,
			f.tenantID, detail, breaks[i], breaks[i+1])
	}
}

func (f *treeFixture) workCenter(labor, machine, overhead string) string {
	id := ids.New()
	f.exec(`INSERT INTO work_centers (tenant_id, id, name, labor_rate, machine_rate, overhead_rate) VALUES ($1, $2, $3, $4, $5, $6)`,
		f.tenantID, id, "WC "+id, labor, machine, overhead)
	return id
}

// op is a routing operation of an item for the fixture; nil rates take the work center's.
type op struct {
	workCenterID   *string
	setup, run     string
	labor, machine *string
	outside        bool
	outsideCost    string
}

func (f *treeFixture) operation(itemID string, o op) {
	f.seq += 10
	if o.outsideCost == "" {
		o.outsideCost = "0"
	}
	f.exec(`INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, sequence, name, work_center_id,
		setup_time_minutes, run_time_minutes_per_unit, labor_rate, machine_rate, is_outside_processing, outside_cost)
		VALUES ($1, $2, $12, $3, $4, 'Step', $5, $6, $7, $8, $9, $10, $11)`,
		f.tenantID, ids.NewSub(), itemID, f.seq, o.workCenterID, o.setup, o.run, o.labor, o.machine, o.outside, o.outsideCost, f.ownerType(itemID))
}

func (f *treeFixture) input(ownerID, itemID, perUnit string) {
	f.exec(`INSERT INTO routing_input_items (tenant_id, id, owner_type, owner_id, item_id, quantity_per_unit) VALUES ($1, $2, $6, $3, $4, $5)`,
		f.tenantID, ids.NewSub(), ownerID, itemID, perUnit, f.ownerType(ownerID))
}

// material adds an input material of blanks of stock item itemID (nil: none).
func (f *treeFixture) material(ownerID string, itemID *string, piecesPerBlank int) {
	f.exec(`INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, material_shape_id, item_id, blank_length, pieces_per_blank)
		VALUES ($1, $2, $7, $3, $4, $5, 10, $6)`, f.tenantID, ids.NewSub(), ownerID, f.shapeID, itemID, piecesPerBlank, f.ownerType(ownerID))
}

// stock puts quantity of the item on hand, of which reserved is reserved (for a job): the
// balance keeps the sum of its reservation transactions, as the ledger writes them.
func (f *treeFixture) stock(itemID, quantity, reserved string) {
	f.exec(`INSERT INTO inventory_balances (tenant_id, id, item_id, quantity, reserved_quantity) VALUES ($1, $2, $3, $4, $5)`,
		f.tenantID, ids.New(), itemID, quantity, reserved)
	if reserved == "0" {
		return
	}
	event := ids.New()
	// A reservation event: it reserves units that stay on hand.
	f.exec(`INSERT INTO inventory_events (tenant_id, id, action_date, type, secondary_type, item_id, quantity, reserved_for_type, reserved_for_id)
		VALUES ($1, $2, now(), 'adjustment', 'reserve', $3, $4, 'job', $5)`, f.tenantID, event, itemID, reserved, ids.New())
	f.exec(`INSERT INTO inventory_transactions (tenant_id, id, event_id, item_id, quantity_change, reserved_change, balance_quantity, balance_value)
		VALUES ($1, $2, $3, $4, 0, $5, $6, 0)`, f.tenantID, ids.NewSub(), event, itemID, reserved, quantity)
}

func (f *treeFixture) overhead(method settings.OverheadMethod) {
	if _, err := settings.NewService(f.pool).SetCosting(f.ctx, f.tenantID, settings.Costing{OverheadCalculationMethod: method}); err != nil {
		f.t.Fatal(err)
	}
}

// newTreeService is the routing service wired to the real services it reads, on pool.
func newTreeService(pool *db.Pool) *Service {
	itemMaster := items.NewService(pool, items.Deps{})
	s := NewService(pool, Deps{
		Items: itemMaster, Settings: settings.NewService(pool), Rates: resources.NewService(pool), Costs: itemMaster,
		Stock: inventory.NewService(pool, nil, nil, nil),
	})
	s.Register(OwnerItem, OwnerKind{Exists: itemMaster.ExistsForRouting, Lock: itemMaster.LockForRouting})
	return s
}

func ptr(s string) *string { return &s }

// breakdownString prints an estimate as
// "item m/l/mc/o/oh | cumulative m/l/mc/o/oh | hours setup/labor/machine".
func breakdownString(b items.CostBreakdown) string {
	k := func(c items.CostKinds) string {
		return fmt.Sprintf("%s/%s/%s/%s/%s", c.Material, c.Labor, c.Machine, c.OutsideProcessing, c.Overhead)
	}
	return fmt.Sprintf("item %s | cumulative %s | hours %s/%s/%s", k(b.ItemLevel), k(b.Cumulative),
		b.SetupHours, b.LaborHours, b.MachineHours)
}

// TestEstimateCostRollsUpTheRoutingTree proves the estimate's formulas on hand-computed cases.
func TestEstimateCostRollsUpTheRoutingTree(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	cases := []struct {
		name     string
		quantity string
		build    func(f *treeFixture) string // answers the item to estimate
		want     string
	}{
		{
			// S = 30/60 = 0.5 h, R = 6 × 10 / 60 = 1 h. labor = 1.5 × 30 = 45; machine = 1 × 20 = 20;
			// overhead (labor burdened) = 10 × 1.5 = 15.
			name: "labor burdened at the work center's rates", quantity: "10",
			build: func(f *treeFixture) string {
				wc := f.workCenter("30", "20", "10")
				a := f.item("A", "make")
				f.operation(a, op{workCenterID: &wc, setup: "30", run: "6"})
				return a
			},
			want: "item 0/45/20/0/15 | cumulative 0/45/20/0/15 | hours 0.5/1.5/1",
		},
		{
			// As above but machine burdened: overhead = 10 × R = 10 × 1 = 10.
			name: "machine burdened", quantity: "10",
			build: func(f *treeFixture) string {
				f.overhead(settings.MachineBurdened)
				wc := f.workCenter("30", "20", "10")
				a := f.item("A", "make")
				f.operation(a, op{workCenterID: &wc, setup: "30", run: "6"})
				return a
			},
			want: "item 0/45/20/0/10 | cumulative 0/45/20/0/10 | hours 0.5/1.5/1",
		},
		{
			// Op 1 overrides the rates: labor 1.5 h × 40 = 60, machine 1 h × 0 = 0, overhead 10 × 1.5 = 15.
			// Op 2 has no work center: R = 5 × 10 / 60 h; labor = 50 × 12 / 60 = 10; machine and
			// overhead 0. Hours: setup 30/60 = 0.5; labor (90 + 50)/60 = 2.333333;
			// machine (60 + 50)/60 = 1.833333 (rounded once, to 6 places).
			name: "operation rates override the work center's", quantity: "10",
			build: func(f *treeFixture) string {
				wc := f.workCenter("30", "20", "10")
				a := f.item("A", "make")
				f.operation(a, op{workCenterID: &wc, setup: "30", run: "6", labor: ptr("40"), machine: ptr("0")})
				f.operation(a, op{setup: "0", run: "5", labor: ptr("12")})
				return a
			},
			want: "item 0/70/0/0/15 | cumulative 0/70/0/0/15 | hours 0.5/2.333333/1.833333",
		},
		{
			// outside = 2.5 × 10 = 25; its times cost and count nothing.
			name: "outside processing", quantity: "10",
			build: func(f *treeFixture) string {
				wc := f.workCenter("30", "20", "10")
				a := f.item("A", "make")
				f.operation(a, op{workCenterID: &wc, setup: "30", run: "6", outside: true, outsideCost: "2.5"})
				return a
			},
			want: "item 0/0/0/25/0 | cumulative 0/0/0/25/0 | hours 0/0/0",
		},
		{
			// blanks = ceil(10 / 4) = 3, priced for 3 units: the break at 3 (3.00) beats the
			// price 3.50: 3 × 3 = 9. The material without an item adds nothing.
			name: "materials by whole blanks", quantity: "10",
			build: func(f *treeFixture) string {
				m := f.item("M", "buy")
				f.price(m, "3.5", 3, "3")
				a := f.item("A", "make")
				f.material(a, &m, 4)
				f.material(a, nil, 1)
				return a
			},
			want: "item 9/0/0/0/0 | cumulative 9/0/0/0/0 | hours 0/0/0",
		},
		{
			// Labor 60/h, run 1 min/unit at every level. A ×4: labor 4 × 60/60 = 4, hours
			// 4/60 = 0.066667. B need 2 × 4 = 8: labor 8. C need 3 × 8 = 24: labor 24,
			// material ceil(24/2) = 12 blanks × 4 = 48; P need 0.5 × 24 = 12 × 1.25 = 15.
			// C cumulative 63 material + 24 labor; B adds 8 labor; A adds 4: 63 / 36.
			name: "three levels", quantity: "4",
			build: func(f *treeFixture) string {
				wc := f.workCenter("60", "0", "0")
				p := f.item("P", "buy")
				f.price(p, "1.25")
				m := f.item("M", "buy")
				f.price(m, "4")
				c := f.item("C", "make")
				f.operation(c, op{workCenterID: &wc, setup: "0", run: "1"})
				f.material(c, &m, 2)
				f.input(c, p, "0.5")
				b := f.item("B", "make")
				f.operation(b, op{workCenterID: &wc, setup: "0", run: "1"})
				f.input(b, c, "3")
				a := f.item("A", "make")
				f.operation(a, op{workCenterID: &wc, setup: "0", run: "1"})
				f.input(a, b, "2")
				return a
			},
			want: "item 0/4/0/0/0 | cumulative 63/36/0/0/0 | hours 0/0.066667/0.066667",
		},
		{
			// R ×2 takes P directly (2 × 2 = 4) and through S (need 2; S takes 3 × 2 = 6 of P),
			// 10 of P in all, so P is priced at its break for 10 (1.50, not 2): S cumulative
			// labor 2 × 1 × 60/60 = 2, material 6 × 1.5 = 9; R adds 4 × 1.5 = 6: material 15.
			name: "a component reached twice is priced for its total", quantity: "2",
			build: func(f *treeFixture) string {
				wc := f.workCenter("60", "0", "0")
				p := f.item("P", "buy")
				f.price(p, "2", 10, "1.5")
				s := f.item("S", "make")
				f.operation(s, op{workCenterID: &wc, setup: "0", run: "1"})
				f.input(s, p, "3")
				r := f.item("R", "make")
				f.input(r, s, "1")
				f.input(r, p, "2")
				return r
			},
			want: "item 0/0/0/0/0 | cumulative 15/2/0/0/0 | hours 0/0/0",
		},
		{
			// A made item without a routing (even with a vendor price) and a bought item
			// without a price cost 0.
			name: "inputs nothing prices", quantity: "5",
			build: func(f *treeFixture) string {
				x := f.item("X", "make")
				f.price(x, "5")
				y := f.item("Y", "buy")
				a := f.item("A", "make")
				f.input(a, x, "1")
				f.input(a, y, "1")
				return a
			},
			want: "item 0/0/0/0/0 | cumulative 0/0/0/0/0 | hours 0/0/0",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newTreeFixture(t, pool)
			itemID := c.build(f)
			got, err := svc.EstimateCost(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: itemID}, dec.MustParse(c.quantity))
			if err != nil {
				t.Fatal(err)
			}
			if s := breakdownString(got); s != c.want {
				t.Errorf("estimate = %s\n          want %s", s, c.want)
			}
			if got.Type != items.CostEstimated || got.Quantity.String() != c.quantity || len(got.ID) != 24 {
				t.Errorf("stored breakdown %+v", got)
			}
			var stored int
			if err := pool.GetContext(f.ctx, &stored, `SELECT count(*) FROM item_cost_breakdowns WHERE tenant_id = $1 AND item_id = $2 AND id = $3 AND type = 'estimated'`,
				f.tenantID, itemID, got.ID); err != nil || stored != 1 {
				t.Errorf("stored %d breakdowns (%v), want 1", stored, err)
			}
		})
	}
}

// TestEstimateCostQuantityBounds proves a quantity not above 0 or above 1000000 is refused.
func TestEstimateCostQuantityBounds(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	f := newTreeFixture(t, pool)
	a := f.item("A", "make")
	for _, q := range []string{"0", "-1", "1000000.000001"} {
		if _, err := svc.EstimateCost(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: a}, dec.MustParse(q)); err == nil {
			t.Errorf("quantity %s accepted", q)
		}
	}
	if _, err := svc.EstimateCost(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: a}, dec.MustParse("1000000")); err != nil {
		t.Errorf("quantity 1000000: %v", err)
	}
}

// TestEstimateAndCanMakeRunAFixedNumberOfStatements proves the tree is read in the same number
// of statements for one level as for four levels with a shared component.
func TestEstimateAndCanMakeRunAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	counted, statements := dbtest.Counting(t, url)
	svc := newTreeService(counted)
	f := newTreeFixture(t, pool)
	wc := f.workCenter("60", "10", "5")
	p := f.item("P", "buy")
	f.price(p, "2")
	f.stock(p, "100", "0")
	flat := f.item("Flat", "make")
	f.operation(flat, op{workCenterID: &wc, setup: "1", run: "1"})
	f.input(flat, p, "1")
	deep := f.item("Deep", "make")
	parent := deep
	for level := range 4 {
		child := f.item(fmt.Sprintf("L%d", level), "make")
		f.operation(child, op{workCenterID: &wc, setup: "1", run: "1"})
		f.material(child, &p, 2)
		f.input(child, p, "1")
		f.input(parent, child, "2")
		f.input(parent, p, "1")
		parent = child
	}
	count := func(run func(o Owner) error) map[string]int64 {
		out := map[string]int64{}
		for name, id := range map[string]string{"flat": flat, "deep": deep} {
			before := statements.Load()
			if err := run(Owner{Type: OwnerItem, ID: id}); err != nil {
				t.Fatal(err)
			}
			out[name] = statements.Load() - before
		}
		return out
	}
	est := count(func(o Owner) error {
		_, err := svc.EstimateCost(f.ctx, f.tenantID, o, dec.MustParse("3"))
		return err
	})
	if est["flat"] != est["deep"] {
		t.Errorf("estimate ran %d statements for one level, %d for four", est["flat"], est["deep"])
	}
	can := count(func(o Owner) error {
		_, err := svc.CanMake(f.ctx, f.tenantID, o)
		return err
	})
	if can["flat"] != can["deep"] {
		t.Errorf("can-make ran %d statements for one level, %d for four", can["flat"], can["deep"])
	}
}

// TestCanMakeExplodesTheRoutingWithOneStockPool proves can-make on hand-computed cases.
func TestCanMakeExplodesTheRoutingWithOneStockPool(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	cases := []struct {
		name  string
		build func(f *treeFixture) string
		want  string // "quantity [number required/available ...]"
	}{
		{
			// A: 7 / 2 = 3.5, B: 5 / 1 = 5, so 3. Making 4 takes 8 of A (7) and 4 of B (5).
			name: "single level",
			build: func(f *treeFixture) string {
				a, b := f.item("A", "buy"), f.item("B", "buy")
				f.stock(a, "7", "0")
				f.stock(b, "5", "0")
				r := f.item("R", "make")
				f.input(r, a, "2")
				f.input(r, b, "1")
				return r
			},
			want: "3 [A 8/7]",
		},
		{
			// ceil(n / 4) blanks of M ≤ 2 gives 8; 9 takes 3 blanks. A (100) does not limit.
			name: "limited by a material",
			build: func(f *treeFixture) string {
				m, a := f.item("M", "buy"), f.item("A", "buy")
				f.stock(m, "2", "0")
				f.stock(a, "100", "0")
				r := f.item("R", "make")
				f.material(r, &m, 4)
				f.material(r, nil, 1)
				f.input(r, a, "1")
				return r
			},
			want: "8 [M 3/2]",
		},
		{
			// n of R needs 2n of S: 3 from stock, 2n − 3 made from 1.5 × (2n − 3) of P ≤ 9, so
			// 2n − 3 ≤ 6, n ≤ 4.5: 4. Making 5 makes 7 of S, taking 10.5 of P (9).
			name: "a sub-assembly from its own stock, then made",
			build: func(f *treeFixture) string {
				p := f.item("P", "buy")
				f.stock(p, "9", "0")
				s := f.item("S", "make")
				f.stock(s, "3", "0")
				f.input(s, p, "1.5")
				r := f.item("R", "make")
				f.input(r, s, "2")
				return r
			},
			want: "4 [P 10.5/9]",
		},
		{
			// P feeds S (2 per S) and R directly (1 per R): 3n ≤ 12 from one pool gives 4
			// (each branch alone would allow 6 and 12). Making 5 takes 15 of P.
			name: "a shared component draws from one pool",
			build: func(f *treeFixture) string {
				p := f.item("P", "buy")
				f.stock(p, "12", "0")
				s := f.item("S", "make")
				f.input(s, p, "2")
				r := f.item("R", "make")
				f.input(r, s, "1")
				f.input(r, p, "1")
				return r
			},
			want: "4 [P 15/12]",
		},
		{
			// 10 on hand, 4 reserved: 6 available, so 6; 7 takes 7 of A.
			name: "reserved stock is not counted",
			build: func(f *treeFixture) string {
				a := f.item("A", "buy")
				f.stock(a, "10", "4")
				r := f.item("R", "make")
				f.input(r, a, "1")
				return r
			},
			want: "6 [A 7/6]",
		},
		{
			// An input without stock or routing: nothing can be made.
			name: "an input without stock",
			build: func(f *treeFixture) string {
				a := f.item("A", "buy")
				r := f.item("R", "make")
				f.input(r, a, "1")
				return r
			},
			want: "0 [A 1/0]",
		},
		{
			// Only operations, and a component made of operations only: nothing consumes stock.
			name: "nothing consumes stock",
			build: func(f *treeFixture) string {
				s := f.item("S", "make")
				f.operation(s, op{setup: "1", run: "1"})
				r := f.item("R", "make")
				f.operation(r, op{setup: "1", run: "1"})
				f.input(r, s, "1")
				f.material(r, nil, 1)
				return r
			},
			want: "null []",
		},
		{
			// No routing at all.
			name: "no routing",
			build: func(f *treeFixture) string {
				return f.item("R", "make")
			},
			want: "null []",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newTreeFixture(t, pool)
			itemID := c.build(f)
			got, err := svc.CanMake(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: itemID})
			if err != nil {
				t.Fatal(err)
			}
			s := "null"
			if got.Quantity != nil {
				s = fmt.Sprint(*got.Quantity)
			}
			s += " ["
			for i, l := range got.Limits {
				if i > 0 {
					s += " "
				}
				s += fmt.Sprintf("%s %s/%s", l.ItemNumber, l.RequiredForNext, l.Available)
			}
			s += "]"
			if s != c.want {
				t.Errorf("can make %s, want %s", s, c.want)
			}
		})
	}
}

// TestEstimateAndCanMakeWalkSharedLevelsOnce proves a routing whose every level takes the
// next level twice (2^40 paths to the bottom) is costed and exploded per level, not per path:
// 1 of the top takes 2^40 = 1099511627776 of P at 1 each; 2^41 of P on hand make 2.
func TestEstimateAndCanMakeWalkSharedLevelsOnce(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	f := newTreeFixture(t, pool)
	p := f.item("P", "buy")
	f.price(p, "1")
	f.stock(p, "2199023255552", "0")
	below := p
	for level := range 40 {
		above := f.item(fmt.Sprintf("L%02d", level), "make")
		f.input(above, below, "1")
		f.input(above, below, "1")
		below = above
	}
	got, err := svc.EstimateCost(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: below}, dec.MustParse("1"))
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Cumulative.Material.String(); s != "1099511627776" {
		t.Errorf("cumulative material %s, want 1099511627776", s)
	}
	can, err := svc.CanMake(f.ctx, f.tenantID, Owner{Type: OwnerItem, ID: below})
	if err != nil {
		t.Fatal(err)
	}
	if can.Quantity == nil || *can.Quantity != 2 {
		t.Errorf("can make %v, want 2", can.Quantity)
	}
}
