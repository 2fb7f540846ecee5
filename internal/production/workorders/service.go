package workorders

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/production/jobs"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of work orders.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// grouped and released are the hooks a create and a delete run (RegisterGrouped,
	// RegisterReleased).
	grouped, released []GroupHook
}

// NewService returns the work orders service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps}
}

// RegisterGrouped adds hook to what every create runs for the job operations it groups.
// Areas above work orders register at wiring time; work orders import none of them.
func (s *Service) RegisterGrouped(hook GroupHook) { s.grouped = append(s.grouped, hook) }

// RegisterReleased adds hook to what every delete runs for the job operations it frees.
func (s *Service) RegisterReleased(hook GroupHook) { s.released = append(s.released, hook) }

func runHooks(ctx context.Context, q db.Q, hooks []GroupHook, tenantID, workOrderID string, opIDs []string) error {
	for _, h := range hooks {
		if err := h(ctx, q, tenantID, workOrderID, opIDs); err != nil {
			return err
		}
	}
	return nil
}

// listSpec: newest first, then highest id; priority sorts by rank, not by name.
var listSpec = listing.Spec{
	Fields: map[string]string{
		"number": "w.number", "productionDueDateUtc": "w.production_due_date_utc", "createdUtc": "w.created_utc",
		"priority": "(CASE w.priority WHEN 'low' THEN 1 WHEN 'moderate' THEN 2 WHEN 'high' THEN 3 ELSE 4 END)",
	},
	Default:           "createdUtc",
	DefaultDescending: true,
	IDColumn:          "w.id",
}

func jobOpField(i, j int, name string) string {
	return fmt.Sprintf("operations.%d.jobOperations.%d.%s", i, j, name)
}

// checkCreate normalises a create's members and collects what is wrong with them.
func checkCreate(c *Create) error {
	fields := apperr.Fields{}
	c.Name = fields.OptionalText("name", c.Name, maxName)
	switch c.Status {
	case "":
		c.Status = StatusNeedsReview
	case StatusNeedsReview, StatusApproved:
	default:
		fields.Add("status", "a work order is created needsReview or approved, not %s", c.Status)
	}
	switch {
	case c.Priority == "":
		c.Priority = PriorityModerate
	case !slices.Contains(Priorities, c.Priority):
		fields.Add("priority", "%s", apperr.NotOneOf(string(c.Priority), Priorities))
	}
	if n := len(c.Operations); n < minOperations || n > maxOperations {
		fields.Add("operations", "a work order has %d to %d operations", minOperations, maxOperations)
	}
	total := 0
	seen := map[string]bool{}
	for i := range c.Operations {
		op := &c.Operations[i]
		op.AdditionalInstructions = fields.OptionalText(fmt.Sprintf("operations.%d.additionalInstructions", i), op.AdditionalInstructions, maxInstructions)
		for name, v := range map[string]*int64{"estimatedSetupTimeSeconds": op.EstimatedSetupTimeSeconds, "estimatedRunTimeSeconds": op.EstimatedRunTimeSeconds} {
			if v != nil && (*v < 0 || *v > maxEstimatedSeconds) {
				fields.Add(fmt.Sprintf("operations.%d.%s", i, name), "must be 0 to %d", maxEstimatedSeconds)
			}
		}
		if len(op.JobOperations) < minJobOperationsPerOp {
			fields.Add(fmt.Sprintf("operations.%d.jobOperations", i), "an operation groups at least %d job operation", minJobOperationsPerOp)
		}
		total += len(op.JobOperations)
		for j, ref := range op.JobOperations {
			if seen[ref.JobOperationID] {
				fields.Add(jobOpField(i, j, "jobOperationId"), "job operation %s is sent more than once", ref.JobOperationID)
			}
			seen[ref.JobOperationID] = true
		}
	}
	if total > maxJobOperations {
		fields.Add("operations", "a work order groups at most %d job operations (%d sent)", maxJobOperations, total)
	}
	return fields.Err()
}

// errClaimed is a create's insert of its job operations refused by the claim index: another
// work order took one of them since the check.
var errClaimed = errors.New("a job operation was claimed by another work order")

