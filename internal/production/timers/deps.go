package timers

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/production/jobs"
	"mos/internal/production/workorders"
	"mos/internal/scheduling/resources"
	"mos/internal/shared/users"
	"mos/internal/stock/items"
)

// Deps are the other areas timers work through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers and locks job operations and records time on them (jobs.Service).
	Jobs jobOperations
	// Rates answers work centers' hourly rates (resources.Service).
	Rates workCenterRates
	// Users answers the users timers are recorded for (users.Service).
	Users userDirectory
	// Items names the items the reports show (items.Service).
	Items itemNames
	// WorkCenters names the work centers the reports show (resources.Service).
	WorkCenters workCenterNames
	// WorkOrders answers the work orders holding job operations (workorders.Service).
	WorkOrders workOrderHolders
}

// itemNames answers the numbers of items, archived ones included.
type itemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}

// workCenterNames answers the names of live work centers.
type workCenterNames interface {
	WorkCentersByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRef, error)
}

// workOrderHolders answers the live work order and work-order operation holding each job
// operation among ids, in one statement.
type workOrderHolders interface {
	Holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]workorders.Holder, error)
}

// jobOperations is what timers ask of jobs, in the timers' transaction.
type jobOperations interface {
	OperationRefs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationRef, error)
	LockOperations(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationRef, error)
	LockJobs(ctx context.Context, q db.Q, tenantID string, ids []string) error
	RecordTime(ctx context.Context, q db.Q, tenantID, operationID string, d jobs.TimeDelta) error
	MarkOperationStarted(ctx context.Context, q db.Q, tenantID, operationID string) error
}

// workCenterRates answers the hourly rates of work centers, deleted ones included.
type workCenterRates interface {
	WorkCenterRates(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRates, error)
}

// userDirectory answers the tenant's users.
type userDirectory interface {
	Known(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]bool, error)
	Get(ctx context.Context, tenantID, id string) (users.User, error)
	List(ctx context.Context, tenantID string, f users.Filter, r listing.Request) ([]users.User, error)
}
