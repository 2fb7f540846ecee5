package inventory

import (
	"context"
	"slices"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/items"
)

// Reservations hold units on hand for a record (a sales order, later a job): held units stay
// on hand but are not available (available = on hand − reserved, per balance). Each change
// is a reservation event (type adjustment, secondary type reserve or release) carrying the
// record as reservedForType and reservedForId and the record's line as the source's related
// record; its transactions, one per balance, carry the signed change of the units reserved
// there (reserved_change) and change neither the quantity on hand nor the value, so every
// balance invariant of the ledger (a balance is the sum of its transactions' quantity
// changes, never below 0) holds unchanged. A reservation event is not reverted by hand
// (Revert refuses it): its record releases it.
//
// The methods run in the caller's transaction (q), so a record's write and the stock it
// holds commit together. They take the same locks as the other actions, in the same order:
// the item (shared), then every balance of the item (for update, by place). Two records
// reserving the last units therefore queue on the balances, and the second sees what the
// first holds: exactly one gets them.

// Reservation names what holds reserved units: the record (ForType, ForID: reservedForType
// and reservedForId) and its line, which the events name as their source.
type Reservation struct {
	ForType string // a reservedForType: salesOrder, job, ...
	ForID   string
	// SourceType and SourceName are the events' sourceType and sourceName (the record's kind
	// and display name); the source entity is ForID.
	SourceType string
	SourceName *string
	// LineType and LineID are the source's related record: the line holding the units.
	LineType string
	LineID   string
	// JobID is the job the reservation is for, when a job holds the units: its events carry
	// it as the source's jobId, as every event a job causes does.
	JobID *string
}

func (r Reservation) event(secondary string, item items.StockInfo) Event {
	ev := Event{
		Type: TypeAdjustment, SecondaryType: secondary, Place: Place{ItemID: item.ID}, UnitID: item.UnitID,
		ReservedForType: &r.ForType, ReservedForID: &r.ForID,
		Source: Source{Type: &r.SourceType, Name: r.SourceName, EntityID: &r.ForID, JobID: r.JobID},
	}
	if r.LineID != "" {
		ev.Source.RelatedType, ev.Source.RelatedEntityID = &r.LineType, &r.LineID
	}
	return ev
}

// Hold makes r's line hold want units of item itemID, as far as stock allows, and answers
// what it holds afterwards: it releases whatever the line holds of another item (its item
// changed) and the units beyond want, or reserves more from the units available, taking
// balances in place order, and never fails for lack of stock (it holds what is available).
// A non-inventory item holds nothing. want below 0 counts as 0.
func (s *Service) Hold(ctx context.Context, q db.Q, tenantID string, r Reservation, itemID string, want dec.Decimal) (dec.Decimal, error) {
	if r.LineID == "" {
		return dec.Decimal{}, apperr.Invalid("a reservation names the line holding the units")
	}
	rows, err := s.store.held(ctx, q, tenantID, r.ForType, r.ForID, &r.LineID)
	if err != nil {
		return dec.Decimal{}, err
	}
	itemIDs := []string{itemID}
	for _, h := range rows {
		if !slices.Contains(itemIDs, h.ItemID) {
			itemIDs = append(itemIDs, h.ItemID)
		}
	}
	slices.Sort(itemIDs)
	var held dec.Decimal
	for _, id := range itemIDs {
		item, err := s.items.StockInfo(ctx, q, tenantID, id)
		if err != nil {
			return dec.Decimal{}, err
		}
		balances, err := s.store.lockItemBalances(ctx, q, tenantID, id)
		if err != nil {
			return dec.Decimal{}, err
		}
		mine := heldOf(rows, id)
		has := sumHeld(mine)
		target := dec.Decimal{}
		if id == itemID && !item.IsNonInventory && want.IsPositive() {
			target = want
		}
		switch {
		case has.GreaterThan(target.Decimal):
			if err := s.release(ctx, q, tenantID, r, item, balances, mine, dec.Decimal{Decimal: has.Sub(target.Decimal)}); err != nil {
				return dec.Decimal{}, err
			}
			has = target
		case target.GreaterThan(has.Decimal):
			got, err := s.reserve(ctx, q, tenantID, r, item, balances, dec.Decimal{Decimal: target.Sub(has.Decimal)})
			if err != nil {
				return dec.Decimal{}, err
			}
			has = dec.Decimal{Decimal: has.Add(got.Decimal)}
		}
		if id == itemID {
			held = has
		}
	}
	return held, nil
}

