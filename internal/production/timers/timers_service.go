package timers

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/production/jobs"
)

// Service holds the rules of timers, job tracking, the time clock and user status.
//
// Locks are taken in one order everywhere, so that no two writers wait on each other in a
// circle: a user's open time-clock entry, then jobs (in id order), then timers. Completing a
// job operation (jobs) holds its job when it closes the operation's timers.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// now answers the current instant (tests of the service may fix it).
	now func() time.Time
}

// NewService returns the timers service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: func() time.Time { return time.Now().UTC() }}
}

// timerListSpec: newest start first, then highest id, unless Sort.Field names another field.
var timerListSpec = listing.Spec{
	Fields: map[string]string{
		"startedOnUtc": "t.started_utc", "stoppedOnUtc": "t.stopped_utc", "createdUtc": "t.created_utc",
	},
	Default:           "startedOnUtc",
	DefaultDescending: true,
	IDColumn:          "t.id",
}

// instant is t as PostgreSQL stores it (microseconds), in UTC, so what is checked is what is
// stored.
func instant(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// checkBackdated adds a field error when t is in the future or more than maxBackdate before
// now: the bounds of every instant a timer starts or a user clocks in at.
func checkBackdated(fields apperr.Fields, field string, t, now time.Time) {
	switch {
	case t.After(now):
		fields.Add(field, "must not be in the future")
	case t.Before(now.Add(-maxBackdate)):
		fields.Add(field, "must be at most 30 days back")
	}
}

// checkStop adds a field error when stopped is in the future or not after started.
func checkStop(fields apperr.Fields, field string, started, stopped, now time.Time) {
	switch {
	case stopped.After(now):
		fields.Add(field, "must not be in the future")
	case !stopped.After(started):
		fields.Add(field, "must be after startedOnUtc (%s)", started.Format(time.RFC3339Nano))
	}
}

// whose answers the user a request records for: the one it names, else the calling user; an
// integration token must name one.
func whose(c Caller, userID *string) (string, error) {
	switch {
	case userID != nil:
		return *userID, nil
	case c.UserID != "":
		return c.UserID, nil
	}
	return "", apperr.Field("userId", "is required with an integration token (whose time it is)")
}

// requireUser answers NotFound naming userId when id is not a user of the tenant.
func (s *Service) requireUser(ctx context.Context, q db.Q, tenantID, id string) error {
	known, err := s.deps.Users.Known(ctx, q, tenantID, []string{id})
	if err != nil {
		return err
	}
	if !known[id] {
		return apperr.NotFoundField("userId", "user %s not found", id)
	}
	return nil
}

// workOperation locks the job of job operation opID and answers the operation, which must be
// of job jobID and accept work: unknown is a 404 naming jobOperationId, another job's a 400
// naming jobId, one that does not accept work a 400 naming jobOperationId.
func (s *Service) workOperation(ctx context.Context, q db.Q, tenantID, jobID, opID string, also ...string) (jobs.OperationRef, error) {
	refs, err := s.deps.Jobs.LockOperations(ctx, q, tenantID, append([]string{opID}, also...))
	if err != nil {
		return jobs.OperationRef{}, err
	}
	ref, ok := refs[opID]
	if !ok {
		return jobs.OperationRef{}, apperr.NotFoundField("jobOperationId", "job operation %s not found", opID)
	}
	if ref.JobID != jobID {
		return jobs.OperationRef{}, apperr.Field("jobId", "job operation %s is an operation of job %d (%s)", opID, ref.JobNumber, ref.JobID)
	}
	if err := acceptsWork(ref); err != nil {
		return jobs.OperationRef{}, err
	}
	return ref, nil
}

// acceptsWork answers a 400 naming jobOperationId when time may not be recorded on ref.
func acceptsWork(ref jobs.OperationRef) error {
	if ref.AcceptsWork() {
		return nil
	}
	if ref.Status == jobs.OperationStatusComplete {
		return apperr.Field("jobOperationId", "operation %s of job %d is complete and accepts no more time", ref.Operation.Name, ref.JobNumber)
	}
	return apperr.Field("jobOperationId", "job %d is %s: time is recorded on released or in-progress jobs", ref.JobNumber, ref.JobStatus)
}

// rate answers the hourly rate a timer of type typ on ref costs at: the routing operation's
// labor or machine rate when it overrides the work center's, else the work center's labor,
// machine or setup rate (setup has no override on a routing operation); 0 without a work
// center.
func (s *Service) rate(ctx context.Context, q db.Q, tenantID string, typ Type, ref jobs.OperationRef) (dec.Decimal, error) {
	op := ref.Operation
	switch {
	case typ == TypeLabor && op.LaborRate != nil:
		return *op.LaborRate, nil
	case typ == TypeMachine && op.MachineRate != nil:
		return *op.MachineRate, nil
	case op.WorkCenterID == nil:
		return dec.Zero, nil
	}
	rates, err := s.deps.Rates.WorkCenterRates(ctx, q, tenantID, []string{*op.WorkCenterID})
	if err != nil {
		return dec.Zero, err
	}
	wc, ok := rates[*op.WorkCenterID]
	if !ok {
		return dec.Zero, nil
	}
	switch typ {
	case TypeLabor:
		return wc.LaborRate, nil
	case TypeMachine:
		return wc.MachineRate, nil
	}
	return wc.SetupRate, nil
}

// costOf answers the whole seconds between started and stopped and their cost at rate per
// hour, rounded to 6 decimal places (the one rounding point of timer costs).
func costOf(started, stopped time.Time, rate dec.Decimal) (int64, dec.Decimal) {
	seconds := int64(stopped.Sub(started) / time.Second)
	cost := rate.Mul(decimal.NewFromInt(seconds)).Div(decimal.NewFromInt(3600)).Round(6)
	return seconds, dec.Decimal{Decimal: cost}
}

// delta is the time and cost of timer type typ moving by seconds and cost, as jobs records it.
func delta(typ Type, seconds int64, cost dec.Decimal) jobs.TimeDelta {
	d := jobs.TimeDelta{LaborCost: dec.Zero, MachineCost: dec.Zero}
	switch typ {
	case TypeSetup:
		d.SetupSeconds, d.LaborCost = seconds, cost
	case TypeLabor:
		d.LaborSeconds, d.LaborCost = seconds, cost
	case TypeMachine:
		d.MachineSeconds, d.MachineCost = seconds, cost
	}
	return d
}

// recost writes t with its times (and notes) as given, its seconds and cost computed from
// them at its rate, and records the difference from what was recorded before on its job
// operation. t's job is locked by the caller.
func (s *Service) recost(ctx context.Context, q db.Q, tenantID string, was, t Timer) (Timer, error) {
	t.Seconds, t.Cost = 0, dec.Zero
	if t.Stopped != nil {
		t.Seconds, t.Cost = costOf(t.Started, *t.Stopped, t.Rate)
	}
	out, err := s.store.updateTimer(ctx, q, tenantID, t)
	if err != nil {
		return Timer{}, err
	}
	if t.Seconds == was.Seconds && t.Cost.Equal(was.Cost.Decimal) {
		return out, nil
	}
	d := delta(t.Type, t.Seconds-was.Seconds, dec.Decimal{Decimal: t.Cost.Sub(was.Cost.Decimal)})
	return out, s.deps.Jobs.RecordTime(ctx, q, tenantID, t.JobOperationID, d)
}

// stopAt stops running timer t (locked, its job locked) at at and costs its block.
func (s *Service) stopAt(ctx context.Context, q db.Q, tenantID string, t Timer, at time.Time) (Timer, error) {
	stopped := t
	stopped.Stopped = &at
	return s.recost(ctx, q, tenantID, t, stopped)
}

// Create records a completed block (createTimer) and answers its id, in one transaction with
// the job locked: its seconds and cost are added to the job operation at once.
func (s *Service) Create(ctx context.Context, c Caller, w TimerCreate) (string, error) {
	now := s.now()
	fields := apperr.Fields{}
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	w.Started, w.Stopped = instant(w.Started), instant(w.Stopped)
	checkBackdated(fields, "startedOnUtc", w.Started, now)
	checkStop(fields, "stoppedOnUtc", w.Started, w.Stopped, now)
	if err := fields.Err(); err != nil {
		return "", err
	}
	userID, err := whose(c, w.UserID)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireUser(ctx, q, c.TenantID, userID); err != nil {
			return err
		}
		ref, err := s.workOperation(ctx, q, c.TenantID, w.JobID, w.JobOperationID)
		if err != nil {
			return err
		}
		rate, err := s.rate(ctx, q, c.TenantID, w.Type, ref)
		if err != nil {
			return err
		}
		seconds, cost := costOf(w.Started, w.Stopped, rate)
		stopped := w.Stopped
		t, err := s.store.insertTimer(ctx, q, c.TenantID, Timer{
			ID: id, UserID: userID, Type: w.Type, Source: SourceManual, JobID: ref.JobID, ItemToMakeID: ref.ItemToMakeID,
			ItemID: ref.ItemID, JobOperationID: ref.ID, Started: w.Started, Stopped: &stopped, Rate: rate,
			Seconds: seconds, Cost: cost, Notes: w.Notes,
		})
		if err != nil {
			return err
		}
		return s.deps.Jobs.RecordTime(ctx, q, c.TenantID, t.JobOperationID, delta(t.Type, t.Seconds, t.Cost))
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get answers timer id with the work order holding its job operation; another tenant's is
// NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Timer, error) {
	t, err := s.store.getTimer(ctx, s.pool, tenantID, id)
	if err != nil {
		return Timer{}, err
	}
	rows := []Timer{t}
	if err := s.withWorkOrders(ctx, s.pool, tenantID, rows); err != nil {
		return Timer{}, err
	}
	return rows[0], nil
}

// withWorkOrders fills the work order holding each row's job operation, in one statement.
func (s *Service) withWorkOrders(ctx context.Context, q db.Q, tenantID string, rows []Timer) error {
	opIDs := make([]string, len(rows))
	for i, t := range rows {
		opIDs[i] = t.JobOperationID
	}
	held, err := s.deps.WorkOrders.Holders(ctx, q, tenantID, opIDs)
	if err != nil {
		return err
	}
	for i := range rows {
		if h, ok := held[rows[i].JobOperationID]; ok {
			rows[i].WorkOrder = &h
		}
	}
	return nil
}

// Update saves a full update or a patch of timer id (change answers the update from the
// current timer) and answers the timer as stored, in one transaction with its job and the
// timer locked: the bounds of a create apply, a stopped timer stays stopped, a running one
// may move its start only, and the job must still accept work; changed times re-cost the
// block (the difference is recorded on the job operation).
func (s *Service) Update(ctx context.Context, tenantID, id string, change func(current Timer) (TimerUpdate, error)) (Timer, error) {
	var out Timer
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getTimer(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		refs, err := s.deps.Jobs.LockOperations(ctx, q, tenantID, []string{current.JobOperationID})
		if err != nil {
			return err
		}
		if current, err = s.store.lockTimer(ctx, q, tenantID, id); err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		now := s.now()
		fields := apperr.Fields{}
		next := current
		next.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
		next.Started = instant(w.Started)
		checkBackdated(fields, "startedOnUtc", next.Started, now)
		switch {
		case current.Running() && w.Stopped != nil:
			fields.Add("stoppedOnUtc", "a running timer is stopped through stopJobTrackingTimer, not updated")
		case !current.Running() && w.Stopped == nil:
			fields.Add("stoppedOnUtc", "is required: a stopped timer stays stopped")
		case w.Stopped != nil:
			stopped := instant(*w.Stopped)
			next.Stopped = &stopped
			checkStop(fields, "stoppedOnUtc", next.Started, stopped, now)
		}
		if err := fields.Err(); err != nil {
			return err
		}
		if err := acceptsWork(refs[current.JobOperationID]); err != nil {
			return err
		}
		out, err = s.recost(ctx, q, tenantID, current, next)
		return err
	})
	return out, err
}

