package downtime

import (
	"fmt"
	"testing"
	"time"

	"mos/internal/platform/apperr"
)

func window() DowntimeWrite {
	start := time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)
	return DowntimeWrite{Start: start, End: start.Add(8 * time.Hour)}
}

// equipmentIDs returns n distinct ids starting at from.
func equipmentIDs(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("e%023d", from+i)
	}
	return out
}

func TestValidateRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		edit  func(*DowntimeWrite)
		field string // "": valid
	}{
		{"end equal to start", func(w *DowntimeWrite) { w.End = w.Start }, ""},
		{"end before start", func(w *DowntimeWrite) { w.End = w.Start.Add(-time.Second) }, "endDateTime"},
		{"no departments", func(w *DowntimeWrite) { w.Departments = nil }, ""},
		{"department listed twice", func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: "d1"}, {DepartmentID: "d2"}, {DepartmentID: "d1"}}
		}, "departments.2.departmentId"},
		{"equipment listed twice in one department", func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: "d1", EquipmentIDs: []string{"e1", "e1"}}}
		}, "departments.0.equipment.1.equipmentId"},
		{"equipment listed under two departments", func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: "d1", EquipmentIDs: []string{"e1"}}, {DepartmentID: "d2", EquipmentIDs: []string{"e1"}}}
		}, "departments.1.equipment.0.equipmentId"},
		{"500 departments", func(w *DowntimeWrite) {
			for _, id := range equipmentIDs(0, 500) {
				w.Departments = append(w.Departments, DepartmentDown{DepartmentID: id})
			}
		}, ""},
		{"501 departments", func(w *DowntimeWrite) {
			for _, id := range equipmentIDs(0, 501) {
				w.Departments = append(w.Departments, DepartmentDown{DepartmentID: id})
			}
		}, "departments"},
		{"500 equipment across departments", func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: "d1", EquipmentIDs: equipmentIDs(0, 250)}, {DepartmentID: "d2", EquipmentIDs: equipmentIDs(250, 250)}}
		}, ""},
		{"501 equipment across departments", func(w *DowntimeWrite) {
			w.Departments = []DepartmentDown{{DepartmentID: "d1", EquipmentIDs: equipmentIDs(0, 250)}, {DepartmentID: "d2", EquipmentIDs: equipmentIDs(250, 251)}}
		}, "departments"},
	}
	for _, c := range cases {
		w := window()
		c.edit(&w)
		err := validate(w)
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields[c.field]) == 0 {
			t.Errorf("%s: %v, want a 400 naming %s", c.name, err, c.field)
		}
	}
}

func TestReferencedIDsKeepsDepartmentsAndEquipmentApart(t *testing.T) {
	t.Parallel()
	// An id sent as both a department and an equipment is looked up as both.
	deps, eqs := referencedIDs([]Downtime{{DowntimeWrite: DowntimeWrite{Departments: []DepartmentDown{
		{DepartmentID: "x", EquipmentIDs: []string{"x", "y"}},
		{DepartmentID: "z", EquipmentIDs: []string{"y"}},
	}}}})
	if fmt.Sprint(deps) != "[x z]" || fmt.Sprint(eqs) != "[x y]" {
		t.Fatalf("departments %v, equipment %v", deps, eqs)
	}
}
