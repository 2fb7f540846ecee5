package jobs

import (
	"context"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
)

// OperationCompletedHook runs in the transaction that completes job operation operationID of
// job jobID (completed at at), after the operation is marked complete. The timers area
// registers one that closes the operation's open timers; an error rolls the completion back.
type OperationCompletedHook func(ctx context.Context, q db.Q, tenantID, jobID, operationID string, at time.Time) error

// RegisterOperationCompleted adds hook to what every operation completion runs. Areas above
// jobs (timers) register at wiring time, before the server serves; jobs import none of them.
func (s *Service) RegisterOperationCompleted(hook OperationCompletedHook) {
	s.operationCompleted = append(s.operationCompleted, hook)
}

// runOperationCompleted runs every registered hook in q, the completion's transaction, in
// registration order; the first error stops them and is answered.
func (s *Service) runOperationCompleted(ctx context.Context, q db.Q, tenantID, jobID, operationID string, at time.Time) error {
	for _, hook := range s.operationCompleted {
		if err := hook(ctx, q, tenantID, jobID, operationID, at); err != nil {
			return err
		}
	}
	return nil
}

// OperationComplete is how a job operation completes; nil members take their defaults.
type OperationComplete struct {
	// QuantityCompleted is the final quantity completed; nil: what was recorded, or the
	// quantity to make when nothing was.
	QuantityCompleted *dec.Decimal
	// QuantityScrapped is the final quantity scrapped; nil: what was recorded.
	QuantityScrapped *dec.Decimal
	// AddItemsToInventory false receives nothing when the last operation completes; nil:
	// true.
	AddItemsToInventory *bool
	LocationID          *string
	LotNumber           *string
	Note                *string
	// ScrapReason is why units were scrapped: the reason of the scrap record the completion
	// writes when it changes the quantity scrapped.
	ScrapReason *string
	// UserID is the user completing (nil for an integration token), named by the scrap record.
	UserID *string
}

// CompleteOperation completes operation id of item to make itemToMakeID of job jobID and
// answers it, in one transaction with the job locked:
//   - an operation already complete is a 409 (checked first, under the job's lock, so of two
//     racing completes one completes and the other answers 409); the job must accept work;
//   - the operation takes its final quantities and completedUtc, and the registered
//     OperationCompleted hooks run (closing its open timers);
//   - an outside-processing operation adds its outside cost per unit × the quantity completed
//     to its and the item to make's outside-processing cost (until outside-processing
//     receipts carry their own value, this is the cost jobs know);
//   - the job is marked started;
//   - the last operation (highest sequence) completes the item to make: quantity made = its
//     quantity completed, scrapped = what its operations scrapped; unless AddItemsToInventory
//     is false, the units made (when more than 0) are received at the item to make's
//     cumulative cost per unit by kind (6 decimals) with the job as source; when every item
//     to make is complete the job completes (completeJob), else the inProgressJob breakdowns
//     are rewritten.
func (s *Service) CompleteOperation(ctx context.Context, tenantID, jobID, itemToMakeID, id string, c OperationComplete) (Operation, error) {
	fields := apperr.Fields{}
	if c.QuantityCompleted != nil && c.QuantityCompleted.IsNegative() {
		fields.Add("quantityCompleted", "must be 0 or more")
	}
	if c.QuantityScrapped != nil && c.QuantityScrapped.IsNegative() {
		fields.Add("quantityScrapped", "must be 0 or more")
	}
	c.Note = fields.OptionalText("note", c.Note, maxNotes)
	c.LotNumber = fields.OptionalText("lotNumber", c.LotNumber, 100)
	c.ScrapReason = fields.OptionalText("scrapReason", c.ScrapReason, maxScrapReason)
	if err := fields.Err(); err != nil {
		return Operation{}, err
	}
	var out Operation
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		locked, err := s.lockOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		if err != nil {
			return err
		}
		j, op, it, ops, st := locked.Job, locked.Operation, locked.ItemToMake, locked.Operations, locked.State
		if st.Status == OperationStatusComplete {
			return apperr.Conflict("the operation is already complete")
		}
		if err := requireAcceptsWork(j); err != nil {
			return err
		}
		completed := st.QuantityCompleted
		switch {
		case c.QuantityCompleted != nil:
			completed = *c.QuantityCompleted
		case !completed.IsPositive():
			completed = it.Quantity
		}
		scrapped := st.QuantityScrapped
		if c.QuantityScrapped != nil {
			scrapped = *c.QuantityScrapped
		}
		at := time.Now().UTC()
		if err := s.store.completeOperation(ctx, q, tenantID, id, completed, scrapped, at); err != nil {
			return err
		}
		if err := s.runOperationCompleted(ctx, q, tenantID, jobID, id, at); err != nil {
			return err
		}
		// The final quantity replaces what was recorded: the register gets the difference.
		added := dec.Decimal{Decimal: scrapped.Sub(st.QuantityScrapped.Decimal)}
		if err := s.recordScrap(ctx, q, tenantID, it, id, added, c.ScrapReason, c.UserID); err != nil {
			return err
		}
		if op.IsOutsideProcessing && op.OutsideCost.IsPositive() && completed.IsPositive() {
			amount := dec.Decimal{Decimal: op.OutsideCost.Mul(completed.Decimal)}
			if err := s.store.addOutsideProcessing(ctx, q, tenantID, itemToMakeID, id, amount); err != nil {
				return err
			}
		}
		if err := s.markStarted(ctx, q, tenantID, &j); err != nil {
			return err
		}
		if ops[len(ops)-1].ID == id {
			totalScrapped := scrapped.Decimal
			for _, o := range ops {
				if o.ID != id {
					totalScrapped = totalScrapped.Add(o.QuantityScrapped.Decimal)
				}
			}
			if err := s.completeItemToMake(ctx, q, tenantID, j, itemToMakeID, completed, dec.Decimal{Decimal: totalScrapped}, at, c); err != nil {
				return err
			}
		}
		out, _, _, err = s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		return err
	})
	return out, err
}

