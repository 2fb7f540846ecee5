// Package timers records the time users spend on job operations: blocks recorded by hand
// (timers), timers started and stopped on the shop floor (job tracking), the time clock users
// clock in and out on, and each user's status on the floor. A stopped block's seconds and
// cost (at the hourly rate fixed on the timer) are added to its job operation and item to
// make through the jobs service.
package timers

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/production/workorders"
)

// maxBackdate is how far back a timer may start or a user clock in.
const maxBackdate = 30 * 24 * time.Hour

// maxNotes bounds a timer's notes.
const maxNotes = 2000

// Type is what a timer's time was spent on.
type Type string

// The timer types: setup and labor cost at labor, machine at machine cost.
const (
	TypeSetup   Type = "setup"
	TypeLabor   Type = "labor"
	TypeMachine Type = "machine"
)

// Source is how a timer was recorded.
type Source string

// The timer sources.
const (
	SourceManual      Source = "manual"
	SourceJobTracking Source = "jobTracking"
)

// Caller is the tenant and user (empty for an integration token) of a request.
type Caller struct {
	TenantID string
	UserID   string
}

// Timer is a stored timer.
type Timer struct {
	ID             string
	UserID         string
	Type           Type
	Source         Source
	JobID          string
	ItemToMakeID   string
	ItemID         string
	JobOperationID string
	Started        time.Time
	Stopped        *time.Time
	Rate           dec.Decimal
	Seconds        int64
	Cost           dec.Decimal
	Notes          *string
	CreatedUtc     time.Time
	ModifiedUtc    time.Time
	// SystemOperationID is the library operation of the job operation's routing operation;
	// set by the lists only.
	SystemOperationID *string
	// WorkOrder is the live work order holding the job operation, when one does; set by get
	// and the lists.
	WorkOrder *workorders.Holder
}

// Running reports whether the timer has not stopped.
func (t Timer) Running() bool { return t.Stopped == nil }

// TimerCreate is a completed block recorded by hand (createTimer).
type TimerCreate struct {
	UserID         *string
	Type           Type
	JobID          string
	JobOperationID string
	Started        time.Time
	Stopped        time.Time
	Notes          *string
}

// TimerUpdate is a timer's times and notes as a full update sends them.
type TimerUpdate struct {
	Started time.Time
	Stopped *time.Time
	Notes   *string
}

// TimerFilter narrows the timer lists; empty members add nothing.
type TimerFilter struct {
	IDs              []string
	UserIDs          []string
	JobIDs           []string
	JobOperationIDs  []string
	ItemID           *string
	Types            []Type
	Running          *bool
	StartedAfterUtc  *time.Time
	StartedBeforeUtc *time.Time
}

// Start is a job-tracking timer to start.
type Start struct {
	UserID         *string
	Type           Type
	JobID          string
	JobOperationID string
	Started        *time.Time
	Notes          *string
}

// Started is a started timer and the running one it stopped.
type Started struct {
	Timer   Timer
	Stopped []Timer
}

// Stop names the running timers to stop: one by id, or a user's (of one type).
type Stop struct {
	TimerID *string
	UserID  *string
	Type    *Type
	Stopped *time.Time
}

// ClockEntry is a stored time-clock entry.
type ClockEntry struct {
	ID         string
	UserID     string
	ClockedIn  time.Time
	ClockedOut *time.Time
}

// ClockFilter narrows the time-clock list.
type ClockFilter struct {
	UserIDs []string
	From    *time.Time
	To      *time.Time
	Open    *bool
}

// RunningTimer is a timer running for a user, named for the status.
type RunningTimer struct {
	TimerID        string
	JobID          string
	JobNumber      int64
	JobOperationID string
	OperationName  string
	Type           Type
	Started        time.Time
}

// UserStatus is a user's status on the floor.
type UserStatus struct {
	UserID        string
	UserName      string
	ClockedIn     *time.Time
	RunningTimers []RunningTimer
}
