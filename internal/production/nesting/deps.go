package nesting

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/production/jobs"
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