// completeItemToMake completes item to make itemToMakeID of locked job j (its last operation
// completed): it records what was made, receives it unless c says not to, and completes the
// job when nothing is left open, else rewrites the inProgressJob cost breakdowns.
func (s *Service) completeItemToMake(ctx context.Context, q db.Q, tenantID string, j Job, itemToMakeID string, made, scrapped dec.Decimal, at time.Time, c OperationComplete) error {
	if err := s.store.completeItemToMake(ctx, q, tenantID, itemToMakeID, made, scrapped, at); err != nil {
		return err
	}
	list, err := s.store.itemsOfJob(ctx, q, tenantID, j.ID)
	if err != nil {
		return err
	}
	open := false
	for _, it := range list {
		if it.ID == itemToMakeID && made.IsPositive() && (c.AddItemsToInventory == nil || *c.AddItemsToInventory) {
			if err := s.receiveMade(ctx, q, tenantID, j, it, c); err != nil {
				return err
			}
		}
		if it.Status != ItemToMakeComplete {
			open = true
		}
	}
	if open {
		return s.recordCostBreakdowns(ctx, q, tenantID, j.ID, items.CostInProgressJob)
	}
	return s.completeJob(ctx, q, tenantID, &j)
}

// receiveMade receives the units item to make it made (it as stored after completing) at its
// cumulative cost per unit by kind, with the job as the event's source, and keeps the event.
func (s *Service) receiveMade(ctx context.Context, q db.Q, tenantID string, j Job, it ItemToMake, c OperationComplete) error {
	cum := it.Cumulative()
	name := strconv.FormatInt(j.Number, 10)
	srcType := sourceJob
	ev, err := s.deps.Stock.ReceiveIn(ctx, q, tenantID, inventory.Receive{
		ItemID: it.ItemID, SecondaryType: "receive", Quantity: it.QuantityMade, LotNumber: c.LotNumber,
		LocationID: c.LocationID, Note: c.Note,
		PerUnit: inventory.Values{
			Material: items.PerUnit(nonNegative(cum.Material), it.QuantityMade), Labor: items.PerUnit(nonNegative(cum.Labor), it.QuantityMade),
			Machine:           items.PerUnit(nonNegative(cum.Machine), it.QuantityMade),
			OutsideProcessing: items.PerUnit(nonNegative(cum.OutsideProcessing), it.QuantityMade),
		},
		Source: inventory.Source{Type: &srcType, Name: &name, EntityID: &j.ID, ItemToMakeID: &it.ID, JobID: &j.ID},
	})
	if err != nil {
		return err
	}
	return s.store.setReceivedEvent(ctx, q, tenantID, it.ID, ev.ID)
}

// nonNegative is d, or 0 when d is below 0 (a stock value the ledger refuses to receive).
func nonNegative(d dec.Decimal) dec.Decimal {
	return dec.Decimal{Decimal: decimal.Max(d.Decimal, decimal.Zero)}
}
