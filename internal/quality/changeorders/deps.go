package changeorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/sales/customers"
	"mos/internal/stock/items"
)

// Deps are the other areas change orders read through, handed in by the one wiring place.
type Deps struct {
	// Customers names the customer a change order names (customers.Service).
	Customers customerNames
	// Items names and revisions the revision items (items.Service).
	Items itemNames
}

type customerNames interface {
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]customers.Customer, error)
}

type itemNames interface {
	ItemNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.ItemName, error)
	ItemsForRouting(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.RoutingItemRef, error)
}

// Carried is an open document (a quote or sales order part line, or a job) carrying an item.
type Carried struct {
	DocumentID string
	// LineID is the part line carrying the item; nil for a job.
	LineID *string
	// Complete marks a complete job (finished as is rather than revised).
	Complete bool
}

// Carrier answers the open documents of one type that carry item itemID, through q, in one
// statement. Quotes, sales orders and jobs register one at wiring time ("documents carrying
// an item"): change orders import none of them.
type Carrier func(ctx context.Context, q db.Q, tenantID, itemID string) ([]Carried, error)

type carrier struct {
	documentType DocumentType
	find         Carrier
}

// CarrierOf adapts an area's answer of the open documents carrying an item (its own row
// type, as lower areas cannot name this package's) into a Carrier, one row at a time.
func CarrierOf[T any](find func(ctx context.Context, q db.Q, tenantID, itemID string) ([]T, error), carried func(T) Carried) Carrier {
	return func(ctx context.Context, q db.Q, tenantID, itemID string) ([]Carried, error) {
		rows, err := find(ctx, q, tenantID, itemID)
		if err != nil {
			return nil, err
		}
		out := make([]Carried, len(rows))
		for i, r := range rows {
			out[i] = carried(r)
		}
		return out, nil
	}
}
