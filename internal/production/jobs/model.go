// Package jobs serves jobs: production orders. A job makes one or more items (its items to
// make), each in a quantity of the item's inventory unit, through a routing of its own
// (routing owner type jobItemToMake, owner id the item to make's id) copied when the job is
// created from the sales-order part line it makes or from the item's routing. The routing's
// operations are the job's operations (same ids): job_operations keeps each one's production
// state. While a job is released or in progress it holds the stock its routings still need
// (requirements.go, reservations_*.go); moving to in progress, completing and cancelling record
// the item cost breakdowns of what it made (cost_breakdowns.go).
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table and
// the moves other parts of the package call), items_to_make_*.go (the sub-list), the routing
// owner (routing_owner_*.go), requirements.go and reservations_*.go, cost_breakdowns.go.
package jobs

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
)

// Limits of a job's members.
const (
	maxName        = 200
	maxNotes       = 2000
	maxItemsToMake = 100
)

// Tenant is the calling tenant and user (UserID "" for an integration token).
type Tenant struct {
	ID     string
	UserID string
	// Timezone is the tenant's shop timezone (the list's created days are its days).
	Timezone string
}

// Job is a stored job with its items to make by position (filled by reads that answer them).
type Job struct {
	ID                 string
	Number             int64
	Status             Status
	Name               *string
	Notes              *string
	CustomerID         *string
	SalesOrderID       *string
	StartDate          *time.Time
	DueDate            *time.Time
	ExternalReferences extref.References
	CustomFields       map[string]any
	StartedUtc         *time.Time
	CompletedUtc       *time.Time
	CancelledUtc       *time.Time
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
	Version            int64
	ItemsToMake        []ItemToMake
}

// The statuses of an item to make.
const (
	ItemToMakeOpen     = "open"
	ItemToMakeComplete = "complete"
)

// ItemToMake is an item a job makes, with its item's number, revision and inventory unit for
// answers.
type ItemToMake struct {
	ID                   string
	JobID                string
	RoutingID            string
	Position             int32
	ItemID               string
	ItemNumber           string
	ItemRevision         *string
	UnitName             *string
	Quantity             dec.Decimal
	DueDate              *time.Time
	SalesOrderPartLineID *string
	Notes                *string
	Status               string
	QuantityMade         dec.Decimal
	QuantityScrapped     dec.Decimal
	CompletedUtc         *time.Time
	SetupHours           dec.Decimal
	LaborHours           dec.Decimal
	MachineHours         dec.Decimal
	// Actual is this level's own cost (the actual_* columns); Picked is the value of the
	// stock picked for it by kind (the cumulative_* columns).
	Actual          Cost
	Picked          Cost
	CostBreakdownID *string
	CreatedUtc      time.Time
	ModifiedUtc     time.Time
}

// Cumulative is the item to make's cumulative cost: the stock picked for it by kind plus its
// own labor, machine and outside processing.
func (it ItemToMake) Cumulative() Cost {
	return Cost{
		Material:          it.Picked.Material,
		Labor:             add(it.Picked.Labor, it.Actual.Labor),
		Machine:           add(it.Picked.Machine, it.Actual.Machine),
		OutsideProcessing: add(it.Picked.OutsideProcessing, it.Actual.OutsideProcessing),
	}
}

// Cost is a cost by kind for an item to make's whole quantity.
type Cost struct {
	Material, Labor, Machine, OutsideProcessing dec.Decimal
}

// Total is the sum of the kinds.
func (c Cost) Total() dec.Decimal {
	return add(add(c.Material, c.Labor), add(c.Machine, c.OutsideProcessing))
}

func add(a, b dec.Decimal) dec.Decimal { return dec.Decimal{Decimal: a.Add(b.Decimal)} }

// JobCreate is a parsed create body.
type JobCreate struct {
	Name               *string
	Notes              *string
	CustomerID         *string
	Status             Status
	StartDate          *time.Time
	DueDate            *time.Time
	CustomFields       map[string]any
	ExternalReferences extref.References
	ItemsToMake        []ItemToMakeCreate
}

// ItemToMakeCreate is one item a new job makes, as sent.
type ItemToMakeCreate struct {
	ItemID               *string
	SalesOrderPartLineID *string
	Quantity             *dec.Decimal
	DueDate              *time.Time
	Notes                *string
}

// ItemToMakeFilter narrows a job's items to make; empty members apply no clause.
type ItemToMakeFilter struct {
	IDs     []string
	ItemIDs []string
}

// JobWrite is a parsed full update of a job's header (or a patched read shape).
type JobWrite struct {
	Name               *string
	Notes              *string
	CustomerID         *string
	StartDate          *time.Time
	DueDate            *time.Time
	CustomFields       map[string]any
	ExternalReferences extref.References
}

// Filter narrows the job list; empty members apply no clause.
type Filter struct {
	IDs              []string
	Numbers          []int64
	Statuses         []Status
	CustomerIDs      []string
	ItemIDs          []string
	SalesOrderIDs    []string
	DueDateFrom      *time.Time
	DueDateTo        *time.Time
	CreatedFrom      *time.Time
	CreatedTo        *time.Time
	ModifiedAfterUtc *time.Time
}
