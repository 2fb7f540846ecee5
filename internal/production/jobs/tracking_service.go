package jobs

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Tracking is where each item a job makes stands (getJobTracking).
type Tracking struct {
	JobID       string
	Number      int64
	Status      Status
	ItemsToMake []ItemTracking
}

// ItemTracking is where one item to make stands: its operations by sequence then id, the
// first of them not complete (nil when all are) and the time recorded on them.
type ItemTracking struct {
	ItemToMake         ItemToMake
	OperationsComplete int32
	Current            *OperationTracking
	Time               Seconds
	Operations         []OperationTracking
}

// Seconds is time recorded on job operations.
type Seconds struct {
	Setup, Labor, Machine int64
}

// OperationTracking is one job operation: its routing operation's place, name and work
// center, and its production state.
type OperationTracking struct {
	ID                string
	Sequence          int32
	Name              string
	WorkCenterID      *string
	Status            string
	QuantityCompleted dec.Decimal
	QuantityScrapped  dec.Decimal
	StartedUtc        *time.Time
	CompletedUtc      *time.Time
	Time              Seconds
	LaborCost         dec.Decimal
	MachineCost       dec.Decimal
	OutsideCost       dec.Decimal
}

// Tracking answers where each item to make of job jobID stands, in a fixed number of
// statements however many items and operations: the job and its named items to make, their
// routings (the routing service's in-transaction read) and the operation rows.
func (s *Service) Tracking(ctx context.Context, tenantID, jobID string) (Tracking, error) {
	var out Tracking
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		j, err := s.read(ctx, q, tenantID, jobID)
		if err != nil {
			return err
		}
		out = Tracking{JobID: j.ID, Number: j.Number, Status: j.Status, ItemsToMake: make([]ItemTracking, len(j.ItemsToMake))}
		byItem, err := s.trackedOperations(ctx, q, tenantID, jobID, j.ItemsToMake, "")
		if err != nil {
			return err
		}
		for i, it := range j.ItemsToMake {
			out.ItemsToMake[i] = trackItem(it, byItem[it.ID])
		}
		return nil
	})
	return out, err
}

// trackedOperations answers the operations of items to make list (of job jobID; of item to
// make only, when not "") by item to make, each by sequence then id, in operationsOf's fixed
// number of statements.
func (s *Service) trackedOperations(ctx context.Context, q db.Q, tenantID, jobID string, list []ItemToMake, only string) (map[string][]OperationTracking, error) {
	ops, err := s.operationsOf(ctx, q, tenantID, jobID, list, only)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]OperationTracking, len(list))
	for _, op := range ops {
		out[op.ItemToMakeID] = append(out[op.ItemToMakeID], OperationTracking{
			ID: op.ID, Sequence: op.Sequence, Name: op.Name, WorkCenterID: op.WorkCenterID,
			Status: op.Status, QuantityCompleted: op.QuantityCompleted, QuantityScrapped: op.QuantityScrapped,
			StartedUtc: op.StartedUtc, CompletedUtc: op.CompletedUtc,
			Time:      Seconds{Setup: op.SetupSeconds, Labor: op.LaborSeconds, Machine: op.MachineSeconds},
			LaborCost: op.LaborCost, MachineCost: op.MachineCost, OutsideCost: op.OutsideProcessingCost,
		})
	}
	return out, nil
}

// trackItem sums item to make it's operations (by sequence then id) into where it stands.
func trackItem(it ItemToMake, ops []OperationTracking) ItemTracking {
	t := ItemTracking{ItemToMake: it, Operations: ops}
	for i, op := range ops {
		if op.Status == OperationStatusComplete {
			t.OperationsComplete++
		} else if t.Current == nil {
			t.Current = &ops[i]
		}
		t.Time.Setup += op.Time.Setup
		t.Time.Labor += op.Time.Labor
		t.Time.Machine += op.Time.Machine
	}
	return t
}
