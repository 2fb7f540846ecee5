package timers

import (
	"context"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/production/jobs"
	"mos/internal/shared/users"
)

// The three shop-floor reports (job activity, job activity by operator, time clock) are
// computed in SQL over a window of whole shop days: blocks and time-clock entries are clipped
// to the window, and split at the shop's midnights where a report is per day. A running timer
// or open entry counts up to now.

// maxWindowDays bounds a report's window, so that one request reads a bounded range of rows.
const maxWindowDays = 366

// DayWindow is a report's window as sent: shop days, inclusive, both required (a report
// over a window the client names does not change with the day it is asked on).
type DayWindow struct {
	From *time.Time
	To   *time.Time
}

// ActivityFilter narrows the job activity report; empty members add nothing.
type ActivityFilter struct {
	DayWindow
	StartedAfterUtc  *time.Time
	StartedBeforeUtc *time.Time
	JobIDs           []string
	WorkCenterIDs    []string
	UserIDs          []string
	Types            []Type
}

// Seconds are whole seconds of setup, labor and machine time.
type Seconds struct {
	Setup, Labor, Machine int64
}

// Tracked is the user's attended time: setup plus labor (machine time runs unattended and
// may overlap labor, so it is left out of utilisation and idle time).
func (s Seconds) Tracked() int64 { return s.Setup + s.Labor }

// ActivityRow is one job operation of the job activity report.
type ActivityRow struct {
	JobOperationID    string
	JobID             string
	JobNumber         int64
	JobName           *string
	ItemToMakeID      string
	ItemID            string
	ItemNumber        string
	OperationName     string
	WorkCenterID      *string
	WorkCenterName    *string
	Seconds           Seconds
	LaborCost         dec.Decimal
	MachineCost       dec.Decimal
	Operators         int
	FirstStart        time.Time
	LastStop          *time.Time
	LastActivity      time.Time
	Running           bool
	Status            string
	QuantityCompleted dec.Decimal
	QuantityScrapped  dec.Decimal
}

// ActivityPage is one page of the job activity report.
type ActivityPage struct {
	Rows []ActivityRow
	listing.Envelope
}

// OperatorFilter narrows the job activity by operator report; empty members add nothing.
type OperatorFilter struct {
	DayWindow
	UserIDs       []string
	JobIDs        []string
	WorkCenterIDs []string
}

// OperatorRow is one user and shop day of the job activity by operator report.
type OperatorRow struct {
	UserID         string
	UserName       string
	Day            time.Time
	Seconds        Seconds
	LaborCost      dec.Decimal
	MachineCost    dec.Decimal
	Jobs           int
	Operations     int
	ClockedSeconds int64
}

// OperatorPage is one page of the job activity by operator report.
type OperatorPage struct {
	Rows []OperatorRow
	listing.Envelope
}

// ClockReportFilter narrows the time clock report; empty members add nothing.
type ClockReportFilter struct {
	DayWindow
	UserIDs []string
	Open    *bool
}

// ClockReportRow is one user and shop day of the time clock report.
type ClockReportRow struct {
	UserID         string
	UserName       string
	Day            time.Time
	FirstIn        time.Time
	LastOut        *time.Time
	ClockedSeconds int64
	Open           bool
	Entries        int
	TrackedSeconds int64
}

// ClockReportPage is one page of the time clock report.
type ClockReportPage struct {
	Rows []ClockReportRow
	listing.Envelope
}

// Hours are seconds as hours, rounded to 4 decimal places (the reports' one rounding point
// of hours).
func Hours(seconds int64) dec.Decimal {
	return dec.Decimal{Decimal: decimal.NewFromInt(seconds).Div(decimal.NewFromInt(3600)).Round(4)}
}

// Ratio is part / whole rounded to 4 decimal places; nil when whole is 0.
func Ratio(part, whole int64) *dec.Decimal {
	if whole == 0 {
		return nil
	}
	r := dec.Decimal{Decimal: decimal.NewFromInt(part).Div(decimal.NewFromInt(whole)).Round(4)}
	return &r
}

// reportWindow is a report's window as instants [from, to) and the shop timezone.
type reportWindow struct {
	tz       string
	from, to time.Time
	now      time.Time
}

