package salesorders

import (
	"context"
	"time"

	"mos/internal/platform/db"
)

// PartLineForJob is what a job takes from a sales-order part line it makes: the line's
// order (its status and customer), its item, its quantity in the item's inventory unit and
// its delivery date.
type PartLineForJob struct {
	ID          string
	OrderID     string
	OrderNumber int64
	OrderStatus Status
	// OrderDeleted is true when the line's order is deleted.
	OrderDeleted bool
	CustomerID   string
	ItemID       string
	// InventoryQuantity is the line's quantity in the item's inventory unit; nil when the
	// line's unit has no fixed conversion to it.
	InventoryQuantity *dec
	// DeliveryDate is the line's delivery day at midnight UTC; nil when none.
	DeliveryDate *time.Time
}

// PartLinesForJobs answers the tenant's part lines among lineIDs, keyed by id, with their
// orders share-locked until q's transaction ends (so an order's status cannot move while a
// job is created from its lines), in one statement however many lines. Unknown and other
// tenants' ids are absent.
func (s *Service) PartLinesForJobs(ctx context.Context, q db.Q, tenantID string, lineIDs []string) (map[string]PartLineForJob, error) {
	if len(lineIDs) == 0 {
		return map[string]PartLineForJob{}, nil
	}
	return jobsLookupStore{}.partLines(ctx, q, tenantID, lineIDs)
}
