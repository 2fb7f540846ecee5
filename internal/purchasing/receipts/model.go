// Package receipts serves receiving: goods received against one purchase order (bought
// parts into stock, outside processing the vendor did, landed-cost fees) or one sales order
// (material the customer supplies for its order). A receipt is created with its lines; a
// received part line posts an inventory receive event in the receipt's transaction and, on a
// purchase order, advances the order line's received quantity under a row lock, so
// concurrent receipts never receive more than was ordered. Changing or deleting a line
// reverts its event (and gives back its received quantity) in the same transaction.
//
// A line held for inspection holds the whole receipt's accounting: the receipt carries
// accountingHeldUtc while any of its lines is held and is left out of the list until the
// hold is released (a line's holdForInspection set false, or the receipt's accountingHeld
// set false, which releases every line).
package receipts

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
)

// LineType is what a receipt line receives.
type LineType string

// The receipt line types.
const (
	LinePart              LineType = "part"
	LineOutsideProcessing LineType = "outsideProcessing"
	LineFee               LineType = "fee"
)

// LineTypes lists every line type.
var LineTypes = []LineType{LinePart, LineOutsideProcessing, LineFee}

// Receipt is a stored receipt: exactly one of PurchaseOrderID and SalesOrderID is set.
type Receipt struct {
	ID string
	// Number is the tenant's receipt number: 1, 2, 3 …, gap-free.
	Number          int64
	PurchaseOrderID *string
	SalesOrderID    *string
	// ReceivedDate is a calendar day at midnight UTC.
	ReceivedDate       time.Time
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	// AccountingHeldUtc is set while a line is held for inspection.
	AccountingHeldUtc *time.Time
	CreatedUtc        time.Time
	ModifiedUtc       time.Time
}

// Line is a stored receipt line. A part or outside-processing line names exactly one order
// line (PurchaseOrderLineID or SalesOrderLineID); a fee names none and has a Name.
type Line struct {
	ID                  string
	ReceiptID           string
	Type                LineType
	PurchaseOrderLineID *string
	SalesOrderLineID    *string
	ItemID              *string
	Name                *string
	// Quantity is in the order line's unit (1 for a fee).
	Quantity dec.Decimal
	// UnitPrice is the order line's price per its unit when received.
	UnitPrice dec.Decimal
	// UnitCost and UnitTax are per inventory unit (per fee for a fee); LandedCost is
	// (UnitCost + UnitTax) × the quantity in inventory units.
	UnitCost, UnitTax, LandedCost dec.Decimal
	LocationID                    *string
	LotID                         *string
	HoldForInspection             bool
	Notes                         *string
	// InventoryEventID is the receive event that put the line's units into stock.
	InventoryEventID *string
	CreatedUtc       time.Time
	ModifiedUtc      time.Time
}

// Tenant is who writes: the tenant and its shop timezone.
type Tenant struct {
	ID       string
	Timezone string
}

// ReceiptCreate is what a create sets; nil members take their defaults.
type ReceiptCreate struct {
	PurchaseOrderID    *string
	SalesOrderID       *string
	ReceivedDate       *time.Time
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	Lines              []LineCreate
}

// LineCreate is a line of a create, or a line added to a receipt.
type LineCreate struct {
	Type                *LineType
	PurchaseOrderLineID *string
	SalesOrderLineID    *string
	Name                *string
	Quantity            *dec.Decimal
	LocationID          *string
	LotID               *string
	LotNumber           *string
	UnitCost            *dec.Decimal
	UnitTax             *dec.Decimal
	HoldForInspection   bool
	Notes               *string
}

// ReceiptWrite is what a full update (or a patch, through the same rules) sets.
type ReceiptWrite struct {
	ReceivedDate       *time.Time // nil keeps the receipt's day
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	// ReleaseHold releases every held line (accountingHeld false).
	ReleaseHold bool
}

// LineWrite is what a line's full update (or patch) sets; nil Quantity, UnitCost and
// UnitTax keep the line's.
type LineWrite struct {
	Name              *string
	Quantity          *dec.Decimal
	LocationID        *string
	LotID             *string
	UnitCost          *dec.Decimal
	UnitTax           *dec.Decimal
	HoldForInspection bool
	Notes             *string
}

// Filter narrows the receipt list; nil or empty members apply no clause.
type Filter struct {
	IDs              []string
	Numbers          []int64
	PurchaseOrderIDs []string
	SalesOrderIDs    []string
	// Calendar days compared with receivedDate, inclusive.
	ReceivedDateFrom, ReceivedDateTo *time.Time
}

// LineFilter narrows a receipt's line list; nil or empty members apply no clause.
type LineFilter struct {
	IDs, ItemIDs                             []string
	Types                                    []LineType
	UnitPrice, UnitCost, UnitTax, LandedCost *dec.Decimal
}
