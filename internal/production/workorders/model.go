// Package workorders holds work orders: job operations (of any jobs) grouped for the shop
// floor, operation by operation, numbered per tenant, with a status of their own.
package workorders

import (
	"time"

	"mos/internal/platform/dec"
)

// Limits of a work order create.
const (
	maxName               = 200
	maxInstructions       = 2000
	maxOperations         = 50
	maxJobOperations      = 500
	maxEstimatedSeconds   = int64(1_000_000_000_000_000)
	minOperations         = 1
	minJobOperationsPerOp = 1
)

// Status is a work order's status.
type Status string

const (
	StatusNeedsReview Status = "needsReview"
	StatusApproved    Status = "approved"
	StatusInProgress  Status = "inProgress"
	StatusComplete    Status = "complete"
	StatusCancelled   Status = "cancelled"
)

// Statuses lists every status, in the order of the spec's enum.
var Statuses = []Status{StatusNeedsReview, StatusApproved, StatusInProgress, StatusComplete, StatusCancelled}

// moves is the transition table published with updateWorkOrderStatus.
var moves = map[Status][]Status{
	StatusNeedsReview: {StatusApproved, StatusCancelled},
	StatusApproved:    {StatusNeedsReview, StatusInProgress, StatusCancelled},
	StatusInProgress:  {StatusComplete, StatusCancelled},
}

// Priority is a work order's priority.
type Priority string

const (
	PriorityLow      Priority = "low"
	PriorityModerate Priority = "moderate"
	PriorityHigh     Priority = "high"
	PriorityCritical Priority = "critical"
)

// Priorities lists every priority, lowest first.
var Priorities = []Priority{PriorityLow, PriorityModerate, PriorityHigh, PriorityCritical}

// Tenant is the calling tenant and user ("" for an integration token).
type Tenant struct {
	ID     string
	UserID string
}

// JobOperationRef names a job operation a create groups.
type JobOperationRef struct {
	JobID          string
	JobOperationID string
}

// OperationCreate is an operation of a new work order.
type OperationCreate struct {
	JobOperations             []JobOperationRef
	AdditionalInstructions    *string
	EstimatedSetupTimeSeconds *int64
	EstimatedRunTimeSeconds   *int64
}

// Create is a new work order; empty Status and Priority take their defaults.
type Create struct {
	Name                 *string
	Status               Status
	Priority             Priority
	ProductionDueDateUtc *time.Time
	Operations           []OperationCreate
}

// WorkOrder is a work order as stored; Operations are filled by get only.
type WorkOrder struct {
	ID                   string
	Number               int64
	Name                 *string
	Status               Status
	Priority             Priority
	ProductionDueDateUtc *time.Time
	CreatedByUserID      *string
	CreatedUtc           time.Time
	ModifiedUtc          time.Time
	// OperationCount and JobOperationCount are filled by the list.
	OperationCount    int32
	JobOperationCount int32
	Operations        []Operation
}

// Operation is an operation of a work order with its job operations.
type Operation struct {
	ID                        string
	Sequence                  int32
	Name                      string
	AdditionalInstructions    *string
	EstimatedSetupTimeSeconds *int64
	EstimatedRunTimeSeconds   *int64
	JobOperations             []JobOperation
}

// Status is derived from the job operations: complete when all are, started when any has
// started (or is complete), notStarted otherwise.
func (o Operation) Status() string {
	complete, started := 0, 0
	for _, j := range o.JobOperations {
		switch j.Status {
		case "complete":
			complete++
			started++
		case "started":
			started++
		}
	}
	switch {
	case len(o.JobOperations) > 0 && complete == len(o.JobOperations):
		return "complete"
	case started > 0:
		return "started"
	}
	return "notStarted"
}

// JobOperation is a grouped job operation as it stands now, named from the areas that own it.
type JobOperation struct {
	JobID             string
	JobNumber         int64
	JobName           *string
	ItemToMakeID      string
	ItemID            string
	ItemNumber        string
	JobOperationID    string
	OperationName     string
	SystemOperationID *string
	WorkCenterID      *string
	QuantityToMake    dec.Decimal
	QuantityCompleted dec.Decimal
	QuantityScrapped  dec.Decimal
	Status            string
}

// Ref names a work order (deleted ones included) for the areas that show it.
type Ref struct {
	ID      string
	Number  int64
	Name    *string
	Deleted bool
}

// Holder is the work order (not deleted) and the work-order operation holding a job
// operation.
type Holder struct {
	WorkOrderID     string
	WorkOrderNumber int64
	WorkOrderName   *string
	OperationID     string
	OperationName   string
}

// Filter narrows the work order list; members narrow it together. Instants are exclusive.
type Filter struct {
	IDs             []string
	Statuses        []Status
	Priorities      []Priority
	JobIDs          []string
	JobOperationIDs []string
	Search          *string
	DueAfter        *time.Time
	DueBefore       *time.Time
	CreatedAfter    *time.Time
	CreatedBefore   *time.Time
}
