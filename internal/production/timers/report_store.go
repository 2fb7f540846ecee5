package timers

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/stock/routing"
)

type reportStore struct{}

// reportArgs are a report statement's bind parameters: the filter's (from listing.Query,
// $1 the tenant) and then the report's own, each bound once where the SQL names it.
type reportArgs struct{ args []any }

func (a *reportArgs) bind(v any) string {
	a.args = append(a.args, v)
	return "$" + strconv.Itoa(len(a.args))
}

// fill binds the window's values the query names and fills its placeholders: {tz} (the shop
// timezone), {from} and {to} (the window's instants, [from, to)), {now} (where running
// timers and open entries end), then the extra pairs. A value is bound only when named (an
// unused parameter has no type PostgreSQL could infer).
func (a *reportArgs) fill(query string, w reportWindow, extra ...string) string {
	pairs := append([]string{}, extra...)
	for _, p := range []struct {
		name, cast string
		value      any
	}{{"{tz}", "::text", w.tz}, {"{from}", "::timestamptz", w.from}, {"{to}", "::timestamptz", w.to}, {"{now}", "::timestamptz", w.now}} {
		if strings.Contains(query, p.name) {
			pairs = append(pairs, p.name, a.bind(p.value)+p.cast)
		}
	}
	return strings.NewReplacer(pairs...).Replace(query)
}

// timerWindowClauses narrows lq (over timers t) to the blocks whose span overlaps [from,
// to): the expression of the GiST index on the span (a running timer's has no end).
func timerWindowClauses(lq *listing.Query, w reportWindow) {
	lq.Where(timerOverlap, w.from, w.to)
}

const (
	timerOverlap = "tstzrange(t.started_utc, t.stopped_utc, '[)') && tstzrange(%s::timestamptz, %s::timestamptz, '[)')"
	clockOverlap = "tstzrange(c.clocked_in_utc, c.clocked_out_utc, '[)') && tstzrange(%s::timestamptz, %s::timestamptz, '[)')"
)

// blockColumns are a timer block clipped to the window: cs and ce its start and end inside
// it (a running timer ends now).
const blockColumns = `t.user_id, t.type, t.job_id, t.job_operation_id, t.started_utc, t.stopped_utc, t.rate, t.seconds, t.cost,
       greatest(t.started_utc, {from}) AS cs, least(coalesce(t.stopped_utc, {now}), {to}) AS ce`

// spanSeconds and spanCost are a block's whole seconds and cost between ps and pe: what was
// stored when the span is the whole stopped block, else whole seconds at the block's rate,
// rounded to 6 decimal places as a stopped block's cost is.
const (
	spanSeconds = `(CASE WHEN {ps} = b.started_utc AND {pe} = b.stopped_utc THEN b.seconds
            ELSE floor(extract(epoch FROM {pe} - {ps}))::bigint END)`
	spanCost = `(CASE WHEN {ps} = b.started_utc AND {pe} = b.stopped_utc THEN b.cost
            ELSE round(b.rate * floor(extract(epoch FROM {pe} - {ps})) / 3600, 6) END)`
)

// dayPieces is the FROM of the pieces of rows of cte (with cs and ce) per shop day: ps and
// pe clip the row to each day it touches (local midnights, DST-aware).
const dayPieces = `(SELECT x.*, sd.day::date AS day,
        greatest(x.cs, sd.day AT TIME ZONE {tz}) AS ps,
        least(x.ce, (sd.day + interval '1 day') AT TIME ZONE {tz}) AS pe
   FROM {cte} x
   CROSS JOIN LATERAL generate_series(date_trunc('day', x.cs AT TIME ZONE {tz}), x.ce AT TIME ZONE {tz}, interval '1 day') AS sd(day)
   WHERE x.ce > x.cs)`

