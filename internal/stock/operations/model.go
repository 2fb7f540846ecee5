// Package operations serves the operation library: named system operations with a default
// work center and equipment, setup time and run time per unit, which routing operations pick.
// Work centers and equipment are checked and named through the scheduling resources service.
package operations

import (
	"time"

	"mos/internal/platform/dec"
)

// Limits of an operation's text members.
const (
	maxName        = 200
	maxDescription = 2000
)

// Operation is a stored operation.
type Operation struct {
	ID string
	Write
	// WorkCenterName and EquipmentName are the names of the default work center and
	// equipment, resolved on read; nil when there is none or it has been deleted since.
	WorkCenterName *string
	EquipmentName  *string
	CreatedUtc     time.Time
	ModifiedUtc    time.Time
}

// Write is what a create or full update sets: every member, omitted ones at their zero value
// (no description, work center or equipment, times 0, flags false).
type Write struct {
	Name        string
	Description *string
	// WorkCenterID is the default work center; EquipmentID the default equipment, which
	// belongs to that work center.
	WorkCenterID *string
	EquipmentID  *string
	// SetupTimeMinutes is the setup before the first unit. The run-time model is minutes per
	// unit: a quantity runs quantity × RunTimeMinutesPerUnit minutes. Both are 0 or more.
	SetupTimeMinutes      dec.Decimal
	RunTimeMinutesPerUnit dec.Decimal
	IsOutsideProcessing   bool
	// IsArchived takes the operation out of lists (unless asked for) and frees its name.
	IsArchived bool
}

// Filter narrows a list; empty members apply no clause.
type Filter struct {
	IDs             []string
	Name            *string // case-insensitive substring
	WorkCenterIDs   []string
	IncludeArchived bool
}
