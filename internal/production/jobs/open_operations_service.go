package jobs

import (
	"context"
	"time"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
)

// OpenJobOperation is an operation of a job that accepts work, as nesting sees it: the
// operation with its item to make (OperationOfJob), the job's start date, and whether it is
// its item to make's first operation by routing sequence (where material tied to no operation
// is consumed).
type OpenJobOperation struct {
	OperationOfJob
	// JobStartDate is the job's start day at midnight UTC; nil when none.
	JobStartDate *time.Time
	// FirstOfItemToMake: the lowest routing sequence of its item to make (then lowest id).
	FirstOfItemToMake bool
}

// OpenJobOperations answers every operation (complete ones too, so that the caller knows
// which operation is first) of the tenant's jobs that accept work (released or in progress),
// by job number, then item to make position, then routing sequence, then id, in two
// statements through q however many jobs and operations.
func (s *Service) OpenJobOperations(ctx context.Context, q db.Q, tenantID string) ([]OpenJobOperation, error) {
	rows, err := s.store.openJobOperations(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	base := make([]operationOfJobRow, len(rows))
	for i, r := range rows {
		base[i] = r.operationOfJobRow
	}
	ops, from, err := s.operationsOfRows(ctx, q, tenantID, base)
	if err != nil {
		return nil, err
	}
	out := make([]OpenJobOperation, len(ops))
	for i, op := range ops {
		out[i] = OpenJobOperation{OperationOfJob: op, JobStartDate: calendardate.StoredPtr(rows[from[i]].StartDate),
			FirstOfItemToMake: i == 0 || ops[i-1].ItemToMakeID != op.ItemToMakeID}
	}
	return out, nil
}
