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
	out, _, err := s.operationsOfRows(ctx, q, tenantID, rows)
	return out, err
}

// operationsOfRows names the job operations of rows (in a statement's order of job, then
// item to make position) with their routing operations, in one statement, and orders them by
// job, item to make position, routing sequence (which lives with routings), then id;
// from[i] is the index in rows of the i-th operation answered.
func (s *Service) operationsOfRows(ctx context.Context, q db.Q, tenantID string, rows []operationOfJobRow) (out []OperationOfJob, from []int, err error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	ops, err := s.deps.Routings.OperationsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, nil, err
	}
	position := make(map[string]int, len(rows))
	from = make([]int, len(rows))
	for i, r := range rows {
		from[i] = i
		if _, ok := position[r.ItemToMakeID]; !ok {
			position[r.ItemToMakeID] = i
		}
	}
	sort.SliceStable(from, func(a, b int) bool {
		x, y := rows[from[a]], rows[from[b]]
		if x.ItemToMakeID != y.ItemToMakeID {
			return position[x.ItemToMakeID] < position[y.ItemToMakeID]
		}
		if sx, sy := ops[x.ID].Sequence, ops[y.ID].Sequence; sx != sy {
			return sx < sy
		}
		return x.ID < y.ID
	})
	out = make([]OperationOfJob, len(rows))
	for i, k := range from {
		r := rows[k]
		out[i] = OperationOfJob{
			OperationRef: OperationRef{
				ID: r.ID, Status: r.Status, JobID: r.JobID, JobNumber: r.JobNumber, JobName: r.JobName,
				JobStatus: r.JobStatus, ItemToMakeID: r.ItemToMakeID, ItemID: r.ItemID, Operation: ops[r.ID].Operation,
				QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped,
			},
			ItemToMakeQuantity: r.Quantity, ItemToMakeQuantityMade: r.QuantityMade,
			ItemToMakeDueDate: calendardate.StoredPtr(r.DueDate),
		}
	}
	return out, from, nil
}