// window resolves w in the shop timezone tz: both days required and within the filter
// bounds, from not after to, the window at most maxWindowDays long.
func (s *Service) window(fields apperr.Fields, tz string, w DayWindow) (reportWindow, error) {
	for _, d := range []struct {
		name string
		day  *time.Time
	}{{"from", w.From}, {"to", w.To}} {
		if d.day == nil {
			fields.Add(d.name, "is required: the report's first and last shop days")
		}
		utctime.CheckFilterBound(fields, d.name, d.day)
	}
	if err := fields.Err(); err != nil {
		return reportWindow{}, err
	}
	from, to := dayOf(*w.From), dayOf(*w.To)
	switch {
	case from.After(to):
		fields.Add("from", "must not be after to (%s)", to.Format(time.DateOnly))
	case to.Sub(from) >= maxWindowDays*24*time.Hour:
		fields.Add("to", "the window from %s must be at most %d days long", from.Format(time.DateOnly), maxWindowDays)
	}
	if err := fields.Err(); err != nil {
		return reportWindow{}, err
	}
	loc, err := shopday.Location(tz)
	if err != nil {
		return reportWindow{}, err
	}
	return reportWindow{tz: tz, from: shopday.Start(loc, from), to: shopday.End(loc, to), now: instant(s.now())}, nil
}

// checkTypes adds a field error for each type that is not one.
func checkTypes(fields apperr.Fields, name string, types []Type) {
	for i, t := range types {
		if t != TypeSetup && t != TypeLabor && t != TypeMachine {
			fields.Add(name+"."+strconv.Itoa(i), "%s", apperr.NotOneOf(string(t), []string{"setup", "labor", "machine"}))
		}
	}
}

// activityListSpec: newest last activity first, then highest operation id.
var activityListSpec = listing.Spec{
	Fields: map[string]string{
		"lastActivityUtc": "a.last_activity",
		"job.number":      jobs.NumberSQL("$1", "a.job_id"),
		"jobNumber":       jobs.NumberSQL("$1", "a.job_id"),
		"laborHours":      "a.labor_seconds",
		"cost":            "(a.labor_cost + a.machine_cost)",
	},
	Default:           "lastActivityUtc",
	DefaultDescending: true,
	IDColumn:          "a.job_operation_id",
}

