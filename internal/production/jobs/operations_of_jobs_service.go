package jobs

import (
	"context"
	"sort"
	"time"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// OperationOfJob is a job operation as a cut list (the work-package manifest) sees it: its
// OperationRef and what its item to make still has to make.
type OperationOfJob struct {
	OperationRef
	ItemToMakeQuantity     dec.Decimal
	ItemToMakeQuantityMade dec.Decimal
	// ItemToMakeDueDate is the item to make's due day at midnight UTC; nil when none.
	ItemToMakeDueDate *time.Time
}

// OperationsOfJobs answers every operation of the tenant's jobs among jobIDs (unknown and
// other tenants' ids answer none), by job, then item to make position, then routing
// sequence, then id, in two statements through q however many jobs and operations.
func (s *Service) OperationsOfJobs(ctx context.Context, q db.Q, tenantID string, jobIDs []string) ([]OperationOfJob, error) {
	if len(jobIDs) == 0 {
		return []OperationOfJob{}, nil
	}
	rows, err := s.store.operationsOfJobs(ctx, q, tenantID, jobIDs)
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
	out := make([]OperationOfJob, len(rows))
	for i, r := range rows {
		out[i] = OperationOfJob{
			OperationRef: OperationRef{
				ID: r.ID, Status: r.Status, JobID: r.JobID, JobNumber: r.JobNumber, JobName: r.JobName,
				JobStatus: r.JobStatus, ItemToMakeID: r.ItemToMakeID, ItemID: r.ItemID, Operation: ops[r.ID].Operation,
			},
			ItemToMakeQuantity: r.Quantity, ItemToMakeQuantityMade: r.QuantityMade,
			ItemToMakeDueDate: calendardate.StoredPtr(r.DueDate),
		}
	}
	// The statement orders by job and position; the routing sequence lives with routings.
	position := make(map[string]int, len(rows))
	for i, r := range rows {
		if _, ok := position[r.ItemToMakeID]; !ok {
			position[r.ItemToMakeID] = i
		}
	}
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
	return out, nil
}
