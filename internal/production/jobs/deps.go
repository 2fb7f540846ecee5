package jobs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/patch"
	"mos/internal/sales/customers"
	"mos/internal/sales/salesorders"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/shared/customfields"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
	"mos/internal/stock/scrap"
)

// Deps are the other areas jobs read through, handed in by the one wiring place. Each is the
// small interface jobs use, so a test or a later area can stand in for it.
type Deps struct {
	// SalesOrders answers the sales-order part lines a job makes (salesorders.Service).
	SalesOrders salesOrderLines
	// Customers answers the customer a job makes for (customers.Service).
	Customers customerLookup
	// Items answers the items jobs make and records their cost breakdowns (items.Service).
	Items itemLookup
	// Routings copies the routings of the items to make and reads them (routing.Service).
	Routings jobRoutings
	// Reservations hold the stock a released job still needs (inventory.Service).
	Reservations stockReservations
	// CustomFields validates a job's customFields against module job (and a job operation's
	// against job_Operation).
	CustomFields customFieldValidator
	// Stock takes the stock jobs pick and receives what they make (inventory.Service).
	Stock stockMoves
	// Users answers which users a job message mentions exist (users.Service).
	Users userDirectory
	// Scrap records the scrap job operations add, in their transaction (scrap.Service).
	Scrap scrapRegister
	// TrackingFields answers the data types and options the in-process tracking values
	// recorded on job operations must suit (trackingfields.Service).
	TrackingFields trackingFieldRules
}

// scrapRegister records scrap in the caller's transaction q.
type scrapRegister interface {
	Record(ctx context.Context, q db.Q, tenantID string, r scrap.Record) error
}

// trackingFieldRules answers the tenant's tracking fields among ids with their data types and
// options, through q.
type trackingFieldRules interface {
	ValueRules(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]trackingfields.ValueRule, error)
}

// userDirectory answers which of ids are users of the tenant, through q.
type userDirectory interface {
	Known(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]bool, error)
}

// stockMoves picks stock for job operations and receives what jobs make, in the job's
// transaction.
type stockMoves interface {
	PickIn(ctx context.Context, q db.Q, tenantID string, p inventory.Pick) (inventory.Event, error)
	ReceiveIn(ctx context.Context, q db.Q, tenantID string, r inventory.Receive) (inventory.Event, error)
}

// salesOrderLines reads the part lines a new job makes, their orders share-locked until q's
// transaction ends.
type salesOrderLines interface {
	PartLinesForJobs(ctx context.Context, q db.Q, tenantID string, lineIDs []string) (map[string]salesorders.PartLineForJob, error)
}

// customerLookup reads a job's customer, share-locked until q's transaction ends; unknown is
// NotFound.
type customerLookup interface {
	DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error)
}

// itemLookup answers the items jobs make: SaleItems share-locks them in a write (their unit
// cannot change under a new job), ItemsForRouting names them in reads; SaveCostBreakdown
// writes the cost breakdown a job keeps for an item it makes.
type itemLookup interface {
	SaleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.SaleItem, error)
	ItemsForRouting(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.RoutingItemRef, error)
	SaveCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID, id string, b items.CostBreakdown) (items.CostBreakdown, error)
}

// jobRoutings copies routings to new items to make (a batch in one statement) and reads the
// routings of several items to make in a fixed number of statements, in the caller's
// transaction. The job routing paths are served by routing.OwnerPaths (the handler's).
type jobRoutings interface {
	CopyEach(ctx context.Context, q db.Q, tenantID string, pairs []routing.CopyPair) error
	RoutingsIn(ctx context.Context, q db.Q, tenantID string, owners []routing.Owner) (map[routing.Owner]routing.Routing, error)
	OperationsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]routing.OwnedOperation, error)
	TrackingsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]routing.Tracking, error)
}

// stockReservations is what jobs ask of the inventory ledger, in their own transaction: hold
// a requirement's units, release a job's or a requirement's, read what requirements hold.
type stockReservations interface {
	Hold(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation, itemID string, want dec.Decimal) (dec.Decimal, error)
	Release(ctx context.Context, q db.Q, tenantID string, r inventory.Reservation) error
	ReservedFor(ctx context.Context, q db.Q, tenantID, forType string, forIDs []string) (map[string]dec.Decimal, error)
}

// customFieldValidator checks custom field values against the definitions of a module.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}
