package users

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// listSpec declares the user list's sort fields: by name (case-insensitive) then id unless
// Sort.Field names another.
var listSpec = listing.Spec{
	Fields:   map[string]string{"id": "id", "name": "lower(name)", "createdUtc": "created_utc"},
	Default:  "name",
	IDColumn: "id",
}

// Service reads users: get one, list a page.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the user service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Get returns one user of the tenant; another tenant's or none is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (User, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List returns the tenant's users matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]User, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// Known answers which of ids are users of the tenant (absent: not one), through q, in one
// statement: records that name users (a job message's mentions) check them with it.
func (s *Service) Known(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]bool, error) {
	return s.store.known(ctx, q, tenantID, ids)
}
