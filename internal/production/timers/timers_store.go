package timers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type store struct{}

type timerRow struct {
	ID             string         `db:"id"`
	UserID         string         `db:"user_id"`
	Type           Type           `db:"type"`
	Source         Source         `db:"source"`
	JobID          string         `db:"job_id"`
	ItemToMakeID   string         `db:"item_to_make_id"`
	ItemID         string         `db:"item_id"`
	JobOperationID string         `db:"job_operation_id"`
	Started        time.Time      `db:"started_utc"`
	Stopped        sql.NullTime   `db:"stopped_utc"`
	Rate           dec.Decimal    `db:"rate"`
	Seconds        int64          `db:"seconds"`
	Cost           dec.Decimal    `db:"cost"`
	Notes          sql.NullString `db:"notes"`
	CreatedUtc     time.Time      `db:"created_utc"`
	ModifiedUtc    time.Time      `db:"modified_utc"`
	TotalCount     int            `db:"total_count"`
}

func (r timerRow) Total() int { return r.TotalCount }

func (r timerRow) timer() Timer {
	t := Timer{
		ID: r.ID, UserID: r.UserID, Type: r.Type, Source: r.Source, JobID: r.JobID, ItemToMakeID: r.ItemToMakeID,
		ItemID: r.ItemID, JobOperationID: r.JobOperationID, Started: r.Started.UTC(), Rate: r.Rate, Seconds: r.Seconds,
		Cost: r.Cost, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if r.Stopped.Valid {
		s := r.Stopped.Time.UTC()
		t.Stopped = &s
	}
	if r.Notes.Valid {
		t.Notes = &r.Notes.String
	}
	return t
}

const timerColumns = `t.id, t.user_id, t.type, t.source, t.job_id, t.item_to_make_id, t.item_id, t.job_operation_id,
       t.started_utc, t.stopped_utc, t.rate, t.seconds, t.cost, t.notes, t.created_utc, t.modified_utc`

const insertTimerSQL = `
INSERT INTO timers AS t (tenant_id, id, user_id, type, source, job_id, item_to_make_id, item_id, job_operation_id,
                    started_utc, stopped_utc, rate, seconds, cost, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
RETURNING ` + timerColumns + `, 0 AS total_count`

// insertTimer stores t and answers it as stored. A second running timer of one user and type
// is a Conflict (the unique index is the last line under concurrency).
func (store) insertTimer(ctx context.Context, q db.Q, tenantID string, t Timer) (Timer, error) {
	var r timerRow
	err := sqlx.GetContext(ctx, q, &r, insertTimerSQL, tenantID, t.ID, t.UserID, t.Type, t.Source, t.JobID, t.ItemToMakeID,
		t.ItemID, t.JobOperationID, t.Started, t.Stopped, t.Rate, t.Seconds, t.Cost, t.Notes)
	if c, ok := db.UniqueViolation(err); ok && c == "timers_one_running_key" {
		return Timer{}, apperr.Conflict("user %s already has a running %s timer", t.UserID, t.Type)
	}
	if err != nil {
		return Timer{}, fmt.Errorf("insert timer: %w", err)
	}
	return r.timer(), nil
}

const getTimerSQL = `SELECT ` + timerColumns + `, 0 AS total_count FROM timers t WHERE t.tenant_id = $1 AND t.id = $2`

func timerNotFound(id string) error { return apperr.NotFound("timer %s not found", id) }

// getTimer answers timer id; none (or another tenant's) is NotFound.
func (store) getTimer(ctx context.Context, q db.Q, tenantID, id string) (Timer, error) {
	return scanTimer(ctx, q, getTimerSQL, tenantID, id)
}

// lockTimer answers timer id locked until q's transaction ends.
func (store) lockTimer(ctx context.Context, q db.Q, tenantID, id string) (Timer, error) {
	return scanTimer(ctx, q, getTimerSQL+` FOR UPDATE`, tenantID, id)
}

func scanTimer(ctx context.Context, q db.Q, query, tenantID, id string) (Timer, error) {
	var r timerRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Timer{}, timerNotFound(id)
	}
	if err != nil {
		return Timer{}, fmt.Errorf("read timer: %w", err)
	}
	return r.timer(), nil
}

