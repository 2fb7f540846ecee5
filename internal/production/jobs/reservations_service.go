package jobs

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/inventory"
)

// Stock reservations. While a job is in a reserving status (Reserving: released,
// inProgress) each requirement of its routings holds its Remaining units of its item (what is
// still to pick), as far as stock allows: holding never fails for lack of stock. The ledger
// records each change as a reservation event for the job (reservedForType job, reservedForId
// the job, the source naming the job by number and the routing record as its related
// record, of type the requirement's kind).
//
// Who calls what, each in the caller's transaction after it locked the job (lockJob):
//   - a move into a reserving status from one that is not (and a create released):
//     syncReservations;
//   - a move out of them (planned, complete) and a cancel: releaseReservations;
//   - while reserving, a routing change of an item to make (the routing owner's Changed
//     hook) and a pick (before it takes stock, with the pick as extraPicked, so the job's own
//     held units are given back to be taken first): syncReservations.

// reservedForType is the kind of record jobs reserve stock for.
const reservedForType = "job"

func jobReservation(jobID string) inventory.Reservation {
	return inventory.Reservation{ForType: reservedForType, ForID: jobID, SourceType: reservedForType, JobID: &jobID}
}

func requirementReservation(j Job, r Requirement) inventory.Reservation {
	res := jobReservation(j.ID)
	name := strconv.FormatInt(j.Number, 10)
	res.SourceName, res.LineType, res.LineID = &name, string(r.Kind), r.RecordID
	return res
}

// syncReservations makes every requirement of job j hold its Remaining units (counting
// extraPicked as picked) and releases what routing records that are no longer required hold,
// while j reserves; outside the reserving statuses it does nothing (leaving them released
// everything). Requirements are held by item, then record id, so two jobs sharing items lock
// their balances in the same order.
func (s *Service) syncReservations(ctx context.Context, q db.Q, tenantID string, j Job, extraPicked map[pickKey]dec.Decimal) error {
	if s.deps.Reservations == nil || !Reserving(j.Status) {
		return nil
	}
	reqs, err := s.requirements(ctx, q, tenantID, j.ID, extraPicked)
	if err != nil {
		return err
	}
	held, err := s.deps.Reservations.ReservedFor(ctx, q, tenantID, reservedForType, []string{j.ID})
	if err != nil {
		return err
	}
	slices.SortFunc(reqs, func(a, b Requirement) int {
		if c := strings.Compare(a.ItemID, b.ItemID); c != 0 {
			return c
		}
		return strings.Compare(a.RecordID, b.RecordID)
	})
	required := make(map[string]bool, len(reqs))
	for _, r := range reqs {
		required[r.RecordID] = true
		if _, holds := held[r.RecordID]; !holds && !r.Remaining.IsPositive() {
			continue
		}
		if _, err := s.deps.Reservations.Hold(ctx, q, tenantID, requirementReservation(j, r), r.ItemID, r.Remaining); err != nil {
			return err
		}
	}
	stale := make([]string, 0)
	for line := range held {
		if !required[line] {
			stale = append(stale, line)
		}
	}
	slices.Sort(stale)
	for _, line := range stale {
		res := jobReservation(j.ID)
		res.LineID = line
		if err := s.deps.Reservations.Release(ctx, q, tenantID, res); err != nil {
			return err
		}
	}
	return nil
}

// releaseReservations gives back every unit job jobID holds.
func (s *Service) releaseReservations(ctx context.Context, q db.Q, tenantID, jobID string) error {
	if s.deps.Reservations == nil {
		return nil
	}
	return s.deps.Reservations.Release(ctx, q, tenantID, jobReservation(jobID))
}
