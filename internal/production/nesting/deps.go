package nesting

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/production/jobs"
	"mos/internal/production/workorders"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Deps are the other areas nesting reads through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers the operations of jobs with their items to make (jobs.Service).
	Jobs manifestJobOperations
	// Routings answers the input materials of the items to make, with their nestings
	// (routing.Service).
	Routings manifestMaterials
	// Items numbers the items to make (items.Service).
	Items manifestItemNames
	// OpenJobs answers the operations of the jobs that accept work, for the nestable-jobs
	// list (jobs.Service).
	OpenJobs nestableJobOperations
	// Operations names the library (system) operations nestable groups run
	// (operations.Service).
	Operations nestableOperationNames
	// WorkOrders answers the work orders holding job operations (workorders.Service).
	WorkOrders nestableHolders
}

// nestableJobOperations answers every operation of the jobs that accept work, through q.
type nestableJobOperations interface {
	OpenJobOperations(ctx context.Context, q db.Q, tenantID string) ([]jobs.OpenJobOperation, error)
}

// nestableOperationNames answers library operations' names by id, through q.
type nestableOperationNames interface {
	Names(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error)
}

// nestableHolders answers the work order (not deleted) holding each of the job operations
// among ids, through q.
type nestableHolders interface {
	Holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]workorders.Holder, error)
}

// manifestJobOperations answers every operation of jobs, through the caller's q.
type manifestJobOperations interface {
	OperationsOfJobs(ctx context.Context, q db.Q, tenantID string, jobIDs []string) ([]jobs.OperationOfJob, error)
}

// manifestMaterials answers the input materials of routings' owners, through q.
type manifestMaterials interface {
	MaterialsIn(ctx context.Context, q db.Q, tenantID string, owners []routing.Owner) (map[routing.Owner][]routing.InputMaterial, error)
}

// manifestItemNames answers items' numbers by id, through q.
type manifestItemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}
