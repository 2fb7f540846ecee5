package alerts

import (
	"context"
	"slices"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/production/jobs"
)

// Service holds the rules of alerts.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// now is the clock (time.Now; tests may stand in).
	now func() time.Time
}

// NewService returns the alerts service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}

// instant is the current instant as stored (PostgreSQL keeps microseconds), so that what is
// answered equals what is read back.
func (s *Service) instant() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// listSpec: oldest raisedAtUtc first, then lowest id; sortable by raisedAtUtc or id only.
var listSpec = listing.Spec{
	Fields:   map[string]string{"raisedAtUtc": "a.raised_at_utc", "id": "a.id"},
	Default:  "raisedAtUtc",
	IDColumn: "a.id",
}

func userOf(t Tenant) *string {
	if t.UserID == "" {
		return nil
	}
	return &t.UserID
}

// Raise stores an alert raised by hand on an operation of a job and answers its id, in one
// transaction. An unknown job is NotFound naming jobId; an operation that is not the job's
// is a 400 naming jobOperationId; a complete or cancelled job a 400 naming jobId.
func (s *Service) Raise(ctx context.Context, t Tenant, r Raise) (int64, error) {
	fields := apperr.Fields{}
	r.AlertName = fields.Text("alertName", r.AlertName, maxAlertName)
	r.Note = fields.OptionalText("note", r.Note, maxNote)
	if err := fields.Err(); err != nil {
		return 0, err
	}
	var id int64
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		refs, err := s.deps.Jobs.OperationRefs(ctx, q, t.ID, []string{r.JobOperationID})
		if err != nil {
			return err
		}
		op, ok := refs[r.JobOperationID]
		if !ok || op.JobID != r.JobID {
			// Tell an unknown job (404, as jobs answer the ids of their bodies) from an
			// operation that is not the job's (400).
			if _, err := s.deps.Jobs.Get(ctx, t.ID, r.JobID); err != nil {
				if apperr.IsKind(err, apperr.KindNotFound) {
					return apperr.NotFoundField("jobId", "job %s not found", r.JobID)
				}
				return err
			}
			return apperr.Field("jobOperationId", "job %s has no operation %s", r.JobID, r.JobOperationID)
		}
		if op.JobStatus == jobs.StatusComplete || op.JobStatus == jobs.StatusCancelled {
			return apperr.Field("jobId", "job %s is %s: alerts are raised on open jobs only", r.JobID, op.JobStatus)
		}
		// An operation grouped into a work order gives the alert the work order at raise time.
		held, err := s.deps.WorkOrders.Holders(ctx, q, t.ID, []string{op.ID})
		if err != nil {
			return err
		}
		var workOrderID *string
		if h, ok := held[op.ID]; ok {
			workOrderID = &h.WorkOrderID
		}
		id, err = s.store.insert(ctx, q, t.ID, newAlert{
			WorkOrderID: workOrderID,
			Name:        r.AlertName, Note: r.Note, JobID: op.JobID, ItemToMakeID: op.ItemToMakeID, JobOperationID: op.ID,
			WorkCenterID: op.Operation.WorkCenterID, EquipmentID: op.Operation.EquipmentID,
			RaisedAt: s.instant(), RaisedByUserID: userOf(t),
		})
		return err
	})
	return id, err
}

// List answers the tenant's listed alerts (active; not of a cancelled job or of an operation
// that left its routing) matching f, in the page r asks for, after running the rules, in one
// transaction and a fixed number of statements however many alerts match.
//
// Whether an alert's job was cancelled or its operation left the routing (both final) is
// asked of jobs for the page's operations only: alerts found so are marked omitted once and
// for all and the page is read again, so that paging stays exact; a steady list (nothing
// newly gone) reads the page once.
func (s *Service) List(ctx context.Context, t Tenant, f Filter, r listing.Request) ([]Alert, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	var out []Alert
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.raisePastDue(ctx, q, t); err != nil {
			return err
		}
		var rows []Alert
		for attempt := 1; ; attempt++ {
			rows, err = s.store.list(ctx, q, t.ID, f, page)
			if err != nil {
				return err
			}
			gone, err := s.goneOf(ctx, q, t.ID, rows)
			if err != nil || len(gone) == 0 {
				return s.nameInto(ctx, q, t.ID, rows, &out, err)
			}
			if err := s.store.omit(ctx, q, t.ID, gone); err != nil {
				return err
			}
			if attempt == maxRereads {
				// Operations keep leaving under the list: answer this page without them.
				rows = slices.DeleteFunc(rows, func(a Alert) bool { return slices.Contains(gone, a.JobOperationID) })
				return s.nameInto(ctx, q, t.ID, rows, &out, nil)
			}
		}
	})
	return out, err
}

