package lots

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// maxName bounds a lot's name after trimming.
const maxName = 200

// Service holds the rules of lots.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the lots service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// UseQuantity hands lots the SQL expression of a lot's units on hand, given its tenant and
// lot id columns: the inventory area owns the balances, and it needs lots itself, so it joins
// here at wiring time rather than being imported. Call it before the server serves.
func (s *Service) UseQuantity(expr func(tenantColumn, lotColumn string) string) {
	s.store.quantity = expr
}

// Create stores a new lot of an item and returns its id. The name is trimmed (blank: an
// unnamed lot) and must be free within the item, case-insensitively (decided by the unique
// index); an unknown item, or another tenant's, is NotFound.
func (s *Service) Create(ctx context.Context, tenantID string, n NewLot) (string, error) {
	fields := apperr.Fields{}
	n.Name = fields.OptionalText("name", n.Name, maxName)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, n, false); err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one lot with its quantity on hand.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Lot, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List returns the lots matching f with their quantities, by name (unnamed first) then id
// unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Lot, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// ForItem returns the tenant's lot lotID, read in q, which must be a lot of itemID: an
// unknown lot, or another tenant's, is NotFound; another item's lot is a 400 naming lotId.
// For the inventory area, before it moves stock of an item in a lot.
func (s *Service) ForItem(ctx context.Context, q db.Q, tenantID, lotID, itemID string) (Lot, error) {
	l, err := s.store.get(ctx, q, tenantID, lotID)
	if err != nil {
		return Lot{}, err
	}
	if l.ItemID != itemID {
		return Lot{}, apperr.Field("lotId", "lot %s is not a lot of item %s", lotID, itemID)
	}
	return l, nil
}

// EnsureNamed returns the item's lot named name (trimmed, case-insensitive), creating it
// in q's transaction when the item has none: a receipt naming its lot number. The trimmed
// name must be 1 to 200 characters (else a 400 naming lotNumber, the receipt's field); an
// unknown item is NotFound. Safe under concurrency in a READ COMMITTED transaction: the
// insert does nothing when the name exists (waiting for a concurrent creator to finish), and
// the read after it sees whichever lot won.
func (s *Service) EnsureNamed(ctx context.Context, q db.Q, tenantID, itemID, name string) (Lot, error) {
	fields := apperr.Fields{}
	name = fields.Text("lotNumber", name, maxName)
	if err := fields.Err(); err != nil {
		return Lot{}, err
	}
	if err := s.store.insertNamedIfAbsent(ctx, q, tenantID, ids.New(), itemID, name); err != nil {
		return Lot{}, err
	}
	return s.store.byName(ctx, q, tenantID, itemID, name)
}

// CreateSystem creates a new unnamed system lot of the item in q's transaction: a receipt of
// a lot-tracked item that named no lot. An unknown item is NotFound.
func (s *Service) CreateSystem(ctx context.Context, q db.Q, tenantID, itemID string) (Lot, error) {
	id := ids.New()
	if err := s.store.insert(ctx, q, tenantID, id, NewLot{ItemID: itemID}, true); err != nil {
		return Lot{}, err
	}
	return Lot{ID: id, ItemID: itemID, System: true, Quantity: dec.Zero}, nil
}

// ByIDs returns the tenant's lots among ids by id, with their quantities, in one query however
// many ids (for callers naming the lots of their records). Unknown ids are left out.
func (s *Service) ByIDs(ctx context.Context, tenantID string, ids []string) (map[string]Lot, error) {
	out := make(map[string]Lot, len(ids))
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

// IsLotOf is ForItem answering only whether lotID is a lot of itemID (an error when it is not),
// for areas that need the check but not the lot (attachments' certifications).
func (s *Service) IsLotOf(ctx context.Context, q db.Q, tenantID, lotID, itemID string) error {
	_, err := s.ForItem(ctx, q, tenantID, lotID, itemID)
	return err
}
