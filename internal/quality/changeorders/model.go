// Package changeorders holds change orders: a revision change of an item (the original
// revision item to a new one) worked through the shop, numbered per tenant, with the open
// documents it impacts (filled on create from the documents that register as carriers of
// items) and its tasks. The surface is off until the tenant's change order settings enable
// it; every operation of it answers 404 meanwhile.
package changeorders

import (
	"time"
)

// Limits of change order writes.
const (
	maxName            = 200
	maxDetail          = 2000
	maxTemplateEntries = 50
	maxDueInDays       = 3650
)

// Status is a change order's status.
type Status string

const (
	StatusNew        Status = "new"
	StatusInProgress Status = "inProgress"
	StatusCompleted  Status = "completed"
)

// Statuses lists every status, in the order of the spec's enum.
var Statuses = []Status{StatusNew, StatusInProgress, StatusCompleted}

// moves is the transition table published with updateChangeOrder; staying is always allowed.
var moves = map[Status][]Status{
	StatusNew:        {StatusInProgress, StatusCompleted},
	StatusInProgress: {StatusNew, StatusCompleted},
	StatusCompleted:  {StatusInProgress},
}

// DocumentType is the kind of document an impacted record names.
type DocumentType string

const (
	DocumentQuote      DocumentType = "quote"
	DocumentSalesOrder DocumentType = "salesOrder"
	DocumentJob        DocumentType = "job"
)

// Dispositions of impacted jobs: a complete job is finished as it is, any other revised.
const (
	DispositionFinishAsIs = "Finish As Is"
	DispositionRevision   = "Revision"
)

// Tenant is the calling tenant, its user ("" for an integration token) and shop timezone.
type Tenant struct {
	ID       string
	UserID   string
	Timezone string
}

// TemplateTask is an entry of the default task template.
type TemplateTask struct {
	Name        string  `json:"name"`
	Description *string `json:"description"`
	DueInDays   int32   `json:"dueInDays"`
}

// Settings are a tenant's change order settings.
type Settings struct {
	Enabled              bool
	UpdatesEnabled       bool
	NotificationsEnabled bool
	TaskTemplate         []TemplateTask
}

// Disposition is a disposition change orders may name.
type Disposition struct {
	ID         string
	Name       string
	CreatedUtc time.Time
}

// Write is a change order header as sent (create or update).
type Write struct {
	CustomerID           *string
	OriginalItemID       string
	NewItemID            *string
	RequestedUtc         *time.Time
	DueDateUtc           *time.Time
	ApprovedUtc          *time.Time
	CompletedUtc         *time.Time
	Status               Status
	Detail               *string
	DispositionID        *string
	NotificationsEnabled *bool
}

// ItemRef is a revision item as named at the change order's last write.
type ItemRef struct {
	ID       string
	Name     *string
	Number   string
	Revision *string
}

// NamedRef is a customer or disposition.
type NamedRef struct {
	ID   string
	Name string
}

// ChangeOrder is a change order as stored; ImpactedRecords are filled by get only.
type ChangeOrder struct {
	ID                   string
	Number               int64
	Customer             *NamedRef
	OriginalItem         ItemRef
	NewItem              *ItemRef
	RequestedUtc         time.Time
	DueDateUtc           *time.Time
	ApprovedUtc          *time.Time
	CompletedUtc         *time.Time
	Status               Status
	Detail               *string
	Disposition          *NamedRef
	NotificationsEnabled bool
	CreatedByUserID      *string
	ModifiedByUserID     *string
	CreatedUtc           time.Time
	ModifiedUtc          time.Time
	ImpactedRecords      []ImpactedRecord
}

// ImpactedRecord is an open document (line) carrying the original revision item.
type ImpactedRecord struct {
	ID                        string
	DocumentType              DocumentType
	DocumentID                string
	OriginalRevDocumentLineID *string
	NewRevDocumentLineID      *string
	Disposition               *string
	RolledRev                 bool
}

// Filter narrows the change order list; members narrow it together.
type Filter struct {
	Search             *string
	Statuses           []Status
	CustomerIDs        []string
	DispositionIDs     []string
	RequestedFrom      *time.Time
	RequestedTo        *time.Time
	DueFrom            *time.Time
	DueTo              *time.Time
	CreatedFrom        *time.Time
	CreatedTo          *time.Time
	CompletedFrom      *time.Time
	CompletedTo        *time.Time
	Overdue            bool
	ImpactedDocumentID *string
	RevisionItemID     *string
	ModifiedAfter      *time.Time
	ModifiedBefore     *time.Time
}

// TaskWrite is a task as sent (create or update).
type TaskWrite struct {
	ChangeOrderID string // create only
	Sequence      *int32
	Name          string
	Description   *string
	DueDateUtc    *time.Time
	Completed     bool
	CompletedUtc  *time.Time
}

// Task is a change order task as stored.
type Task struct {
	ID                string
	ChangeOrderID     string
	ChangeOrderNumber int64
	Sequence          int32
	Name              string
	Description       *string
	DueDateUtc        *time.Time
	Completed         bool
	CompletedUtc      *time.Time
	CompletedByUserID *string
	CreatedUtc        time.Time
}
