package jobs

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// MakeSummary is what a job makes, by item (getJobMakeSummary).
type MakeSummary struct {
	JobID  string
	Number int64
	Status Status
	Items  []MadeItem
}

// MadeItem is one item a job makes, its items to make added up.
type MadeItem struct {
	ItemID            string
	ItemNumber        string
	UnitName          *string
	QuantityToMake    dec.Decimal
	QuantityMade      dec.Decimal
	QuantityScrapped  dec.Decimal
	QuantityRemaining dec.Decimal
	ItemsToMake       int32
	OpenItemsToMake   int32
	EarliestDueDate   *time.Time
}

// MakeSummary answers what job jobID makes, one entry per item in the order of each item's
// first item to make, in three statements however many items; an unknown job is NotFound.
func (s *Service) MakeSummary(ctx context.Context, tenantID, jobID string) (MakeSummary, error) {
	var out MakeSummary
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		j, err := s.read(ctx, q, tenantID, jobID)
		if err != nil {
			return err
		}
		out = summarise(j)
		return nil
	})
	return out, err
}

// summarise adds up job j's items to make (by position) by item.
func summarise(j Job) MakeSummary {
	out := MakeSummary{JobID: j.ID, Number: j.Number, Status: j.Status, Items: []MadeItem{}}
	at := map[string]int{}
	for _, it := range j.ItemsToMake {
		i, ok := at[it.ItemID]
		if !ok {
			i = len(out.Items)
			at[it.ItemID] = i
			out.Items = append(out.Items, MadeItem{
				ItemID: it.ItemID, ItemNumber: it.ItemNumber, UnitName: it.UnitName,
				QuantityToMake: dec.Zero, QuantityMade: dec.Zero, QuantityScrapped: dec.Zero,
			})
		}
		m := &out.Items[i]
		m.QuantityToMake = add(m.QuantityToMake, it.Quantity)
		m.QuantityMade = add(m.QuantityMade, it.QuantityMade)
		m.QuantityScrapped = add(m.QuantityScrapped, it.QuantityScrapped)
		m.ItemsToMake++
		if it.Status != ItemToMakeComplete {
			m.OpenItemsToMake++
		}
		if it.DueDate != nil && (m.EarliestDueDate == nil || it.DueDate.Before(*m.EarliestDueDate)) {
			m.EarliestDueDate = it.DueDate
		}
	}
	for i := range out.Items {
		m := &out.Items[i]
		m.QuantityRemaining = dec.Zero
		if left := m.QuantityToMake.Sub(m.QuantityMade.Decimal); left.IsPositive() {
			m.QuantityRemaining = dec.Decimal{Decimal: left}
		}
	}
	return out
}
