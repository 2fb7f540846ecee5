package jobs

import (
	"context"
	"sort"
	"time"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
)

// OpenJobOperation is an operation of a job that accepts work, as nesting sees it: the
// operation with its item to make (OperationOfJob), the job's start date, and whether it is
// its item to make's first operation by routing sequence (where material tied to no operation
// is consumed).
type OpenJobOperation struct {
	OperationOfJob
	// JobStartDate is the job's start day at midnight UTC; nil when none.
	JobStartDate *time.Time
	// FirstOfItemToMake: the lowest routing sequence of its item to make (then lowest id).
	FirstOfItemToMake bool
}

// OpenJobOperations answers every operation (complete ones too, so that the caller knows
// which operation is first) of the tenant's jobs that accept work (released or in progress),
// by job number, then item to make position, then routing sequence, then id, in two
// statements through q however many jobs and operations.
func (s *Service) OpenJobOperations(ctx context.Context, q db.Q, tenantID string) ([]OpenJobOperation, error) {
	rows, err := s.store.openJobOperations(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	ops, err := s.deps.Routings.OperationsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]OpenJobOperation, len(rows))
	position := make(map[string]int, len(rows))
	for i, r := range rows {
		out[i] = OpenJobOperation{
			OperationOfJob: OperationOfJob{
				OperationRef: OperationRef{
					ID: r.ID, Status: r.Status, JobID: r.JobID, JobNumber: r.JobNumber, JobName: r.JobName,
					JobStatus: r.JobStatus, ItemToMakeID: r.ItemToMakeID, ItemID: r.ItemID, Operation: ops[r.ID].Operation,
					QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped,
				},
				ItemToMakeQuantity: r.Quantity, ItemToMakeQuantityMade: r.QuantityMade,
				ItemToMakeDueDate: calendardate.StoredPtr(r.DueDate),
			},
			JobStartDate: calendardate.StoredPtr(r.StartDate),
		}
		if _, ok := position[r.ItemToMakeID]; !ok {
			position[r.ItemToMakeID] = i
		}
	}
	// The statement orders by job and position; the routing sequence lives with routings.
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.ItemToMakeID != y.ItemToMakeID {
			return position[x.ItemToMakeID] < position[y.ItemToMakeID]
		}
		if x.Operation.Sequence != y.Operation.Sequence {
			return x.Operation.Sequence < y.Operation.Sequence
		}
		return x.ID < y.ID
	})
	for i := range out {
		out[i].FirstOfItemToMake = i == 0 || out[i-1].ItemToMakeID != out[i].ItemToMakeID
	}
	return out, nil
}
