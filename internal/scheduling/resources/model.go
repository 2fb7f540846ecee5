// Package resources serves the scheduling resources: departments, work centers and
// equipment. A work center belongs to at most one department (its DepartmentID); a
// department's work center set is derived from that, and an equipment's department is its
// work center's department. Shifts and downtime look departments and equipment up through
// Service.DepartmentsByID and Service.EquipmentByID (refs.go).
package resources

import "mos/internal/platform/dec"

// maxText is the longest name, description and other short text member; maxNotes the
// longest equipment notes.
const (
	maxText  = 200
	maxNotes = 2000
)

// Department is a stored department with its live work centers (by name, then id), each
// with its live equipment.
type Department struct {
	ID          string
	Name        string
	Description *string
	Deleted     bool
	WorkCenters []WorkCenter
}

// WorkCenterIDs are the ids of the department's live work centers, in WorkCenters order.
func (d Department) WorkCenterIDs() []string {
	out := make([]string, len(d.WorkCenters))
	for i, wc := range d.WorkCenters {
		out[i] = wc.ID
	}
	return out
}

// NewDepartment is a department create request.
type NewDepartment struct {
	Name string
	DepartmentUpdate
}

// DepartmentUpdate is what a department update replaces: the description (nil clears it)
// and the set of work centers (the listed ones join, the others leave).
type DepartmentUpdate struct {
	Description   *string
	WorkCenterIDs []string
}

// WorkCenter is a stored work center with its live equipment (by name, then id).
type WorkCenter struct {
	ID string
	WorkCenterWrite
	Deleted   bool
	Equipment []Equipment
}

// WorkCenterWrite is what a work center create or full update sets.
type WorkCenterWrite struct {
	Name         string
	DepartmentID *string
	Rates
}

// Rates are a work center's hourly rates, each 0 or more.
type Rates struct {
	Setup, Run, Labor, Overhead, Machine dec.Decimal
}

// Equipment is a stored equipment.
type Equipment struct {
	ID string
	EquipmentWrite
	// DepartmentID is the department of the equipment's work center; nil when there is none.
	DepartmentID *string
	Deleted      bool
}

// EquipmentWrite is what an equipment create or full update sets.
type EquipmentWrite struct {
	Name              string
	Description       string
	WorkCenterID      *string
	Manufacturer      *string
	ModelNumber       *string
	SerialNumber      *string
	CanRunUnattended  bool
	UnlimitedCapacity bool
	Status            EquipmentStatus
	Notes             *string
}

// EquipmentStatus is an equipment's condition.
type EquipmentStatus string

const (
	StatusGood         EquipmentStatus = "good"
	StatusPoor         EquipmentStatus = "poor"
	StatusBad          EquipmentStatus = "bad"
	StatusOutOfService EquipmentStatus = "outOfService"
)

// Valid reports whether s is one of the statuses.
func (s EquipmentStatus) Valid() bool {
	switch s {
	case StatusGood, StatusPoor, StatusBad, StatusOutOfService:
		return true
	}
	return false
}

// Filter narrows a department, work center or equipment list; nil members apply no clause.
type Filter struct {
	IDs  []string
	Name *string // case-insensitive substring
}
