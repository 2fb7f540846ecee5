package refundreasons

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service owns refund reason codes.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the refund-reason-code service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new refund reason code and returns its id. Invalid members answer 400
// naming the field; a name or code taken by a non-archived refund reason code 400 naming it
// (decided by the unique indexes, so concurrent creates cannot both take it).
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

// Get returns one refund reason code, archived or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (RefundReason, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Update replaces every member of a refund reason code, archived or not, under the create
// rules; a missing one is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (RefundReason, error) {
	w, err := normalize(w)
	if err != nil {
		return RefundReason{}, err
	}
	var saved RefundReason
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.store.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.store.get(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return RefundReason{}, err
	}
	return saved, nil
}

// List returns the refund reason codes matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]RefundReason, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// normalize applies the write rules, naming each offending field: name trimmed to 1..200;
// code and description trimmed, blank as none, at most 50 and 200.
func normalize(w Write) (Write, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	w.Code = fields.OptionalText("code", w.Code, maxCode)
	w.Description = fields.OptionalText("description", w.Description, maxDescription)
	return w, fields.Err()
}