// Release gives back everything the record r.ForType/r.ForID holds: of line r.LineID only,
// or of every line when r.LineID is "". One release event per item and line.
func (s *Service) Release(ctx context.Context, q db.Q, tenantID string, r Reservation) error {
	var lineID *string
	if r.LineID != "" {
		lineID = &r.LineID
	}
	rows, err := s.store.held(ctx, q, tenantID, r.ForType, r.ForID, lineID)
	if err != nil {
		return err
	}
	// rows come by item, then line: lock each item and its balances once, in item order.
	for start := 0; start < len(rows); {
		itemID := rows[start].ItemID
		end := start
		for end < len(rows) && rows[end].ItemID == itemID {
			end++
		}
		item, err := s.items.StockInfo(ctx, q, tenantID, itemID)
		if err != nil {
			return err
		}
		balances, err := s.store.lockItemBalances(ctx, q, tenantID, itemID)
		if err != nil {
			return err
		}
		for lineStart := start; lineStart < end; {
			line := rows[lineStart].LineID
			lineEnd := lineStart
			for lineEnd < end && deref(rows[lineEnd].LineID) == deref(line) {
				lineEnd++
			}
			lr := r
			lr.LineID = deref(line)
			mine := rows[lineStart:lineEnd]
			if err := s.release(ctx, q, tenantID, lr, item, balances, mine, sumHeld(mine)); err != nil {
				return err
			}
			lineStart = lineEnd
		}
		start = end
	}
	return nil
}

// ReservedFor answers, per line (line id → units), what the records forIDs of kind forType
// hold, in one statement; lines holding nothing are absent. The units are the item's
// inventory unit. A line may hold more than is now on hand when held units were picked by
// hand: the balances' reserved quantity is bounded by what is on hand, the line's is not.
func (s *Service) ReservedFor(ctx context.Context, q db.Q, tenantID, forType string, forIDs []string) (map[string]dec.Decimal, error) {
	if len(forIDs) == 0 {
		return map[string]dec.Decimal{}, nil
	}
	return s.store.reservedFor(ctx, q, tenantID, forType, forIDs)
}

// reserve holds up to want more units of item for r from balances (locked, in place order):
// at each, what is on hand less what every record reserves there. It records one reserve
// event when it holds anything and answers the units held.
func (s *Service) reserve(ctx context.Context, q db.Q, tenantID string, r Reservation, item items.StockInfo, balances []Balance, want dec.Decimal) (dec.Decimal, error) {
	left := want
	var changes []change
	for i := range balances {
		b := balances[i]
		free := b.Available()
		if !free.IsPositive() {
			continue
		}
		take := dec.Decimal{Decimal: decMin(free.Decimal, left.Decimal)}
		changes = append(changes, change{place: b.Place, balanceID: b.ID, reserved: take, kept: &balances[i]})
		left = dec.Decimal{Decimal: left.Sub(take.Decimal)}
		if !left.IsPositive() {
			break
		}
	}
	if len(changes) == 0 {
		return dec.Decimal{}, nil
	}
	got := dec.Decimal{Decimal: want.Sub(left.Decimal)}
	return got, s.recordReservation(ctx, q, tenantID, r.event(SecondaryReserve, item), got, changes)
}

// release gives back up to want of what r's line holds of item at the places of mine, in
// place order, recording one release event.
func (s *Service) release(ctx context.Context, q db.Q, tenantID string, r Reservation, item items.StockInfo, balances []Balance, mine []heldRow, want dec.Decimal) error {
	left := want
	var changes []change
	for _, h := range mine {
		if !left.IsPositive() {
			break
		}
		place := Place{ItemID: h.ItemID, LotID: h.LotID, LocationID: h.LocationID}
		kept := &Balance{Place: place}
		for i := range balances {
			if placeKey(balances[i].Place) == placeKey(place) {
				kept = &balances[i]
			}
		}
		give := dec.Decimal{Decimal: decMin(h.Held.Decimal, left.Decimal)}
		changes = append(changes, change{place: place, balanceID: kept.ID, reserved: negate(give), kept: kept})
		left = dec.Decimal{Decimal: left.Sub(give.Decimal)}
	}
	if len(changes) == 0 {
		return nil
	}
	return s.recordReservation(ctx, q, tenantID, r.event(SecondaryRelease, item), dec.Decimal{Decimal: want.Sub(left.Decimal)}, changes)
}

// recordReservation records a reservation event of quantity units with its changes; the
// event names the lot and location when it touched one balance only.
func (s *Service) recordReservation(ctx context.Context, q db.Q, tenantID string, ev Event, quantity dec.Decimal, changes []change) error {
	ev.Quantity = quantity
	if len(changes) == 1 {
		ev.Place = changes[0].place
	}
	return s.record(ctx, q, tenantID, &ev, changes)
}

func heldOf(rows []heldRow, itemID string) []heldRow {
	var out []heldRow
	for _, h := range rows {
		if h.ItemID == itemID {
			out = append(out, h)
		}
	}
	return out
}

func sumHeld(rows []heldRow) dec.Decimal {
	var sum dec.Decimal
	for _, h := range rows {
		sum = dec.Decimal{Decimal: sum.Add(h.Held.Decimal)}
	}
	return sum
}

func decMin(a, b decimal.Decimal) decimal.Decimal {
	if a.LessThan(b) {
		return a
	}
	return b
}