// JobActivity answers a page of the job activity report (listJobActivityReport) in a fixed
// number of statements: the page, the job operations (two), their items and work centers.
func (s *Service) JobActivity(ctx context.Context, tenantID, tz string, f ActivityFilter, r listing.Request) (ActivityPage, error) {
	page, err := listing.Resolve(r, activityListSpec)
	if err != nil {
		return ActivityPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "startedAfterUtc", f.StartedAfterUtc)
	utctime.CheckFilterBound(fields, "startedBeforeUtc", f.StartedBeforeUtc)
	checkTypes(fields, "types", f.Types)
	w, err := s.window(fields, tz, f.DayWindow)
	if err != nil {
		return ActivityPage{}, err
	}
	rows, total, err := reportStore{}.activity(ctx, s.pool, tenantID, w, f, page)
	if err != nil {
		return ActivityPage{}, err
	}
	if len(rows) > 0 {
		if err := s.nameActivity(ctx, tenantID, rows); err != nil {
			return ActivityPage{}, err
		}
	}
	return ActivityPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// nameActivity fills the rows' job, item, operation and work center from the areas that own
// them, one statement (or two) each.
func (s *Service) nameActivity(ctx context.Context, tenantID string, rows []ActivityRow) error {
	opIDs := make([]string, len(rows))
	for i, r := range rows {
		opIDs[i] = r.JobOperationID
	}
	refs, err := s.deps.Jobs.OperationRefs(ctx, s.pool, tenantID, opIDs)
	if err != nil {
		return err
	}
	var itemIDs, wcIDs []string
	for _, ref := range refs {
		itemIDs = append(itemIDs, ref.ItemID)
		if ref.Operation.WorkCenterID != nil {
			wcIDs = append(wcIDs, *ref.Operation.WorkCenterID)
		}
	}
	itemNames, err := s.deps.Items.ItemNames(ctx, s.pool, tenantID, unique(itemIDs))
	if err != nil {
		return err
	}
	wcs, err := s.deps.WorkCenters.WorkCentersByID(ctx, s.pool, tenantID, unique(wcIDs))
	if err != nil {
		return err
	}
	for i := range rows {
		ref := refs[rows[i].JobOperationID]
		row := &rows[i]
		row.JobNumber, row.JobName, row.ItemToMakeID, row.ItemID = ref.JobNumber, ref.JobName, ref.ItemToMakeID, ref.ItemID
		row.ItemNumber = itemNames[ref.ItemID].Number
		row.OperationName, row.Status = ref.Operation.Name, ref.Status
		row.QuantityCompleted, row.QuantityScrapped = ref.QuantityCompleted, ref.QuantityScrapped
		if id := ref.Operation.WorkCenterID; id != nil {
			row.WorkCenterID = id
			// A work center deleted since keeps its id on the operation but has no name.
			if wc, ok := wcs[*id]; ok {
				name := wc.Name
				row.WorkCenterName = &name
			}
		}
	}
	return nil
}

// unique answers ids without repeats, in first-seen order.
func unique(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// userDaySpec builds the sort table of a per user and day report over alias r: by day newest
// first, then user name A to Z, then user id, unless Sort.Field names another field.
func userDaySpec(fields map[string]string) listing.Spec {
	fields["day"] = "r.day"
	fields["user.name"] = users.NameSortSQL("$1", "r.user_id")
	return listing.Spec{Fields: fields, Default: "day", DefaultDescending: true, IDColumn: "r.user_id"}
}

// userDayPage resolves r against spec; the default order is the day (descending unless
// Sort.Dir says ascending), then the user's name and id A to Z, in one direction each.
func userDayPage(r listing.Request, spec listing.Spec) (listing.Page, error) {
	page, err := listing.Resolve(r, spec)
	if err != nil || r.SortField != nil {
		return page, err
	}
	dir := " DESC"
	if r.SortDir != nil && *r.SortDir == "ascending" {
		dir = " ASC"
	}
	page.OrderBy = "r.day" + dir + ", " + spec.Fields["user.name"] + " ASC, r.user_id ASC"
	return page, nil
}

var operatorListSpec = userDaySpec(map[string]string{
	"trackedHours": "(r.setup_seconds + r.labor_seconds)",
	"cost":         "(r.labor_cost + r.machine_cost)",
	"utilization":  "(CASE WHEN r.clocked_seconds > 0 THEN (r.setup_seconds + r.labor_seconds)::numeric / r.clocked_seconds END)",
})

// JobActivityByOperator answers a page of the job activity by operator report
// (listJobActivityByOperatorReport) in two statements: the page and its users' names.
func (s *Service) JobActivityByOperator(ctx context.Context, tenantID, tz string, f OperatorFilter, r listing.Request) (OperatorPage, error) {
	page, err := userDayPage(r, operatorListSpec)
	if err != nil {
		return OperatorPage{}, err
	}
	w, err := s.window(apperr.Fields{}, tz, f.DayWindow)
	if err != nil {
		return OperatorPage{}, err
	}
	rows, total, err := reportStore{}.byOperator(ctx, s.pool, tenantID, w, f, page)
	if err != nil {
		return OperatorPage{}, err
	}
	userIDs := make([]string, len(rows))
	for i, row := range rows {
		userIDs[i] = row.UserID
	}
	names, err := s.userNames(ctx, tenantID, userIDs)
	if err != nil {
		return OperatorPage{}, err
	}
	for i := range rows {
		rows[i].UserName = names[rows[i].UserID]
	}
	return OperatorPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

var clockReportListSpec = userDaySpec(map[string]string{
	"clockedHours": "r.clocked_seconds",
	"idleHours":    "greatest(r.clocked_seconds - r.tracked_seconds, 0)",
})

// TimeClock answers a page of the time clock report (listTimeClockReport) in two
// statements: the page and its users' names.
func (s *Service) TimeClock(ctx context.Context, tenantID, tz string, f ClockReportFilter, r listing.Request) (ClockReportPage, error) {
	page, err := userDayPage(r, clockReportListSpec)
	if err != nil {
		return ClockReportPage{}, err
	}
	w, err := s.window(apperr.Fields{}, tz, f.DayWindow)
	if err != nil {
		return ClockReportPage{}, err
	}
	rows, total, err := reportStore{}.timeClock(ctx, s.pool, tenantID, w, f, page)
	if err != nil {
		return ClockReportPage{}, err
	}
	userIDs := make([]string, len(rows))
	for i, row := range rows {
		userIDs[i] = row.UserID
	}
	names, err := s.userNames(ctx, tenantID, userIDs)
	if err != nil {
		return ClockReportPage{}, err
	}
	for i := range rows {
		rows[i].UserName = names[rows[i].UserID]
	}
	return ClockReportPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// userNames answers the names of the users among ids, in one statement (none for none).
func (s *Service) userNames(ctx context.Context, tenantID string, ids []string) (map[string]string, error) {
	ids = unique(ids)
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	take := int32(len(ids))
	found, err := s.deps.Users.List(ctx, tenantID, users.Filter{IDs: ids}, listing.Request{Take: &take})
	if err != nil {
		return nil, err
	}
	for _, u := range found {
		out[u.ID] = u.Name
	}
	return out, nil
}