// maxRereads bounds how often a list reads its page again after omitting alerts found gone.
const maxRereads = 3

// goneOf answers which operations of rows are no longer operations of a live job, in one
// statement (none for no rows).
func (s *Service) goneOf(ctx context.Context, q db.Q, tenantID string, rows []Alert) ([]string, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	ops := make([]string, len(rows))
	for i, a := range rows {
		ops[i] = a.JobOperationID
	}
	return s.deps.Jobs.GoneOperations(ctx, q, tenantID, unique(ops))
}

// nameInto names rows into *out unless err is set.
func (s *Service) nameInto(ctx context.Context, q db.Q, tenantID string, rows []Alert, out *[]Alert, err error) error {
	if err != nil {
		return err
	}
	*out, err = s.named(ctx, q, tenantID, rows)
	return err
}

// Get answers alert id, active or cleared, after running the rules, in one transaction. An
// unknown alert, another tenant's, or one whose operation left its routing is NotFound.
func (s *Service) Get(ctx context.Context, t Tenant, id int64) (Alert, error) {
	var out Alert
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.raisePastDue(ctx, q, t); err != nil {
			return err
		}
		a, err := s.store.get(ctx, q, t.ID, id, false)
		if err != nil {
			return err
		}
		out, err = s.one(ctx, q, t.ID, a)
		return err
	})
	return out, err
}

// Clear clears alert id (now, by the calling user) and answers it, in one transaction with
// the alert locked. A cleared alert is answered unchanged: clearing is idempotent, the first
// clear's instant and user stay.
func (s *Service) Clear(ctx context.Context, t Tenant, id int64) (Alert, error) {
	var out Alert
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		a, err := s.store.get(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		if a.Active {
			at := s.instant()
			if err := s.store.clear(ctx, q, t.ID, id, at, userOf(t)); err != nil {
				return err
			}
			a.Active, a.ClearedUtc, a.ClearedByUserID = false, &at, userOf(t)
		}
		out, err = s.one(ctx, q, t.ID, a)
		return err
	})
	return out, err
}

// OperationCompleted clears the active alerts of a job operation that completed, in the
// completion's transaction (a jobs.OperationCompletedHook): at the completion's instant, by
// no user. at is stored as jobs store the completion (PostgreSQL rounds to microseconds).
func (s *Service) OperationCompleted(ctx context.Context, q db.Q, tenantID, _, operationID string, at time.Time) error {
	return s.store.clearOperation(ctx, q, tenantID, operationID, at)
}

// raisePastDue raises operationPastDue on every open operation of a released or in-progress
// job whose due date is before today in the shop timezone, once per operation ever. The
// alert is raised at the start of the shop day after the due date: the answer does not
// depend on when the rule ran.
func (s *Service) raisePastDue(ctx context.Context, q db.Q, t Tenant) error {
	loc, err := shopday.Location(t.Timezone)
	if err != nil {
		return err
	}
	today, err := shopday.Today(t.Timezone, s.now())
	if err != nil {
		return err
	}
	ops, err := s.deps.Jobs.OverdueOperations(ctx, q, t.ID, today)
	if err != nil {
		return err
	}
	opIDs := make([]string, len(ops))
	for i, op := range ops {
		opIDs[i] = op.ID
	}
	held, err := s.deps.WorkOrders.Holders(ctx, q, t.ID, opIDs)
	if err != nil {
		return err
	}
	var r ruleAlerts
	for _, op := range ops {
		r.WorkOrderIDs = append(r.WorkOrderIDs, held[op.ID].WorkOrderID)
		r.OperationIDs = append(r.OperationIDs, op.ID)
		r.JobIDs = append(r.JobIDs, op.JobID)
		r.ItemToMakeIDs = append(r.ItemToMakeIDs, op.ItemToMakeID)
		r.WorkCenterIDs = append(r.WorkCenterIDs, op.WorkCenterID)
		r.EquipmentIDs = append(r.EquipmentIDs, op.EquipmentID)
		r.RaisedAt = append(r.RaisedAt, shopday.End(loc, op.DueDate).Format(time.RFC3339Nano))
	}
	return s.store.insertRuleAlerts(ctx, q, t.ID, RuleOperationPastDue, r)
}