// Create stores a new work order and answers its id, in one transaction with the jobs of its
// job operations locked (in id order): each must be an operation of the job named, of an
// open job, not complete, and on no other work order that is not deleted (409 naming the
// holder). The number is taken last, so a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, c Create) (string, error) {
	if err := checkCreate(&c); err != nil {
		return "", err
	}
	var opIDs []string
	for _, op := range c.Operations {
		for _, r := range op.JobOperations {
			opIDs = append(opIDs, r.JobOperationID)
		}
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		refs, err := s.deps.Jobs.LockOperations(ctx, q, t.ID, opIDs)
		if err != nil {
			return err
		}
		if err := checkJobOperations(c, refs); err != nil {
			return err
		}
		if err := s.refuseHeld(ctx, q, t.ID, c); err != nil {
			return err
		}
		number, err := docnumbers.Next(ctx, q, t.ID, docnumbers.KindWorkOrder)
		if err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, t.ID, id, number, c, userOf(t)); err != nil {
			return err
		}
		var links newLinks
		for i, op := range c.Operations {
			opID := ids.NewSub()
			name := refs[op.JobOperations[0].JobOperationID].Operation.Name
			if err := s.store.insertOperation(ctx, q, t.ID, id, opID, int32(i+1), name, op); err != nil {
				return err
			}
			for j, r := range op.JobOperations {
				links.add(opID, int32(j+1), refs[r.JobOperationID].JobID, r.JobOperationID)
			}
		}
		if err := s.store.insertLinks(ctx, q, t.ID, id, links); err != nil {
			return err
		}
		return runHooks(ctx, q, s.grouped, t.ID, id, opIDs)
	})
	if errors.Is(err, errClaimed) {
		// The transaction is rolled back: name the winner from a fresh read.
		if held := s.refuseHeld(ctx, s.pool, t.ID, c); held != nil {
			return "", held
		}
		return "", apperr.Conflict("a job operation of the request was claimed by another work order at the same time")
	}
	return id, err
}

