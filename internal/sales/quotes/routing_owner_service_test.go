package quotes

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/scheduling/resources"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// routingFixture is a tenant with a quote of one part line, the routing service with items and
// quote part lines registered as owners, and the quotes service reading through it.
type routingFixture struct {
	t                                  *testing.T
	ctx                                context.Context
	pool                               *db.Pool
	tenantID                           string
	quoteID, itemID, lineID, routingID string
	routings                           *routing.Service
	svc                                *Service
}

func newRoutingFixture(t *testing.T) *routingFixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	f := &routingFixture{t: t, ctx: context.Background(), pool: pool, tenantID: dbtest.Tenant(t, pool)}
	f.quoteID, f.itemID = quoteFixture(t, pool, f.tenantID, "USD")
	f.lineID, f.routingID = ids.NewSub(), ids.NewSub()
	f.exec(`INSERT INTO quote_part_lines (tenant_id, quote_id, id, routing_id, line_number, item_id, quantity, unit_of_measure_name, unit_price)
		VALUES ($1, $2, $3, $4, 1, $5, 10, 'Each', 0)`, f.tenantID, f.quoteID, f.lineID, f.routingID, f.itemID)
	itemMaster := items.NewService(pool, items.Deps{})
	f.routings = routing.NewService(pool, routing.Deps{
		Items: itemMaster, Settings: settings.NewService(pool), Rates: resources.NewService(pool), Costs: itemMaster,
	})
	f.routings.Register(routing.OwnerItem, routing.OwnerKind{Exists: itemMaster.ExistsForRouting, Lock: itemMaster.LockForRouting,
		MakesItem: itemMaster.MakesItemForRouting, Changed: itemMaster.RoutingChanged})
	f.svc = NewService(pool, Deps{Routings: f.routings})
	f.routings.Register(routing.OwnerQuotePartLine, routing.OwnerKind{Exists: f.svc.ExistsForRouting, Lock: f.svc.LockForRouting,
		MakesItem: f.svc.MakesItemForRouting, Changed: f.svc.RoutingChanged})
	return f
}

