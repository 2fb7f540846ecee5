package timers

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// clockListSpec: newest clock-in first, then highest id, unless Sort.Field names another.
var clockListSpec = listing.Spec{
	Fields:            map[string]string{"clockedInUtc": "c.clocked_in_utc", "clockedOutUtc": "c.clocked_out_utc"},
	Default:           "clockedInUtc",
	DefaultDescending: true,
	IDColumn:          "c.id",
}

// ClockIn opens a time-clock entry for the user (clockIn) at at (nil: now) and answers it,
// in one transaction: the instant within the backdating bounds and not before the user's
// last clock-out (400 naming clockedInUtc); a user already clocked in is a 409 (the unique
// index answers it under concurrency too).
func (s *Service) ClockIn(ctx context.Context, c Caller, userID *string, at *time.Time) (ClockEntry, error) {
	now := s.now()
	in := instant(now)
	if at != nil {
		in = instant(*at)
	}
	fields := apperr.Fields{}
	checkBackdated(fields, "clockedInUtc", in, now)
	if err := fields.Err(); err != nil {
		return ClockEntry{}, err
	}
	user, err := whose(c, userID)
	if err != nil {
		return ClockEntry{}, err
	}
	var out ClockEntry
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireUser(ctx, q, c.TenantID, user); err != nil {
			return err
		}
		if _, open, err := s.store.lockOpenEntry(ctx, q, c.TenantID, user); err != nil || open {
			if err != nil {
				return err
			}
			return apperr.Conflict("user %s is already clocked in", user)
		}
		last, err := s.store.lastClockOut(ctx, q, c.TenantID, user)
		if err != nil {
			return err
		}
		if last != nil && in.Before(*last) {
			return apperr.Field("clockedInUtc", "must not be before the user's last clock-out (%s)", last.Format(time.RFC3339Nano))
		}
		out, err = s.store.insertEntry(ctx, q, c.TenantID, ids.New(), user, in)
		return err
	})
	return out, err
}

// ClockOut closes the user's open entry (clockOut) at at (nil: now, read after the locks)
// and stops the user's running timers at that instant, in one transaction: the entry, then
// the timers' jobs, then the timers are locked. Not clocked in is a 409; an instant in the
// future, not after the clock-in or before a running timer's start is a 400 naming
// clockedOutUtc.
func (s *Service) ClockOut(ctx context.Context, c Caller, userID *string, at *time.Time) (ClockEntry, error) {
	user, err := whose(c, userID)
	if err != nil {
		return ClockEntry{}, err
	}
	var out ClockEntry
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireUser(ctx, q, c.TenantID, user); err != nil {
			return err
		}
		entry, open, err := s.store.lockOpenEntry(ctx, q, c.TenantID, user)
		if err != nil {
			return err
		}
		if !open {
			return apperr.Conflict("user %s is not clocked in", user)
		}
		now := s.now()
		stop := instant(now)
		if at != nil {
			stop = instant(*at)
		}
		if !stop.After(entry.ClockedIn) {
			return apperr.Field("clockedOutUtc", "must be after the clock-in (%s)", entry.ClockedIn.Format(time.RFC3339Nano))
		}
		running, err := s.store.runningOfUsers(ctx, q, c.TenantID, []string{user}, nil, false)
		if err != nil {
			return err
		}
		if _, err := s.stopLocked(ctx, q, c.TenantID, running, &stop, "clockedOutUtc"); err != nil {
			return err
		}
		out, err = s.store.closeEntry(ctx, q, c.TenantID, entry.ID, stop)
		return err
	})
	return out, err
}

// ClockPage is one page of time-clock entries.
type ClockPage struct {
	Rows []ClockEntry
	listing.Envelope
}

// ClockEntries answers a page of the time-clock entries matching f.
func (s *Service) ClockEntries(ctx context.Context, tenantID string, f ClockFilter, r listing.Request) (ClockPage, error) {
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "fromUtc", f.From)
	utctime.CheckFilterBound(fields, "toUtc", f.To)
	if err := fields.Err(); err != nil {
		return ClockPage{}, err
	}
	page, err := listing.Resolve(r, clockListSpec)
	if err != nil {
		return ClockPage{}, err
	}
	rows, total, err := s.store.listEntries(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return ClockPage{}, err
	}
	return ClockPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
