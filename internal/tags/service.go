package tags

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of Tag-shaped lists.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the tags service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new tag in list and returns its id.
func (s *Service) Create(ctx context.Context, tenantID string, list List, t NewTag) (string, error) {
	fields := apperr.Fields{}
	t.Name = fields.Text("name", t.Name, 200)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, list, id, t); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one tag of list.
func (s *Service) Get(ctx context.Context, tenantID string, list List, id string) (Tag, error) {
	return s.store.get(ctx, s.pool, tenantID, list, id)
}

// List returns the tags of list matching f.
func (s *Service) List(ctx context.Context, tenantID string, list List, f Filter, r listing.Request) ([]Tag, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, list, f, page)
}
