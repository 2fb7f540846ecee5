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

// CarrierItem is the record type of items, as Tag.Types names it.
const CarrierItem = "item"

// RegisterCarrier adds a kind of record that carries catalogue tags: a tag's Types then name
// recordType while carries holds for it, and lists can keep only the tags such records carry.
// carries returns a SQL condition, given the tenant and tag id columns, that holds when a
// record of the type carries the tag (the carrier's area writes it, so this area names none
// of its tables). Register at wiring time, before the server serves.
func (s *Service) RegisterCarrier(recordType string, carries func(tenantColumn, tagColumn string) string) {
	s.store.carriers = append(s.store.carriers, carrier{recordType: recordType, carries: carries})
}

// StateSQL is the SQL expression, given the tenant and tag id columns, whose value changes
// whenever the tag as another record shows it changes (its version, and its types as other
// records come to carry it or stop): a record showing tags folds it into its ETag. Call it
// after wiring (RegisterCarrier).
func (s *Service) StateSQL(tenantColumn, idColumn string) string {
	return s.store.stateOf(tenantColumn, idColumn)
}

// ShownSQL is the SQL expression of the tag of list in the given tenant and id columns as one
// JSON value (NULL when there is no such tag), deleted or not, with its types: a record of
// another area that shows the tags it carries reads them in the statement that reads its
// links, and scans each into a Shown. Call it after every carrier is registered.
func (s *Service) ShownSQL(list List, tenantColumn, idColumn string) string {
	return s.store.shownOf(list, tenantColumn, idColumn)
}

// Create stores a new tag in list and returns its id.
func (s *Service) Create(ctx context.Context, tenantID string, list List, t NewTag) (string, error) {
	t, err := normalize(t)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, list, id, t); err != nil {
		return "", err
	}
	return id, nil
}

// Update replaces the name, style and description of a live tag of list under the create
// rules, and returns it as stored.
func (s *Service) Update(ctx context.Context, tenantID string, list List, id string, t NewTag) (Tag, error) {
	t, err := normalize(t)
	if err != nil {
		return Tag{}, err
	}
	if err := s.store.update(ctx, s.pool, tenantID, list, id, t); err != nil {
		return Tag{}, err
	}
	return s.Get(ctx, tenantID, list, id)
}

// Patch saves what change makes of a live tag of list (the caller applies a JSON Patch to
// it) under the rules of Update. change runs inside the transaction on the locked row, so
// concurrent patches of one tag apply one after the other.
func (s *Service) Patch(ctx context.Context, tenantID string, list List, id string, change func(current Tag) (NewTag, error)) (Tag, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getLiveForUpdate(ctx, q, tenantID, list, id)
		if err != nil {
			return err
		}
		next, err := change(current)
		if err != nil {
			return err
		}
		if next, err = normalize(next); err != nil {
			return err
		}
		return s.store.update(ctx, q, tenantID, list, id, next)
	})
	if err != nil {
		return Tag{}, err
	}
	return s.Get(ctx, tenantID, list, id)
}

// GetItemTag returns a tag of the catalogue that an active item carries (an item tag);
// any other id is NotFound.
func (s *Service) GetItemTag(ctx context.Context, tenantID, id string) (Tag, error) {
	return s.store.getCarriedBy(ctx, s.pool, tenantID, Tags, id, CarrierItem)
}

// normalize trims the name (1 to 200 characters after trimming); the schema checks the rest.
func normalize(t NewTag) (NewTag, error) {
	fields := apperr.Fields{}
	t.Name = fields.Text("name", t.Name, 200)
	return t, fields.Err()
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

// ByIDs returns the tags of list among ids, deleted ones included, ordered by name
// (case-insensitive) then id: one query however many ids, for callers that show the tags
// their records carry. Unknown ids are left out.
func (s *Service) ByIDs(ctx context.Context, q db.Q, tenantID string, list List, ids []string) ([]Tag, error) {
	if len(ids) == 0 {
		return []Tag{}, nil
	}
	return s.store.byIDs(ctx, q, tenantID, list, ids, true)
}

// RequireLive answers NotFound naming the first of ids that is not a live tag of list (an
// id of another list is unknown here), read in q's transaction. With withDeleted, deleted
// tags count as found.
func (s *Service) RequireLive(ctx context.Context, q db.Q, tenantID string, list List, ids []string, withDeleted bool) error {
	if len(ids) == 0 {
		return nil
	}
	found, err := s.store.byIDs(ctx, q, tenantID, list, ids, withDeleted)
	if err != nil {
		return err
	}
	have := make(map[string]bool, len(found))
	for _, t := range found {
		have[t.ID] = true
	}
	for _, id := range ids {
		if !have[id] {
			return notFound(list, id)
		}
	}
	return nil
}
