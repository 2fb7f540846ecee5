package salesorders

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/stock/routing"
)

// The routing owner kind of part lines (routing.OwnerSalesOrderPartLine): httpapi registers
// these four with the routing service. A line's routing is copied from its item's (or its
// quote line's) when the line is created and edited on its own from then on, only while the
// order is draft or approved (CheckRoutingEditable): once production starts, the routing is
// what the shop makes to.

// ExistsForRouting reports whether the tenant has part line lineID, for reads of its
// routing: the lines of a deleted order stay readable, and reads answer in every status.
func (s *Service) ExistsForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	return routingOwnerStore{}.lineExists(ctx, q, tenantID, lineID)
}

// LockForRouting locks the line's order, then the line, until q's transaction ends, and
// reports whether the line may have its routing edited: false (404) when its order is
// deleted, a 400 when the order is neither draft nor approved. The status is read under the
// order's lock, so a status change waits for the edit or the edit sees the new status.
func (s *Service) LockForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	status, found, err := routingOwnerStore{}.lockLine(ctx, q, tenantID, lineID)
	if err != nil || !found {
		return false, err
	}
	if err := CheckRoutingEditable(status); err != nil {
		return false, err
	}
	return true, nil
}

// MakesItemForRouting answers the item the line sells, which its routing makes.
func (s *Service) MakesItemForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (string, error) {
	return routingOwnerStore{}.lineItem(ctx, q, tenantID, lineID)
}

// RoutingChanged is the line's "record changed" hook: it advances the line's and the order's
// modifiedUtc in the routing change's transaction. Like a quote line, it does not re-price a
// line priced by margin: the line keeps the estimated unit cost its last pricing used until it
// is priced again.
func (s *Service) RoutingChanged(ctx context.Context, q db.Q, tenantID, lineID string) error {
	return routingOwnerStore{}.touchLine(ctx, q, tenantID, lineID)
}

// lineRoutingOwner answers the routing owner of part line lineID of order orderID when
// routingID is the line's routing id: a line of another order or tenant, or another routing
// id, is NotFound. The order may be deleted (its routings are then read-only: the routing's
// Lock refuses it). A line's order and routing id never change, so the check holds for the
// routing call that follows.
func (s *Service) lineRoutingOwner(ctx context.Context, tenantID, orderID, lineID, routingID string) (routing.Owner, error) {
	id, found, err := routingOwnerStore{}.lineRoutingID(ctx, s.pool, tenantID, orderID, lineID)
	if err != nil {
		return routing.Owner{}, err
	}
	if !found {
		return routing.Owner{}, apperr.NotFound("sales order %s has no part line %s", orderID, lineID)
	}
	if id != routingID {
		return routing.Owner{}, apperr.NotFound("routing %s is not the routing of sales order part line %s", routingID, lineID)
	}
	return routing.Owner{Type: routing.OwnerSalesOrderPartLine, ID: lineID}, nil
}