// timeSums are the sums of spans s by type (setup and labor cost as labor).
const timeSums = `coalesce(sum(s.secs) FILTER (WHERE s.type = 'setup'), 0)::bigint AS setup_seconds,
       coalesce(sum(s.secs) FILTER (WHERE s.type = 'labor'), 0)::bigint AS labor_seconds,
       coalesce(sum(s.secs) FILTER (WHERE s.type = 'machine'), 0)::bigint AS machine_seconds,
       coalesce(sum(s.span_cost) FILTER (WHERE s.type <> 'machine'), 0) AS labor_cost,
       coalesce(sum(s.span_cost) FILTER (WHERE s.type = 'machine'), 0) AS machine_cost`

func spanOf(ps, pe string) (string, string) {
	r := strings.NewReplacer("{ps}", ps, "{pe}", pe)
	return r.Replace(spanSeconds), r.Replace(spanCost)
}

type activityRow struct {
	JobOperationID string       `db:"job_operation_id"`
	JobID          string       `db:"job_id"`
	SetupSeconds   int64        `db:"setup_seconds"`
	LaborSeconds   int64        `db:"labor_seconds"`
	MachineSeconds int64        `db:"machine_seconds"`
	LaborCost      dec.Decimal  `db:"labor_cost"`
	MachineCost    dec.Decimal  `db:"machine_cost"`
	Operators      int          `db:"operators"`
	FirstStart     time.Time    `db:"first_start"`
	LastStop       sql.NullTime `db:"last_stop"`
	LastActivity   time.Time    `db:"last_activity"`
	Running        bool         `db:"running"`
	TotalCount     int          `db:"total_count"`
}

func (r activityRow) Total() int { return r.TotalCount }

// activity answers page p of the job operations with time in window w matching f (their
// time, cost, users and instants; the caller names them) and how many match.
func (reportStore) activity(ctx context.Context, q db.Q, tenantID string, w reportWindow, f ActivityFilter, p listing.Page) ([]ActivityRow, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	timerWindowClauses(lq, w)
	listing.IfSet(lq, "t.started_utc >= %s", f.StartedAfterUtc)
	listing.IfSet(lq, "t.started_utc < %s", f.StartedBeforeUtc)
	listing.AnyOf(lq, "t.job_id", f.JobIDs)
	listing.AnyOf(lq, "t.user_id", f.UserIDs)
	listing.AnyOf(lq, "t.type", f.Types)
	if len(f.WorkCenterIDs) > 0 {
		lq.Where(routing.AtWorkCentersSQL("t.tenant_id", "t.job_operation_id"), pq.StringArray(f.WorkCenterIDs))
	}
	secs, cost := spanOf("b.cs", "b.ce")
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]activityRow, error) {
		where, args := lq.Clauses()
		a := reportArgs{args: args}
		query := a.fill(`
WITH b AS (SELECT `+blockColumns+` FROM timers t WHERE `+where+`),
s AS (SELECT b.*, `+secs+` AS secs, `+cost+` AS span_cost FROM b WHERE b.ce > b.cs),
a AS (
  SELECT s.job_operation_id, min(s.job_id) AS job_id, `+timeSums+`,
         count(DISTINCT s.user_id) AS operators, min(s.started_utc) AS first_start, max(s.stopped_utc) AS last_stop,
         max(coalesce(s.stopped_utc, {now})) AS last_activity, bool_or(s.stopped_utc IS NULL) AS running
  FROM s GROUP BY s.job_operation_id)
SELECT a.*, count(*) OVER () AS total_count FROM a
ORDER BY `+p.OrderBy+` LIMIT {limit} OFFSET {offset}`, w, "{limit}", a.bind(p.Limit), "{offset}", a.bind(p.Offset))
		var rows []activityRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, a.args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("job activity report: %w", err)
	}
	out := make([]ActivityRow, len(rows))
	for i, r := range rows {
		out[i] = ActivityRow{
			JobOperationID: r.JobOperationID, JobID: r.JobID,
			Seconds:   Seconds{Setup: r.SetupSeconds, Labor: r.LaborSeconds, Machine: r.MachineSeconds},
			LaborCost: r.LaborCost, MachineCost: r.MachineCost, Operators: r.Operators,
			FirstStart: r.FirstStart.UTC(), LastActivity: r.LastActivity.UTC(), Running: r.Running,
		}
		if r.LastStop.Valid {
			t := r.LastStop.Time.UTC()
			out[i].LastStop = &t
		}
	}
	return out, total, nil
}

