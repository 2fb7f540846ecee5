package timers

import (
	"context"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// Job tracking: timers operators start and stop as they work. One timer runs per user and
// type; starting another stops the running one at the new start (stop and switch, the
// answer names it), so an operator moving to the next operation sends one request.

// Start starts a job-tracking timer (startJobTrackingTimer) and answers it with the timer it
// stopped, in one transaction: the user's open time-clock entry is locked first (a
// clocked-out user is a 400 naming userId), so starts of one user are serialised, then the
// jobs of the new operation and of the running timer, then that timer. The operation must
// accept work; starting marks it and its job started. An omitted start is now, read after
// the locks, so of two starts racing the later one always starts last and switches.
func (s *Service) Start(ctx context.Context, c Caller, w Start) (Started, error) {
	fields := apperr.Fields{}
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	if w.Started != nil {
		at := instant(*w.Started)
		w.Started = &at
		checkBackdated(fields, "startedOnUtc", at, s.now())
	}
	if err := fields.Err(); err != nil {
		return Started{}, err
	}
	userID, err := whose(c, w.UserID)
	if err != nil {
		return Started{}, err
	}
	var out Started
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireUser(ctx, q, c.TenantID, userID); err != nil {
			return err
		}
		entry, found, err := s.store.lockOpenEntry(ctx, q, c.TenantID, userID)
		if err != nil {
			return err
		}
		if !found {
			return apperr.Field("userId", "user %s is clocked out: clock in before starting job timers", userID)
		}
		running, err := s.store.runningOfUsers(ctx, q, c.TenantID, []string{userID}, &w.Type, false)
		if err != nil {
			return err
		}
		var also []string
		for _, t := range running {
			also = append(also, t.JobOperationID)
		}
		ref, err := s.workOperation(ctx, q, c.TenantID, w.JobID, w.JobOperationID, also...)
		if err != nil {
			return err
		}
		// Under the locks: no other start of this user runs, and every job the running timer
		// is on is held, so what runs now is what this start switches from.
		if running, err = s.store.runningOfUsers(ctx, q, c.TenantID, []string{userID}, &w.Type, true); err != nil {
			return err
		}
		started := instant(s.now())
		if w.Started != nil {
			started = *w.Started
		}
		if started.Before(entry.ClockedIn) {
			return apperr.Field("startedOnUtc", "must not be before the user clocked in (%s)", entry.ClockedIn.Format(time.RFC3339Nano))
		}
		out.Stopped = make([]Timer, 0, len(running))
		for _, t := range running {
			if started.Before(t.Started) {
				return apperr.Field("startedOnUtc", "must not be before the start of the running %s timer %s (%s)", t.Type, t.ID, t.Started.Format(time.RFC3339Nano))
			}
			stopped, err := s.stopAt(ctx, q, c.TenantID, t, started)
			if err != nil {
				return err
			}
			out.Stopped = append(out.Stopped, stopped)
		}
		rate, err := s.rate(ctx, q, c.TenantID, w.Type, ref)
		if err != nil {
			return err
		}
		if out.Timer, err = s.store.insertTimer(ctx, q, c.TenantID, Timer{
			ID: ids.New(), UserID: userID, Type: w.Type, Source: SourceJobTracking, JobID: ref.JobID,
			ItemToMakeID: ref.ItemToMakeID, ItemID: ref.ItemID, JobOperationID: ref.ID, Started: started, Rate: rate,
			Notes: w.Notes,
		}); err != nil {
			return err
		}
		return s.deps.Jobs.MarkOperationStarted(ctx, q, c.TenantID, ref.ID)
	})
	return out, err
}

// StopTimers stops running timers (stopJobTrackingTimer) and answers them as stopped, in one
// transaction with their jobs, then the timers, locked: one timer by id (404 unknown, 409 not
// running), or the running timers of a user (of one type). Each block is costed even when
// its job no longer accepts work, so a timer can always be stopped.
func (s *Service) StopTimers(ctx context.Context, c Caller, w Stop) ([]Timer, error) {
	if w.TimerID != nil && (w.UserID != nil || w.Type != nil) {
		return nil, apperr.Field("timerId", "names one timer: send it without userId and type")
	}
	userID := ""
	if w.TimerID == nil {
		var err error
		if userID, err = whose(c, w.UserID); err != nil {
			return nil, err
		}
	}
	var out []Timer
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var candidates []Timer
		if w.TimerID != nil {
			t, err := s.store.getTimer(ctx, q, c.TenantID, *w.TimerID)
			if err != nil {
				return err
			}
			if !t.Running() {
				return apperr.Conflict("timer %s is not running", t.ID)
			}
			candidates = []Timer{t}
		} else {
			if err := s.requireUser(ctx, q, c.TenantID, userID); err != nil {
				return err
			}
			var err error
			if candidates, err = s.store.runningOfUsers(ctx, q, c.TenantID, []string{userID}, w.Type, false); err != nil {
				return err
			}
		}
		var err error
		out, err = s.stopLocked(ctx, q, c.TenantID, candidates, w.Stopped, "stoppedOnUtc")
		if err != nil {
			return err
		}
		if w.TimerID != nil && len(out) == 0 {
			return apperr.Conflict("timer %s is not running", *w.TimerID)
		}
		return nil
	})
	return out, err
}

// stopLocked locks the jobs of candidates, then those of them still running, and stops them
// at at (nil: now, read after the locks); an instant in the future or before a timer's start
// is a 400 naming field.
func (s *Service) stopLocked(ctx context.Context, q db.Q, tenantID string, candidates []Timer, at *time.Time, field string) ([]Timer, error) {
	out := []Timer{}
	if len(candidates) == 0 {
		return out, nil
	}
	var jobIDs, timerIDs []string
	for _, t := range candidates {
		timerIDs = append(timerIDs, t.ID)
		if !slices.Contains(jobIDs, t.JobID) {
			jobIDs = append(jobIDs, t.JobID)
		}
	}
	if err := s.deps.Jobs.LockJobs(ctx, q, tenantID, jobIDs); err != nil {
		return nil, err
	}
	running, err := s.store.lockRunningByID(ctx, q, tenantID, timerIDs)
	if err != nil {
		return nil, err
	}
	now := s.now()
	stop := instant(now)
	if at != nil {
		stop = instant(*at)
	}
	fields := apperr.Fields{}
	if stop.After(now) {
		fields.Add(field, "must not be in the future")
	}
	for _, t := range running {
		if stop.Before(t.Started) {
			fields.Add(field, "must not be before the start of running timer %s (%s)", t.ID, t.Started.Format(time.RFC3339Nano))
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	for _, t := range running {
		stopped, err := s.stopAt(ctx, q, tenantID, t, stop)
		if err != nil {
			return nil, err
		}
		out = append(out, stopped)
	}
	return out, nil
}
