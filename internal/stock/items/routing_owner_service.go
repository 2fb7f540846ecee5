package items

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// Items own a routing (the operations that make the item). The routing area finds an item
// and reports a routing change to it through these, which httpapi registers as the
// "item" routing owner, so items need not know routings.

const itemExistsSQL = `SELECT EXISTS (SELECT 1 FROM items WHERE tenant_id = $1 AND id = $2)`

// ExistsForRouting reports whether the tenant has item id (archived or not), for reads of its
// routing; it takes no lock.
func (s *Service) ExistsForRouting(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	var found bool
	if err := q.QueryRowxContext(ctx, itemExistsSQL, tenantID, id).Scan(&found); err != nil {
		return false, fmt.Errorf("find item for routing: %w", err)
	}
	return found, nil
}

// MakesItemForRouting answers the item an item's routing makes: the item itself.
func (s *Service) MakesItemForRouting(_ context.Context, _ db.Q, _, id string) (string, error) {
	return id, nil
}

// LockForRouting reports whether the tenant has item id (archived or not) and, when it has,
// locks its row until q's transaction ends, so every routing change of one item is
// serialised with the others and with changes of the item.
func (s *Service) LockForRouting(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.ExistsForAttachment(ctx, q, tenantID, id)
}

// RoutingChanged advances the item's modifiedUtc and records ItemUpdated (change
// routingChanged) in q's transaction, after its routing changed.
func (s *Service) RoutingChanged(ctx context.Context, q db.Q, tenantID, id string) error {
	it, err := s.store.get(ctx, q, tenantID, id)
	if err != nil {
		return err
	}
	if err := s.store.touch(ctx, q, tenantID, id); err != nil {
		return err
	}
	return recordUpdated(ctx, q, tenantID, it, "routingChanged")
}

// RoutingItemRef is what a routing needs of an item it names as an input or an operation
// item: whether it may still be picked, and its number and unit for answers.
type RoutingItemRef struct {
	ID         string
	Number     string
	Revision   *string
	IsArchived bool
	// UnitName is the item's inventory unit; nil only on legacy items without one.
	UnitName *string
}

// ItemsForRouting answers the tenant's items among ids (archived or not), keyed by id;
// unknown and other tenants' ids are absent. One query however many ids.
func (s *Service) ItemsForRouting(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]RoutingItemRef, error) {
	return s.store.routingItemRefs(ctx, q, tenantID, ids)
}