const updateTimerSQL = `
UPDATE timers t SET started_utc = $3, stopped_utc = $4, seconds = $5, cost = $6, notes = $7, modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2
RETURNING ` + timerColumns + `, 0 AS total_count`

// updateTimer writes t's times, seconds, cost and notes and answers it as stored.
func (store) updateTimer(ctx context.Context, q db.Q, tenantID string, t Timer) (Timer, error) {
	var r timerRow
	if err := sqlx.GetContext(ctx, q, &r, updateTimerSQL, tenantID, t.ID, t.Started, t.Stopped, t.Seconds, t.Cost, t.Notes); err != nil {
		return Timer{}, fmt.Errorf("update timer: %w", err)
	}
	return r.timer(), nil
}

// runningSQL answers running timers, oldest start first; the callers add their clause.
const runningSQL = `SELECT ` + timerColumns + `, 0 AS total_count FROM timers t
WHERE t.tenant_id = $1 AND t.stopped_utc IS NULL AND `

// runningOfUsers answers the running timers of users (of type typ when set), oldest start
// first, locked until q's transaction ends when lock is set.
func (store) runningOfUsers(ctx context.Context, q db.Q, tenantID string, userIDs []string, typ *Type, lock bool) ([]Timer, error) {
	query := runningSQL + `t.user_id = ANY($2) AND ($3::text IS NULL OR t.type = $3) ORDER BY t.started_utc, t.id`
	if lock {
		query += ` FOR UPDATE`
	}
	return selectTimers(ctx, q, query, tenantID, pq.StringArray(userIDs), typ)
}

// runningByID answers the timers among ids still running, locked until q's transaction ends.
func (store) lockRunningByID(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Timer, error) {
	return selectTimers(ctx, q, runningSQL+`t.id = ANY($2) ORDER BY t.started_utc, t.id FOR UPDATE`, tenantID, pq.StringArray(ids))
}

// lockRunningOnOperation answers the timers running on job operation opID, locked.
func (store) lockRunningOnOperation(ctx context.Context, q db.Q, tenantID, opID string) ([]Timer, error) {
	return selectTimers(ctx, q, runningSQL+`t.job_operation_id = $2 ORDER BY t.started_utc, t.id FOR UPDATE`, tenantID, opID)
}

func selectTimers(ctx context.Context, q db.Q, query string, args ...any) ([]Timer, error) {
	var rows []timerRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("read timers: %w", err)
	}
	out := make([]Timer, len(rows))
	for i, r := range rows {
		out[i] = r.timer()
	}
	return out, nil
}

const listTimersFrom = `SELECT ` + timerColumns + `, COUNT(*) OVER () AS total_count FROM timers t`

// listTimers answers page p of the timers matching f (of source when set) and how many match.
func (store) listTimers(ctx context.Context, q db.Q, tenantID string, f TimerFilter, source *Source, p listing.Page) ([]Timer, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	listing.IfSet(lq, "t.source = %s", source)
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyOf(lq, "t.user_id", f.UserIDs)
	listing.AnyOf(lq, "t.job_id", f.JobIDs)
	listing.AnyOf(lq, "t.job_operation_id", f.JobOperationIDs)
	listing.IfSet(lq, "t.item_id = %s", f.ItemID)
	listing.AnyOf(lq, "t.type", f.Types)
	if f.Running != nil {
		if *f.Running {
			lq.Where("t.stopped_utc IS NULL")
		} else {
			lq.Where("t.stopped_utc IS NOT NULL")
		}
	}
	listing.IfSet(lq, "t.started_utc >= %s", f.StartedAfterUtc)
	listing.IfSet(lq, "t.started_utc < %s", f.StartedBeforeUtc)
	out, total, err := listing.SelectPage(ctx, q, lq, listTimersFrom, p, timerRow.timer)
	if err != nil {
		return nil, 0, fmt.Errorf("list timers: %w", err)
	}
	return out, total, nil
}
