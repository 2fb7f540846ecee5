// Package inventory keeps the stock ledger: what is on hand of each item per lot and
// location (balances), and the append-only events that changed it (picks, receipts,
// overrides and reverts), each with its transactions, one per balance it changed.
//
// Every action runs in one database transaction that locks the balances it changes, so
// concurrent actions never lose a unit and on hand never goes below 0; a balance changes
// only together with the event and transaction explaining the change. Locations and lots
// are other areas (internal/locations, internal/lots), reached through their services.
package inventory

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

// EventType is what an event did. setItemValue is reserved for the area that will record it;
// adjustment is the type of reservation events (secondary types reserve and release).
type EventType string

const (
	TypePick     EventType = "pick"
	TypeReceive  EventType = "receive"
	TypeRevert   EventType = "revert"
	TypeOverride EventType = "eventOverride"
	// TypeAdjustment is the type of the reservation events this area records (Reserve,
	// Release): they change what is reserved at balances, never what is on hand.
	TypeAdjustment EventType = "adjustment"
)

// The secondary types of the events this area records itself; picks and receipts take theirs
// from the request (pick, consume, scrap, ... and receive, found, ...).
const (
	SecondaryOverride = "override"
	SecondaryRevert   = "revert"
	SecondaryReserve  = "reserve"
	SecondaryRelease  = "release"
)

// Place is where stock is kept: an item, in a lot or none, at a location or none. One
// balance per place.
type Place struct {
	ItemID     string
	LotID      *string
	LocationID *string
}

// Values are amounts of value by kind, in the tenant's currency: the value of the units of
// a balance, or a signed change of it.
type Values struct {
	Labor, Machine, OutsideProcessing, Material dec.Decimal
}

// Balance is what is on hand at a place and what those units are worth in all.
type Balance struct {
	ID string // "" for a place that never held stock
	Place
	Quantity dec.Decimal
	Values   Values
	// Reserved is the net change of the units records reserve here, kept by the ledger; see
	// ReservedNow for what it means against what is on hand.
	Reserved dec.Decimal
}

// ReservedNow is what records reserve at the balance, bounded to 0 and what is on hand: a
// record may hold units that were since picked by hand, and those are not reserved here.
func (b Balance) ReservedNow() dec.Decimal {
	r := b.Reserved.Decimal
	if r.IsNegative() {
		return dec.Decimal{}
	}
	if r.GreaterThan(b.Quantity.Decimal) {
		return b.Quantity
	}
	return b.Reserved
}

// Available is what is on hand at the balance less what records reserve there.
func (b Balance) Available() dec.Decimal {
	return dec.Decimal{Decimal: b.Quantity.Sub(b.ReservedNow().Decimal)}
}

// Source is the record that caused an event; every member is nil for a manual event (the
// only kind the API records so far: jobs, purchase orders and shipments will set them).
type Source struct {
	Type            *string
	Name            *string
	EntityID        *string
	RelatedType     *string
	RelatedEntityID *string
	ItemToMakeID    *string
	// JobID is the job owning the event, when a job caused it.
	JobID *string
}

// Event is one entry of the ledger. Quantity is the (positive) number of units moved;
// Values are the signed value changes it made by kind; Effects are its transactions.
// Events are immutable except Note and ExternalReferences.
type Event struct {
	ID            string
	ActionDate    time.Time
	Type          EventType
	SecondaryType string
	Source        Source
	Place                 // the item, lot and location the event moved units of
	ItemToMakeID  *string // the job item the units were used for
	Quantity      dec.Decimal
	// UnitID is the item's unit of measure when the event was written, which Quantity and
	// the effects count; nil for events written before units were recorded.
	UnitID          *string
	Values          Values
	ReservedForID   *string
	ReservedForType *string
	RevertedEventID *string // set on a revert event: the event it undid
	Note            *string
	// ExternalReferences are the event's details.
	ExternalReferences extref.References
	CreatedUtc         time.Time
	Effects            []Effect
}

