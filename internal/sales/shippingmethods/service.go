package shippingmethods

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service owns shipping methods.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the shipping-method service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new shipping method and returns its id. Invalid members answer 400 naming
// the field; a name taken by a non-archived shipping method 400 naming name (decided by the
// unique index, so concurrent creates cannot both take it).
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

// Get returns one shipping method, archived or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (ShippingMethod, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Update replaces every member of a shipping method, archived or not, under the create rules;
// a missing shipping method is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (ShippingMethod, error) {
	w, err := normalize(w)
	if err != nil {
		return ShippingMethod{}, err
	}
	var saved ShippingMethod
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.store.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.store.get(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return ShippingMethod{}, err
	}
	return saved, nil
}

// List returns the shipping methods matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]ShippingMethod, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// CheckUsable answers 404 naming field when one of ids is not a shipping method of the
// tenant, and 400 naming field when one is archived; the lookup share-locks the rows it finds
// until q's transaction ends, so none can be archived before the caller stores its reference.
// Documents that name a shipping method (sales orders, shipments) call it when they are wired.
func (s *Service) CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	found, err := s.store.byIDForShare(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		m, ok := found[id]
		if !ok {
			return apperr.NotFound("%s: shipping method %s not found", field, id)
		}
		if m.IsArchived {
			return apperr.Field(field, "shipping method %s is archived", id)
		}
	}
	return nil
}

// normalize applies the write rules, naming each offending field: name trimmed to 1..200;
// carrier and description trimmed, blank as none, at most 200.
func normalize(w Write) (Write, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	w.Carrier = fields.OptionalText("carrier", w.Carrier, maxCarrier)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	return w, fields.Err()
}
