package inventory

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

type eventRow struct {
	ID                     string            `db:"id"`
	ActionDate             time.Time         `db:"action_date"`
	Type                   string            `db:"type"`
	SecondaryType          string            `db:"secondary_type"`
	SourceType             *string           `db:"source_type"`
	SourceName             *string           `db:"source_name"`
	SourceEntityID         *string           `db:"source_entity_id"`
	SourceRelatedType      *string           `db:"source_related_type"`
	SourceRelatedEntityID  *string           `db:"source_related_entity_id"`
	SourceItemToMakeID     *string           `db:"source_item_to_make_id"`
	SourceJobID            *string           `db:"source_job_id"`
	ItemID                 string            `db:"item_id"`
	ItemToMakeID           *string           `db:"item_to_make_id"`
	Quantity               dec.Decimal       `db:"quantity"`
	UnitID                 *string           `db:"unit_of_measure_id"`
	LaborValue             dec.Decimal       `db:"labor_value"`
	MachineValue           dec.Decimal       `db:"machine_value"`
	OutsideProcessingValue dec.Decimal       `db:"outside_processing_value"`
	MaterialValue          dec.Decimal       `db:"material_value"`
	ReservedForID          *string           `db:"reserved_for_id"`
	ReservedForType        *string           `db:"reserved_for_type"`
	LotID                  *string           `db:"lot_id"`
	LocationID             *string           `db:"location_id"`
	RevertedEventID        *string           `db:"revert_inventory_event_id"`
	Note                   *string           `db:"note"`
	ExternalReferences     extref.References `db:"external_references"`
	CreatedUtc             time.Time         `db:"created_utc"`
}

func (r eventRow) toEvent() Event {
	return Event{
		ID: r.ID, ActionDate: r.ActionDate.UTC(), Type: EventType(r.Type), SecondaryType: r.SecondaryType,
		Source: Source{
			Type: r.SourceType, Name: r.SourceName, EntityID: r.SourceEntityID, RelatedType: r.SourceRelatedType,
			RelatedEntityID: r.SourceRelatedEntityID, ItemToMakeID: r.SourceItemToMakeID, JobID: r.SourceJobID,
		},
		Place:        Place{ItemID: r.ItemID, LotID: r.LotID, LocationID: r.LocationID},
		ItemToMakeID: r.ItemToMakeID, Quantity: r.Quantity, UnitID: r.UnitID,
		Values:        Values{Labor: r.LaborValue, Machine: r.MachineValue, OutsideProcessing: r.OutsideProcessingValue, Material: r.MaterialValue},
		ReservedForID: r.ReservedForID, ReservedForType: r.ReservedForType, RevertedEventID: r.RevertedEventID,
		Note: r.Note, ExternalReferences: r.ExternalReferences, CreatedUtc: r.CreatedUtc.UTC(),
	}
}

const eventColumns = `e.id, e.action_date, e.type, e.secondary_type, e.source_type, e.source_name, e.source_entity_id,
       e.source_related_type, e.source_related_entity_id, e.source_item_to_make_id, e.source_job_id, e.item_id,
       e.item_to_make_id, e.quantity, e.unit_of_measure_id, e.labor_value, e.machine_value, e.outside_processing_value, e.material_value,
       e.reserved_for_id, e.reserved_for_type, e.lot_id, e.location_id, e.revert_inventory_event_id, e.note,
       e.external_references, e.created_utc`

const getEventSQL = `SELECT ` + eventColumns + ` FROM inventory_events e WHERE e.tenant_id = $1 AND e.id = $2`

func eventNotFound(id string) error { return apperr.NotFound("inventory event %s not found", id) }

// event reads one event without its effects; forUpdate locks it until the transaction ends.
func (store) event(ctx context.Context, q db.Q, tenantID, id string, forUpdate bool) (Event, error) {
	query := getEventSQL
	if forUpdate {
		query += ` FOR UPDATE`
	}
	var r eventRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Event{}, eventNotFound(id)
	}
	if err != nil {
		return Event{}, fmt.Errorf("get inventory event: %w", err)
	}
	return r.toEvent(), nil
}

const revertedBySQL = `SELECT id FROM inventory_events WHERE tenant_id = $1 AND revert_inventory_event_id = $2`

// revertedBy answers the id of the event that reverted id, or "".
func (store) revertedBy(ctx context.Context, q db.Q, tenantID, id string) (string, error) {
	var by string
	err := sqlx.GetContext(ctx, q, &by, revertedBySQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("find revert of inventory event: %w", err)
	}
	return by, nil
}

// eventSortFields are the InventoryEvent properties the event list can be sorted by.
var eventSortFields = map[string]string{
	"actionDate":    "e.action_date",
	"createdUtc":    "e.created_utc",
	"quantity":      "e.quantity",
	"type":          "e.type",
	"secondaryType": "e.secondary_type",
}

var eventListSpec = listing.Spec{Fields: eventSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "e.id"}

