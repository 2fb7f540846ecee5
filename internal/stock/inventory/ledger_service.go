package inventory

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/scrap"
)

// Every action below runs in one transaction and takes its locks in the same order: the
// item (shared: items.StockInfo, so the item's flags and unit cannot change under it), the
// location (shared: locations.RequireLive, so it cannot be deleted under it), then the
// balances it changes (for update). A revert locks its event first, then the same. A balance is only
// changed while locked, so what an action decides from it still holds when it writes; the
// CHECK (quantity >= 0) on balances is the last line.

// Pick takes units out of stock at one place and answers the pick event, in its own
// transaction (see PickIn).
func (s *Service) Pick(ctx context.Context, tenantID string, p Pick) (Event, error) {
	var ev Event
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		ev, err = s.PickIn(ctx, q, tenantID, p)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// PickIn takes units out of stock at one place in the caller's transaction q (so a document
// shipping goods commits with its event) and answers the pick event. Taking more than is on
// hand there (more than is available, on hand less what records reserve there, when
// p.OnlyAvailable) is a 400 naming quantity and writes nothing (lotId instead when, without a
// lot, nothing is outside lots there but lots hold stock: see refusePick); the units taken
// carry their share of the value on hand (its average).
func (s *Service) PickIn(ctx context.Context, q db.Q, tenantID string, p Pick) (Event, error) {
	fields := apperr.Fields{}
	note := fields.OptionalText("note", p.Note, maxNote)
	if !p.Quantity.IsPositive() {
		fields.Add("quantity", "must be more than 0")
	}
	if err := fields.Err(); err != nil {
		return Event{}, err
	}
	item, err := s.stockItem(ctx, q, tenantID, p.ItemID)
	if err != nil {
		return Event{}, err
	}
	place, locationName, err := s.existingPlace(ctx, q, tenantID, item, p.LotID, p.LocationID)
	if err != nil {
		return Event{}, err
	}
	bal, err := s.store.lockBalance(ctx, q, tenantID, place)
	if err != nil {
		return Event{}, err
	}
	// A document's pick takes only what no record reserves; the balance's lock holds what is
	// reserved there still (a reservation locks every balance of its item).
	takeable := bal.Quantity
	if p.OnlyAvailable {
		takeable = bal.Available()
	}
	if p.Quantity.GreaterThan(takeable.Decimal) {
		if !p.Quantity.GreaterThan(bal.Quantity.Decimal) {
			return Event{}, apperr.Field("quantity", "only %s of the %s on hand there are available (the rest is reserved for other records); cannot take %s",
				takeable, bal.Quantity, p.Quantity)
		}
		return Event{}, s.refusePick(ctx, q, tenantID, item, place, locationName, bal.Quantity, p.Quantity)
	}
	taken := bal.Values.Share(p.Quantity, bal.Quantity).Neg()
	ev := Event{Type: TypePick, SecondaryType: p.SecondaryType, Source: p.Source, Place: place, Quantity: p.Quantity, UnitID: item.UnitID, Values: taken, Note: note}
	if err := s.record(ctx, q, tenantID, &ev, []change{{place: place, balanceID: bal.ID, quantity: negate(p.Quantity), values: taken}}); err != nil {
		return Event{}, err
	}
	// Scrap is registered here, where every pick passes, so that it is counted once whoever
	// picked (a manual pick, or a document's pick should one scrap).
	if p.SecondaryType == SecondaryScrap && s.scrap != nil {
		if err := s.scrap.Record(ctx, q, tenantID, scrap.Record{
			Source: scrap.SourceInventoryPick, ItemID: place.ItemID, Quantity: p.Quantity, Reason: note,
			InventoryEventID: &ev.ID, UserID: p.UserID,
		}); err != nil {
			return Event{}, err
		}
	}
	return ev, nil
}

// Receive puts units into stock at one place and answers the receive event, in its own
// transaction (see ReceiveIn).
func (s *Service) Receive(ctx context.Context, tenantID string, r Receive) (Event, error) {
	var ev Event
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		ev, err = s.ReceiveIn(ctx, q, tenantID, r)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// ReceiveIn puts units into stock at one place in the caller's transaction q (so a document
// receiving goods commits with its event) and answers the receive event: their value is the
// per-unit values times the quantity. The lot is LotID, or the item's lot named LotNumber
// (created when new), or for a lot-tracked item naming neither a new system lot.
func (s *Service) ReceiveIn(ctx context.Context, q db.Q, tenantID string, r Receive) (Event, error) {
	fields := apperr.Fields{}
	note := fields.OptionalText("note", r.Note, maxNote)
	if !r.Quantity.IsPositive() {
		fields.Add("quantity", "must be more than 0")
	}
	if r.LotID != nil && r.LotNumber != nil {
		fields.Add("lotNumber", "give lotId or lotNumber, not both")
	}
	for name, v := range map[string]dec.Decimal{"laborValue": r.PerUnit.Labor, "machineValue": r.PerUnit.Machine, "outsideProcessingValue": r.PerUnit.OutsideProcessing, "materialValue": r.PerUnit.Material} {
		if v.IsNegative() {
			fields.Add(name, "must be 0 or more")
		}
	}
	if err := fields.Err(); err != nil {
		return Event{}, err
	}
	item, err := s.stockItem(ctx, q, tenantID, r.ItemID)
	if err != nil {
		return Event{}, err
	}
	place := Place{ItemID: item.ID}
	if _, err := s.requireLocation(ctx, q, tenantID, r.LocationID); err != nil {
		return Event{}, naming(err, "locationId")
	}
	place.LocationID = r.LocationID
	if place.LotID, err = s.receivingLot(ctx, q, tenantID, item, r.LotID, r.LotNumber); err != nil {
		return Event{}, naming(err, "lotId")
	}
	added := r.PerUnit.Times(r.Quantity)
	ev := Event{Type: TypeReceive, SecondaryType: r.SecondaryType, Source: r.Source, Place: place, Quantity: r.Quantity, UnitID: item.UnitID, Values: added, Note: note}
	if err := s.record(ctx, q, tenantID, &ev, []change{{place: place, quantity: r.Quantity, values: added}}); err != nil {
		return Event{}, err
	}
	return ev, nil
}

// naming makes a NotFound that names no field a 404 naming field: the member of the request
// that refers to the missing record.
func naming(err error, field string) error {
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindNotFound || len(e.Fields) > 0 {
		return err
	}
	return apperr.NotFoundField(field, "%s", e.Detail)
}

// Override sets what is on hand at one place to Quantity and answers the eventOverride
// event recording the difference: units added are valued at the average value on hand
// there (0 when nothing is), units removed take their share of it. Without a lot, at a
// location where the item has nothing outside lots but lots hold stock, it is a 400 naming
// lotId and those lots: setting a lot-less count beside them is almost surely a mistaken
// count of one of them.
func (s *Service) Override(ctx context.Context, tenantID string, o Override) (Event, error) {
	fields := apperr.Fields{}
	note := fields.OptionalText("note", o.Note, maxNote)
	if o.Quantity.IsNegative() {
		fields.Add("quantity", "must be 0 or more")
	}
	if err := fields.Err(); err != nil {
		return Event{}, err
	}
	var ev Event
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		item, err := s.stockItem(ctx, q, tenantID, o.ItemID)
		if err != nil {
			return err
		}
		place, locationName, err := s.existingPlace(ctx, q, tenantID, item, o.LotID, o.LocationID)
		if err != nil {
			return err
		}
		// The balance must exist before it is locked: computing the difference from a
		// missing row while another transaction creates it would set the wrong quantity.
		if err := s.store.ensureBalance(ctx, q, tenantID, place); err != nil {
			return err
		}
		bal, err := s.store.lockBalance(ctx, q, tenantID, place)
		if err != nil {
			return err
		}
		if place.LotID == nil && bal.Quantity.IsZero() {
			lots, err := s.lotsHoldingStockAt(ctx, q, tenantID, place)
			if err != nil {
				return err
			}
			if lots != "" {
				return onlyInLots(item, locationName, lots)
			}
		}
		diff := dec.Decimal{Decimal: o.Quantity.Sub(bal.Quantity.Decimal)}
		var values Values
		switch {
		case bal.Quantity.IsZero(): // nothing on hand: added units have no value to share
		case diff.IsPositive():
			values = bal.Values.Share(diff, bal.Quantity)
		case diff.IsNegative():
			values = bal.Values.Share(negate(diff), bal.Quantity).Neg()
		}
		ev = Event{Type: TypeOverride, SecondaryType: SecondaryOverride, Place: place, Quantity: dec.Decimal{Decimal: diff.Abs()}, UnitID: item.UnitID, Values: values, Note: note}
		return s.record(ctx, q, tenantID, &ev, []change{{place: place, balanceID: bal.ID, quantity: diff, values: values}})
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// Revert undoes an event: it records a revert event whose effects are the opposite of the
// original's quantities on the same balances. An event is reverted at most once (400 naming
// inventoryEventId, held by a unique index under concurrency), a revert is not reverted
// (400), a revert that would take a balance below 0 is a 400 naming quantity, and one whose
// location has been deleted meanwhile is a 400 naming locationId (stock is never put at, or
// taken from, a deleted location).
//
// Units put back (reverting a pick) carry back the value they took. Units taken out
// (reverting a receipt) are valued against the balance as it is now, not as it was when
// they arrived (see revertValues), so a balance's value is never negative and an emptied
// balance is worth 0.
func (s *Service) Revert(ctx context.Context, tenantID, eventID string) (Event, error) {
	var ev Event
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		ev, err = s.RevertIn(ctx, q, tenantID, eventID)
		return err
	})
	if err != nil {
		return Event{}, err
	}
	return ev, nil
}

// RevertIn is Revert in the caller's transaction q: a document that posted a receipt undoes
// it together with its own change.
func (s *Service) RevertIn(ctx context.Context, q db.Q, tenantID, eventID string) (Event, error) {
	orig, err := s.store.event(ctx, q, tenantID, eventID, true)
	if err != nil {
		return Event{}, err
	}
	if orig.Type == TypeRevert {
		return Event{}, apperr.Field("inventoryEventId", "event %s is a revert and cannot be reverted", orig.ID)
	}
	if orig.SecondaryType == SecondaryReserve || orig.SecondaryType == SecondaryRelease {
		return Event{}, apperr.Field("inventoryEventId", "event %s is a reservation event: the record holding the units (its reservedForType and reservedForId) reserves and releases them", orig.ID)
	}
	// Read after the lock on the original: a revert committed meanwhile is seen.
	by, err := s.store.revertedBy(ctx, q, tenantID, orig.ID)
	if err != nil {
		return Event{}, err
	}
	if by != "" {
		return Event{}, apperr.Field("inventoryEventId", "event %s is already reverted by event %s", orig.ID, by)
	}
	// Then the same order as the other actions: item, locations, balances.
	item, err := s.items.StockInfo(ctx, q, tenantID, orig.ItemID)
	if err != nil {
		return Event{}, err
	}
	effects, err := s.store.effects(ctx, q, tenantID, []string{orig.ID})
	if err != nil {
		return Event{}, err
	}
	if err := revertable(orig, item, effects); err != nil {
		return Event{}, err
	}
	if err := s.requireEffectLocations(ctx, q, tenantID, orig.ID, effects); err != nil {
		return Event{}, err
	}
	// Balances are locked in one order (by place) whatever order the effects were in.
	sort.SliceStable(effects, func(i, j int) bool { return placeKey(effects[i].Place) < placeKey(effects[j].Place) })
	changes := make([]change, len(effects))
	var total Values
	for i, e := range effects {
		bal, err := s.store.lockBalance(ctx, q, tenantID, e.Place)
		if err != nil {
			return Event{}, err
		}
		if bal.Quantity.LessThan(e.QuantityChange.Decimal) {
			return Event{}, apperr.Field("quantity", "only %s on hand there; reverting event %s would take %s", bal.Quantity, orig.ID, e.QuantityChange)
		}
		values := revertValues(bal, e)
		changes[i] = change{place: e.Place, balanceID: bal.ID, quantity: negate(e.QuantityChange), values: values, reserved: negate(e.ReservedChange)}
		total = total.Plus(values)
	}
	ev := Event{
		Type: TypeRevert, SecondaryType: SecondaryRevert, Source: orig.Source, Place: orig.Place,
		ItemToMakeID: orig.ItemToMakeID, Quantity: orig.Quantity, UnitID: item.UnitID, Values: total,
		ReservedForID: orig.ReservedForID, ReservedForType: orig.ReservedForType, RevertedEventID: &orig.ID,
	}
	if err := s.record(ctx, q, tenantID, &ev, changes); err != nil {
		return Event{}, err
	}
	return ev, nil
}

// revertable refuses, as a 400 naming inventoryEventId, a revert the item's rules now
// forbid (item is share-locked, so they cannot change before the revert commits): one whose
// event counted its units in a unit of measure the item no longer uses (events written
// before units were recorded have none and are not checked), and one that would put stock
// back that a pick or receipt could no longer put there: on a non-inventory item, or
// without a lot on a lot-tracked one. Taking units out stays possible in the last two cases,
// as it strands nothing.
func revertable(orig Event, item items.StockInfo, effects []Effect) error {
	if orig.UnitID != nil && (item.UnitID == nil || *item.UnitID != *orig.UnitID) {
		return apperr.Field("inventoryEventId", "event %s counted item %s in a unit of measure the item no longer uses", orig.ID, item.Number)
	}
	for _, e := range effects {
		if !e.QuantityChange.IsNegative() {
			continue // reverting it takes units out (or moves none)
		}
		if item.IsNonInventory {
			return apperr.Field("inventoryEventId", "item %s is now a non-inventory item: reverting event %s would put stock back", item.Number, orig.ID)
		}
		if item.IsLotTracked && e.Place.LotID == nil {
			return apperr.Field("inventoryEventId", "item %s is now lot-tracked: reverting event %s would put stock back without a lot", item.Number, orig.ID)
		}
	}
	return nil
}

// requireEffectLocations share-locks the live locations of an event's effects, in one order
// (by id), as requireLocation does for the other actions. A location deleted since the event
// is a 400 naming locationId: the event exists, so this is a rule, not a missing record.
func (s *Service) requireEffectLocations(ctx context.Context, q db.Q, tenantID, eventID string, effects []Effect) error {
	var ids []string
	for _, e := range effects {
		if e.Place.LocationID != nil && !slices.Contains(ids, *e.Place.LocationID) {
			ids = append(ids, *e.Place.LocationID)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		_, err := s.requireLocation(ctx, q, tenantID, &id)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return apperr.Field("locationId", "location %s of event %s has been deleted: its stock cannot be reverted", id, eventID)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// revertValues is the value change of reverting effect e on balance bal (locked, holding at
// least what e added). Units put back return the value e took. Units taken out take, per
// kind, what e added but never more than their average share of the balance now, and all of
// it when they empty the balance: so the balance's value never goes below 0, and 0 units are
// worth 0.
func revertValues(bal Balance, e Effect) Values {
	if !e.QuantityChange.IsPositive() {
		return e.Values.Neg()
	}
	if bal.Quantity.Equal(e.QuantityChange.Decimal) {
		return bal.Values.Neg()
	}
	share := bal.Values.Share(e.QuantityChange, bal.Quantity)
	return e.Values.Min(share).Neg()
}

// change is one balance change an action decided on, before it is written.
type change struct {
	place Place
	// balanceID is the place's balance, locked by the action; "" for a receipt, which
	// creates the balance when the place has none.
	balanceID string
	quantity  dec.Decimal // signed
	values    Values      // signed
	reserved  dec.Decimal // signed change of the units reserved there
	// kept is, for a reservation, the locked balance, which the change leaves as it is
	// (quantity and values 0): nil for a change of what is on hand.
	kept *Balance
}

// record applies the changes to their balances and stores ev with one transaction per
// change, carrying the balance after it. Ids and the time are taken once the balances are
// locked, so the ledger's order (date, then id) is the order in which a balance changed.
func (s *Service) record(ctx context.Context, q db.Q, tenantID string, ev *Event, changes []change) error {
	effects := make([]Effect, len(changes))
	for i, c := range changes {
		var after Balance
		var err error
		switch {
		case c.kept != nil:
			after = *c.kept
		case c.balanceID == "":
			after, err = s.store.receive(ctx, q, tenantID, c.place, c.quantity, c.values)
		default:
			after, err = s.store.changeBalance(ctx, q, tenantID, c.balanceID, c.quantity, c.values)
		}
		if err != nil {
			return err
		}
		if !c.reserved.IsZero() {
			if err := s.store.addReserved(ctx, q, tenantID, c.balanceID, c.reserved); err != nil {
				return err
			}
			if c.kept != nil { // the caller's locked copy stays true for its next decision
				c.kept.Reserved = dec.Decimal{Decimal: c.kept.Reserved.Add(c.reserved.Decimal)}
			}
		}
		effects[i] = Effect{Place: c.place, QuantityChange: c.quantity, Values: c.values, ReservedChange: c.reserved, BalanceQuantity: after.Quantity, BalanceValue: after.Values.Total()}
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	ev.ID, ev.ActionDate, ev.CreatedUtc = ids.NewSub(), now, now
	if ev.ExternalReferences == nil {
		ev.ExternalReferences = extref.References{}
	}
	if err := s.store.insertEvent(ctx, q, tenantID, *ev); err != nil {
		return err
	}
	for i := range effects {
		effects[i].TransactionID, effects[i].EventID = ids.NewSub(), ev.ID
		if err := s.store.insertTransaction(ctx, q, tenantID, effects[i], now); err != nil {
			return err
		}
	}
	ev.Effects = effects
	return nil
}

// stockItem reads and share-locks the item of a pick, receipt or override, which must hold
// stock.
func (s *Service) stockItem(ctx context.Context, q db.Q, tenantID, itemID string) (items.StockInfo, error) {
	item, err := s.items.StockInfo(ctx, q, tenantID, itemID)
	if err != nil {
		return items.StockInfo{}, err
	}
	if item.IsNonInventory {
		return items.StockInfo{}, apperr.Field("itemId", "item %s is a non-inventory item and holds no stock", item.Number)
	}
	return item, nil
}

// existingPlace checks the place of a pick or override: lotID must be a lot of the item
// (required for a lot-tracked item), locationID a live location. It answers the place and
// the location's name ("" for none), for a refusal to name it.
func (s *Service) existingPlace(ctx context.Context, q db.Q, tenantID string, item items.StockInfo, lotID, locationID *string) (Place, string, error) {
	if lotID == nil && item.IsLotTracked {
		return Place{}, "", apperr.Field("lotId", "item %s is lot-tracked: name the lot", item.Number)
	}
	if lotID != nil {
		if _, err := s.lots.ForItem(ctx, q, tenantID, *lotID, item.ID); err != nil {
			return Place{}, "", err
		}
	}
	loc, err := s.requireLocation(ctx, q, tenantID, locationID)
	if err != nil {
		return Place{}, "", err
	}
	return Place{ItemID: item.ID, LotID: lotID, LocationID: locationID}, loc.Name, nil
}

// requireLocation checks that locationID, when given, is a live location, and share-locks
// it so it cannot be deleted while stock moves there. It answers the location (zero when
// locationID is nil).
func (s *Service) requireLocation(ctx context.Context, q db.Q, tenantID string, locationID *string) (locations.Location, error) {
	if locationID == nil {
		return locations.Location{}, nil
	}
	return s.locations.RequireLive(ctx, q, tenantID, *locationID)
}

// maxLotsNamed bounds the lots a refusal lists, so the answer stays short.
const maxLotsNamed = 10

// refusePick answers why a pick of want cannot take it from the onHand units at place.
// Without a lot, units the item holds in lots at the same location are what the caller most
// likely meant, so the refusal lists those lots (one query, run only when the pick fails):
// naming lotId when nothing at all is outside lots there (the member to fix), quantity when
// some units are but fewer than asked.
func (s *Service) refusePick(ctx context.Context, q db.Q, tenantID string, item items.StockInfo, place Place, locationName string, onHand, want dec.Decimal) error {
	plain := apperr.Field("quantity", "only %s on hand there; cannot take %s", onHand, want)
	if place.LotID != nil {
		return plain
	}
	lots, err := s.lotsHoldingStockAt(ctx, q, tenantID, place)
	if err != nil {
		return err
	}
	switch {
	case lots == "":
		return plain
	case onHand.IsZero():
		return onlyInLots(item, locationName, lots)
	}
	return apperr.Field("quantity", "only %s of item %s on hand outside lots %s; cannot take %s; lots holding stock there: %s; name one in lotId to take from it",
		onHand, item.Number, atLocation(locationName), want, lots)
}

// onlyInLots is the refusal of a pick or override without a lot at a place where every unit
// of the item is in lots.
func onlyInLots(item items.StockInfo, locationName, lots string) error {
	return apperr.Field("lotId", "no stock of item %s outside lots %s; lots holding stock there: %s; name one in lotId",
		item.Number, atLocation(locationName), lots)
}

// lotsHoldingStockAt lists, for a refusal, the lots holding units of place's item at its
// location, most units first: "L-17 (5, id …), unnamed lot … (2)"; "" when none do.
func (s *Service) lotsHoldingStockAt(ctx context.Context, q db.Q, tenantID string, place Place) (string, error) {
	rows, err := s.store.lotsHoldingStock(ctx, q, tenantID, place.ItemID, place.LocationID, maxLotsNamed+1)
	if err != nil {
		return "", err
	}
	parts := make([]string, 0, len(rows))
	for i, r := range rows {
		if i == maxLotsNamed {
			parts = append(parts, "and more")
			break
		}
		if r.LotName != nil {
			parts = append(parts, fmt.Sprintf("%s (%s, id %s)", *r.LotName, r.Quantity, r.LotID))
		} else {
			parts = append(parts, fmt.Sprintf("unnamed lot %s (%s)", r.LotID, r.Quantity))
		}
	}
	return strings.Join(parts, ", "), nil
}

// atLocation names where a place is kept, for messages.
func atLocation(name string) string {
	if name == "" {
		return "at no location"
	}
	return "at location " + name
}

// receivingLot resolves the lot of a receipt: lotID (a lot of the item), the item's lot
// named lotNumber (created when new; lots trims it and answers a blank one 400 naming
// lotNumber), a new system lot for a lot-tracked item naming
// neither, or none.
func (s *Service) receivingLot(ctx context.Context, q db.Q, tenantID string, item items.StockInfo, lotID, lotNumber *string) (*string, error) {
	switch {
	case lotID != nil:
		lot, err := s.lots.ForItem(ctx, q, tenantID, *lotID, item.ID)
		if err != nil {
			return nil, err
		}
		return &lot.ID, nil
	case lotNumber != nil:
		lot, err := s.lots.EnsureNamed(ctx, q, tenantID, item.ID, *lotNumber)
		if err != nil {
			return nil, err
		}
		return &lot.ID, nil
	case item.IsLotTracked:
		lot, err := s.lots.CreateSystem(ctx, q, tenantID, item.ID)
		if err != nil {
			return nil, err
		}
		return &lot.ID, nil
	}
	return nil, nil
}

// placeKey orders places for locking.
func placeKey(p Place) string {
	return p.ItemID + "/" + deref(p.LotID) + "/" + deref(p.LocationID)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func negate(d dec.Decimal) dec.Decimal { return dec.Decimal{Decimal: d.Neg()} }