// one names a single alert; an alert whose operation is gone is NotFound.
func (s *Service) one(ctx context.Context, q db.Q, tenantID string, a Alert) (Alert, error) {
	named, err := s.named(ctx, q, tenantID, []Alert{a})
	if err != nil {
		return Alert{}, err
	}
	if len(named) == 0 {
		return Alert{}, apperr.NotFound("alert %d not found: its operation is no longer in its job's routing", a.ID)
	}
	return named[0], nil
}

// named fills the names of rows from the areas that own them, in a fixed number of
// statements however many rows: the job, item to make and operation from jobs, the items'
// numbers and descriptions, the work centers' and equipment's names. A row whose operation
// is gone (left its routing since the rules ran) is left out.
func (s *Service) named(ctx context.Context, q db.Q, tenantID string, rows []Alert) ([]Alert, error) {
	if len(rows) == 0 {
		return []Alert{}, nil
	}
	var opIDs, wcIDs, eqIDs, woIDs []string
	for _, a := range rows {
		opIDs = append(opIDs, a.JobOperationID)
		if a.WorkOrderID != nil {
			woIDs = append(woIDs, *a.WorkOrderID)
		}
		if a.WorkCenterID != nil {
			wcIDs = append(wcIDs, *a.WorkCenterID)
		}
		if a.EquipmentID != nil {
			eqIDs = append(eqIDs, *a.EquipmentID)
		}
	}
	refs, err := s.deps.Jobs.OperationRefs(ctx, q, tenantID, unique(opIDs))
	if err != nil {
		return nil, err
	}
	var itemIDs []string
	for _, r := range refs {
		itemIDs = append(itemIDs, r.ItemID)
	}
	itemNames, err := s.deps.Items.ItemNames(ctx, q, tenantID, unique(itemIDs))
	if err != nil {
		return nil, err
	}
	wcs, err := s.deps.Resources.WorkCentersByID(ctx, q, tenantID, unique(wcIDs))
	if err != nil {
		return nil, err
	}
	eqs, err := s.deps.Resources.EquipmentByID(ctx, q, tenantID, unique(eqIDs))
	if err != nil {
		return nil, err
	}
	wos, err := s.deps.WorkOrders.Refs(ctx, q, tenantID, unique(woIDs))
	if err != nil {
		return nil, err
	}
	out := make([]Alert, 0, len(rows))
	for _, a := range rows {
		ref, ok := refs[a.JobOperationID]
		if !ok {
			continue
		}
		item := itemNames[ref.ItemID]
		n := Names{
			JobNumber: ref.JobNumber, JobName: ref.JobName, ItemID: ref.ItemID, ItemNumber: item.Number,
			ItemName: item.Number, OperationName: ref.Operation.Name,
		}
		// An item without a description is named by its number.
		if item.Description != nil && strings.TrimSpace(*item.Description) != "" {
			n.ItemName = *item.Description
		}
		if a.WorkCenterID != nil {
			if wc, ok := wcs[*a.WorkCenterID]; ok {
				n.WorkCenterName = &wc.Name
			}
		}
		if a.EquipmentID != nil {
			if eq, ok := eqs[*a.EquipmentID]; ok {
				n.EquipmentName = &eq.Name
			}
		}
		if a.WorkOrderID != nil {
			wo := wos[*a.WorkOrderID]
			n.WorkOrderNumber, n.WorkOrderName = wo.Number, wo.Name
		}
		a.Names = n
		out = append(out, a)
	}
	return out, nil
}

// unique answers ids once each, sorted.
func unique(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// WorkOrderGrouped gives the alerts of job operations operationIDs work order workOrderID, in
// the transaction that groups them (a workorders.GroupHook): their source becomes workOrder.
func (s *Service) WorkOrderGrouped(ctx context.Context, q db.Q, tenantID, workOrderID string, operationIDs []string) error {
	return s.store.group(ctx, q, tenantID, workOrderID, operationIDs)
}

// WorkOrderReleased omits the alerts of work order workOrderID from the list, in the
// transaction that deletes it (a workorders.GroupHook); they stay readable with getAlert.
func (s *Service) WorkOrderReleased(ctx context.Context, q db.Q, tenantID, workOrderID string, _ []string) error {
	return s.store.omitWorkOrder(ctx, q, tenantID, workOrderID)
}
