package jobs

import (
	"context"
	"slices"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/scheduling/resources"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// jobRoutingFixture is a tenant with a planned job making one item, the routing service with
// items and items to make registered as owners, and the jobs service reading through it.
type jobRoutingFixture struct {
	t                             *testing.T
	ctx                           context.Context
	pool                          *db.Pool
	tenantID, jobID, itemToMakeID string
	routings                      *routing.Service
	svc                           *Service
}

func newJobRoutingFixture(t *testing.T) *jobRoutingFixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	f := &jobRoutingFixture{t: t, ctx: context.Background(), pool: pool, tenantID: dbtest.Tenant(t, pool), jobID: ids.New(), itemToMakeID: ids.NewSub()}
	itemID := ids.New()
	f.exec(`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, 'BRKT', 'make', $2)`, f.tenantID, itemID)
	f.exec(`INSERT INTO jobs (tenant_id, id, number) VALUES ($1, $2, 1)`, f.tenantID, f.jobID)
	f.exec(`INSERT INTO job_items_to_make (tenant_id, job_id, id, routing_id, position, item_id, quantity)
		VALUES ($1, $2, $3, $4, 1, $5, 4)`, f.tenantID, f.jobID, f.itemToMakeID, ids.NewSub(), itemID)
	itemMaster := items.NewService(pool, items.Deps{})
	f.routings = routing.NewService(pool, routing.Deps{
		Items: itemMaster, Settings: settings.NewService(pool), Rates: resources.NewService(pool), Costs: itemMaster,
		TrackingFields: trackingfields.NewService(pool),
	})
	f.routings.Register(routing.OwnerItem, routing.OwnerKind{Exists: itemMaster.ExistsForRouting, Lock: itemMaster.LockForRouting,
		MakesItem: itemMaster.MakesItemForRouting, Changed: itemMaster.RoutingChanged})
	f.svc = NewService(pool, Deps{Routings: f.routings, Items: itemMaster})
	f.routings.Register(routing.OwnerJobItemToMake, routing.OwnerKind{Exists: f.svc.ExistsForRouting, Lock: f.svc.LockForRouting,
		MakesItem: f.svc.MakesItemForRouting, Changed: f.svc.RoutingChanged})
	return f
}

func (f *jobRoutingFixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

func (f *jobRoutingFixture) owner() routing.Owner {
	return routing.Owner{Type: routing.OwnerJobItemToMake, ID: f.itemToMakeID}
}

// operationRows answers the ids of the job's operation rows, sorted.
func (f *jobRoutingFixture) operationRows() []string {
	f.t.Helper()
	var out []string
	if err := f.pool.SelectContext(f.ctx, &out, `SELECT id FROM job_operations WHERE tenant_id = $1 AND job_id = $2 ORDER BY id`,
		f.tenantID, f.jobID); err != nil {
		f.t.Fatal(err)
	}
	return out
}

// versions answers the item to make's and the job's versions.
func (f *jobRoutingFixture) versions() (itemToMake, job int64) {
	f.t.Helper()
	if err := f.pool.QueryRowxContext(f.ctx, `SELECT m.version, j.version FROM job_items_to_make m
		JOIN jobs j ON j.tenant_id = m.tenant_id AND j.id = m.job_id WHERE m.tenant_id = $1 AND m.id = $2`,
		f.tenantID, f.itemToMakeID).Scan(&itemToMake, &job); err != nil {
		f.t.Fatal(err)
	}
	return itemToMake, job
}

// An item to make's routing edits keep the job's operation rows in step with the routing
// (a row per added operation, none for a removed one) and advance the item to make's and the
// job's versions.
func TestItemToMakeRoutingEditsKeepTheJobOperationRows(t *testing.T) {
	t.Parallel()
	f := newJobRoutingFixture(t)
	name := func(s string) routing.Write { return routing.Write{Name: &s} }
	cut, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), name("Cut"))
	if err != nil {
		t.Fatal(err)
	}
	weld, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), name("Weld"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{cut, weld}
	slices.Sort(want)
	if got := f.operationRows(); !slices.Equal(got, want) {
		t.Fatalf("operation rows %v, want %v", got, want)
	}
	itemBefore, jobBefore := f.versions()
	if _, err := f.routings.DeleteOperation(f.ctx, f.tenantID, f.owner(), cut); err != nil {
		t.Fatal(err)
	}
	if got := f.operationRows(); !slices.Equal(got, []string{weld}) {
		t.Fatalf("operation rows after the delete %v, want [%s]", got, weld)
	}
	if itemAfter, jobAfter := f.versions(); itemAfter <= itemBefore || jobAfter <= jobBefore {
		t.Fatalf("versions %d %d after %d %d: the edit did not advance them", itemAfter, jobAfter, itemBefore, jobBefore)
	}
}

// The routing of an item to make is read in every status but edited only until the item to
// make or its job is done.
func TestItemToMakeRoutingIsReadOnlyOnceDone(t *testing.T) {
	t.Parallel()
	f := newJobRoutingFixture(t)
	op := "Deburr"
	for _, c := range []struct{ table, id, status string }{
		{"jobs", f.jobID, "complete"}, {"jobs", f.jobID, "cancelled"}, {"job_items_to_make", f.itemToMakeID, "complete"},
	} {
		f.exec(`UPDATE jobs SET status = 'released' WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.jobID)
		f.exec(`UPDATE job_items_to_make SET status = 'open' WHERE tenant_id = $1 AND id = $2`, f.tenantID, f.itemToMakeID)
		f.exec(`UPDATE `+c.table+` SET status = $3 WHERE tenant_id = $1 AND id = $2`, f.tenantID, c.id, c.status)
		_, err := f.routings.CreateOperation(f.ctx, f.tenantID, f.owner(), routing.Write{Name: &op})
		if !apperr.IsKind(err, apperr.KindInvalid) {
			t.Fatalf("%s %s: edit answered %v, want a 400", c.table, c.status, err)
		}
		if _, err := f.routings.Routing(f.ctx, f.tenantID, f.owner()); err != nil {
			t.Fatalf("%s %s: read answered %v", c.table, c.status, err)
		}
	}
	_, err := f.routings.Routing(f.ctx, f.tenantID, routing.Owner{Type: routing.OwnerJobItemToMake, ID: ids.NewSub()})
	if !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("an unknown item to make's routing answered %v", err)
	}
}
