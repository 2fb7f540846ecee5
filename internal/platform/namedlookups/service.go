package namedlookups

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service owns the records of one named lookup; a resource's service embeds it.
type Service[W, R any] struct {
	pool   *db.Pool
	lookup *Lookup[W, R]
}

// NewService returns the service of l, building l's SQL once.
func NewService[W, R any](pool *db.Pool, l *Lookup[W, R]) *Service[W, R] {
	l.once.Do(l.build)
	return &Service[W, R]{pool: pool, lookup: l}
}

// Create stores a new record and returns its id. Invalid members answer 400 naming the
// field; a name (or another unique member) taken by a non-archived record 400 naming it,
// decided by the unique index, so concurrent creates cannot both take it.
func (s *Service[W, R]) Create(ctx context.Context, tenantID string, w W) (string, error) {
	w, err := s.lookup.Normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.lookup.insert(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one record, archived or not.
func (s *Service[W, R]) Get(ctx context.Context, tenantID, id string) (R, error) {
	return s.lookup.get(ctx, s.pool, tenantID, id)
}

// Update replaces every member of a record, archived or not, under the create rules; a
// missing record is NotFound.
func (s *Service[W, R]) Update(ctx context.Context, tenantID, id string, w W) (R, error) {
	var saved R
	w, err := s.lookup.Normalize(w)
	if err != nil {
		return saved, err
	}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lookup.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.lookup.get(ctx, q, tenantID, id)
		return err
	})
	return saved, err
}

// List returns the records matching f, by name then id unless r sorts otherwise.
func (s *Service[W, R]) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]R, error) {
	page, err := listing.Resolve(r, s.lookup.sql.listSpec)
	if err != nil {
		return nil, err
	}
	return s.lookup.list(ctx, s.pool, tenantID, f, page)
}

// CheckUsable answers 404 naming field when one of ids is not a record of the tenant, and
// 400 naming field when one is archived; the lookup share-locks the rows it finds until q's
// transaction ends, so none can be archived before the caller stores its reference.
func (s *Service[W, R]) CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error {
	_, err := s.Usable(ctx, q, tenantID, field, ids)
	return err
}

// Usable is CheckUsable answering the records, keyed by id, for a document that copies
// members of what it names when it is written.
func (s *Service[W, R]) Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]R, error) {
	if len(ids) == 0 {
		return map[string]R{}, nil
	}
	found, err := s.lookup.byIDForShare(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]R, len(found))
	for _, id := range ids {
		r, ok := found[id]
		if !ok {
			return nil, apperr.NotFound("%s: %s %s not found", field, s.lookup.Noun, id)
		}
		if r.archived {
			return nil, apperr.Field(field, "%s %s is archived", s.lookup.Noun, id)
		}
		out[id] = r.record
	}
	return out, nil
}

// ByIDs answers the tenant's records among ids, archived ones too, keyed by id, in one
// statement and without locking them: what a document's read shows of the records its lines
// name. An unknown id is left out.
func (s *Service[W, R]) ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]R, error) {
	out := map[string]R{}
	if len(ids) == 0 {
		return out, nil
	}
	found, err := s.lookup.byIDsWith(ctx, q, s.lookup.sql.byIDs, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for id, r := range found {
		out[id] = r.record
	}
	return out, nil
}

// LiveAmong answers the tenant's records among ids that are not archived, in the order of
// ids, leaving out unknown and archived ones; the lookup share-locks the rows it finds until
// q's transaction ends. A document that copies what another record lists (a customer's tax
// rates) calls it, skipping what it may no longer name.
func (s *Service[W, R]) LiveAmong(ctx context.Context, q db.Q, tenantID string, ids []string) ([]R, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	found, err := s.lookup.byIDForShare(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	var out []R
	for _, id := range ids {
		if r, ok := found[id]; ok && !r.archived {
			out = append(out, r.record)
			delete(found, id)
		}
	}
	return out, nil
}
