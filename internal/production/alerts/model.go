// Package alerts holds alerts on job operations (job tracking): raised by hand or by rules,
// cleared by hand or when their operation completes, and listed for the shop floor.
package alerts

import (
	"time"
)

// RuleOperationPastDue names the rule that raises an alert on an open operation of a released
// or in-progress job whose due date has passed; its alerts carry the rule's name.
const RuleOperationPastDue = "operationPastDue"

// Limits of a hand-raised alert's text, after trimming.
const (
	maxAlertName = 200
	maxNote      = 2000
)

// Tenant is the calling tenant: its id, the user the token acts for ("" for an integration
// token) and the shop timezone (an IANA name) the rules count days in.
type Tenant struct {
	ID       string
	UserID   string
	Timezone string
}

// Raise is an alert raised by hand (raiseAlert).
type Raise struct {
	JobID          string
	JobOperationID string
	AlertName      string
	Note           *string
}

// Source is what an alert is on: a job operation, or one grouped into a work order.
type Source string

const (
	SourceJob       Source = "job"
	SourceWorkOrder Source = "workOrder"
)

// Alert is an alert as stored, with the names its answer shows.
type Alert struct {
	ID             int64
	Name           string
	Rule           *string
	Note           *string
	JobID          string
	ItemToMakeID   string
	JobOperationID string
	// WorkCenterID and EquipmentID are the operation's when the alert was raised.
	WorkCenterID *string
	EquipmentID  *string
	// WorkOrderID is the work order the operation was grouped into when the alert was raised
	// or grouped since; nil when none.
	WorkOrderID     *string
	RaisedAt        time.Time
	RaisedByUserID  *string
	Active          bool
	ClearedUtc      *time.Time
	ClearedByUserID *string
	Names           Names
}

// Source is the alert's source: workOrder once its operation is grouped into a work order.
func (a Alert) Source() Source {
	if a.WorkOrderID != nil {
		return SourceWorkOrder
	}
	return SourceJob
}

// Names are what an alert's answer names, read from the areas that own them.
type Names struct {
	JobNumber int64
	JobName   *string
	ItemID    string
	// ItemNumber is the item's number; ItemName its description, else its number.
	ItemNumber    string
	ItemName      string
	OperationName string
	// WorkCenterName and EquipmentName are nil when the record has been deleted since.
	WorkCenterName *string
	EquipmentName  *string
	// WorkOrderNumber and WorkOrderName name WorkOrderID (read from work orders).
	WorkOrderNumber int64
	WorkOrderName   *string
}

// Filter narrows the alert list; members narrow it together. RaisedAfter and RaisedBefore
// are exclusive.
type Filter struct {
	JobIDs        []string
	WorkOrderIDs  []string
	WorkCenterIDs []string
	EquipmentIDs  []string
	AlertNames    []string
	RaisedAfter   *time.Time
	RaisedBefore  *time.Time
}
