// Package capas holds corrective and preventive actions (CAPAs): numbered per tenant, raised
// on their own or from an NCR, moved through their review statuses by a transition table.
package capas

import "time"

// maxText bounds every CAPA text.
const maxText = 2000

// Type is a CAPA's kind.
type Type string

const (
	TypeCorrectiveAction Type = "correctiveAction"
	TypePreventiveAction Type = "preventiveAction"
	TypeSupplierIssue    Type = "supplierIssue"
	TypeSafetyIssue      Type = "safetyIssue"
)

// Types lists every type, in the spec's order.
var Types = []Type{TypeCorrectiveAction, TypePreventiveAction, TypeSupplierIssue, TypeSafetyIssue}

// Status is a CAPA's status, spelt as the spec's enum.
type Status string

const (
	StatusNew               Status = "New"
	StatusHold              Status = "Hold"
	StatusQualityReview     Status = "Quality Review"
	StatusEngineeringReview Status = "Engineering Review"
	StatusClosed            Status = "Closed"
)

// Statuses lists every status, in the spec's order.
var Statuses = []Status{StatusNew, StatusHold, StatusQualityReview, StatusEngineeringReview, StatusClosed}

// moves is the transition table published with updateCapaStatus (a move to the current
// status is a no-op, not listed): a CAPA closes only from a review, and a closed one reopens
// into Quality Review.
var moves = map[Status][]Status{
	StatusNew:               {StatusHold, StatusQualityReview, StatusEngineeringReview},
	StatusHold:              {StatusNew, StatusQualityReview, StatusEngineeringReview},
	StatusQualityReview:     {StatusHold, StatusEngineeringReview, StatusClosed},
	StatusEngineeringReview: {StatusHold, StatusQualityReview, StatusClosed},
	StatusClosed:            {StatusQualityReview},
}

// Tenant is the calling tenant, its user ("" for an integration token) and shop timezone.
type Tenant struct {
	ID       string
	UserID   string
	Timezone string
}

// Write is a create's or a full update's members; NcrID is read on create only,
// CorrectiveAction on update only. A nil DueDate on create is one month after creation.
type Write struct {
	Type              Type
	ProblemStatement  string
	RootCauseAnalysis *string
	CorrectiveAction  *string
	DueDate           *time.Time
	NcrID             *string
	CustomFields      map[string]any
}

// CAPA is a CAPA as stored.
type CAPA struct {
	ID                string
	Number            int64
	Type              Type
	ProblemStatement  string
	Status            Status
	RootCauseAnalysis *string
	CorrectiveAction  *string
	NcrID             *string
	CreatedUtc        time.Time
	DueDate           time.Time
	ClosedUtc         *time.Time
	ModifiedUtc       time.Time
	CustomFields      map[string]any
}

// Filter narrows the CAPA list; members narrow it together. CreatedSince is an instant (on
// or after); CreatedFrom and CreatedTo are shop-timezone days (inclusive).
type Filter struct {
	Status                 *Status
	Type                   *string
	NcrID                  *string
	CreatedSince           *time.Time
	CreatedFrom, CreatedTo *time.Time
}