// eventDays are the filter's action days as instants: [from, to).
type eventDays struct{ from, to *time.Time }

// events answers a page of the events matching f (without effects) and how many match.
func (store) events(ctx context.Context, q db.Q, tenantID string, f EventFilter, days eventDays, p listing.Page) ([]Event, int, error) {
	lq := listing.NewQuery("e.tenant_id", tenantID)
	if f.CreatedBefore != nil {
		lq.Where("e.created_utc < %s", *f.CreatedBefore)
	}
	if f.CreatedAfter != nil {
		lq.Where("e.created_utc > %s", *f.CreatedAfter)
	}
	if days.from != nil {
		lq.Where("e.action_date >= %s", *days.from)
	}
	if days.to != nil {
		lq.Where("e.action_date < %s", *days.to)
	}
	for _, in := range []struct {
		column string
		values []string
	}{
		{"e.type", f.Types}, {"e.secondary_type", f.SecondaryTypes}, {"e.source_type", f.SourceTypes},
		{"e.item_id", f.ItemIDs}, {"e.item_to_make_id", f.ItemToMakeIDs}, {"e.reserved_for_type", f.ReservedForTypes},
		{"e.reserved_for_id", f.ReservedForIDs}, {"e.id", f.EventIDs},
	} {
		if in.values != nil {
			lq.Where(in.column+" = ANY(%s)", pq.StringArray(in.values))
		}
	}
	out, total, err := listing.SelectPage(ctx, q, lq, `SELECT `+eventColumns+`, count(*) OVER () AS total_count FROM inventory_events e`, p,
		countedEventRow.toEvent)
	if err != nil {
		return nil, 0, fmt.Errorf("list inventory events: %w", err)
	}
	return out, total, nil
}

type countedEventRow struct {
	eventRow
	TotalCount int `db:"total_count"`
}

func (r countedEventRow) Total() int { return r.TotalCount }

type effectRow struct {
	ID                     string      `db:"id"`
	EventID                string      `db:"event_id"`
	ItemID                 string      `db:"item_id"`
	LotID                  *string     `db:"lot_id"`
	LocationID             *string     `db:"location_id"`
	QuantityChange         dec.Decimal `db:"quantity_change"`
	ReservedChange         dec.Decimal `db:"reserved_change"`
	LaborValue             dec.Decimal `db:"labor_value"`
	MachineValue           dec.Decimal `db:"machine_value"`
	OutsideProcessingValue dec.Decimal `db:"outside_processing_value"`
	MaterialValue          dec.Decimal `db:"material_value"`
	BalanceQuantity        dec.Decimal `db:"balance_quantity"`
	BalanceValue           dec.Decimal `db:"balance_value"`
}

func (r effectRow) toEffect() Effect {
	return Effect{
		TransactionID: r.ID, EventID: r.EventID, Place: Place{ItemID: r.ItemID, LotID: r.LotID, LocationID: r.LocationID},
		QuantityChange: r.QuantityChange, ReservedChange: r.ReservedChange,
		Values:          Values{Labor: r.LaborValue, Machine: r.MachineValue, OutsideProcessing: r.OutsideProcessingValue, Material: r.MaterialValue},
		BalanceQuantity: r.BalanceQuantity, BalanceValue: r.BalanceValue,
	}
}

const effectColumns = `t.id, t.event_id, t.item_id, t.lot_id, t.location_id, t.quantity_change, t.reserved_change, t.labor_value,
       t.machine_value, t.outside_processing_value, t.material_value, t.balance_quantity, t.balance_value`

const effectsSQL = `SELECT ` + effectColumns + ` FROM inventory_transactions t
WHERE t.tenant_id = $1 AND t.event_id = ANY($2) ORDER BY t.event_id, t.id`

// effects answers the effects of the events eventIDs in one query, each event's in the
// order they were recorded.
func (store) effects(ctx context.Context, q db.Q, tenantID string, eventIDs []string) ([]Effect, error) {
	var rows []effectRow
	if err := sqlx.SelectContext(ctx, q, &rows, effectsSQL, tenantID, pq.StringArray(eventIDs)); err != nil {
		return nil, fmt.Errorf("read inventory transactions: %w", err)
	}
	out := make([]Effect, len(rows))
	for i, r := range rows {
		out[i] = r.toEffect()
	}
	return out, nil
}

const updateEventSQL = `UPDATE inventory_events SET note = $3, external_references = $4 WHERE tenant_id = $1 AND id = $2`

// updateEvent replaces what may change on an event: its note and external references.
func (store) updateEvent(ctx context.Context, q db.Q, tenantID, id string, u EventUpdate) error {
	res, err := q.ExecContext(ctx, updateEventSQL, tenantID, id, u.Note, u.ExternalReferences)
	if err != nil {
		return fmt.Errorf("update inventory event: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("update inventory event: %w", err)
	}
	if n == 0 {
		return eventNotFound(id)
	}
	return nil
}
