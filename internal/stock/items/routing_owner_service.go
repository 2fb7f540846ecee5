package items

import (
	"context"

	"mos/internal/platform/db"
)

// Items own a routing (the operations that make the item). The routing area finds an item
// and reports a routing change to it through these two, which httpapi registers as the
// "item" routing owner, so items need not know routings.

// ExistsForRouting reports whether the tenant has item id (archived or not) and, when it has,
// locks its row until q's transaction ends, so every routing change of one item is
// serialised with the others and with changes of the item.
func (s *Service) ExistsForRouting(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
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
