package nesting

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/production/jobs"
	"mos/internal/production/workorders"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Deps are the other areas nesting reads through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers the operations of jobs (those asked for, or those of every job that
	// accepts work) with their items to make, and records the scrap of sheet runs
	// (jobs.Service).
	Jobs jobOperations
	// Routings answers the input materials of the items to make, with their nestings
	// (routing.Service).
	Routings manifestMaterials
	// Items numbers the items to make and knows the plates' stock items (items.Service).
	Items manifestItemNames
	// WorkOrders answers the work-order operations nests belong to and the work orders
	// holding job operations (workorders.Service).
	WorkOrders nestWorkOrders
	// Stock picks the sheets of sheet runs (inventory.Service).
	Stock sheetStock
	// Operations names the library (system) operations nestable groups run
	// (operations.Service).
	Operations nestableOperationNames
}

// jobOperations answers jobs' operations and records scrap on one, through the caller's q.
type jobOperations interface {
	OperationsOfJobs(ctx context.Context, q db.Q, tenantID string, jobIDs []string) ([]jobs.OperationOfJob, error)
	OpenJobOperations(ctx context.Context, q db.Q, tenantID string) ([]jobs.OpenJobOperation, error)
	ScrapIn(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, id string, quantity dec.Decimal, reason, userID *string) error
}

// nestableOperationNames answers library operations' names by id, through q.
type nestableOperationNames interface {
	Names(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error)
}

// manifestMaterials answers the input materials of routings' owners, through q.
type manifestMaterials interface {
	MaterialsIn(ctx context.Context, q db.Q, tenantID string, owners []routing.Owner) (map[routing.Owner][]routing.InputMaterial, error)
}

// manifestItemNames answers items' numbers by id, through q.
type manifestItemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}

// nestWorkOrders answers work orders' operations with their job operations, and the work
// orders holding job operations (workorders.Service).
type nestWorkOrders interface {
	OperationOf(ctx context.Context, q db.Q, tenantID, workOrderID, operationID string, lock bool) (workorders.WorkOrder, workorders.Operation, error)
	OperationIDs(ctx context.Context, q db.Q, tenantID, workOrderID string) ([]string, error)
	Holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]workorders.Holder, error)
}

// sheetStock picks stock in the caller's transaction (inventory.Service).
type sheetStock interface {
	PickIn(ctx context.Context, q db.Q, tenantID string, p inventory.Pick) (inventory.Event, error)
}
