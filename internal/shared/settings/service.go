package settings

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Service reads and replaces a tenant's settings.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the settings service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Pricing returns the tenant's pricing settings, Defaults.Pricing when never set.
func (s *Service) Pricing(ctx context.Context, tenantID string) (Pricing, error) {
	return s.PricingIn(ctx, s.pool, tenantID)
}

// PricingIn is Pricing read through q, for a caller inside a transaction (a document line
// write pricing by the default margin).
func (s *Service) PricingIn(ctx context.Context, q db.Q, tenantID string) (Pricing, error) {
	st, found, err := s.store.get(ctx, q, tenantID)
	if err != nil || !found {
		return Defaults.Pricing, err
	}
	return st.Pricing, nil
}

// Costing returns the tenant's costing settings, Defaults.Costing when never set.
func (s *Service) Costing(ctx context.Context, tenantID string) (Costing, error) {
	return s.CostingIn(ctx, s.pool, tenantID)
}

// CostingIn is Costing read through q, for a caller inside a transaction (a second
// connection taken while holding one can starve the pool).
func (s *Service) CostingIn(ctx context.Context, q db.Q, tenantID string) (Costing, error) {
	st, found, err := s.store.get(ctx, q, tenantID)
	if err != nil || !found {
		return Defaults.Costing, err
	}
	return st.Costing, nil
}

var hundred = dec.FromInt(100)

// SetPricing replaces the pricing settings and returns them as stored. The spec checks the
// same ranges on the wire; they are repeated here because other callers (and the spec's
// float comparison) must not be able to store a margin outside [0, 100).
func (s *Service) SetPricing(ctx context.Context, tenantID string, p Pricing) (Pricing, error) {
	fields := apperr.Fields{}
	if p.DefaultMargin.IsNegative() || p.DefaultMargin.GreaterThanOrEqual(hundred.Decimal) {
		fields.Add("defaultMargin", "must be at least 0 and less than 100")
	}
	if m := p.DefaultMaterialMarkup; m != nil && m.IsNegative() {
		fields.Add("defaultMaterialMarkup", "must be 0 or more")
	}
	if err := fields.Err(); err != nil {
		return Pricing{}, err
	}
	return s.store.savePricing(ctx, s.pool, tenantID, p)
}

// SetCosting replaces the costing settings and returns them as stored.
func (s *Service) SetCosting(ctx context.Context, tenantID string, c Costing) (Costing, error) {
	switch c.OverheadCalculationMethod {
	case LaborBurdened, MachineBurdened:
	default:
		return Costing{}, apperr.Field("overheadCalculationMethod", "%s",
			apperr.NotOneOf(string(c.OverheadCalculationMethod), []OverheadMethod{LaborBurdened, MachineBurdened}))
	}
	return s.store.saveCosting(ctx, s.pool, tenantID, c)
}

// QuoteValidityDays is how many days a new quote is valid for (its default expirationDate
// is that many days after the shop day it is created, or sent), DefaultQuoteValidityDays
// when never set. It reads through q, so a writer inside a transaction passes it.
func (s *Service) QuoteValidityDays(ctx context.Context, q db.Q, tenantID string) (int, error) {
	return s.store.quoteValidityDays(ctx, q, tenantID)
}

// QuoteSettings returns the tenant's quote settings, DefaultQuoteValidityDays when never set.
func (s *Service) QuoteSettings(ctx context.Context, tenantID string) (Quotes, error) {
	days, err := s.store.quoteValidityDays(ctx, s.pool, tenantID)
	return Quotes{ValidityDays: days}, err
}

// SetQuoteSettings replaces the quote settings and returns them as stored.
func (s *Service) SetQuoteSettings(ctx context.Context, tenantID string, qs Quotes) (Quotes, error) {
	if qs.ValidityDays < 1 || qs.ValidityDays > MaxQuoteValidityDays {
		return Quotes{}, apperr.Field("validityDays", "must be 1 to %d days", MaxQuoteValidityDays)
	}
	return s.store.saveQuotes(ctx, s.pool, tenantID, qs)
}

// SalesOrderSettings returns the tenant's sales order settings through q (nil: the pool), so a
// writer inside a transaction passes it; the defaults when never set.
func (s *Service) SalesOrderSettings(ctx context.Context, q db.Q, tenantID string) (SalesOrders, error) {
	if q == nil {
		q = s.pool
	}
	return s.store.salesOrders(ctx, q, tenantID)
}

// SetSalesOrderSettings replaces the sales order settings and returns them as stored.
func (s *Service) SetSalesOrderSettings(ctx context.Context, tenantID string, so SalesOrders) (SalesOrders, error) {
	return s.store.saveSalesOrders(ctx, s.pool, tenantID, so)
}
