package nesting

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/production/jobs"
	"mos/internal/production/workorders"
	"mos/internal/stock/routing"
	"mos/internal/stock/shapes"
)

// NestableFilter narrows the nestable-jobs list; nil and empty members apply no clause (see
// the spec's listNestableJobs for how they combine).
type NestableFilter struct {
	NeedNesting             *bool
	ExistingNests           *bool
	MaterialForms           []shapes.Form
	OperationIDs            []string
	MaterialShapeIDs        []string
	EarliestStartOnOrBefore *time.Time
	Search                  *string
}

// NestableGroup is the open job operations that run library operation OperationID and
// consume material of shape MaterialShapeID, with their sums over JobOperations.
type NestableGroup struct {
	OperationID       string
	OperationName     string
	MaterialShapeID   string
	MaterialShapeName string
	ShapeType         string
	Form              shapes.Form
	// EarliestStartDate is the earliest job start date of JobOperations; nil when none is dated.
	EarliestStartDate *time.Time
	QuantityRemaining dec.Decimal
	NestedCount       int
	JobOperations     []NestableJobOperation
}

// NestableJobOperation is a job operation of a group with the input material it consumes of
// the group's shape, whether it is nested, and the work order holding it (nil: none).
type NestableJobOperation struct {
	Operation         jobs.OpenJobOperation
	ItemNumber        string
	QuantityRemaining dec.Decimal
	Material          routing.InputMaterial
	Nested            bool
	WorkOrder         *workorders.Holder
}

// NestablePage is a page of groups and the envelope's numbers.
type NestablePage struct {
	Rows []NestableGroup
	listing.Envelope
}
