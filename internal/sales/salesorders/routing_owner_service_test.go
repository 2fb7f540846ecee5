package salesorders

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/scheduling/resources"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// soRoutingFixture is a tenant with a sales order of one part line, the routing service with
// items and sales order part lines registered as owners, and the sales orders service reading
// through it.
type soRoutingFixture struct {
	t                                  *testing.T
	ctx                                context.Context
	pool                               *db.Pool
	tenantID                           string
	orderID, itemID, lineID, routingID string
	routings                           *routing.Service
	svc                                *Service
}

func newSORoutingFixture(t *testing.T) *soRoutingFixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	f := &soRoutingFixture{t: t, ctx: context.Background(), pool: pool, tenantID: dbtest.Tenant(t, pool)}
	f.orderID, f.itemID = orderFixture(t, pool, f.tenantID, "USD")
	f.lineID, f.routingID = ids.NewSub(), ids.NewSub()
	f.exec(`INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity, unit_of_measure_name, unit_price)
		VALUES ($1, $2, $3, $4, 1, $5, 10, 'Each', 7)`, f.tenantID, f.orderID, f.lineID, f.routingID, f.itemID)
	itemMaster := items.NewService(pool, items.Deps{})
	f.routings = routing.NewService(pool, routing.Deps{
		Items: itemMaster, Settings: settings.NewService(pool), Rates: resources.NewService(pool), Costs: itemMaster,
		TrackingFields: trackingfields.NewService(pool),
	})
	f.routings.Register(routing.OwnerItem, routing.OwnerKind{Exists: itemMaster.ExistsForRouting, Lock: itemMaster.LockForRouting,
		MakesItem: itemMaster.MakesItemForRouting, Changed: itemMaster.RoutingChanged})
	f.svc = NewService(pool, Deps{Routings: f.routings})
	f.routings.Register(routing.OwnerSalesOrderPartLine, routing.OwnerKind{Exists: f.svc.ExistsForRouting, Lock: f.svc.LockForRouting,
		MakesItem: f.svc.MakesItemForRouting, Changed: f.svc.RoutingChanged})
	return f
}

func (f *soRoutingFixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

func (f *soRoutingFixture) owner() routing.Owner {
	return routing.Owner{Type: routing.OwnerSalesOrderPartLine, ID: f.lineID}
}

func (f *soRoutingFixture) setStatus(s Status) {
	f.exec(`UPDATE sales_orders SET status = $3 WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.orderID, s)
}

// versions answers the line's and the order's versions.
func (f *soRoutingFixture) versions() (line, order int64) {
	f.t.Helper()
	if err := f.pool.QueryRowxContext(f.ctx, `SELECT l.version, o.version FROM sales_order_part_lines l
		JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
		WHERE l.tenant_id = $1 AND l.id = $2`, f.tenantID, f.lineID).Scan(&line, &order); err != nil {
		f.t.Fatal(err)
	}
	return line, order
}

// trackingField stores an in-process tracking field and answers its id.
func (f *soRoutingFixture) trackingField() string {
	id := ids.New()
	f.exec(`INSERT INTO in_process_tracking_fields (tenant_id, id, name, data_type) VALUES ($1, $2, $3, 'number')`, f.tenantID, id, "Bore "+id)
	return id
}

// component stores a bought item a routing may consume and answers its id.
func (f *soRoutingFixture) component() string {
	id := ids.New()
	f.exec(`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $3, 'buy', $2)`, f.tenantID, id, "C-"+id)
	return id
}

// A line's routing is edited through the routing service like an item's; each change advances
// the line and its order once, leaves the line's price alone, and never touches the item's
// routing.
func TestSalesOrderLineRoutingEditsAdvanceTheLineAndOrder(t *testing.T) {
	t.Parallel()
	f := newSORoutingFixture(t)
	item := routing.Owner{Type: routing.OwnerItem, ID: f.itemID}
	name := "Mill"
	itemOp, err := f.routings.CreateOperation(f.ctx, f.tenantID, item, routing.Write{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pool.WithTx(f.ctx, func(q db.Q) error { return f.routings.Copy(f.ctx, q, f.tenantID, item, f.owner()) }); err != nil {
		t.Fatal(err)
	}
	line0, order0 := f.versions()
	r, err := f.routings.Routing(f.ctx, f.tenantID, f.owner())
	if err != nil || len(r.Operations) != 1 || r.Operations[0].ID == itemOp {
		t.Fatalf("line routing %+v (%v): want a copy of the item's one operation", r.Operations, err)
	}
	renamed := "Line mill"
	if _, err := f.routings.UpdateOperation(f.ctx, f.tenantID, f.owner(), r.Operations[0].ID, routing.Write{Name: &renamed}); err != nil {
		t.Fatal(err)
	}
	if line, order := f.versions(); line != line0+1 || order != order0+1 {
		t.Errorf("versions line %d→%d, order %d→%d: want each advanced once", line0, line, order0, order)
	}
	if op, err := f.routings.Operation(f.ctx, f.tenantID, item, itemOp); err != nil || op.Name != "Mill" {
		t.Errorf("item's operation %q (%v) after the line's edit", op.Name, err)
	}
	var price string
	if err := f.pool.GetContext(f.ctx, &price, `SELECT unit_price::text FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, f.lineID); err != nil || price != "7" {
		t.Errorf("line price %s (%v): a routing change does not re-price the line", price, err)
	}
	if _, err := f.routings.CreateInputItem(f.ctx, f.tenantID, f.owner(), routing.InputItemWrite{ItemID: f.itemID, QuantityPerUnit: pdec.MustParse("1")}); err == nil {
		t.Error("the line's own item as an input of its routing: accepted, want 400")
	} else if e, ok := apperr.As(err); !ok || e.Fields["itemId"] == nil {
		t.Errorf("the line's own item as an input: %v, want 400 naming itemId", err)
	}
}

