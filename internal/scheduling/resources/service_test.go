package resources

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
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
	return fixture{ctx: context.Background(), url: url, pool: pool, svc: NewService(pool), tenantID: tenantID}
}

func (f fixture) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := f.pool.ExecContext(f.ctx, query, args...); err != nil {
		t.Fatal(err)
	}
}

// department creates a department holding n work centers of two equipment each.
func (f fixture) department(t *testing.T, name string, n int) string {
	t.Helper()
	var wcs []string
	for i := range n {
		wc, err := f.svc.CreateWorkCenter(f.ctx, f.tenantID, WorkCenterWrite{Name: fmt.Sprintf("%s %d", name, i)})
		if err != nil {
			t.Fatal(err)
		}
		for j := range 2 {
			if _, err := f.svc.CreateEquipment(f.ctx, f.tenantID, EquipmentWrite{Name: fmt.Sprintf("%s %d.%d", name, i, j), Description: "x", WorkCenterID: &wc}); err != nil {
				t.Fatal(err)
			}
		}
		wcs = append(wcs, wc)
	}
	id, err := f.svc.CreateDepartment(f.ctx, f.tenantID, NewDepartment{Name: name, DepartmentUpdate: DepartmentUpdate{WorkCenterIDs: wcs}})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A page of departments costs three queries however many departments, work centers and
// equipment it holds (no query per department or work center).
func TestListsRunAFixedNumberOfQueriesPerPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.department(t, "A", 1)
	counted, statements := dbtest.Counting(t, f.url)
	svc := NewService(counted)
	for _, grow := range []string{"B", "C", "D", "E"} {
		statements.Store(0)
		list, err := svc.ListDepartments(f.ctx, f.tenantID, Filter{}, listing.Request{})
		if err != nil {
			t.Fatal(err)
		}
		if n := statements.Load(); n != 3 {
			t.Fatalf("listing %d departments ran %d queries, want 3", len(list), n)
		}
		for _, d := range list {
			if len(d.WorkCenters) == 0 || len(d.WorkCenters[0].Equipment) != 2 {
				t.Fatalf("department %s listed %+v", d.Name, d.WorkCenters)
			}
		}
		statements.Store(0)
		wcs, err := svc.ListWorkCenters(f.ctx, f.tenantID, Filter{}, listing.Request{})
		if err != nil {
			t.Fatal(err)
		}
		if n := statements.Load(); n != 2 {
			t.Fatalf("listing %d work centers ran %d queries, want 2", len(wcs), n)
		}
		f.department(t, grow, 3)
	}
}

func TestRefsAnswerOnlyLiveRecordsOfTheTenant(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	other := dbtest.Tenant(t, f.pool)
	live := f.department(t, "Machining", 1)
	gone := f.department(t, "Gone", 0)
	f.exec(t, `UPDATE departments SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, gone)
	foreign := ids.New()
	f.exec(t, `INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Theirs')`, other, foreign)

	depts, err := f.svc.DepartmentsByID(f.ctx, f.pool, f.tenantID, []string{live, gone, foreign, ids.New()})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]DepartmentRef{live: {ID: live, Name: "Machining"}}; !reflect.DeepEqual(depts, want) {
		t.Fatalf("departments %v, want %v", depts, want)
	}
	if none, err := f.svc.DepartmentsByID(f.ctx, f.pool, f.tenantID, nil); err != nil || len(none) != 0 {
		t.Fatalf("no ids: %v %v", none, err)
	}

	// Equipment: in the department through its work center; without a work center, or in a
	// work center without a department, its DepartmentID is ""; deleted ones are absent.
	d := func() Department {
		d, err := f.svc.GetDepartment(f.ctx, f.tenantID, live)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}()
	inDept := d.WorkCenters[0].Equipment[0]
	deletedEq := d.WorkCenters[0].Equipment[1]
	f.exec(t, `UPDATE equipment SET deleted = true WHERE tenant_id = $1 AND id = $2`, f.tenantID, deletedEq.ID)
	loose, err := f.svc.CreateEquipment(f.ctx, f.tenantID, EquipmentWrite{Name: "Loose", Description: "x"})
	if err != nil {
		t.Fatal(err)
	}
	wc, err := f.svc.CreateWorkCenter(f.ctx, f.tenantID, WorkCenterWrite{Name: "No department"})
	if err != nil {
		t.Fatal(err)
	}
	orphan, err := f.svc.CreateEquipment(f.ctx, f.tenantID, EquipmentWrite{Name: "Orphan", Description: "x", WorkCenterID: &wc})
	if err != nil {
		t.Fatal(err)
	}
	eqs, err := f.svc.EquipmentByID(f.ctx, f.pool, f.tenantID, []string{inDept.ID, deletedEq.ID, loose, orphan, ids.New()})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]EquipmentRef{
		inDept.ID: {ID: inDept.ID, Name: inDept.Name, WorkCenterID: *inDept.WorkCenterID, DepartmentID: live},
		loose:     {ID: loose, Name: "Loose"},
		orphan:    {ID: orphan, Name: "Orphan", WorkCenterID: wc},
	}
	if !reflect.DeepEqual(eqs, want) {
		t.Fatalf("equipment %v, want %v", eqs, want)
	}
	if none, err := f.svc.EquipmentByID(f.ctx, f.pool, other, []string{inDept.ID}); err != nil || len(none) != 0 {
		t.Fatalf("another tenant's lookup: %v %v", none, err)
	}
	// Work centers: live ones by id with their names; deleted and other tenants' are absent.
	goneWC, err := f.svc.CreateWorkCenter(f.ctx, f.tenantID, WorkCenterWrite{Name: "Gone work center"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.DeleteWorkCenter(f.ctx, f.tenantID, goneWC); err != nil {
		t.Fatal(err)
	}
	foreignWC := ids.New()
	f.exec(t, `INSERT INTO work_centers (tenant_id, id, name) VALUES ($1, $2, 'Theirs')`, other, foreignWC)
	wcs, err := f.svc.WorkCentersByID(f.ctx, f.pool, f.tenantID, []string{wc, goneWC, foreignWC, ids.New()})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]WorkCenterRef{wc: {ID: wc, Name: "No department"}}; !reflect.DeepEqual(wcs, want) {
		t.Fatalf("work centers %v, want %v", wcs, want)
	}
	if none, err := f.svc.WorkCentersByID(f.ctx, f.pool, f.tenantID, nil); err != nil || len(none) != 0 {
		t.Fatalf("no ids: %v %v", none, err)
	}
}
