package shifts

import (
	"context"
	"slices"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// fixture is a tenant with one department whose work center holds the given equipment,
// written straight to the resources tables: only SQL can choose equipment ids that differ
// in case.
type fixture struct {
	tenantID, departmentID string
}

func newFixture(t *testing.T, pool *db.Pool, equipmentIDs ...string) fixture {
	t.Helper()
	ctx := context.Background()
	f := fixture{tenantID: dbtest.Tenant(t, pool), departmentID: ids.New()}
	workCenterID := ids.New()
	mustExec := func(query string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, query, args...); err != nil {
			t.Fatal(err)
		}
	}
	mustExec(`INSERT INTO departments (tenant_id, id, name) VALUES ($1, $2, 'Machining')`, f.tenantID, f.departmentID)
	mustExec(`INSERT INTO work_centers (tenant_id, id, name, department_id) VALUES ($1, $2, 'Mills', $3)`, f.tenantID, workCenterID, f.departmentID)
	for _, id := range equipmentIDs {
		mustExec(`INSERT INTO equipment (tenant_id, id, name, description, work_center_id) VALUES ($1, $2, $2, 'mill', $3)`,
			f.tenantID, id, workCenterID)
	}
	return f
}

func dayShift(departmentID string, equipmentIDs ...string) Shift {
	sh := Shift{ID: ids.New(), DepartmentID: departmentID, ShiftWrite: ShiftWrite{Name: "Day", StartTime: "0700", EndTime: "1500"}}
	for _, id := range equipmentIDs {
		sh.AvailableEquipment = append(sh.AvailableEquipment, Availability{EquipmentID: id, Days: Week[bool]{true}})
	}
	return sh
}

// TestAvailableEquipmentReadsInByteOrderWhateverTheCollation proves the documented "ordered by
// equipmentId case-sensitively": the equipment column is switched to a case-insensitive-first
// ICU collation (as a database created with a linguistic locale would have), and the shift
// still reads its equipment in byte order (upper case before lower case).
func TestAvailableEquipmentReadsInByteOrderWhateverTheCollation(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.ExecContext(ctx, `ALTER TABLE department_shift_equipment ALTER COLUMN equipment_id TYPE text COLLATE "und-x-icu"`); err != nil {
		t.Fatal(err)
	}
	equipmentIDs := []string{"b" + ids.New()[1:], "A" + ids.New()[1:], "a" + ids.New()[1:], "B" + ids.New()[1:]}
	f := newFixture(t, pool, equipmentIDs...)
	var s store
	sh := dayShift(f.departmentID, equipmentIDs...)
	if err := s.insert(ctx, pool, f.tenantID, sh); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(equipmentIDs)
	slices.Sort(want) // Go compares strings byte by byte
	// The column's own order is not byte order, so the store's ORDER BY must not rely on it.
	var linguistic []string
	if err := pool.SelectContext(ctx, &linguistic, `SELECT equipment_id FROM department_shift_equipment ORDER BY equipment_id`); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(linguistic, want) {
		t.Fatalf("the ICU collation sorts %v in byte order too; the test proves nothing", linguistic)
	}
	got, err := s.get(ctx, pool, f.tenantID, sh.ID)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, a := range got.AvailableEquipment {
		order = append(order, a.EquipmentID)
	}
	if !slices.Equal(order, want) {
		t.Fatalf("equipment read as %v, want byte order %v", order, want)
	}
}

// TestStoreRefusesWhatTheServiceChecks proves the database's last line of defence: an
// unknown department or equipment, or an equipment listed twice, is never stored.
func TestStoreRefusesWhatTheServiceChecks(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	equipmentID := ids.New()
	f := newFixture(t, pool, equipmentID)
	var s store
	cases := []struct {
		name string
		sh   Shift
		kind apperr.Kind
	}{
		{"unknown department", dayShift(ids.New()), apperr.KindNotFound},
		{"unknown equipment", dayShift(f.departmentID, ids.New()), apperr.KindNotFound},
		{"equipment listed twice", dayShift(f.departmentID, equipmentID, equipmentID), apperr.KindInvalid},
	}
	for _, c := range cases {
		err := pool.WithTx(ctx, func(q db.Q) error { return s.insert(ctx, q, f.tenantID, c.sh) })
		if !apperr.IsKind(err, c.kind) {
			t.Errorf("%s: %v, want kind %d", c.name, err, c.kind)
		}
		if _, err := s.get(ctx, pool, f.tenantID, c.sh.ID); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s: the shift was stored (%v)", c.name, err)
		}
	}
}