// Every kind of routing edit (operation, tracking, input item: create, update, delete) needs
// the order draft or approved, checked under the order's lock: 400 in the other statuses,
// with nothing changed; reads answer in every status.
func TestSalesOrderLineRoutingEditableOnlyWhileDraftOrApproved(t *testing.T) {
	t.Parallel()
	f := newSORoutingFixture(t)
	name := "Saw"
	opID, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), routing.Write{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	fieldID := f.trackingField()
	trID, err := f.routings.CreateTracking(f.ctx, f.tenantID, f.owner(), opID, routing.PhaseFinal, routing.TrackingWrite{TrackingFieldID: fieldID})
	if err != nil {
		t.Fatal(err)
	}
	inID, err := f.routings.CreateInputItem(f.ctx, f.tenantID, f.owner(), routing.InputItemWrite{ItemID: f.component(), QuantityPerUnit: pdec.MustParse("2")})
	if err != nil {
		t.Fatal(err)
	}
	edits := map[string]func() error{
		"create operation": func() error {
			_, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), routing.Write{Name: &name})
			return err
		},
		"update operation": func() error {
			_, err := f.routings.UpdateOperation(f.ctx, f.tenantID, f.owner(), opID, routing.Write{Name: &name})
			return err
		},
		"delete operation": func() error {
			_, err := f.routings.DeleteOperation(f.ctx, f.tenantID, f.owner(), ids.NewSub())
			return err
		},
		"create tracking": func() error {
			_, err := f.routings.CreateTracking(f.ctx, f.tenantID, f.owner(), opID, routing.PhaseSetup, routing.TrackingWrite{TrackingFieldID: f.trackingField()})
			return err
		},
		"delete tracking": func() error {
			_, err := f.routings.DeleteTracking(f.ctx, f.tenantID, f.owner(), opID, routing.PhaseSetup, ids.NewSub())
			return err
		},
		"create input item": func() error {
			_, err := f.routings.CreateInputItem(f.ctx, f.tenantID, f.owner(), routing.InputItemWrite{ItemID: f.component(), QuantityPerUnit: pdec.MustParse("1")})
			return err
		},
		"update input item": func() error {
			_, err := f.routings.UpdateInputItem(f.ctx, f.tenantID, f.owner(), inID, routing.InputItemWrite{ItemID: f.component(), QuantityPerUnit: pdec.MustParse("3")})
			return err
		},
		"delete input item": func() error {
			_, err := f.routings.DeleteInputItem(f.ctx, f.tenantID, f.owner(), ids.NewSub())
			return err
		},
	}
	for _, status := range Statuses {
		f.setStatus(status)
		editable := status == StatusDraft || status == StatusApproved
		for name, edit := range edits {
			line0, order0 := f.versions()
			err := edit()
			switch {
			case editable && err != nil:
				t.Errorf("%s while %s: %v, want it done", name, status, err)
			case !editable && !apperr.IsKind(err, apperr.KindInvalid):
				t.Errorf("%s while %s: %v, want 400", name, status, err)
			case !editable:
				if line, order := f.versions(); line != line0 || order != order0 {
					t.Errorf("%s while %s: refused but versions moved", name, status)
				}
			}
		}
		if _, err := f.routings.Routing(f.ctx, f.tenantID, f.owner()); err != nil {
			t.Errorf("reading the routing while %s: %v", status, err)
		}
		if _, err := f.routings.Tracking(f.ctx, f.tenantID, f.owner(), opID, routing.PhaseFinal, trID); err != nil {
			t.Errorf("reading a tracking while %s: %v", status, err)
		}
		if _, err := f.routings.InputItem(f.ctx, f.tenantID, f.owner(), inID); err != nil {
			t.Errorf("reading an input item while %s: %v", status, err)
		}
	}
}

