package jobs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/routing"
)

// OperationRef is what the shop-floor areas (timers, alerts, work orders) need to know of a
// job operation they were handed by id: where it belongs (job, item to make, item), its
// routing operation (name, library operation, work center, equipment, rate overrides) and
// the production state of it and its job.
type OperationRef struct {
	ID           string
	Status       string
	JobID        string
	JobNumber    int64
	JobName      *string
	JobStatus    Status
	ItemToMakeID string
	ItemID       string
	// QuantityCompleted and QuantityScrapped are the operation's quantities so far.
	QuantityCompleted dec.Decimal
	QuantityScrapped  dec.Decimal
	// Operation is the routing operation (same id) as it stands now.
	Operation routing.Operation
}

// AcceptsWork reports whether time may be recorded on the operation: its job is released or
// in progress and the operation is not complete.
func (r OperationRef) AcceptsWork() bool {
	return (r.JobStatus == StatusReleased || r.JobStatus == StatusInProgress) && r.Status != OperationStatusComplete
}

// OperationRefs answers the job operations among ids that exist, keyed by id (unknown and
// other tenants' ids are absent), in two statements through q however many ids.
func (s *Service) OperationRefs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]OperationRef, error) {
	out := make(map[string]OperationRef, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.store.operationRefs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	ops, err := s.deps.Routings.OperationsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = OperationRef{
			ID: r.ID, Status: r.Status, JobID: r.JobID, JobNumber: r.JobNumber, JobName: r.JobName,
			JobStatus: r.JobStatus, ItemToMakeID: r.ItemToMakeID, ItemID: r.ItemID, Operation: ops[r.ID].Operation,
			QuantityCompleted: r.QuantityCompleted, QuantityScrapped: r.QuantityScrapped,
		}
	}
	return out, nil
}
