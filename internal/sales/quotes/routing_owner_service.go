package quotes

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// The routing owner kind of part lines (routing.OwnerQuotePartLine): httpapi registers these
// four with the routing service. A line's routing is copied from its item's when the line is
// created and edited on its own from then on; the item's routing never changes with it.

// ExistsForRouting reports whether the tenant has part line lineID, for reads of its
// routing: the lines of a deleted quote stay readable.
func (s *Service) ExistsForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	return routingOwnerStore{}.lineExists(ctx, q, tenantID, lineID)
}

// LockForRouting locks the line's quote, then the line, until q's transaction ends, and
// reports whether the line may have its routing edited: its quote is not deleted. Every
// change of one quote's lines and routings so runs one at a time.
func (s *Service) LockForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	return routingOwnerStore{}.lockLine(ctx, q, tenantID, lineID)
}

// MakesItemForRouting answers the item the line quotes, which its routing makes.
func (s *Service) MakesItemForRouting(ctx context.Context, q db.Q, tenantID, lineID string) (string, error) {
	return routingOwnerStore{}.lineItem(ctx, q, tenantID, lineID)
}

// RoutingChanged is the line's "record changed" hook: it advances the line's and the quote's
// modifiedUtc in the routing change's transaction. It does not re-price a line priced by
// margin: the line keeps the estimated unit cost its last pricing used until the line is
// priced again (sending pricingScheme), so a quote already worked out does not move under the
// estimator's feet while its routing is edited.
func (s *Service) RoutingChanged(ctx context.Context, q db.Q, tenantID, lineID string) error {
	return routingOwnerStore{}.touchLine(ctx, q, tenantID, lineID)
}

// lineRoutingOwner answers the routing owner of part line lineID of quote quoteID when
// routingID is the line's routing id: a line of another quote or tenant, or another routing
// id, is NotFound. The line's quote may be deleted (its routing is then read-only: the
// routing's Lock refuses it). A line's quote and routing id never change, so the check holds
// for the routing call that follows.
func (s *Service) lineRoutingOwner(ctx context.Context, tenantID, quoteID, lineID, routingID string) (routing.Owner, error) {
	row, err := s.partLineOf(ctx, tenantID, quoteID, lineID)
	if err != nil {
		return routing.Owner{}, err
	}
	if row.RoutingID != routingID {
		return routing.Owner{}, apperr.NotFound("routing %s is not the routing of quote part line %s", routingID, lineID)
	}
	return routing.Owner{Type: routing.OwnerQuotePartLine, ID: lineID}, nil
}

// partLineOf reads part line lineID of quote quoteID, deleted quote or not; NotFound when the
// tenant has no such line on that quote.
func (s *Service) partLineOf(ctx context.Context, tenantID, quoteID, lineID string) (lineRoutingRow, error) {
	row, found, err := routingOwnerStore{}.lineOfQuote(ctx, s.pool, tenantID, quoteID, lineID)
	if err != nil {
		return lineRoutingRow{}, err
	}
	if !found {
		return lineRoutingRow{}, apperr.NotFound("quote %s has no part line %s", quoteID, lineID)
	}
	return row, nil
}

// LineCost is the estimated cost of a part line's quantity from its own routing.
type LineCost struct {
	QuoteID, LineID, ItemID string
	items.CostBreakdown
}

// LineCostBreakdown estimates the cost of making part line lineID's quantity from its own
// routing, with the item estimate's formulas, without storing it. The routing counts in the
// item's inventory unit, so the line's quantity is taken in that unit (a line of 2 Dozen
// costs 24 Each).
func (s *Service) LineCostBreakdown(ctx context.Context, tenantID, quoteID, lineID string) (LineCost, error) {
	row, err := s.partLineOf(ctx, tenantID, quoteID, lineID)
	if err != nil {
		return LineCost{}, err
	}
	quantity, err := row.inventoryQuantity()
	if err != nil {
		return LineCost{}, err
	}
	b, err := s.deps.Routings.Estimate(ctx, tenantID, routing.Owner{Type: routing.OwnerQuotePartLine, ID: lineID}, quantity)
	if err != nil {
		return LineCost{}, err
	}
	return LineCost{QuoteID: quoteID, LineID: lineID, ItemID: row.ItemID, CostBreakdown: b}, nil
}

// LineMakeSummary answers what making part line lineID's quantity (in the item's inventory
// unit) takes, exploded through its own routing and the routings of what it consumes.
func (s *Service) LineMakeSummary(ctx context.Context, tenantID, quoteID, lineID string) (routing.MakeSummary, error) {
	row, err := s.partLineOf(ctx, tenantID, quoteID, lineID)
	if err != nil {
		return routing.MakeSummary{}, err
	}
	quantity, err := row.inventoryQuantity()
	if err != nil {
		return routing.MakeSummary{}, err
	}
	return s.deps.Routings.MakeSummary(ctx, tenantID, routing.Owner{Type: routing.OwnerQuotePartLine, ID: lineID}, quantity)
}

// inventoryQuantity is the line's quantity in its item's inventory unit; a line sold in a
// unit without a fixed conversion to it cannot be costed or exploded (400).
func (r lineRoutingRow) inventoryQuantity() (dec, error) {
	if r.InventoryQuantity == nil {
		return dec{}, apperr.Field("unitOfMeasureName",
			"the line's unit %q has no fixed conversion to its item's inventory unit", r.UnitName)
	}
	return *r.InventoryQuantity, nil
}

// NoteOwnerExists reports whether the tenant has quote id, not deleted, share-locking it until
// q's transaction ends: the quote owner kind of notes (httpapi registers it).
func (s *Service) NoteOwnerExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.ShareLive(ctx, q, tenantID, id)
}
