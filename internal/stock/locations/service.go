package locations

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/inuse"
	"mos/internal/platform/listing"
)

// maxName bounds a location's name after trimming.
const maxName = 200

// Service holds the rules of locations.
type Service struct {
	pool  *db.Pool
	store store
	// deleteBlockers are what keep a location from being deleted: the areas that keep
	// records at a location (the inventory area's stock on hand) register them at wiring.
	deleteBlockers inuse.Registry
}

// RegisterDeleteBlocker adds a use of a location that keeps it from being deleted. The check
// runs in the delete's transaction after the location's row is locked.
func (s *Service) RegisterDeleteBlocker(what string, check inuse.Check) {
	s.deleteBlockers.Register(what, check)
}

// NewService returns the locations service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new location and returns its id. The trimmed name must be free among the
// tenant's live locations, case-insensitively (decided by the unique index).
func (s *Service) Create(ctx context.Context, tenantID string, n NewLocation) (string, error) {
	fields := apperr.Fields{}
	n.Name = fields.Text("name", n.Name, maxName)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, n); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one location, deleted or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Location, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List returns the locations matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Location, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// Delete soft-deletes a live location and reports whether there was one to delete (false
// for an unknown, another tenant's or an already deleted location). A location holding
// stock is refused with a 400 naming id. The row is locked before the stock is read, so a
// receipt that share-locked it (RequireLive) has committed by then and its stock is seen;
// one arriving later waits for the delete and then finds no live location.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (deleted bool, err error) {
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.lockLive(ctx, q, tenantID, id); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return nil
			}
			return err
		}
		users, err := s.deleteBlockers.Users(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if len(users) > 0 {
			return apperr.Field("id", "the location still holds %s: move or pick it first", strings.Join(users, ", "))
		}
		if err := s.store.markDeleted(ctx, q, tenantID, id); err != nil {
			return err
		}
		deleted = true
		return nil
	})
	return deleted, err
}

// RequireLive returns the tenant's live location id, its row share-locked (SELECT … FOR
// SHARE) until q's transaction ends so that a concurrent delete waits for q and then sees
// the stock q put there. An unknown, another tenant's or a deleted location answers
// apperr.NotFound. For the inventory area, before it puts stock at a location.
func (s *Service) RequireLive(ctx context.Context, q db.Q, tenantID, id string) (Location, error) {
	return s.store.shareLive(ctx, q, tenantID, id)
}

// ByIDs returns the tenant's locations among ids by id, deleted ones included, in one query
// however many ids (for callers naming the locations of their records). Unknown ids are
// left out.
func (s *Service) ByIDs(ctx context.Context, tenantID string, ids []string) (map[string]Location, error) {
	out := make(map[string]Location, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := s.store.byIDs(ctx, s.pool, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, l := range list {
		out[l.ID] = l
	}
	return out, nil
}
