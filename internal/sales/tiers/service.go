package tiers

import (
	"context"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of customer tiers.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the customer tiers service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new tier and returns its id. Names are trimmed and unique per tenant
// case-insensitively; the unique index decides between concurrent creates.
func (s *Service) Create(ctx context.Context, tenantID string, t NewTier) (string, error) {
	fields := apperr.Fields{}
	t.Name = fields.Text("name", t.Name, 200)
	if t.Description != nil {
		if n := utf8.RuneCountInString(*t.Description); n < 1 || n > 200 {
			fields.Add("description", "must be null or 1 to 200 characters")
		}
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, t); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one tier; another tenant's tier, or none, is NotFound. Other areas (customers)
// use it to resolve a tier id to its name.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Tier, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// ByIDs returns the tenant's tiers among ids, keyed by id; unknown ids are absent. It lets
// a list of customers resolve every tier name of a page in one query. It reads through q
// (the caller's transaction when it has one: a second connection can starve the pool).
func (s *Service) ByIDs(ctx context.Context, q db.Q, tenantID string, tierIDs []string) (map[string]Tier, error) {
	out := map[string]Tier{}
	if len(tierIDs) == 0 {
		return out, nil
	}
	tiers, err := s.store.list(ctx, q, tenantID, Filter{IDs: tierIDs}, listing.Page{OrderBy: "id", Limit: len(tierIDs)})
	if err != nil {
		return nil, err
	}
	for _, t := range tiers {
		out[t.ID] = t
	}
	return out, nil
}

// List returns the tiers matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Tier, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}
