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
	"mos/internal/platform/listing"
)

type clockRow struct {
	ID         string       `db:"id"`
	UserID     string       `db:"user_id"`
	ClockedIn  time.Time    `db:"clocked_in_utc"`
	ClockedOut sql.NullTime `db:"clocked_out_utc"`
	TotalCount int          `db:"total_count"`
}

func (r clockRow) Total() int { return r.TotalCount }

func (r clockRow) entry() ClockEntry {
	e := ClockEntry{ID: r.ID, UserID: r.UserID, ClockedIn: r.ClockedIn.UTC()}
	if r.ClockedOut.Valid {
		out := r.ClockedOut.Time.UTC()
		e.ClockedOut = &out
	}
	return e
}

const clockColumns = `c.id, c.user_id, c.clocked_in_utc, c.clocked_out_utc`

const lockOpenEntrySQL = `SELECT ` + clockColumns + `, 0 AS total_count FROM time_clock_entries c
WHERE c.tenant_id = $1 AND c.user_id = $2 AND c.clocked_out_utc IS NULL FOR UPDATE`

// lockOpenEntry answers user userID's open entry locked until q's transaction ends, and
// whether there is one.
func (store) lockOpenEntry(ctx context.Context, q db.Q, tenantID, userID string) (ClockEntry, bool, error) {
	var r clockRow
	err := sqlx.GetContext(ctx, q, &r, lockOpenEntrySQL, tenantID, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return ClockEntry{}, false, nil
	}
	if err != nil {
		return ClockEntry{}, false, fmt.Errorf("lock open time clock entry: %w", err)
	}
	return r.entry(), true, nil
}

const lastClockOutSQL = `SELECT max(clocked_out_utc) FROM time_clock_entries WHERE tenant_id = $1 AND user_id = $2`

// lastClockOut answers when user userID last clocked out (nil: never).
func (store) lastClockOut(ctx context.Context, q db.Q, tenantID, userID string) (*time.Time, error) {
	var at sql.NullTime
	if err := q.QueryRowxContext(ctx, lastClockOutSQL, tenantID, userID).Scan(&at); err != nil {
		return nil, fmt.Errorf("read last clock-out: %w", err)
	}
	if !at.Valid {
		return nil, nil
	}
	t := at.Time.UTC()
	return &t, nil
}

const insertEntrySQL = `INSERT INTO time_clock_entries AS c (tenant_id, id, user_id, clocked_in_utc) VALUES ($1, $2, $3, $4)
RETURNING ` + clockColumns + `, 0 AS total_count`

// insertEntry opens an entry; a user already clocked in is a Conflict.
func (store) insertEntry(ctx context.Context, q db.Q, tenantID, id, userID string, at time.Time) (ClockEntry, error) {
	var r clockRow
	err := sqlx.GetContext(ctx, q, &r, insertEntrySQL, tenantID, id, userID, at)
	if c, ok := db.UniqueViolation(err); ok && c == "time_clock_entries_one_open_key" {
		return ClockEntry{}, apperr.Conflict("user %s is already clocked in", userID)
	}
	if err != nil {
		return ClockEntry{}, fmt.Errorf("insert time clock entry: %w", err)
	}
	return r.entry(), nil
}

const closeEntrySQL = `UPDATE time_clock_entries c SET clocked_out_utc = $3, modified_utc = now()
WHERE c.tenant_id = $1 AND c.id = $2 RETURNING ` + clockColumns + `, 0 AS total_count`

// closeEntry clocks entry id out at at.
func (store) closeEntry(ctx context.Context, q db.Q, tenantID, id string, at time.Time) (ClockEntry, error) {
	var r clockRow
	if err := sqlx.GetContext(ctx, q, &r, closeEntrySQL, tenantID, id, at); err != nil {
		return ClockEntry{}, fmt.Errorf("close time clock entry: %w", err)
	}
	return r.entry(), nil
}

const openEntriesSQL = `SELECT ` + clockColumns + `, 0 AS total_count FROM time_clock_entries c
WHERE c.tenant_id = $1 AND c.user_id = ANY($2) AND c.clocked_out_utc IS NULL`

// openEntries answers the open entries of users, keyed by user.
func (store) openEntries(ctx context.Context, q db.Q, tenantID string, userIDs []string) (map[string]ClockEntry, error) {
	var rows []clockRow
	if err := sqlx.SelectContext(ctx, q, &rows, openEntriesSQL, tenantID, pq.StringArray(userIDs)); err != nil {
		return nil, fmt.Errorf("read open time clock entries: %w", err)
	}
	out := make(map[string]ClockEntry, len(rows))
	for _, r := range rows {
		out[r.UserID] = r.entry()
	}
	return out, nil
}

const listEntriesFrom = `SELECT ` + clockColumns + `, COUNT(*) OVER () AS total_count FROM time_clock_entries c`

// listEntries answers page p of the entries matching f and how many match.
func (store) listEntries(ctx context.Context, q db.Q, tenantID string, f ClockFilter, p listing.Page) ([]ClockEntry, int, error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	listing.AnyOf(lq, "c.user_id", f.UserIDs)
	listing.IfSet(lq, "c.clocked_in_utc >= %s", f.From)
	listing.IfSet(lq, "c.clocked_in_utc < %s", f.To)
	if f.Open != nil {
		if *f.Open {
			lq.Where("c.clocked_out_utc IS NULL")
		} else {
			lq.Where("c.clocked_out_utc IS NOT NULL")
		}
	}
	out, total, err := listing.SelectPage(ctx, q, lq, listEntriesFrom, p, clockRow.entry)
	if err != nil {
		return nil, 0, fmt.Errorf("list time clock entries: %w", err)
	}
	return out, total, nil
}
