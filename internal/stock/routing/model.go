// Package routing serves routings: the ordered operations that make an owner (an item, a
// quote part line; sales-order lines and jobs later). One mechanism serves every owner type: the
// owning area registers an OwnerKind at wiring, so routing imports no owning area. Routing
// operations may pick an operation of the library, whose work center, times and flags they
// then default to.
package routing

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// The owner types of routings. Items and quote part lines are registered so far.
const (
	OwnerItem               = "item"
	OwnerQuotePartLine      = "quotePartLine"
	OwnerSalesOrderPartLine = "salesOrderPartLine"
	OwnerJobItemToMake      = "jobItemToMake"
)

// Limits of a routing operation's text members, and the step between defaulted sequences.
const (
	maxName          = 200
	maxNotes         = 2000
	sequenceStep     = 10
	maxSequenceValue = 1<<31 - 1
)

// Owner names the record a routing belongs to.
type Owner struct{ Type, ID string }

// OwnerKind is what routings need to know of one kind of owner. The owning area provides the
// functions (httpapi registers them).
type OwnerKind struct {
	// Exists reports whether the tenant has the owner, for reads; it takes no lock.
	Exists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
	// Lock reports whether the tenant has the owner and it may be edited, and locks the
	// owner's row until q's transaction ends, so every routing change of one owner is
	// serialised.
	Lock func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
	// MakesItem answers the item the owner's routing makes (an item's own id; a quote
	// line's part), which no input of the routing may contain at any depth.
	MakesItem func(ctx context.Context, q db.Q, tenantID, id string) (string, error)
	// Changed is the owner's "record changed" hook, run in the same transaction after its
	// routing changed.
	Changed func(ctx context.Context, q db.Q, tenantID, id string) error
	// OperationLocked, when set, answers an error (a 400: apperr.Invalid, which the routing
	// service turns into a 400 naming the request member that names the operation) when routing
	// operation routingOperationID of owner ownerID may no longer change, nor may what is
	// attached to it (its operation items and tracking, the input items and materials
	// consumed at it): a job operation once work on it has started. It runs under the
	// owner's lock, before the change. nil: every operation of the kind stays editable.
	OperationLocked func(ctx context.Context, q db.Q, tenantID, ownerID, routingOperationID string) error
}

// Routing is an owner's whole routing: its operations by sequence, then id; the items
// consumed at them and their tracking, in the operations' order; its input items and input
// materials (with their nestings), oldest first.
type Routing struct {
	Owner          Owner
	Operations     []Operation
	OperationItems []OperationItem
	Trackings      []Tracking
	InputItems     []InputItem
	InputMaterials []InputMaterial
}

// Operation is a stored routing operation.
type Operation struct {
	ID string
	Values
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// Values are the members of a routing operation as stored.
type Values struct {
	Sequence              int32
	OperationID           *string
	Name                  string
	WorkCenterID          *string
	EquipmentID           *string
	SetupTimeMinutes      dec.Decimal
	RunTimeMinutesPerUnit dec.Decimal
	// LaborRate and MachineRate are per hour; nil: the work center's rate applies.
	LaborRate           *dec.Decimal
	MachineRate         *dec.Decimal
	IsOutsideProcessing bool
	OutsideVendorID     *string
	OutsideCost         dec.Decimal
	OutsideLeadDays     int32
	Notes               *string
}

// Write is what a create or full update sends; nil members were omitted (or null) and take
// their defaults: from the library operation when OperationID is set, else none, 0 or false.
type Write struct {
	Sequence              *int32
	OperationID           *string
	Name                  *string
	WorkCenterID          *string
	EquipmentID           *string
	SetupTimeMinutes      *dec.Decimal
	RunTimeMinutesPerUnit *dec.Decimal
	LaborRate             *dec.Decimal
	MachineRate           *dec.Decimal
	IsOutsideProcessing   *bool
	OutsideVendorID       *string
	OutsideCost           *dec.Decimal
	OutsideLeadDays       *int32
	Notes                 *string
}

// Filter narrows a routing's operation list; empty members apply no clause.
type Filter struct {
	IDs           []string
	OperationIDs  []string
	WorkCenterIDs []string
}