// checkJobOperations checks each job operation of c against what jobs answered: an unknown
// one is a 404, another job's, one of a closed job or a complete one a 400, each naming the
// member at fault.
func checkJobOperations(c Create, refs map[string]jobs.OperationRef) error {
	missing, invalid := apperr.Fields{}, apperr.Fields{}
	for i, op := range c.Operations {
		for j, r := range op.JobOperations {
			ref, ok := refs[r.JobOperationID]
			switch {
			case !ok:
				missing.Add(jobOpField(i, j, "jobOperationId"), "job operation %s not found", r.JobOperationID)
			case ref.JobID != r.JobID:
				invalid.Add(jobOpField(i, j, "jobOperationId"), "job %s has no operation %s", r.JobID, r.JobOperationID)
			case ref.JobStatus == jobs.StatusComplete || ref.JobStatus == jobs.StatusCancelled:
				// A closed job is the job's fault, not the operation's: name jobId.
				invalid.Add(jobOpField(i, j, "jobId"), "job %s is %s: work orders group operations of open jobs only", r.JobID, ref.JobStatus)
			case ref.Status == jobs.OperationStatusComplete:
				invalid.Add(jobOpField(i, j, "jobOperationId"), "job operation %s is complete", r.JobOperationID)
			}
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return err
	}
	return invalid.Err()
}

// refuseHeld answers a 409 naming the first job operation of c already on a work order that
// is not deleted, and that work order; nil when none is.
func (s *Service) refuseHeld(ctx context.Context, q db.Q, tenantID string, c Create) error {
	var opIDs []string
	for _, op := range c.Operations {
		for _, r := range op.JobOperations {
			opIDs = append(opIDs, r.JobOperationID)
		}
	}
	held, err := s.store.holders(ctx, q, tenantID, opIDs)
	if err != nil || len(held) == 0 {
		return err
	}
	for i, op := range c.Operations {
		for j, r := range op.JobOperations {
			if h, ok := held[r.JobOperationID]; ok {
				msg := fmt.Sprintf("job operation %s is already on work order %s (number %d)", r.JobOperationID, h.WorkOrderID, h.WorkOrderNumber)
				return &apperr.Error{Kind: apperr.KindConflict, Detail: msg,
					Fields: map[string][]string{jobOpField(i, j, "jobOperationId"): {msg}}}
			}
		}
	}
	return nil
}

func userOf(t Tenant) *string {
	if t.UserID == "" {
		return nil
	}
	return &t.UserID
}

// Get answers work order id with its operations and their job operations as they stand, in
// one transaction and a fixed number of statements. A deleted one is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (WorkOrder, error) {
	var out WorkOrder
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		out, err = s.read(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// read loads work order id (locked when lock is set) with its operations, named.
func (s *Service) read(ctx context.Context, q db.Q, tenantID, id string, lock bool) (WorkOrder, error) {
	w, err := s.store.get(ctx, q, tenantID, id, lock)
	if err != nil {
		return WorkOrder{}, err
	}
	ops, err := s.store.operations(ctx, q, tenantID, id)
	if err != nil {
		return WorkOrder{}, err
	}
	links, err := s.store.links(ctx, q, tenantID, id)
	if err != nil {
		return WorkOrder{}, err
	}
	var opIDs []string
	for _, l := range links {
		opIDs = append(opIDs, l.JobOperationID)
	}
	refs, err := s.deps.Jobs.OperationRefs(ctx, q, tenantID, opIDs)
	if err != nil {
		return WorkOrder{}, err
	}
	progress, err := s.deps.Jobs.OperationProgressOf(ctx, q, tenantID, opIDs)
	if err != nil {
		return WorkOrder{}, err
	}
	var itemIDs []string
	for _, r := range refs {
		itemIDs = append(itemIDs, r.ItemID)
	}
	slices.Sort(itemIDs)
	names, err := s.deps.Items.ItemNames(ctx, q, tenantID, slices.Compact(itemIDs))
	if err != nil {
		return WorkOrder{}, err
	}
	at := make(map[string]int, len(ops))
	for i := range ops {
		at[ops[i].ID] = i
		ops[i].JobOperations = []JobOperation{}
	}
	for _, l := range links {
		ref, p := refs[l.JobOperationID], progress[l.JobOperationID]
		j := JobOperation{
			JobID: l.JobID, JobNumber: ref.JobNumber, JobName: ref.JobName, ItemToMakeID: ref.ItemToMakeID, ItemID: ref.ItemID,
			ItemNumber: names[ref.ItemID].Number, JobOperationID: l.JobOperationID, OperationName: ref.Operation.Name,
			SystemOperationID: ref.Operation.OperationID, WorkCenterID: ref.Operation.WorkCenterID,
			QuantityToMake: p.QuantityToMake, QuantityCompleted: p.QuantityCompleted, QuantityScrapped: p.QuantityScrapped,
			Status: p.Status,
		}
		if i, ok := at[l.OperationID]; ok {
			ops[i].JobOperations = append(ops[i].JobOperations, j)
		}
	}
	w.Operations = ops
	return w, nil
}

// Page is one page of work orders.
type Page struct {
	Rows []WorkOrder
	listing.Envelope
}

// List answers a page of the tenant's work orders (not deleted) matching f, with their
// operation and job-operation counts, in one transaction and a fixed number of statements.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return Page{}, err
	}
	var out Page
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		rows, total, err := s.store.list(ctx, q, tenantID, f, page)
		if err != nil {
			return err
		}
		out = Page{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// UpdateStatus moves work order id to next along the transition table and answers it, in one
// transaction with the work order locked. Any other move is a 400 naming status.
func (s *Service) UpdateStatus(ctx context.Context, tenantID, id string, next Status) (WorkOrder, error) {
	if !slices.Contains(Statuses, next) {
		return WorkOrder{}, apperr.Field("status", "%s", apperr.NotOneOf(string(next), Statuses))
	}
	var out WorkOrder
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		w, err := s.store.get(ctx, q, tenantID, id, true)
		if err != nil {
			return err
		}
		if !slices.Contains(moves[w.Status], next) {
			return apperr.Field("status", "a work order cannot move from %s to %s", w.Status, next)
		}
		if err := s.store.setStatus(ctx, q, tenantID, id, next); err != nil {
			return err
		}
		out, err = s.read(ctx, q, tenantID, id, false)
		return err
	})
	return out, err
}

