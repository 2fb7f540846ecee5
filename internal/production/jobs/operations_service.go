package jobs

import (
	"context"
	"slices"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
	"mos/internal/stock/routing"
)

// Job operations: the operations of an item to make's routing (same ids) with the production
// state job_operations keeps for each. The routing members are edited through the job's
// routing paths; a job operation changes through its custom fields, the quantities recorded on
// it, picks (picks_*.go) and its completion (complete_*.go).

// The statuses of a job operation.
const (
	OperationStatusNotStarted = "notStarted"
	OperationStatusStarted    = "started"
	OperationStatusComplete   = "complete"
)

// OperationStatuses lists the statuses of a job operation.
var OperationStatuses = []string{OperationStatusNotStarted, OperationStatusStarted, OperationStatusComplete}

// OperationState is what job_operations keeps of an operation.
type OperationState struct {
	Status                      string
	QuantityCompleted           dec.Decimal
	QuantityScrapped            dec.Decimal
	StartedUtc                  *time.Time
	CompletedUtc                *time.Time
	SetupSeconds                int64
	LaborSeconds                int64
	MachineSeconds              int64
	LaborCost                   dec.Decimal
	MachineCost                 dec.Decimal
	OutsideProcessingCost       dec.Decimal
	ExcludeSetupTimeFromAudit   bool
	ExcludeLaborTimeFromAudit   bool
	ExcludeMachineTimeFromAudit bool
	CustomFields                map[string]any
	ModifiedUtc                 time.Time
}

// Operation is a job operation: its routing operation, its item to make's quantities and
// its production state.
type Operation struct {
	routing.Operation
	JobID          string
	ItemToMakeID   string
	RoutingID      string
	Position       int32
	QuantityToMake dec.Decimal
	QuantityMade   dec.Decimal
	OperationState
}

// OperationFilter narrows a job's operations; empty members apply no clause.
type OperationFilter struct {
	IDs           []string
	Statuses      []string
	WorkCenterIDs []string
}

func (f OperationFilter) matches(op Operation) bool {
	if len(f.IDs) > 0 && !slices.Contains(f.IDs, op.ID) {
		return false
	}
	if len(f.Statuses) > 0 && !slices.Contains(f.Statuses, op.Status) {
		return false
	}
	if len(f.WorkCenterIDs) > 0 && (op.WorkCenterID == nil || !slices.Contains(f.WorkCenterIDs, *op.WorkCenterID)) {
		return false
	}
	return true
}

// operationsOf joins the routings of items to make list with their operations' states, by
// item to make (in list's order), then sequence: one statement for the states and the
// routings' four, however many items and operations. An operation without a state row (none
// should be: the routing owner keeps them in step) answers as not started.
func (s *Service) operationsOf(ctx context.Context, q db.Q, tenantID, jobID string, list []ItemToMake, itemToMakeID string) ([]Operation, error) {
	owners := make([]routing.Owner, len(list))
	for i, it := range list {
		owners[i] = routing.Owner{Type: routing.OwnerJobItemToMake, ID: it.ID}
	}
	routings, err := s.deps.Routings.RoutingsIn(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	states, err := s.store.operationStates(ctx, q, tenantID, jobID, itemToMakeID)
	if err != nil {
		return nil, err
	}
	var out []Operation
	for i, it := range list {
		for _, op := range routings[owners[i]].Operations {
			st, ok := states[op.ID]
			if !ok {
				st = OperationState{Status: OperationStatusNotStarted, CustomFields: map[string]any{}, ModifiedUtc: op.ModifiedUtc}
			}
			out = append(out, Operation{
				Operation: op, JobID: jobID, ItemToMakeID: it.ID, RoutingID: it.RoutingID, Position: it.Position,
				QuantityToMake: it.Quantity, QuantityMade: it.QuantityMade, OperationState: st,
			})
		}
	}
	return out, nil
}

// Operations answers the operations of every item job jobID makes matching f, by item to
// make position, then sequence; an unknown job is NotFound.
func (s *Service) Operations(ctx context.Context, tenantID, jobID string, f OperationFilter) ([]Operation, error) {
	out := []Operation{}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		found, err := s.store.jobExists(ctx, q, tenantID, jobID)
		if err != nil {
			return err
		}
		if !found {
			return jobNotFound(jobID)
		}
		list, err := s.store.itemsOfJob(ctx, q, tenantID, jobID)
		if err != nil {
			return err
		}
		ops, err := s.operationsOf(ctx, q, tenantID, jobID, list, "")
		if err != nil {
			return err
		}
		for _, op := range ops {
			if f.matches(op) {
				out = append(out, op)
			}
		}
		return nil
	})
	return out, err
}