// A status change waits for a routing edit that holds the order's lock, so the edit never
// lands on an order that has meanwhile left draft or approved.
func TestSalesOrderLineRoutingStatusIsReadUnderTheOrdersLock(t *testing.T) {
	t.Parallel()
	f := newSORoutingFixture(t)
	err := f.pool.WithTx(f.ctx, func(q db.Q) error {
		ok, err := f.svc.LockForRouting(f.ctx, q, f.tenantID, f.lineID)
		if err != nil || !ok {
			t.Fatalf("lock a draft order's line: %v, %v", ok, err)
		}
		// Another transaction cannot take the order's row while the edit holds it.
		var locked bool
		if err := f.pool.QueryRowxContext(f.ctx, `SELECT NOT EXISTS (SELECT 1 FROM sales_orders WHERE tenant_id = $1 AND id = $2 FOR UPDATE SKIP LOCKED)`,
			f.tenantID, f.orderID).Scan(&locked); err != nil {
			return err
		}
		if !locked {
			t.Error("the order's row is not locked by the routing edit")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A deleted order's line routing stays readable and refuses every edit (404); a routing id
// that is not the line's, or a line asked through another order or tenant, is 404.
func TestSalesOrderLineRoutingOwnerChecks(t *testing.T) {
	t.Parallel()
	f := newSORoutingFixture(t)
	if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, f.orderID, f.lineID, f.routingID); err != nil {
		t.Fatalf("the line's own routing: %v", err)
	}
	otherOrder := ids.New()
	f.exec(`INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, ordered_date)
		SELECT tenant_id, $3, 2, customer_id, currency_code, ordered_date FROM sales_orders WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, f.orderID, otherOrder)
	for name, c := range map[string][3]string{
		"another routing id": {f.orderID, f.lineID, ids.NewSub()},
		"another order":      {otherOrder, f.lineID, f.routingID},
		"unknown line":       {f.orderID, ids.NewSub(), f.routingID},
	} {
		if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, c[0], c[1], c[2]); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: %v, want NotFound", name, err)
		}
	}
	if _, err := f.svc.lineRoutingOwner(f.ctx, dbtest.Tenant(t, f.pool), f.orderID, f.lineID, f.routingID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant: %v, want NotFound", err)
	}
	f.exec(`UPDATE sales_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.orderID)
	if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, f.orderID, f.lineID, f.routingID); err != nil {
		t.Errorf("a deleted order's line: %v, want it found", err)
	}
	if _, err := f.routings.Routing(f.ctx, f.tenantID, f.owner()); err != nil {
		t.Errorf("reading a deleted order's line routing: %v", err)
	}
	name := "Saw"
	if _, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), routing.Write{Name: &name}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("editing a deleted order's line routing: %v, want NotFound", err)
	}
}