type operatorRow struct {
	UserID         string      `db:"user_id"`
	Day            time.Time   `db:"day"`
	SetupSeconds   int64       `db:"setup_seconds"`
	LaborSeconds   int64       `db:"labor_seconds"`
	MachineSeconds int64       `db:"machine_seconds"`
	LaborCost      dec.Decimal `db:"labor_cost"`
	MachineCost    dec.Decimal `db:"machine_cost"`
	Jobs           int         `db:"jobs"`
	Operations     int         `db:"operations"`
	ClockedSeconds int64       `db:"clocked_seconds"`
	TotalCount     int         `db:"total_count"`
}

func (r operatorRow) Total() int { return r.TotalCount }

// clockEntryColumns are a time-clock entry clipped to the window: cs and ce its clock-in and
// clock-out inside it (an open entry ends now).
const clockEntryColumns = `c.user_id, c.clocked_in_utc, c.clocked_out_utc,
       greatest(c.clocked_in_utc, {from}) AS cs, least(coalesce(c.clocked_out_utc, {now}), {to}) AS ce`

// clockWindow narrows time_clock_entries c to the entries that overlap the window.
var clockWindow = fmt.Sprintf(clockOverlap, "{from}", "{to}")

// byOperator answers page p of the user-days with job time in window w matching f, with the
// hours the user was clocked in that day, and how many match.
func (reportStore) byOperator(ctx context.Context, q db.Q, tenantID string, w reportWindow, f OperatorFilter, p listing.Page) ([]OperatorRow, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	timerWindowClauses(lq, w)
	listing.AnyOf(lq, "t.user_id", f.UserIDs)
	listing.AnyOf(lq, "t.job_id", f.JobIDs)
	if len(f.WorkCenterIDs) > 0 {
		lq.Where(routing.AtWorkCentersSQL("t.tenant_id", "t.job_operation_id"), pq.StringArray(f.WorkCenterIDs))
	}
	secs, cost := spanOf("b.ps", "b.pe")
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]operatorRow, error) {
		where, args := lq.Clauses()
		a := reportArgs{args: args}
		query := a.fill(`
WITH blocks AS (SELECT `+blockColumns+` FROM timers t WHERE `+where+`),
s AS (SELECT b.*, `+secs+` AS secs, `+cost+` AS span_cost
      FROM `+strings.Replace(dayPieces, "{cte}", "blocks", 1)+` b WHERE b.pe > b.ps),
d AS (SELECT s.user_id, s.day, `+timeSums+`, count(DISTINCT s.job_id) AS jobs, count(DISTINCT s.job_operation_id) AS operations
      FROM s GROUP BY s.user_id, s.day),
entries AS (SELECT `+clockEntryColumns+` FROM time_clock_entries c
            WHERE c.tenant_id = $1 AND `+clockWindow+` AND c.user_id IN (SELECT d.user_id FROM d)),
clock AS (SELECT e.user_id, e.day, sum(floor(extract(epoch FROM e.pe - e.ps)))::bigint AS clocked_seconds
          FROM `+strings.Replace(dayPieces, "{cte}", "entries", 1)+` e WHERE e.pe > e.ps GROUP BY e.user_id, e.day)
SELECT r.*, count(*) OVER () AS total_count
FROM (SELECT d.*, coalesce(clock.clocked_seconds, 0)::bigint AS clocked_seconds
      FROM d LEFT JOIN clock ON clock.user_id = d.user_id AND clock.day = d.day) r
ORDER BY `+p.OrderBy+` LIMIT {limit} OFFSET {offset}`, w, "{limit}", a.bind(p.Limit), "{offset}", a.bind(p.Offset))
		var rows []operatorRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, a.args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("job activity by operator report: %w", err)
	}
	out := make([]OperatorRow, len(rows))
	for i, r := range rows {
		out[i] = OperatorRow{
			UserID: r.UserID, Day: dayOf(r.Day),
			Seconds:   Seconds{Setup: r.SetupSeconds, Labor: r.LaborSeconds, Machine: r.MachineSeconds},
			LaborCost: r.LaborCost, MachineCost: r.MachineCost, Jobs: r.Jobs, Operations: r.Operations,
			ClockedSeconds: r.ClockedSeconds,
		}
	}
	return out, total, nil
}

