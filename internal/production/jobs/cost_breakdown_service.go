package jobs

import (
	"context"
	"slices"
	"strings"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/items"
)

// ItemCostBreakdown is what making one item to make has cost so far
// (getJobItemToMakeCostBreakdown): its own level and cumulative costs as its item's
// in-progress cost breakdown records them, each operation's time and cost, and the stock
// picked for it by item.
type ItemCostBreakdown struct {
	ItemToMake ItemToMake
	// Breakdown is the item cost breakdown of the item to make as it stands; its Quantity is
	// the per-unit base (the quantity made once some was, else the quantity to make).
	Breakdown  items.CostBreakdown
	Operations []OperationTracking
	Materials  []MaterialCost
}

// MaterialCost is the stock of one item picked for an item to make, added up.
type MaterialCost struct {
	ItemID     string
	ItemNumber string
	Quantity   dec.Decimal
	Value      dec.Decimal
}

// CostBreakdown answers the cost breakdown of item to make id of job jobID, in a fixed number
// of statements however many operations and picks; one of another job, or an unknown job, is
// NotFound.
func (s *Service) CostBreakdown(ctx context.Context, tenantID, jobID, id string) (ItemCostBreakdown, error) {
	var out ItemCostBreakdown
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		it, err := s.store.getItemToMake(ctx, q, tenantID, jobID, id)
		if err != nil {
			return err
		}
		ops, err := s.trackedOperations(ctx, q, tenantID, jobID, []ItemToMake{it}, it.ID)
		if err != nil {
			return err
		}
		picked, err := trackingStore{}.pickedItems(ctx, q, tenantID, jobID, it.ID)
		if err != nil {
			return err
		}
		itemIDs := make([]string, len(picked))
		for i, p := range picked {
			itemIDs[i] = p.ItemID
		}
		refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
		if err != nil {
			return err
		}
		out = ItemCostBreakdown{
			ItemToMake: it, Breakdown: costBreakdown(it, items.CostCompletedJob),
			Operations: ops[it.ID], Materials: make([]MaterialCost, len(picked)),
		}
		for i, p := range picked {
			out.Materials[i] = MaterialCost{ItemID: p.ItemID, ItemNumber: refs[p.ItemID].Number, Quantity: p.Quantity, Value: p.Value}
		}
		slices.SortFunc(out.Materials, func(a, b MaterialCost) int {
			if c := strings.Compare(a.ItemNumber, b.ItemNumber); c != 0 {
				return c
			}
			return strings.Compare(a.ItemID, b.ItemID)
		})
		return nil
	})
	return out, err
}
