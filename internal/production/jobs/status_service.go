package jobs

import (
	"context"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/stock/items"
)

// The status moves. Every write to a job, its items to make or its operations starts with
// lockJob, so the moves below and the work recorded on a job are serialised per job.

// lockJob reads job jobID's header locked until q's transaction ends; an unknown job is
// NotFound.
func (s *Service) lockJob(ctx context.Context, q db.Q, tenantID, jobID string) (Job, error) {
	return s.store.lockJob(ctx, q, tenantID, jobID)
}

// UpdateStatus moves job id to status next as the transition table allows (a no-op for its
// own status) and answers the job as stored, in one transaction with the job locked.
func (s *Service) UpdateStatus(ctx context.Context, tenantID, id string, next Status) (Job, error) {
	var out Job
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		j, err := s.lockJob(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		move, err := checkMove(j.Status, next)
		if err != nil {
			return err
		}
		if move {
			if err := s.move(ctx, q, tenantID, &j, next); err != nil {
				return err
			}
		}
		out, err = s.read(ctx, q, tenantID, id)
		return err
	})
	return out, err
}

// move makes the allowed move of locked job j to next, with what it brings along.
func (s *Service) move(ctx context.Context, q db.Q, tenantID string, j *Job, next Status) error {
	switch next {
	case StatusInProgress:
		return s.markStarted(ctx, q, tenantID, j)
	case StatusComplete:
		return s.completeJob(ctx, q, tenantID, j)
	}
	was := j.Status
	if err := s.store.updateStatus(ctx, q, tenantID, j.ID, statusUpdate{Status: next}); err != nil {
		return err
	}
	j.Status = next
	switch {
	case Reserving(next) && !Reserving(was):
		return s.syncReservations(ctx, q, tenantID, *j, nil)
	case !Reserving(next) && Reserving(was):
		return s.releaseReservations(ctx, q, tenantID, j.ID)
	}
	return nil
}

// markStarted moves locked job j from released to in progress, in q's transaction, when it
// first records work: it stamps startedUtc and records an inProgressJob cost breakdown for
// each item to make. A job already in progress is left as it is; other statuses are refused
// (requireAcceptsWork).
func (s *Service) markStarted(ctx context.Context, q db.Q, tenantID string, j *Job) error {
	if err := requireAcceptsWork(*j); err != nil {
		return err
	}
	if j.Status == StatusInProgress {
		return nil
	}
	if err := s.store.updateStatus(ctx, q, tenantID, j.ID, statusUpdate{Status: StatusInProgress, Started: true}); err != nil {
		return err
	}
	j.Status = StatusInProgress
	return s.recordCostBreakdowns(ctx, q, tenantID, j.ID, items.CostInProgressJob)
}

// completeJob moves locked job j to complete, in q's transaction: it releases every unit the
// job holds, stamps completedUtc and records a completedJob cost breakdown for each item to
// make. The status move calls it, and so does the completion of the last item to make.
func (s *Service) completeJob(ctx context.Context, q db.Q, tenantID string, j *Job) error {
	if final(j.Status) {
		return apperr.Field("status", "job %d is %s", j.Number, j.Status)
	}
	if err := s.releaseReservations(ctx, q, tenantID, j.ID); err != nil {
		return err
	}
	if err := s.store.updateStatus(ctx, q, tenantID, j.ID, statusUpdate{Status: StatusComplete, Completed: true}); err != nil {
		return err
	}
	j.Status = StatusComplete
	return s.recordCostBreakdowns(ctx, q, tenantID, j.ID, items.CostCompletedJob)
}

// Cancel cancels job id (planned, released or in progress; 400 naming status otherwise) and
// answers it as stored, in one transaction with the job locked: it releases every unit the
// job holds, stamps cancelledUtc and records a cancelledJob cost breakdown for each item to
// make.
func (s *Service) Cancel(ctx context.Context, tenantID, id string) (Job, error) {
	var out Job
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		j, err := s.lockJob(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if !slices.Contains(cancellable, j.Status) {
			return apperr.Field("status", "job %d is %s: only a planned, released or in-progress job can be cancelled", j.Number, j.Status)
		}
		if err := s.releaseReservations(ctx, q, tenantID, j.ID); err != nil {
			return err
		}
		if err := s.store.updateStatus(ctx, q, tenantID, j.ID, statusUpdate{Status: StatusCancelled, Cancelled: true}); err != nil {
			return err
		}
		if err := s.recordCostBreakdowns(ctx, q, tenantID, j.ID, items.CostCancelledJob); err != nil {
			return err
		}
		out, err = s.read(ctx, q, tenantID, id)
		return err
	})
	return out, err
}
