package taxrates

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service owns tax rates.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the tax-rate service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new tax rate and returns its id. Invalid members answer 400 naming the
// field; a name taken by a non-archived tax rate 400 naming name (decided by the unique
// index, so concurrent creates cannot both take it).
func (s *Service) Create(ctx context.Context, tenantID string, w Write) (string, error) {
	w, err := normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one tax rate, archived or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (TaxRate, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Update replaces every member of a tax rate, archived or not, under the create rules; a
// missing tax rate is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (TaxRate, error) {
	w, err := normalize(w)
	if err != nil {
		return TaxRate{}, err
	}
	var saved TaxRate
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.store.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.store.get(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return TaxRate{}, err
	}
	return saved, nil
}

// List returns the tax rates matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]TaxRate, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// CheckUsable answers 404 naming field when one of ids is not a tax rate of the tenant, and
// 400 naming field when one is archived; the lookup share-locks the rows it finds until q's
// transaction ends, so none can be archived before the caller stores its reference.
func (s *Service) CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error {
	_, err := s.Usable(ctx, q, tenantID, field, ids)
	return err
}

// Usable is CheckUsable answering the tax rates, keyed by id, for a document line that
// copies a rate's name and percentage when it is written.
func (s *Service) Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]TaxRate, error) {
	if len(ids) == 0 {
		return map[string]TaxRate{}, nil
	}
	found, err := s.store.byIDForShare(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		r, ok := found[id]
		if !ok {
			return nil, apperr.NotFound("%s: tax rate %s not found", field, id)
		}
		if r.IsArchived {
			return nil, apperr.Field(field, "tax rate %s is archived", id)
		}
	}
	return found, nil
}

// normalize applies the write rules, naming each offending field: name trimmed to 1..200;
// rate 0 to 100 inclusive; description trimmed, blank as none, at most 200.
func normalize(w Write) (Write, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	if w.Rate.IsNegative() || w.Rate.GreaterThan(maxRate.Decimal) {
		fields.Add("rate", "must be a percentage from 0 to 100")
	}
	return w, fields.Err()
}
