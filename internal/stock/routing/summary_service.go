package routing

import (
	"context"
	"sort"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// MakeSummary is what making Quantity of what an owner's routing makes takes, exploded
// through its routing and the item routings of everything it consumes at every depth.
type MakeSummary struct {
	Owner Owner
	// ItemID is the item the owner's routing makes (its MakesItem).
	ItemID   string
	Quantity dec.Decimal
	// MadeItems are the consumed items that have a routing, each made in one batch of its
	// whole quantity over every branch; BoughtItems the consumed items without one. Both by
	// item number, then id.
	MadeItems, BoughtItems []SummaryItem
	// Materials and Operations are those of every routing made: the owner's first, then by
	// the made item's number; materials oldest first, operations by sequence then id.
	Materials  []SummaryMaterial
	Operations []SummaryOperation
	// TotalSetupMinutes and TotalRunMinutes sum the operations' minutes.
	TotalSetupMinutes, TotalRunMinutes dec.Decimal
}

// SummaryItem is an item a make summary takes, in its inventory unit.
type SummaryItem struct {
	ItemID, ItemNumber string
	Quantity           dec.Decimal
}

// SummaryMaterial is an input material of a routing made, with the blanks it takes:
// ceil(quantity made ÷ PiecesPerBlank).
type SummaryMaterial struct {
	MadeItemID, InputMaterialID, MaterialShapeID string
	ItemID                                       *string
	PiecesPerBlank                               int64
	Blanks                                       dec.Decimal
}

// SummaryOperation is a routing operation of a routing made, with its minutes for Quantity,
// the quantity made through that routing: setup once (one batch), run per unit. An outside
// operation counts no minutes.
type SummaryOperation struct {
	MadeItemID, RoutingOperationID string
	Sequence                       int32
	Name                           string
	WorkCenterID                   *string
	IsOutsideProcessing            bool
	Quantity                       dec.Decimal
	SetupMinutes, RunMinutes       dec.Decimal
}

// MakeSummary answers what making quantity from the owner's routing takes (see
// getQuotePartLineMakeSummary in the spec): the demand of every item is propagated from the
// owner down the routing tree, parents before children, so an item consumed by several
// branches is made (or bought) once for its whole demand. Stock on hand is not counted. It
// reads a fixed number of statements however deep or wide the tree is; an unknown owner is
// NotFound, a quantity not above 0 or above 1000000 answers 400 naming quantity.
func (s *Service) MakeSummary(ctx context.Context, tenantID string, o Owner, quantity dec.Decimal) (MakeSummary, error) {
	if !quantity.IsPositive() || quantity.GreaterThan(maxCost) {
		return MakeSummary{}, apperr.Field("quantity", "must be more than 0 and at most %d", maxEstimateQuantity)
	}
	out := MakeSummary{Owner: o, Quantity: quantity}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		k, err := s.readOwner(ctx, q, tenantID, o)
		if err != nil {
			return err
		}
		if k.MakesItem != nil {
			if out.ItemID, err = k.MakesItem(ctx, q, tenantID, o.ID); err != nil {
				return err
			}
		}
		t, err := s.loadTree(ctx, q, tenantID, o)
		if err != nil {
			return err
		}
		e := t.explode(quantity.Decimal)
		ids := make([]string, 0, len(e.made)+len(e.bought))
		for _, m := range e.made {
			ids = append(ids, m.owner.ID)
		}
		for id := range e.bought {
			ids = append(ids, id)
		}
		refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, ids)
		if err != nil {
			return err
		}
		out.fill(t, e, func(id string) string { return refs[id].Number })
		return nil
	})
	return out, err
}

// explosion of a make summary: the levels made with their quantities, in the explosion's
// order (the root first), and the quantities of the items bought.
type summaryExplosion struct {
	made   []madeLevel
	bought map[string]decimal.Decimal
}

type madeLevel struct {
	owner    Owner
	quantity decimal.Decimal
}

