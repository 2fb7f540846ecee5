// Package downtime serves equipment downtime: periods when whole departments, or some of
// their equipment, are down. Departments and equipment are checked and named through the
// resources service.
package downtime

import "time"

// Downtime is a stored downtime.
type Downtime struct {
	ID string
	DowntimeWrite
	// DepartmentNames and EquipmentNames name the live departments and equipment the
	// downtime lists, resolved on read; a record deleted since has no entry.
	DepartmentNames map[string]string
	EquipmentNames  map[string]string
	Deleted         bool
}

// DowntimeWrite is what a create or full update sets.
type DowntimeWrite struct {
	Start, End time.Time // UTC; End is not before Start
	// Departments are kept in request order, each once.
	Departments []DepartmentDown
}

// DepartmentDown is one department a downtime affects.
type DepartmentDown struct {
	DepartmentID string
	// EquipmentIDs are the department's equipment that is down, in request order; none puts
	// the whole department down.
	EquipmentIDs []string
}

// AllEquipment reports whether the whole department is down.
func (d DepartmentDown) AllEquipment() bool { return len(d.EquipmentIDs) == 0 }

// Filter narrows a list; empty members apply no clause. Deleted downtimes are never listed.
type Filter struct {
	IDs           []string
	DepartmentIDs []string   // downtimes affecting any of these departments
	StartsBefore  *time.Time // Start strictly before
	EndsAfter     *time.Time // End strictly after
}
