package jobs

import (
	"context"
	"sort"

	"github.com/shopspring/decimal"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/routing"
)

// RequirementKind is the kind of routing record a requirement comes from.
type RequirementKind string

// The kinds of requirement: an input item of the routing, an item consumed at an operation,
// an input material cut from a stock item.
const (
	KindInputItem     RequirementKind = "inputItem"
	KindOperationItem RequirementKind = "operationItem"
	KindInputMaterial RequirementKind = "inputMaterial"
)

// kindOrder orders requirements of one operation and item: picked stock is counted against
// them in this order (then by record id).
var kindOrder = map[RequirementKind]int{KindInputItem: 0, KindOperationItem: 1, KindInputMaterial: 2}

// Requirement is stock an operation of an item to make needs: Required units (the item's
// inventory unit) of ItemID, from routing record RecordID, of which Picked have been picked
// and Remaining (Required − Picked, never below 0) are still to pick.
type Requirement struct {
	ItemToMakeID string
	OperationID  string
	Kind         RequirementKind
	RecordID     string
	ItemID       string
	Required     dec.Decimal
	Picked       dec.Decimal
	Remaining    dec.Decimal
}

// pickKey is what picks are counted by: the operation they were picked for and the item.
type pickKey struct {
	OperationID string
	ItemID      string
}

// requirements answers the stock every operation of job jobID's items to make needs, with
// what has been picked for it (the job's picks, plus extraPicked: picks about to be written),
// in a fixed number of statements however many items, operations and records:
//   - an input item needs its quantity per unit × the quantity to make, at its operation (the
//     routing's first by sequence when it names none; none when the routing has no operation);
//   - an item consumed at an operation needs its quantity × the quantity to make (per unit) or
//     its quantity (per setup);
//   - an input material with a stock item needs ceil(quantity to make / pieces per blank)
//     blanks, at its operation (the first, as for input items).
//
// The units picked for an operation and item are counted against that pair's requirements in
// order (kind, then record id), each taking up to what it requires. The answer lists the
// requirements by item to make (position), operation (sequence), kind and record id.
func (s *Service) requirements(ctx context.Context, q db.Q, tenantID, jobID string, extraPicked map[pickKey]dec.Decimal) ([]Requirement, error) {
	list, err := s.store.itemsOfJob(ctx, q, tenantID, jobID)
	if err != nil {
		return nil, err
	}
	owners := make([]routing.Owner, len(list))
	for i, it := range list {
		owners[i] = routing.Owner{Type: routing.OwnerJobItemToMake, ID: it.ID}
	}
	routings, err := s.deps.Routings.RoutingsIn(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	picked, err := s.store.pickedOfJob(ctx, q, tenantID, jobID)
	if err != nil {
		return nil, err
	}
	for k, v := range extraPicked {
		picked[k] = dec.Decimal{Decimal: picked[k].Add(v.Decimal)}
	}
	var out []Requirement
	for i, it := range list {
		out = append(out, needsOf(it, routings[owners[i]])...)
	}
	allocatePicked(out, picked)
	return out, nil
}

// needsOf lists what routing r of item to make it needs, by operation sequence, kind and
// record id; Picked and Remaining are left to allocatePicked.
func needsOf(it ItemToMake, r routing.Routing) []Requirement {
	if len(r.Operations) == 0 {
		return nil
	}
	sequence := make(map[string]int, len(r.Operations))
	for i, op := range r.Operations {
		sequence[op.ID] = i
	}
	first := r.Operations[0].ID
	at := func(opID *string) string {
		if opID != nil {
			if _, ok := sequence[*opID]; ok {
				return *opID
			}
		}
		return first
	}
	qty := it.Quantity.Decimal
	var out []Requirement
	need := func(opID string, kind RequirementKind, recordID, itemID string, required decimal.Decimal) {
		out = append(out, Requirement{
			ItemToMakeID: it.ID, OperationID: opID, Kind: kind, RecordID: recordID, ItemID: itemID,
			Required: dec.Decimal{Decimal: required},
		})
	}
	for _, in := range r.InputItems {
		need(at(in.RoutingOperationID), KindInputItem, in.ID, in.ItemID, in.QuantityPerUnit.Mul(qty))
	}
	for _, oi := range r.OperationItems {
		if _, ok := sequence[oi.RoutingOperationID]; !ok {
			continue
		}
		required := oi.Quantity.Decimal
		if oi.Per != routing.PerSetup {
			required = required.Mul(qty)
		}
		need(oi.RoutingOperationID, KindOperationItem, oi.ID, oi.ItemID, required)
	}
	for _, m := range r.InputMaterials {
		if m.ItemID == nil || m.PiecesPerBlank <= 0 {
			continue
		}
		blanks := qty.Div(decimal.NewFromInt32(m.PiecesPerBlank)).Ceil()
		need(at(m.RoutingOperationID), KindInputMaterial, m.ID, *m.ItemID, blanks)
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.OperationID != y.OperationID {
			return sequence[x.OperationID] < sequence[y.OperationID]
		}
		if x.Kind != y.Kind {
			return kindOrder[x.Kind] < kindOrder[y.Kind]
		}
		return x.RecordID < y.RecordID
	})
	return out
}

// allocatePicked counts the units picked per operation and item against reqs (in their
// order, which is kind then record id within a pair), setting Picked and Remaining.
func allocatePicked(reqs []Requirement, picked map[pickKey]dec.Decimal) {
	left := make(map[pickKey]decimal.Decimal, len(picked))
	for k, v := range picked {
		left[k] = v.Decimal
	}
	for i := range reqs {
		r := &reqs[i]
		k := pickKey{OperationID: r.OperationID, ItemID: r.ItemID}
		take := decimal.Min(decimal.Max(left[k], decimal.Zero), r.Required.Decimal)
		left[k] = left[k].Sub(take)
		r.Picked = dec.Decimal{Decimal: take}
		r.Remaining = dec.Decimal{Decimal: decimal.Max(r.Required.Sub(take), decimal.Zero)}
	}
}