// Delete soft-deletes work order id, frees its job operations and runs the released hooks,
// in one transaction with the work order locked, and reports whether it deleted one (false:
// none, or already deleted). A work order any of whose job operations has started is a 400.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.get(ctx, q, tenantID, id, true); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return nil
			}
			return err
		}
		links, err := s.store.links(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		var opIDs []string
		for _, l := range links {
			opIDs = append(opIDs, l.JobOperationID)
		}
		// Lock the jobs so that no operation starts under the check.
		refs, err := s.deps.Jobs.LockOperations(ctx, q, tenantID, opIDs)
		if err != nil {
			return err
		}
		for _, opID := range opIDs {
			if ref, ok := refs[opID]; ok && ref.Status != jobs.OperationStatusNotStarted {
				return apperr.Field("status", "job operation %s of the work order is %s: a work order whose work has started is cancelled, not deleted", opID, ref.Status)
			}
		}
		if err := s.store.softDelete(ctx, q, tenantID, id); err != nil {
			return err
		}
		deleted = true
		return runHooks(ctx, q, s.released, tenantID, id, opIDs)
	})
	return deleted, err
}

// Refs answers the work orders among ids (deleted ones included, marked), in one statement
// (also for no ids, so that a reader's statement count does not depend on its rows).
func (s *Service) Refs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Ref, error) {
	return s.store.refs(ctx, q, tenantID, ids)
}

// Holders answers, for the job operations among ids on a work order that is not deleted, that
// work order and work-order operation, in one statement (also for no ids, so that a reader's
// statement count does not depend on its rows).
func (s *Service) Holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Holder, error) {
	return s.store.holders(ctx, q, tenantID, ids)
}

// RefuseRemoval is jobs' removal check: a job operation on a work order that is not deleted
// cannot leave its routing (the work order would lose it); a 400 naming the work order.
func (s *Service) RefuseRemoval(ctx context.Context, q db.Q, tenantID string, ids []string) error {
	held, err := s.Holders(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if h, ok := held[id]; ok {
			return apperr.Invalid("job operation %s is on work order %s (number %d): delete the work order before removing it from the routing",
				id, h.WorkOrderID, h.WorkOrderNumber)
		}
	}
	return nil
}

// OperationExistsForAttachment reports whether the tenant has work-order operation id of a
// work order that is not deleted, share-locking the work order until q's transaction ends.
func (s *Service) OperationExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.store.lockOperationWorkOrder(ctx, q, tenantID, id)
}

// TouchOperationForAttachment advances the work order's modifiedUtc after a file was attached
// to or removed from one of its operations.
func (s *Service) TouchOperationForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.store.touchOperationWorkOrder(ctx, q, tenantID, id)
}

// OperationOf answers work order workOrderID (locked until q's transaction ends when lock is
// set, which serialises the writers of its operations' records) and its
// operation operationID with its job operations named and their quantities; NotFound when
// the work order is missing, deleted or another tenant's, or has no such operation.
func (s *Service) OperationOf(ctx context.Context, q db.Q, tenantID, workOrderID, operationID string, lock bool) (WorkOrder, Operation, error) {
	w, err := s.read(ctx, q, tenantID, workOrderID, lock)
	if err != nil {
		return WorkOrder{}, Operation{}, err
	}
	for _, op := range w.Operations {
		if op.ID == operationID {
			return w, op, nil
		}
	}
	return WorkOrder{}, Operation{}, apperr.NotFound("work order %s has no operation %s", workOrderID, operationID)
}

// OperationIDs answers the ids of work order workOrderID's operations, by sequence, through q.
func (s *Service) OperationIDs(ctx context.Context, q db.Q, tenantID, workOrderID string) ([]string, error) {
	ops, err := s.store.operations(ctx, q, tenantID, workOrderID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(ops))
	for i, op := range ops {
		ids[i] = op.ID
	}
	return ids, nil
}
