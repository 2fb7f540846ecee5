package salesorders

import (
	"context"
	"strconv"

	"mos/internal/platform/db"
	"mos/internal/stock/inventory"
)

// Stock reservations. While an order is in a reserving status (Reserving: approved,
// inProgress) each part line holds on-hand units of its item: its quantity in the item's
// inventory unit less what has shipped, never below 0; a line whose unit has no fixed
// conversion to the inventory unit (null inventory quantity) holds nothing. Holding never
// fails for lack of stock: a line holds what is available (its reservedQuantity says how
// much). The inventory ledger records each change as a reservation event for the order
// (reservedForType salesOrder, reservedForId the order, the source naming the order and the
// line).
//
// Who calls what, each in the caller's transaction after it locked the order
// (lockForLineWrite or the header's own lock):
//   - a status move into a reserving status from one that is not: reserveOrder;
//   - a move out of the reserving statuses (draft, needsApproval, complete) and a delete:
//     releaseOrder;
//   - while reserving, a part-line create or update (quantity, unit, item) and a shipment
//     changing shipped_quantity: syncLineReservation (it holds more or releases the excess,
//     and releases the old item's units when the item changed); a part-line delete:
//     syncLineReservation after the delete (a missing line releases everything it held).

// reservedForType is the kind of record sales orders reserve stock for.
const reservedForType = "salesOrder"

func orderReservation(orderID string) inventory.Reservation {
	return inventory.Reservation{ForType: reservedForType, ForID: orderID, SourceType: reservedForType}
}

func lineReservation(orderID string, number int64, lineID string) inventory.Reservation {
	r := orderReservation(orderID)
	name := strconv.FormatInt(number, 10)
	r.SourceName, r.LineType, r.LineID = &name, "salesOrderPartLine", lineID
	return r
}

// reserveOrder makes every part line of the order hold its units, as far as stock allows.
func (s *Service) reserveOrder(ctx context.Context, q db.Q, tenantID, orderID string) error {
	if s.deps.Reservations == nil {
		return nil
	}
	lines, err := reservationsStore{}.linesToHold(ctx, q, tenantID, orderID, nil)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if err := s.holdLine(ctx, q, tenantID, orderID, l); err != nil {
			return err
		}
	}
	return nil
}

// releaseOrder gives back every unit the order's lines hold.
func (s *Service) releaseOrder(ctx context.Context, q db.Q, tenantID, orderID string) error {
	if s.deps.Reservations == nil {
		return nil
	}
	return s.deps.Reservations.Release(ctx, q, tenantID, orderReservation(orderID))
}

// syncLineReservation makes line lineID of the order in status hold what it should while the
// order reserves (status): its units, or nothing once the line is gone.
func (s *Service) syncLineReservation(ctx context.Context, q db.Q, tenantID, orderID string, status Status, lineID string) error {
	// An order outside the reserving statuses holds nothing: leaving them released it all.
	if s.deps.Reservations == nil || !Reserving(status) {
		return nil
	}
	lines, err := reservationsStore{}.linesToHold(ctx, q, tenantID, orderID, &lineID)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		r := orderReservation(orderID)
		r.LineID = lineID
		return s.deps.Reservations.Release(ctx, q, tenantID, r)
	}
	return s.holdLine(ctx, q, tenantID, orderID, lines[0])
}

func (s *Service) holdLine(ctx context.Context, q db.Q, tenantID, orderID string, l lineToHold) error {
	var want dec
	if l.Hold != nil {
		want = *l.Hold
	}
	_, err := s.deps.Reservations.Hold(ctx, q, tenantID, lineReservation(orderID, l.OrderNumber, l.ID), l.ItemID, want)
	return err
}

// reservedQuantities answers what each part line of the orders holds (line id → units of
// the item's inventory unit; lines holding nothing are absent), in one statement: the part
// lines' read shapes show it as reservedQuantity.
func (s *Service) reservedQuantities(ctx context.Context, q db.Q, tenantID string, orderIDs []string) (map[string]dec, error) {
	if s.deps.Reservations == nil {
		return map[string]dec{}, nil
	}
	return s.deps.Reservations.ReservedFor(ctx, q, tenantID, reservedForType, orderIDs)
}

// withReserved fills the ReservedQuantity of lines of the order (0 for a line holding
// nothing) in one statement.
func (s *Service) withReserved(ctx context.Context, q db.Q, tenantID, orderID string, lines []*PartLine) error {
	if len(lines) == 0 {
		return nil
	}
	held, err := s.reservedQuantities(ctx, q, tenantID, []string{orderID})
	if err != nil {
		return err
	}
	for _, l := range lines {
		l.ReservedQuantity = held[l.ID]
	}
	return nil
}
