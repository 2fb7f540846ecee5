package routing

import (
	"context"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Document lines (quote part lines, and sales-order lines later) own routings copied from
// their items'. The owning area works on them inside its own transaction, with its own locks
// taken, through these: it checks the owners itself, so they take no owner lock and run no
// Changed hook.

// Remove deletes o's whole routing in q's transaction, in one statement (for an owner being
// deleted).
func (s *Service) Remove(ctx context.Context, q db.Q, tenantID string, o Owner) error {
	return s.store.clear(ctx, q, tenantID, o)
}

// UnitCost estimates the cost of making quantity through o's routing (and the item routings
// of its input items), as EstimateCost does, in q's transaction and without recording a cost
// breakdown, and answers it per unit: the cumulative cost divided by quantity, rounded to the
// estimate's places. A routing with nothing in it costs 0. A quantity not above 0 or above
// 1000000 answers 400 naming quantity.
func (s *Service) UnitCost(ctx context.Context, q db.Q, tenantID string, o Owner, quantity dec.Decimal) (dec.Decimal, error) {
	if !quantity.IsPositive() || quantity.GreaterThan(maxCost) {
		return dec.Zero, apperr.Field("quantity", "must be more than 0 and at most %d", maxEstimateQuantity)
	}
	costing, err := s.deps.Settings.CostingIn(ctx, q, tenantID)
	if err != nil {
		return dec.Zero, err
	}
	e, err := s.estimateIn(ctx, q, tenantID, o, quantity.Decimal, costing.OverheadCalculationMethod)
	if err != nil {
		return dec.Zero, err
	}
	k := e.cumulative
	total := decimal.Sum(k.material, k.labor, k.machine, k.outsideProcessing, k.overhead)
	return dec.Decimal{Decimal: total.DivRound(quantity.Decimal, costPlaces)}, nil
}

// CopyPair is one copy of CopyEach: from's whole routing to to.
type CopyPair struct{ From, To Owner }

// CopyEach makes every copy of pairs as Copy does, in q's transaction and in one statement
// however many pairs and however large their routings: a batch of document lines copies its
// items' routings at once. Each to's routing must be empty and appear once.
func (s *Service) CopyEach(ctx context.Context, q db.Q, tenantID string, pairs []CopyPair) error {
	return s.store.copyEach(ctx, q, tenantID, pairs)
}