// Effect is one balance change of an event, stored as an inventory transaction: the signed
// changes of quantity and value at one place, and the balance after it.
type Effect struct {
	TransactionID  string
	EventID        string
	Place          Place
	QuantityChange dec.Decimal
	Values         Values
	// ReservedChange is the signed change of the units reserved at the place: what a
	// reservation event reserved (positive) or released (negative); 0 for other events except
	// reserving events recorded before reservations had their own events, whose units moved
	// were the units they reserved (and their reverts).
	ReservedChange dec.Decimal
	// BalanceQuantity and BalanceValue are the place's quantity on hand and its total value
	// right after the change.
	BalanceQuantity dec.Decimal
	BalanceValue    dec.Decimal
}

// Pick takes Quantity units of an item out of stock at a place.
type Pick struct {
	ItemID        string
	SecondaryType string // pick, consume, scrap, stockAdjustmentDecrease, otherDecrease
	Quantity      dec.Decimal
	LotID         *string
	LocationID    *string
	Note          *string
	// Source is the record that took the units (a shipment); zero for a manual pick.
	Source Source
	// OnlyAvailable refuses to take units that records reserve at the place (a document's
	// pick, which must not take units held for other records); a manual pick may take them.
	OnlyAvailable bool
	// UserID is the user whose token picked (nil for an integration token): the scrap
	// register names it for a pick with secondary type scrap.
	UserID *string
}

// SecondaryScrap is the secondary type of a pick that scraps the units it takes: the scrap
// register records it.
const SecondaryScrap = "scrap"

// Receive puts Quantity units of an item into stock at a place. The lot is LotID or
// LotNumber (the item's lot of that name, created when new), not both.
type Receive struct {
	ItemID        string
	SecondaryType string // receive, found, stockAdjustmentIncrease, otherIncrease
	Quantity      dec.Decimal
	LotID         *string
	LotNumber     *string
	LocationID    *string
	Note          *string
	// PerUnit is the value of one received unit by kind (0 when not given).
	PerUnit Values
	// Source is the record that received the units (a receipt's order); zero for a manual
	// receipt.
	Source Source
}

// Override sets what is on hand of an item at a place to Quantity.
type Override struct {
	ItemID     string
	Quantity   dec.Decimal
	LotID      *string
	LocationID *string
	Note       *string
}

// EventUpdate is what may change on an event: its note and its details.
type EventUpdate struct {
	Note               *string
	ExternalReferences extref.References
}

// EventFilter narrows the event list; nil members add no clause.
type EventFilter struct {
	CreatedBefore, CreatedAfter *time.Time // exclusive
	Types                       []string
	SecondaryTypes              []string
	SourceTypes                 []string
	ItemIDs                     []string
	ItemToMakeIDs               []string
	ReservedForTypes            []string
	ReservedForIDs              []string
	EventIDs                    []string
	// ActionDayFrom and ActionDayTo are calendar days in the shop's timezone (inclusive);
	// only their dates count.
	ActionDayFrom, ActionDayTo *time.Time
}

// EventPage is one page of the event list.
type EventPage struct {
	Rows []Event
	listing.Envelope
}

// StockRow is what is on hand at one place, with the item's number and description.
type StockRow struct {
	BalanceID       string
	Place           Place
	OnHand          dec.Decimal
	Available       dec.Decimal // on hand less the units reserved there
	ItemNumber      string
	ItemDescription *string
}

// StockFilter narrows the inventory list; nil members add no clause.
type StockFilter struct {
	ItemIDs, LotIDs, LocationIDs []string
}

// TransactionRow is an effect with its event's context and the names of its place.
type TransactionRow struct {
	Effect
	Date          time.Time // the event's action date
	Type          EventType
	SecondaryType string
	Note          *string
	Source        Source
	ItemNumber    string
	LotName       *string // nil without a lot; "" for an unnamed lot
	LocationName  *string // nil without a location
}

// TransactionFilter narrows the transaction list; nil members add no clause.
type TransactionFilter struct {
	ItemIDs  []string
	DateFrom *time.Time // inclusive
	DateTo   *time.Time // exclusive
	// SourceType matches the event's source type.
	SourceType *string
	// RelatedEntityID matches the source record or the source's related record;
	// RelatedEntityType narrows it to records of that kind (alone: records of that kind).
	RelatedEntityType *string
	RelatedEntityID   *string
}

// TransactionPage is one page of the transaction list.
type TransactionPage struct {
	Rows []TransactionRow
	listing.Envelope
}