// explode propagates q of the root through the tree: each owner in explosion order has its
// whole demand known, is made from its routing when it has one (the root always) and passes
// demand to what it consumes, or else is bought.
func (t tree) explode(q decimal.Decimal) summaryExplosion {
	demand := map[Owner]decimal.Decimal{t.root: q}
	out := summaryExplosion{bought: map[string]decimal.Decimal{}}
	for _, o := range t.explosionOrder() {
		d := demand[o]
		if !d.IsPositive() {
			continue
		}
		if o != t.root && !t.made(o) {
			out.bought[o.ID] = d
			continue
		}
		out.made = append(out.made, madeLevel{owner: o, quantity: d})
		t.edges(o, func(c Owner, perUnit decimal.Decimal, piecesPerBlank int64) {
			if piecesPerBlank > 0 {
				demand[c] = demand[c].Add(blanks(d, piecesPerBlank))
			} else {
				demand[c] = demand[c].Add(d.Mul(perUnit))
			}
		})
	}
	return out
}

// fill writes e into m, naming items by number.
func (m *MakeSummary) fill(t tree, e summaryExplosion, number func(id string) string) {
	m.MadeItems, m.BoughtItems = []SummaryItem{}, []SummaryItem{}
	m.Materials, m.Operations = []SummaryMaterial{}, []SummaryOperation{}
	levels := e.made[:0:0]
	for _, l := range e.made {
		if l.owner == t.root {
			levels = append([]madeLevel{l}, levels...)
			continue
		}
		levels = append(levels, l)
		m.MadeItems = append(m.MadeItems, SummaryItem{ItemID: l.owner.ID, ItemNumber: number(l.owner.ID), Quantity: dec.Decimal{Decimal: l.quantity}})
	}
	for id, n := range e.bought {
		m.BoughtItems = append(m.BoughtItems, SummaryItem{ItemID: id, ItemNumber: number(id), Quantity: dec.Decimal{Decimal: n}})
	}
	byNumber := func(list []SummaryItem) {
		sort.Slice(list, func(i, j int) bool {
			if list[i].ItemNumber != list[j].ItemNumber {
				return list[i].ItemNumber < list[j].ItemNumber
			}
			return list[i].ItemID < list[j].ItemID
		})
	}
	byNumber(m.MadeItems)
	byNumber(m.BoughtItems)
	// The root first, then the made items in the order just sorted.
	rank := map[Owner]int{t.root: -1}
	for i, it := range m.MadeItems {
		rank[Owner{Type: OwnerItem, ID: it.ItemID}] = i
	}
	sort.SliceStable(levels, func(i, j int) bool { return rank[levels[i].owner] < rank[levels[j].owner] })
	setup, run := decimal.Zero, decimal.Zero
	for _, l := range levels {
		made := l.owner.ID
		if l.owner == t.root {
			made = m.ItemID
		}
		tl := t.levels[l.owner]
		if tl == nil {
			continue
		}
		for _, mat := range tl.materials {
			m.Materials = append(m.Materials, SummaryMaterial{
				MadeItemID: made, InputMaterialID: mat.ID, MaterialShapeID: mat.MaterialShapeID, ItemID: mat.ItemID,
				PiecesPerBlank: mat.PiecesPerBlank, Blanks: dec.Decimal{Decimal: blanks(l.quantity, mat.PiecesPerBlank)},
			})
		}
		for _, op := range tl.operations {
			so := SummaryOperation{
				MadeItemID: made, RoutingOperationID: op.ID, Sequence: op.Sequence, Name: op.Name,
				WorkCenterID: op.WorkCenterID, IsOutsideProcessing: op.IsOutsideProcessing,
				Quantity: dec.Decimal{Decimal: l.quantity}, SetupMinutes: dec.Zero, RunMinutes: dec.Zero,
			}
			if !op.IsOutsideProcessing {
				so.SetupMinutes = op.SetupTimeMinutes
				so.RunMinutes = dec.Decimal{Decimal: op.RunTimeMinutesPerUnit.Mul(l.quantity)}
				setup, run = setup.Add(so.SetupMinutes.Decimal), run.Add(so.RunMinutes.Decimal)
			}
			m.Operations = append(m.Operations, so)
		}
	}
	m.TotalSetupMinutes, m.TotalRunMinutes = dec.Decimal{Decimal: setup}, dec.Decimal{Decimal: run}
}
