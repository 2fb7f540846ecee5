package inventory

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
)

// GetEvent returns one event with its effects. Another tenant's event is NotFound.
func (s *Service) GetEvent(ctx context.Context, tenantID, id string) (Event, error) {
	return s.readEvent(ctx, s.pool, tenantID, id)
}

func (s *Service) readEvent(ctx context.Context, q db.Q, tenantID, id string) (Event, error) {
	ev, err := s.store.event(ctx, q, tenantID, id, false)
	if err != nil {
		return Event{}, err
	}
	one := []Event{ev}
	if err := s.withEffects(ctx, q, tenantID, one); err != nil {
		return Event{}, err
	}
	return one[0], nil
}

// ListEvents answers a page of the events matching f, newest first unless sorted otherwise.
// The action days of f are days of the shop's timezone shopTimezone (an IANA name).
func (s *Service) ListEvents(ctx context.Context, tenantID, shopTimezone string, f EventFilter, r listing.Request) (EventPage, error) {
	page, err := listing.Resolve(r, eventListSpec)
	if err != nil {
		return EventPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdBeforeUtc", f.CreatedBefore)
	utctime.CheckFilterBound(fields, "createdAfterUtc", f.CreatedAfter)
	utctime.CheckFilterBound(fields, "actionDateFrom", f.ActionDayFrom)
	utctime.CheckFilterBound(fields, "actionDateTo", f.ActionDayTo)
	if err := fields.Err(); err != nil {
		return EventPage{}, err
	}
	loc, err := shopday.Location(shopTimezone)
	if err != nil {
		return EventPage{}, err
	}
	var days eventDays
	days.from, days.to = shopday.Bounds(loc, f.ActionDayFrom, f.ActionDayTo)
	rows, total, err := s.store.events(ctx, s.pool, tenantID, f, days, page)
	if err != nil {
		return EventPage{}, err
	}
	if err := s.withEffects(ctx, s.pool, tenantID, rows); err != nil {
		return EventPage{}, err
	}
	return EventPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// withEffects fills the effects of events with one query, however many there are.
func (s *Service) withEffects(ctx context.Context, q db.Q, tenantID string, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	ids := make([]string, len(events))
	at := make(map[string]int, len(events))
	for i, e := range events {
		ids[i], at[e.ID] = e.ID, i
		events[i].Effects = []Effect{}
	}
	effects, err := s.store.effects(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	for _, e := range effects {
		i := at[e.EventID]
		events[i].Effects = append(events[i].Effects, e)
	}
	return nil
}

// eventPatchMode is how a PATCH of an event or of its details stores external references.
// Inventory events are not among the records whose patches keep blank members, so it is the
// create and full update rule: a blank member is stored as no value and a blank externalId
// is refused as required.
var eventPatchMode = extref.PatchMode(extref.InventoryEvent)

// PatchEvent saves what change makes of the event (a JSON Patch applied by the caller to its
// read shape) and answers it. Only the note and the external references can change;
// references follow eventPatchMode. change runs inside the transaction on the locked event.
func (s *Service) PatchEvent(ctx context.Context, tenantID, id string, change func(current Event) (EventUpdate, error)) (Event, error) {
	return s.saveEvent(ctx, tenantID, id, eventPatchMode, "details", change)
}

// ReplaceEventDetails replaces the event's external references with refs (a full update)
// and answers the event.
func (s *Service) ReplaceEventDetails(ctx context.Context, tenantID, id string, refs extref.References) (Event, error) {
	return s.saveDetails(ctx, tenantID, id, extref.Write, func(Event) (extref.References, error) { return refs, nil })
}

// PatchEventDetails replaces the event's external references with what change makes of them
// (a JSON Patch applied by the caller to the details), under eventPatchMode, and answers the
// event. change runs inside the transaction on the locked event.
func (s *Service) PatchEventDetails(ctx context.Context, tenantID, id string, change func(current Event) (extref.References, error)) (Event, error) {
	return s.saveDetails(ctx, tenantID, id, eventPatchMode, change)
}

// saveDetails stores the references change makes of the locked event, keeping its note.
func (s *Service) saveDetails(ctx context.Context, tenantID, id string, mode extref.Mode, change func(current Event) (extref.References, error)) (Event, error) {
	return s.saveEvent(ctx, tenantID, id, mode, "", func(current Event) (EventUpdate, error) {
		refs, err := change(current)
		return EventUpdate{Note: current.Note, ExternalReferences: refs}, err
	})
}

// saveEvent stores the note and references change makes of the locked event; refsPrefix
// names where the references sit in the request (field errors are named from there).
func (s *Service) saveEvent(ctx context.Context, tenantID, id string, mode extref.Mode, refsPrefix string, change func(Event) (EventUpdate, error)) (Event, error) {
	var ev Event
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.event(ctx, q, tenantID, id, true)
		if err != nil {
			return err
		}
		u, err := change(current)
		if err != nil {
			return err
		}
		fields := apperr.Fields{}
		u.Note = fields.OptionalText("note", u.Note, maxNote)
		refs, refErrs := extref.Normalize(u.ExternalReferences, mode)
		fields.Merge(refsPrefix, refErrs)
		if err := fields.Err(); err != nil {
			return err
		}
		u.ExternalReferences = refs
		if err := s.store.updateEvent(ctx, q, tenantID, id, u); err != nil {
			return err
		}
		ev, err = s.readEvent(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}