// dayOf is a date column as the calendar day at midnight UTC.
func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

type clockReportRow struct {
	UserID         string       `db:"user_id"`
	Day            time.Time    `db:"day"`
	FirstIn        time.Time    `db:"first_in"`
	LastOut        sql.NullTime `db:"last_out"`
	ClockedSeconds int64        `db:"clocked_seconds"`
	Open           bool         `db:"open"`
	Entries        int          `db:"entries"`
	TrackedSeconds int64        `db:"tracked_seconds"`
	TotalCount     int          `db:"total_count"`
}

func (r clockReportRow) Total() int { return r.TotalCount }

// timeClock answers page p of the user-days clocked in window w matching f, with the setup
// and labor time each user recorded that day, and how many match.
func (reportStore) timeClock(ctx context.Context, q db.Q, tenantID string, w reportWindow, f ClockReportFilter, p listing.Page) ([]ClockReportRow, int, error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	lq.Where(clockOverlap, w.from, w.to)
	listing.AnyOf(lq, "c.user_id", f.UserIDs)
	secs, _ := spanOf("b.ps", "b.pe")
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]clockReportRow, error) {
		where, args := lq.Clauses()
		a := reportArgs{args: args}
		open := "true"
		if f.Open != nil {
			open = "r.open = " + a.bind(*f.Open)
		}
		query := a.fill(`
WITH entries AS (SELECT `+clockEntryColumns+` FROM time_clock_entries c WHERE `+where+`),
d AS (SELECT e.user_id, e.day, min(e.clocked_in_utc) AS first_in,
             CASE WHEN bool_or(e.clocked_out_utc IS NULL) THEN NULL ELSE max(e.clocked_out_utc) END AS last_out,
             bool_or(e.clocked_out_utc IS NULL) AS open, count(*) AS entries,
             sum(floor(extract(epoch FROM e.pe - e.ps)))::bigint AS clocked_seconds
      FROM `+strings.Replace(dayPieces, "{cte}", "entries", 1)+` e WHERE e.pe > e.ps GROUP BY e.user_id, e.day),
blocks AS (SELECT `+blockColumns+` FROM timers t
           WHERE t.tenant_id = $1 AND `+fmt.Sprintf(timerOverlap, "{from}", "{to}")+`
             AND t.type IN ('setup', 'labor') AND t.user_id IN (SELECT d.user_id FROM d)),
tracked AS (SELECT b.user_id, b.day, sum(`+secs+`)::bigint AS tracked_seconds
            FROM `+strings.Replace(dayPieces, "{cte}", "blocks", 1)+` b WHERE b.pe > b.ps GROUP BY b.user_id, b.day)
SELECT r.*, count(*) OVER () AS total_count
FROM (SELECT d.*, coalesce(tracked.tracked_seconds, 0)::bigint AS tracked_seconds
      FROM d LEFT JOIN tracked ON tracked.user_id = d.user_id AND tracked.day = d.day) r
WHERE `+open+`
ORDER BY `+p.OrderBy+` LIMIT {limit} OFFSET {offset}`, w, "{limit}", a.bind(p.Limit), "{offset}", a.bind(p.Offset))
		var rows []clockReportRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, a.args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("time clock report: %w", err)
	}
	out := make([]ClockReportRow, len(rows))
	for i, r := range rows {
		out[i] = ClockReportRow{
			UserID: r.UserID, Day: dayOf(r.Day), FirstIn: r.FirstIn.UTC(), ClockedSeconds: r.ClockedSeconds,
			Open: r.Open, Entries: r.Entries, TrackedSeconds: r.TrackedSeconds,
		}
		if r.LastOut.Valid {
			t := r.LastOut.Time.UTC()
			out[i].LastOut = &t
		}
	}
	return out, total, nil
}