// operationSortFields are the JobOperation members the item to make's list sorts by.
var operationSortFields = map[string]string{
	"id": "id", "sequence": "sequence", "name": "name", "status": "status",
	"quantityCompleted": "quantityCompleted", "modifiedUtc": "modifiedUtc",
}

var operationListSpec = listing.Spec{Fields: operationSortFields, Default: "sequence", IDColumn: "id"}

// compareOperations orders two operations by field (a key of operationSortFields).
func compareOperations(field string, a, b Operation) int {
	switch field {
	case "sequence":
		return int(a.Sequence) - int(b.Sequence)
	case "name":
		return strings.Compare(a.Name, b.Name)
	case "status":
		return strings.Compare(a.Status, b.Status)
	case "quantityCompleted":
		return a.QuantityCompleted.Cmp(b.QuantityCompleted.Decimal)
	case "modifiedUtc":
		return a.OperationState.ModifiedUtc.Compare(b.OperationState.ModifiedUtc)
	}
	return strings.Compare(a.ID, b.ID)
}

// sortOperations orders ops as page says (the resolved "field DIR, id DIR") and answers its
// window. The operations of one item to make are its routing's, few enough to sort in memory
// after the fixed statements that read them.
func sortOperations(ops []Operation, page listing.Page) []Operation {
	terms := strings.Split(page.OrderBy, ", ")
	slices.SortStableFunc(ops, func(a, b Operation) int {
		for _, term := range terms {
			field, dir, _ := strings.Cut(term, " ")
			c := compareOperations(field, a, b)
			if dir == "DESC" {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	if page.Offset >= len(ops) {
		return []Operation{}
	}
	ops = ops[page.Offset:]
	if page.Limit < len(ops) {
		ops = ops[:page.Limit]
	}
	return ops
}

// ItemToMakeOperations answers a page of the operations of item to make itemToMakeID of job
// jobID matching f; an unknown job or item to make is NotFound.
func (s *Service) ItemToMakeOperations(ctx context.Context, tenantID, jobID, itemToMakeID string, f OperationFilter, r listing.Request) ([]Operation, error) {
	page, err := listing.Resolve(r, operationListSpec)
	if err != nil {
		return nil, err
	}
	out := []Operation{}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		it, err := s.store.getItemToMake(ctx, q, tenantID, jobID, itemToMakeID)
		if err != nil {
			return err
		}
		ops, err := s.operationsOf(ctx, q, tenantID, jobID, []ItemToMake{it}, it.ID)
		if err != nil {
			return err
		}
		for _, op := range ops {
			if f.matches(op) {
				out = append(out, op)
			}
		}
		out = sortOperations(out, page)
		return nil
	})
	return out, err
}

// readOperation answers operation id of item to make itemToMakeID of job jobID through q,
// with the item to make and its routing; any of them unknown is NotFound.
func (s *Service) readOperation(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, id string) (Operation, ItemToMake, []Operation, error) {
	it, err := s.store.getItemToMake(ctx, q, tenantID, jobID, itemToMakeID)
	if err != nil {
		return Operation{}, ItemToMake{}, nil, err
	}
	ops, err := s.operationsOf(ctx, q, tenantID, jobID, []ItemToMake{it}, it.ID)
	if err != nil {
		return Operation{}, ItemToMake{}, nil, err
	}
	for _, op := range ops {
		if op.ID == id {
			return op, it, ops, nil
		}
	}
	return Operation{}, ItemToMake{}, nil, operationNotFound(id)
}

// lockedOperation is a job operation a write works on, with what the write reads under the
// job's lock: the job, the operation (its item to make and that item's operations by
// sequence) and its locked state row.
type lockedOperation struct {
	Job        Job
	Operation  Operation
	ItemToMake ItemToMake
	Operations []Operation
	State      OperationState
}

// lockOperation starts every write to a job operation, in q: it locks the job (so writes to
// one job run one at a time), finds the operation (NotFound when the job, the item to make or
// the operation is unknown) and locks its state row.
func (s *Service) lockOperation(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, id string) (lockedOperation, error) {
	j, err := s.lockJob(ctx, q, tenantID, jobID)
	if err != nil {
		return lockedOperation{}, err
	}
	op, it, ops, err := s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
	if err != nil {
		return lockedOperation{}, err
	}
	st, err := s.store.lockOperation(ctx, q, tenantID, itemToMakeID, id)
	if err != nil {
		return lockedOperation{}, err
	}
	return lockedOperation{Job: j, Operation: op, ItemToMake: it, Operations: ops, State: st}, nil
}

// Operation answers operation id of item to make itemToMakeID of job jobID.
func (s *Service) Operation(ctx context.Context, tenantID, jobID, itemToMakeID, id string) (Operation, error) {
	var out Operation
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		out, _, _, err = s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		return err
	})
	return out, err
}

