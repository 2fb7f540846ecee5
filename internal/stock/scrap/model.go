// Package scrap keeps the scrap register: every quantity of an item recorded as scrapped,
// whether by a job operation (its complete or add-quantity) or by an inventory pick with
// secondary type scrap. The areas that scrap call Record in their own transactions (wired in
// internal/httpapi), so the register never reads their tables and the stock area imports no
// production package; the scrap report reads this one table.
package scrap

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// Source is where scrap was recorded.
type Source string

const (
	// SourceJobOperation is scrap a job operation's complete or add-quantity added.
	SourceJobOperation Source = "jobOperation"
	// SourceInventoryPick is an inventory pick with secondary type scrap.
	SourceInventoryPick Source = "inventoryPick"
)

// Sources lists the sources, for messages.
var Sources = []string{string(SourceJobOperation), string(SourceInventoryPick)}

// Valid reports whether s is a known source.
func (s Source) Valid() bool { return s == SourceJobOperation || s == SourceInventoryPick }

// maxReason is the longest reason kept, in characters: a pick's note may be that long (the
// scrapReason of a job operation is at most 200).
const maxReason = 2000

// Record is one quantity scrapped, as the scrapping area hands it over. Quantity is signed:
// a job operation's correction records a negative quantity; 0 records nothing.
type Record struct {
	Source   Source
	ItemID   string
	Quantity dec.Decimal
	Reason   *string
	// JobID, ItemToMakeID and JobOperationID name the job operation that scrapped
	// (SourceJobOperation); InventoryEventID the pick (SourceInventoryPick).
	JobID            *string
	ItemToMakeID     *string
	JobOperationID   *string
	InventoryEventID *string
	// UserID is the user whose token recorded the scrap; nil for an integration token.
	UserID *string
}

// JobOperationName is what the production area tells the report of a job operation: its
// job's number and the operation's name as they are now.
type JobOperationName struct {
	JobNumber     int64
	OperationName string
}

// Filter narrows the report; nil members add no clause.
type Filter struct {
	JobID  *string
	ItemID *string
	// Reason matches case-insensitively, surrounding spaces ignored.
	Reason *string
	Source *Source
	From   *time.Time // inclusive
	To     *time.Time // exclusive
}

// Row is one record of the report with the names of its item, job and operation.
type Row struct {
	ID               string
	Source           Source
	RecordedUtc      time.Time
	ItemID           string
	ItemNumber       string
	ItemDescription  *string
	Quantity         dec.Decimal
	Reason           *string
	JobID            *string
	JobNumber        *int64 // nil without a job, or when the operation no longer resolves
	ItemToMakeID     *string
	JobOperationID   *string
	OperationName    *string
	InventoryEventID *string
	UserID           *string
}

// Total is the quantity scrapped of one item for one reason over every matching record.
type Total struct {
	ItemID          string
	ItemNumber      string
	ItemDescription *string
	Reason          *string
	Quantity        dec.Decimal
	RecordCount     int
}

// Page is one page of the report with the totals of every matching record.
type Page struct {
	Rows   []Row
	Totals []Total
	listing.Envelope
}
