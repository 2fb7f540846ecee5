package jobs

import (
	"context"
	"slices"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Material picks and the requirements they count against. A pick takes stock for an
// operation of an item to make: the job's own reserved units first (syncReservations gives
// back what the job no longer needs to hold once the pick counts, before the pick takes only
// units no other record reserves), its value counted into the item to make's cost.

// The source types of the inventory events jobs cause.
const (
	sourceJob          = "job"
	sourceJobOperation = "jobOperation"
)

// RequirementRow is a requirement of an operation as answered: with its item's number and
// unit, what the job holds for it, and for a material the routing record's members.
type RequirementRow struct {
	Requirement
	ItemNumber      string
	UnitName        *string
	Reserved        dec.Decimal
	MaterialShapeID *string
	BlankLength     *dec.Decimal
	BlankWidth      *dec.Decimal
	PiecesPerBlank  *int32
}

// OperationRequirements answers what operation id of item to make itemToMakeID of job jobID
// needs, of the kinds asked (input and operation items, or input materials), in a fixed
// number of statements.
func (s *Service) OperationRequirements(ctx context.Context, tenantID, jobID, itemToMakeID, id string, kinds []RequirementKind) ([]RequirementRow, error) {
	out := []RequirementRow{}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, _, _, err := s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id); err != nil {
			return err
		}
		reqs, err := s.requirements(ctx, q, tenantID, jobID, nil)
		if err != nil {
			return err
		}
		var itemIDs []string
		for _, r := range reqs {
			if r.ItemToMakeID == itemToMakeID && r.OperationID == id && slices.Contains(kinds, r.Kind) {
				out = append(out, RequirementRow{Requirement: r, Reserved: dec.Zero})
				if !slices.Contains(itemIDs, r.ItemID) {
					itemIDs = append(itemIDs, r.ItemID)
				}
			}
		}
		refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
		if err != nil {
			return err
		}
		held := map[string]dec.Decimal{}
		if s.deps.Reservations != nil {
			if held, err = s.deps.Reservations.ReservedFor(ctx, q, tenantID, reservedForType, []string{jobID}); err != nil {
				return err
			}
		}
		owner := routing.Owner{Type: routing.OwnerJobItemToMake, ID: itemToMakeID}
		materials := map[string]routing.InputMaterial{}
		if slices.Contains(kinds, KindInputMaterial) {
			routings, err := s.deps.Routings.RoutingsIn(ctx, q, tenantID, []routing.Owner{owner})
			if err != nil {
				return err
			}
			for _, m := range routings[owner].InputMaterials {
				materials[m.ID] = m
			}
		}
		for i := range out {
			r := &out[i]
			ref := refs[r.ItemID]
			r.ItemNumber, r.UnitName = ref.Number, ref.UnitName
			if v, ok := held[r.RecordID]; ok {
				r.Reserved = v
			}
			if m, ok := materials[r.RecordID]; ok {
				shape, length, pieces := m.MaterialShapeID, m.BlankLength, m.PiecesPerBlank
				r.MaterialShapeID, r.BlankLength, r.BlankWidth, r.PiecesPerBlank = &shape, &length, m.BlankWidth, &pieces
			}
		}
		return nil
	})
	return out, err
}

// PickWrite is a pick as sent.
type PickWrite struct {
	ItemID     string
	Quantity   dec.Decimal
	LotID      *string
	LocationID *string
	Note       *string
}

// Pick is a stored pick of stock for a job operation.
type Pick struct {
	ID               string
	JobID            string
	ItemToMakeID     string
	OperationID      string
	ItemID           string
	Quantity         dec.Decimal
	Value            dec.Decimal
	InventoryEventID string
	CreatedUtc       time.Time
}

// PickForOperation takes stock for operation id of item to make itemToMakeID of job jobID and
// answers the pick, in one transaction with the job locked: the job must accept work and the
// operation must not be complete (400); the job's held units are given back as far as the
// pick makes them unneeded, then the pick takes only available units (beyond them: a 400
// naming quantity, nothing written); its value is added to the item to make's cost, the
// operation and the job are marked started and the inProgressJob cost breakdowns rewritten.
func (s *Service) PickForOperation(ctx context.Context, tenantID, jobID, itemToMakeID, id string, w PickWrite) (Pick, error) {
	if !w.Quantity.IsPositive() {
		return Pick{}, apperr.Field("quantity", "must be more than 0")
	}
	var out Pick
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		locked, err := s.lockOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		if err != nil {
			return err
		}
		j, st := locked.Job, locked.State
		if err := requireAcceptsWork(j); err != nil {
			return err
		}
		if st.Status == OperationStatusComplete {
			return apperr.Invalid("the operation is complete: nothing more is picked for it")
		}
		extra := map[pickKey]dec.Decimal{{OperationID: id, ItemID: w.ItemID}: w.Quantity}
		if err := s.syncReservations(ctx, q, tenantID, j, extra); err != nil {
			return err
		}
		name := strconv.FormatInt(j.Number, 10)
		srcType := sourceJobOperation
		ev, err := s.deps.Stock.PickIn(ctx, q, tenantID, inventory.Pick{
			ItemID: w.ItemID, SecondaryType: "pick", Quantity: w.Quantity, LotID: w.LotID, LocationID: w.LocationID,
			Note: w.Note, OnlyAvailable: true,
			Source: inventory.Source{Type: &srcType, Name: &name, EntityID: &id, ItemToMakeID: &itemToMakeID, JobID: &jobID},
		})
		if err != nil {
			return err
		}
		taken := ev.Values.Neg()
		out = Pick{
			ID: ids.NewSub(), JobID: jobID, ItemToMakeID: itemToMakeID, OperationID: id, ItemID: w.ItemID,
			Quantity: w.Quantity, Value: taken.Total(), InventoryEventID: ev.ID,
		}
		if err := s.store.insertPick(ctx, q, tenantID, &out); err != nil {
			return err
		}
		kinds := Cost{Material: taken.Material, Labor: taken.Labor, Machine: taken.Machine, OutsideProcessing: taken.OutsideProcessing}
		if err := s.store.addPickedCost(ctx, q, tenantID, itemToMakeID, out.Value, kinds); err != nil {
			return err
		}
		if err := s.store.markOperationStarted(ctx, q, tenantID, id); err != nil {
			return err
		}
		if j.Status == StatusInProgress {
			return s.recordCostBreakdowns(ctx, q, tenantID, jobID, items.CostInProgressJob)
		}
		// markStarted records the inProgressJob breakdowns as the job starts.
		return s.markStarted(ctx, q, tenantID, &j)
	})
	return out, err
}