// TimerPage is one page of timers.
type TimerPage struct {
	Rows []Timer
	listing.Envelope
}

// List answers a page of the timers matching f (of source when set) with each row's system
// operation, in a fixed number of statements however many rows the page holds.
func (s *Service) List(ctx context.Context, tenantID string, f TimerFilter, source *Source, r listing.Request) (TimerPage, error) {
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "startedAfterUtc", f.StartedAfterUtc)
	utctime.CheckFilterBound(fields, "startedBeforeUtc", f.StartedBeforeUtc)
	if err := fields.Err(); err != nil {
		return TimerPage{}, err
	}
	page, err := listing.Resolve(r, timerListSpec)
	if err != nil {
		return TimerPage{}, err
	}
	var out TimerPage
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		rows, total, err := s.store.listTimers(ctx, q, tenantID, f, source, page)
		if err != nil {
			return err
		}
		var opIDs []string
		for _, t := range rows {
			opIDs = append(opIDs, t.JobOperationID)
		}
		refs, err := s.deps.Jobs.OperationRefs(ctx, q, tenantID, opIDs)
		if err != nil {
			return err
		}
		for i := range rows {
			if ref, ok := refs[rows[i].JobOperationID]; ok {
				rows[i].SystemOperationID = ref.Operation.OperationID
			}
		}
		if err := s.withWorkOrders(ctx, q, tenantID, rows); err != nil {
			return err
		}
		out = TimerPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// CloseOperationTimers stops the timers running on job operation operationID at at, each
// block costed, in the transaction that completes the operation (its job locked): jobs runs
// it as an operation-completed hook.
func (s *Service) CloseOperationTimers(ctx context.Context, q db.Q, tenantID, _, operationID string, at time.Time) error {
	running, err := s.store.lockRunningOnOperation(ctx, q, tenantID, operationID)
	if err != nil {
		return err
	}
	at = instant(at)
	for _, t := range running {
		stop := at
		if stop.Before(t.Started) {
			stop = t.Started // a start recorded after the completion's instant closes empty
		}
		if _, err := s.stopAt(ctx, q, tenantID, t, stop); err != nil {
			return err
		}
	}
	return nil
}
