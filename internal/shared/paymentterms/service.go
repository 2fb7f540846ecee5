package paymentterms

import (
	"context"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of payment terms.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the payment terms service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores new payment terms and returns their id. Names are trimmed and unique per
// tenant case-insensitively; the unique index decides between concurrent creates.
func (s *Service) Create(ctx context.Context, tenantID string, t NewTerm) (string, error) {
	fields := apperr.Fields{}
	t.Name = fields.Text("name", t.Name, 200)
	if t.NetDays < 0 || t.NetDays > MaxNetDays {
		fields.Add("netDays", "must be between 0 and %d", MaxNetDays)
	}
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

// Get returns one tenant's payment terms; another tenant's, or none, is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Term, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// ByIDs returns the tenant's payment terms among ids, keyed by id; unknown ids are absent.
// It lets a list of customers resolve every payment terms name of a page in one query.
func (s *Service) ByIDs(ctx context.Context, tenantID string, termIDs []string) (map[string]Term, error) {
	out := map[string]Term{}
	if len(termIDs) == 0 {
		return out, nil
	}
	terms, err := s.store.list(ctx, s.pool, tenantID, Filter{IDs: termIDs}, listing.Page{OrderBy: "id", Limit: len(termIDs)})
	if err != nil {
		return nil, err
	}
	for _, t := range terms {
		out[t.ID] = t
	}
	return out, nil
}

// List returns the payment terms matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Term, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}
