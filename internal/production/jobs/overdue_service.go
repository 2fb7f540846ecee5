package jobs

import (
	"context"
	"time"

	"mos/internal/platform/db"
)

// OverdueOperation is an open operation of a released or in-progress job whose due date has
// passed: the shop-floor alert rule operationPastDue raises an alert on it.
type OverdueOperation struct {
	ID           string
	JobID        string
	ItemToMakeID string
	// DueDate is the item to make's due date, else the job's (a calendar day at midnight UTC).
	DueDate time.Time
	// WorkCenterID and EquipmentID are the routing operation's now ("" when none).
	WorkCenterID string
	EquipmentID  string
}

// OverdueOperations answers, by id, the operations that are not complete, of released or
// in-progress jobs, whose item to make's due date (else the job's) is before day (a calendar
// day at midnight UTC), in at most two statements through q however many there are.
func (s *Service) OverdueOperations(ctx context.Context, q db.Q, tenantID string, day time.Time) ([]OverdueOperation, error) {
	rows, err := s.store.overdueOperations(ctx, q, tenantID, day)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	ops, err := s.deps.Routings.OperationsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]OverdueOperation, len(rows))
	for i, r := range rows {
		o := OverdueOperation{ID: r.ID, JobID: r.JobID, ItemToMakeID: r.ItemToMakeID, DueDate: r.DueDate}
		if op, ok := ops[r.ID]; ok {
			if op.WorkCenterID != nil {
				o.WorkCenterID = *op.WorkCenterID
			}
			if op.EquipmentID != nil {
				o.EquipmentID = *op.EquipmentID
			}
		}
		out[i] = o
	}
	return out, nil
}

// GoneOperations answers which of ids are no longer operations of a live job: removed from
// their item to make's routing, or of a cancelled job (both final), in one statement
// through q.
func (s *Service) GoneOperations(ctx context.Context, q db.Q, tenantID string, ids []string) ([]string, error) {
	return s.store.goneOperations(ctx, q, tenantID, ids)
}
