// Package shipments serves shipments: goods going out against one sales order. A shipment is
// created open with its lines, each shipping a part line of the order; the quantities of an
// order line on all open and shipped shipments never exceed the order line's quantity (the
// order line is locked for update by every write that changes them). Moving a shipment to
// shipped takes each line's units out of stock with an inventory pick (secondary type ship)
// in the same transaction and advances the order lines' shipped quantity (which shrinks what
// the order reserves for them); moving it back to open reverts the picks and gives the
// shipped quantity back.
package shipments

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/shared/docaddress"
)

// Status is where a shipment stands.
type Status string

// The shipment statuses.
const (
	StatusOpen      Status = "open"
	StatusShipped   Status = "shipped"
	StatusCancelled Status = "cancelled"
)

// moves is the transition table of the status operation: moves[from][to] allowed (a move to
// the same status is a no-op).
var moves = map[Status]map[Status]bool{
	StatusOpen:      {StatusShipped: true, StatusCancelled: true},
	StatusShipped:   {StatusOpen: true},
	StatusCancelled: {StatusOpen: true},
}

// Shipment is a stored shipment.
type Shipment struct {
	ID               string
	Number           int64
	Name             string
	Status           Status
	SalesOrderID     string
	CustomerID       string
	ShipTo           *docaddress.Address
	ShippingMethodID *string
	TrackingNumber   *string
	// ShipByDate and ShippedDateOverride are calendar days at midnight UTC.
	ShipByDate          *time.Time
	ShippedUtc          *time.Time
	ShippedDateOverride *time.Time
	// ShippedDay is the effective shipped day: the override, else the shop day of ShippedUtc.
	ShippedDay         *time.Time
	ShippingCost       dec.Decimal
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
	Lines              []Line
}

// Line is a stored shipment line.
type Line struct {
	ID               string
	ShipmentID       string
	SalesOrderLineID string
	ItemID           string
	Quantity         dec.Decimal
	// UnitName is the unit of Quantity: the order line's, kept as the line was created.
	UnitName          string
	InventoryQuantity *dec.Decimal
	LocationID        *string
	LotID             *string
	CustomFields      map[string]any
	// ExternalReferences are the line's references to other systems.
	ExternalReferences extref.References
	InventoryEventID   *string
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
}

// Tenant is who writes: the tenant and its shop timezone.
type Tenant struct {
	ID       string
	Timezone string
}

// ShipmentCreate is what a create sets; nil members take their defaults.
type ShipmentCreate struct {
	SalesOrderID        string
	Name                *string
	ShipTo              *docaddress.Address
	ShippingMethodID    *string
	TrackingNumber      *string
	ShipByDate          *time.Time
	ShippedDateOverride *time.Time
	ShippingCost        *dec.Decimal
	Notes               *string
	ExternalReferences  extref.References
	CustomFields        map[string]any
	Lines               []LineCreate
}

// LineCreate is a line of a create, or a line added to a shipment.
type LineCreate struct {
	SalesOrderLineID   string
	Quantity           dec.Decimal
	LocationID         *string
	LotID              *string
	CustomFields       map[string]any
	ExternalReferences extref.References
}

// ShipmentWrite is what a full update (or a patch, through the same rules) sets.
type ShipmentWrite struct {
	Name                *string // nil keeps the name
	ShipTo              *docaddress.Address
	ShippingMethodID    *string
	TrackingNumber      *string
	ShipByDate          *time.Time
	ShippedDateOverride *time.Time
	Notes               *string
	ExternalReferences  extref.References
	CustomFields        map[string]any
}

// LineWrite is what a line's full update sets.
type LineWrite struct {
	Quantity           dec.Decimal
	LocationID         *string
	LotID              *string
	CustomFields       map[string]any
	ExternalReferences extref.References
}

// ExternalReferenceFilter matches shipments holding a reference under Key.
type ExternalReferenceFilter = extref.Filter

// Filter narrows the shipment list; nil or empty members apply no clause. Day bounds are
// exclusive.
type Filter struct {
	IDs, Names, SalesOrderIDs, CustomerIDs []string
	Statuses                               []Status
	ShipByBefore, ShipByAfter              *time.Time
	ShippedBefore, ShippedAfter            *time.Time
	ModifiedAfterUtc                       *time.Time
	ExternalReference                      *ExternalReferenceFilter
}

// LineFilter narrows the list of lines of all shipments.
type LineFilter struct {
	ShipmentIDs, SalesOrderIDs, SalesOrderLineIDs, ItemIDs []string
}

// ReportFilter narrows the shipping report; days are inclusive.
type ReportFilter struct {
	ShippedFrom, ShippedTo *time.Time
	CustomerIDs, ItemIDs   []string
	SalesOrderNumbers      []int64
}

// ReportRow is one shipment line of the shipping report.
type ReportRow struct {
	ID                string
	ShipmentID        string
	ShipmentNumber    int64
	ShipmentName      string
	Status            Status
	ShippedDay        *time.Time
	SalesOrderID      string
	SalesOrderNumber  int64
	CustomerID        string
	CustomerName      string
	ItemID            string
	ItemNumber        string
	Quantity          dec.Decimal
	UnitOfMeasureName string
	TrackingNumber    *string
}
