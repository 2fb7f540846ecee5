package alerts

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/production/jobs"
	"mos/internal/production/workorders"
	"mos/internal/scheduling/resources"
	"mos/internal/stock/items"
)

// Deps are the other areas alerts read through, handed in by the one wiring place.
type Deps struct {
	// Jobs answers job operations by id, the overdue ones, and which are gone (jobs.Service).
	Jobs jobOperations
	// Items names the items to make (items.Service).
	Items itemNames
	// Resources names work centers and equipment (resources.Service).
	Resources resourceNames
	// WorkOrders answers the work orders holding job operations and names them
	// (workorders.Service).
	WorkOrders workOrderLookup
}

// workOrderLookup answers which live work order holds each job operation, and names work
// orders (deleted ones included) by id.
type workOrderLookup interface {
	Holders(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]workorders.Holder, error)
	Refs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]workorders.Ref, error)
}

// jobOperations is what alerts ask of jobs, through the caller's q.
type jobOperations interface {
	OperationRefs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]jobs.OperationRef, error)
	OverdueOperations(ctx context.Context, q db.Q, tenantID string, day time.Time) ([]jobs.OverdueOperation, error)
	GoneOperations(ctx context.Context, q db.Q, tenantID string, ids []string) ([]string, error)
	Get(ctx context.Context, tenantID, id string) (jobs.Job, error)
}

// itemNames answers items' numbers and descriptions by id.
type itemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
}

// resourceNames answers live work centers' and equipment's names by id.
type resourceNames interface {
	WorkCentersByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRef, error)
	EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.EquipmentRef, error)
}
