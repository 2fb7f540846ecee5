package jobs

import (
	"context"
	"slices"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/items"
)

// Time recorded on job operations: the timers area (above jobs) records blocks of setup,
// labor and machine time and hands their seconds and cost here, in its own transaction.

// TimeDelta is time added to a job operation (negative members take time off: a block
// shortened by an update) and what it costs at the rates the caller applied.
type TimeDelta struct {
	SetupSeconds, LaborSeconds, MachineSeconds int64
	LaborCost, MachineCost                     dec.Decimal
}

// LockOperations answers the job operations among ids as OperationRefs does, read after
// their jobs are locked until q's transaction ends. The jobs are locked in id order, so two
// writers locking several jobs never wait on each other in a circle; every job write starts
// with its job's lock, so the state answered holds until q's transaction ends.
func (s *Service) LockOperations(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]OperationRef, error) {
	refs, err := s.OperationRefs(ctx, q, tenantID, ids)
	if err != nil || len(refs) == 0 {
		return refs, err
	}
	var jobIDs []string
	for _, r := range refs {
		if !slices.Contains(jobIDs, r.JobID) {
			jobIDs = append(jobIDs, r.JobID)
		}
	}
	if err := s.LockJobs(ctx, q, tenantID, jobIDs); err != nil {
		return nil, err
	}
	return s.OperationRefs(ctx, q, tenantID, ids)
}

// LockJobs locks the jobs among ids until q's transaction ends, in id order (see
// LockOperations); unknown ids are skipped.
func (s *Service) LockJobs(ctx context.Context, q db.Q, tenantID string, ids []string) error {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	return s.store.lockJobs(ctx, q, tenantID, slices.Compact(sorted))
}

// RecordTime adds d to job operation operationID and to its item to make, in q's
// transaction with the job locked: the operation's seconds and labor or machine cost, the
// item to make's hours (the sum of its operations' seconds) and own labor and machine cost.
// A not-started operation is marked started and a released job moves to in progress (as
// picks do); the item cost breakdowns the job keeps are rewritten for its status, so a block
// closed after the job completed or was cancelled still reaches them. An unknown operation
// is NotFound.
func (s *Service) RecordTime(ctx context.Context, q db.Q, tenantID, operationID string, d TimeDelta) error {
	jobID, itemToMakeID, err := s.store.operationOwner(ctx, q, tenantID, operationID)
	if err != nil {
		return err
	}
	j, err := s.lockJob(ctx, q, tenantID, jobID)
	if err != nil {
		return err
	}
	if err := s.store.addOperationTime(ctx, q, tenantID, operationID, d); err != nil {
		return err
	}
	if err := s.store.rollUpItemTime(ctx, q, tenantID, itemToMakeID, d); err != nil {
		return err
	}
	if err := s.store.markOperationStarted(ctx, q, tenantID, operationID); err != nil {
		return err
	}
	switch j.Status {
	case StatusReleased:
		// markStarted records the inProgressJob breakdowns as the job starts.
		return s.markStarted(ctx, q, tenantID, &j)
	case StatusInProgress:
		return s.recordCostBreakdowns(ctx, q, tenantID, jobID, items.CostInProgressJob)
	case StatusComplete:
		return s.recordCostBreakdowns(ctx, q, tenantID, jobID, items.CostCompletedJob)
	case StatusCancelled:
		return s.recordCostBreakdowns(ctx, q, tenantID, jobID, items.CostCancelledJob)
	}
	return nil
}

// MarkOperationStarted marks job operation operationID started (when not yet) and moves its
// released job to in progress, in q's transaction with the job locked: a job-tracking timer
// starting on it is work recorded, though its time is costed only when it stops.
func (s *Service) MarkOperationStarted(ctx context.Context, q db.Q, tenantID, operationID string) error {
	jobID, _, err := s.store.operationOwner(ctx, q, tenantID, operationID)
	if err != nil {
		return err
	}
	j, err := s.lockJob(ctx, q, tenantID, jobID)
	if err != nil {
		return err
	}
	if err := s.store.markOperationStarted(ctx, q, tenantID, operationID); err != nil {
		return err
	}
	if j.Status == StatusReleased {
		return s.markStarted(ctx, q, tenantID, &j)
	}
	return nil
}