// OperationUpdate is what an update of a job operation changes; nil members keep theirs.
type OperationUpdate struct {
	CustomFields map[string]any
}

// UpdateOperation changes the custom fields of a job operation (merged into the stored ones
// as a partial write) and answers it, in one transaction with the job locked; a complete or
// cancelled job refuses (400).
func (s *Service) UpdateOperation(ctx context.Context, tenantID, jobID, itemToMakeID, id string, u OperationUpdate) (Operation, error) {
	var out Operation
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		locked, err := s.lockOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		if err != nil {
			return err
		}
		j, st := locked.Job, locked.State
		if final(j.Status) {
			return apperr.Invalid("job %d is %s: its operations cannot change", j.Number, j.Status)
		}
		if u.CustomFields != nil {
			merged := make(map[string]any, len(st.CustomFields)+len(u.CustomFields))
			for k, v := range st.CustomFields {
				merged[k] = v
			}
			for k, v := range u.CustomFields {
				merged[k] = v
			}
			values, err := s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleJobOperation, merged, customfields.Full)
			if err != nil {
				return err
			}
			if err := s.store.updateOperationCustomFields(ctx, q, tenantID, id, values); err != nil {
				return err
			}
		}
		out, _, _, err = s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		return err
	})
	return out, err
}

// QuantityAdd is units completed and scrapped to add to a job operation (negative amounts
// correct earlier ones).
type QuantityAdd struct {
	Quantity         dec.Decimal
	QuantityScrapped dec.Decimal
	// ScrapReason is why the units were scrapped, the reason of the scrap record written
	// when QuantityScrapped is not 0.
	ScrapReason *string
	// UserID is the user recording (nil for an integration token), named by the scrap record.
	UserID *string
}

// AddQuantityCompleted adds to a job operation's quantities and answers it, in one
// transaction with the job locked: the job must accept work, the operation must not be
// complete, and neither result may fall below 0 (400 naming the member). The operation and
// the job are marked started.
func (s *Service) AddQuantityCompleted(ctx context.Context, tenantID, jobID, itemToMakeID, id string, a QuantityAdd) (Operation, error) {
	reasonFields := apperr.Fields{}
	a.ScrapReason = reasonFields.OptionalText("scrapReason", a.ScrapReason, maxScrapReason)
	if err := reasonFields.Err(); err != nil {
		return Operation{}, err
	}
	var out Operation
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.addQuantities(ctx, q, tenantID, jobID, itemToMakeID, id, a); err != nil {
			return err
		}
		var err error
		out, _, _, err = s.readOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
		return err
	})
	return out, err
}

// addQuantities adds a's quantities to the job operation through q, with the job locked:
// the rules of AddQuantityCompleted.
func (s *Service) addQuantities(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, id string, a QuantityAdd) error {
	locked, err := s.lockOperation(ctx, q, tenantID, jobID, itemToMakeID, id)
	if err != nil {
		return err
	}
	j, st := locked.Job, locked.State
	if err := requireAcceptsWork(j); err != nil {
		return err
	}
	if st.Status == OperationStatusComplete {
		return apperr.Invalid("the operation is complete: no more quantities are recorded on it")
	}
	fields := apperr.Fields{}
	if st.QuantityCompleted.Add(a.Quantity.Decimal).IsNegative() {
		fields.Add("quantity", "would bring the quantity completed (%s) below 0", st.QuantityCompleted)
	}
	if st.QuantityScrapped.Add(a.QuantityScrapped.Decimal).IsNegative() {
		fields.Add("quantityScrapped", "would bring the quantity scrapped (%s) below 0", st.QuantityScrapped)
	}
	if err := fields.Err(); err != nil {
		return err
	}
	if err := s.store.addOperationQuantities(ctx, q, tenantID, id, a.Quantity, a.QuantityScrapped); err != nil {
		return err
	}
	if err := s.recordScrap(ctx, q, tenantID, locked.ItemToMake, id, a.QuantityScrapped, a.ScrapReason, a.UserID); err != nil {
		return err
	}
	if err := s.markStarted(ctx, q, tenantID, &j); err != nil {
		return err
	}
	return nil
}

// ScrapIn records quantity scrapped on job operation id (of item to make itemToMakeID of job
// jobID) through q, in the caller's transaction (a nest's sheet run), as
// addJobOperationQuantityCompleted records scrap: with its rules and its scrap record.
func (s *Service) ScrapIn(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, id string, quantity dec.Decimal, reason, userID *string) error {
	fields := apperr.Fields{}
	reason = fields.OptionalText("reason", reason, maxScrapReason)
	if err := fields.Err(); err != nil {
		return err
	}
	return s.addQuantities(ctx, q, tenantID, jobID, itemToMakeID, id, QuantityAdd{QuantityScrapped: quantity, ScrapReason: reason, UserID: userID})
}