func (f *routingFixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

func (f *routingFixture) owner() routing.Owner {
	return routing.Owner{Type: routing.OwnerQuotePartLine, ID: f.lineID}
}

// versions answers the line's and the quote's versions.
func (f *routingFixture) versions() (line, quote int64) {
	f.t.Helper()
	if err := f.pool.QueryRowxContext(f.ctx, `SELECT l.version, q.version FROM quote_part_lines l JOIN quotes q ON q.tenant_id = l.tenant_id AND q.id = l.quote_id
		WHERE l.tenant_id = $1 AND l.id = $2`, f.tenantID, f.lineID).Scan(&line, &quote); err != nil {
		f.t.Fatal(err)
	}
	return line, quote
}

// A line's routing is edited through the routing service like an item's; each change
// advances the line and its quote, leaves the line's price alone, and never touches the
// item's routing (nor does an item routing change touch the line's).
func TestLineRoutingEditsAdvanceTheLineAndQuoteAndNotTheItem(t *testing.T) {
	t.Parallel()
	f := newRoutingFixture(t)
	name := "Mill"
	itemOp, err := f.routings.CreateOperation(f.ctx, f.tenantID, routing.Owner{Type: routing.OwnerItem, ID: f.itemID}, routing.Write{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.pool.WithTx(f.ctx, func(q db.Q) error {
		return f.routings.Copy(f.ctx, q, f.tenantID, routing.Owner{Type: routing.OwnerItem, ID: f.itemID}, f.owner())
	}); err != nil {
		t.Fatal(err)
	}
	line0, quote0 := f.versions()
	r, err := f.routings.Routing(f.ctx, f.tenantID, f.owner())
	if err != nil || len(r.Operations) != 1 || r.Operations[0].ID == itemOp {
		t.Fatalf("line routing %+v (%v): want a copy of the item's one operation", r.Operations, err)
	}
	renamed := "Line mill"
	if _, err := f.routings.UpdateOperation(f.ctx, f.tenantID, f.owner(), r.Operations[0].ID, routing.Write{Name: &renamed}); err != nil {
		t.Fatal(err)
	}
	if line, quote := f.versions(); line != line0+1 || quote != quote0+1 {
		t.Errorf("versions line %d→%d, quote %d→%d: want each advanced once", line0, line, quote0, quote)
	}
	item, err := f.routings.Operation(f.ctx, f.tenantID, routing.Owner{Type: routing.OwnerItem, ID: f.itemID}, itemOp)
	if err != nil || item.Name != "Mill" {
		t.Errorf("item's operation %q (%v) after the line's edit", item.Name, err)
	}
	other := "Item lathe"
	if _, err := f.routings.UpdateOperation(f.ctx, f.tenantID, routing.Owner{Type: routing.OwnerItem, ID: f.itemID}, itemOp, routing.Write{Name: &other}); err != nil {
		t.Fatal(err)
	}
	if op, err := f.routings.Operation(f.ctx, f.tenantID, f.owner(), r.Operations[0].ID); err != nil || op.Name != "Line mill" {
		t.Errorf("line's operation %q (%v) after the item's edit", op.Name, err)
	}
	var price string
	if err := f.pool.GetContext(f.ctx, &price, `SELECT unit_price::text FROM quote_part_lines WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.lineID); err != nil || price != "0" {
		t.Errorf("line price %s (%v): a routing change does not re-price the line", price, err)
	}
}

// The line must be the input of nothing it makes: its routing may not consume its own item.
func TestLineRoutingRefusesTheLinesOwnItemAsInput(t *testing.T) {
	t.Parallel()
	f := newRoutingFixture(t)
	_, err := f.routings.CreateInputItem(f.ctx, f.tenantID, f.owner(), routing.InputItemWrite{ItemID: f.itemID, QuantityPerUnit: pdec.MustParse("1")})
	if e, ok := apperr.As(err); !ok || e.Fields["itemId"] == nil {
		t.Fatalf("input of the line's own item: %v, want 400 naming itemId", err)
	}
}

// A deleted quote's line routing stays readable and refuses every edit (404); a routing id
// that is not the line's, or a line asked through another quote, is 404.
func TestLineRoutingOwnerChecks(t *testing.T) {
	t.Parallel()
	f := newRoutingFixture(t)
	if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, f.quoteID, f.lineID, f.routingID); err != nil {
		t.Fatalf("the line's own routing: %v", err)
	}
	otherQuote := ids.New()
	f.exec(`INSERT INTO quotes (tenant_id, id, number, customer_id, currency_code, expiration_date)
		SELECT tenant_id, $3, 2, customer_id, currency_code, expiration_date FROM quotes WHERE tenant_id = $1 AND id = $2`,
		f.tenantID, f.quoteID, otherQuote)
	for name, c := range map[string][3]string{
		"another routing id": {f.quoteID, f.lineID, ids.NewSub()},
		"another quote":      {otherQuote, f.lineID, f.routingID},
		"unknown line":       {f.quoteID, ids.NewSub(), f.routingID},
	} {
		if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, c[0], c[1], c[2]); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: %v, want NotFound", name, err)
		}
	}
	if _, err := f.svc.lineRoutingOwner(f.ctx, dbtest.Tenant(t, f.pool), f.quoteID, f.lineID, f.routingID); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant: %v, want NotFound", err)
	}
	f.exec(`UPDATE quotes SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.quoteID)
	if _, err := f.svc.lineRoutingOwner(f.ctx, f.tenantID, f.quoteID, f.lineID, f.routingID); err != nil {
		t.Errorf("a deleted quote's line: %v, want it found", err)
	}
	if _, err := f.routings.Routing(f.ctx, f.tenantID, f.owner()); err != nil {
		t.Errorf("reading a deleted quote's line routing: %v", err)
	}
	name := "Saw"
	if _, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), routing.Write{Name: &name}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("editing a deleted quote's line routing: %v, want NotFound", err)
	}
}
