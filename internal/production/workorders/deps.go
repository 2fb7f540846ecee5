package workorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/production/jobs"
	"mos/internal/stock/items"
)

// Deps are the other areas work orders read through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers and locks the job operations work orders group (jobs.Service).
	Jobs jobOperations
	// Items names the items the grouped job operations make (items.Service).
	Items itemNames
}

// jobOperations is what work orders ask of jobs, through the caller's q.
type jobOperations interface {
	OperationRefs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationRef, error)
	LockOperations(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationRef, error)
	OperationProgressOf(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationProgress, error)
}

// itemNames answers items' numbers by id.
type itemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}

// GroupHook runs in the transaction that groups job operations ids into work order
// workOrderID (a create) or frees them from it (a delete). Alerts register hooks that set
// and clear the work order on the operations' alerts; an error rolls the write back.
type GroupHook func(ctx context.Context, q db.Q, tenantID, workOrderID string, ids []string) error
