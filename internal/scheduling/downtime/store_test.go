package downtime

import (
	"context"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: an end
// before the start, unknown departments or equipment, and repeats are never stored.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	departmentID, workCenterID, equipmentID := ids.New(), ids.New(), ids.New()
	for _, f := range []struct {
		query string
		args  []any
	}{
		{`INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Machining')`, []any{tenantID, departmentID}},
		{`INSERT INTO work_centers (tenant_id, id, name, department_id) VALUES ($1, $2, 'Mills', $3)`, []any{tenantID, workCenterID, departmentID}},
		{`INSERT INTO equipment (tenant_id, id, name, description, work_center_id) VALUES ($1, $2, 'Mill', 'mill', $3)`, []any{tenantID, equipmentID, workCenterID}},
	} {
		if _, err := pool.ExecContext(ctx, f.query, f.args...); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)
	ok := DowntimeWrite{Start: start, End: start.Add(time.Hour)}
	with := func(edit func(*DowntimeWrite)) DowntimeWrite {
		w := ok
		edit(&w)
		return w
	}
	cases := []struct {
		name string
		w    DowntimeWrite
		kind apperr.Kind
	}{
		{"end before start", with(func(w *DowntimeWrite) { w.End = start.Add(-time.Second) }), apperr.KindInvalid},
		{"unknown department", with(func(w *DowntimeWrite) { w.Departments = []DepartmentDown{{DepartmentID: ids.New()}} }), apperr.KindNotFound},
		{"unknown equipment", with(func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: departmentID, EquipmentIDs: []string{ids.New()}}}
		}), apperr.KindNotFound},
		{"department twice", with(func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: departmentID}, {DepartmentID: departmentID}}
		}), apperr.KindInvalid},
		{"equipment twice", with(func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: departmentID, EquipmentIDs: []string{equipmentID, equipmentID}}}
		}), apperr.KindInvalid},
	}
	var s store
	for _, c := range cases {
		id := ids.New()
		err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, tenantID, id, c.w) })
		if !apperr.IsKind(err, c.kind) {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.kind)
		}
		if _, err := s.get(ctx, pool, tenantID, id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: the downtime was stored (%v)", c.name, err)
		}
	}
}
