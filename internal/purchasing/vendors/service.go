package vendors

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of vendors.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the vendors service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// normalize trims and checks w and defaults its currency to the tenant's: the create rules,
// which a full update repeats.
func normalize(w VendorWrite, tenantCurrency string) (VendorWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, 200)
	if w.CurrencyCode == nil {
		w.CurrencyCode = &tenantCurrency
	} else if !currency.Valid(*w.CurrencyCode) {
		fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
	}
	return w, fields.Err()
}

// Create stores a new vendor and returns its id. Names are unique among the tenant's live
// vendors case-insensitively; the unique index decides between concurrent creates.
func (s *Service) Create(ctx context.Context, t Tenant, w VendorWrite) (string, error) {
	w, err := normalize(w, t.Currency)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, t.ID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Update replaces a live vendor's members with w under the create rules and returns it as
// stored; a deleted vendor, another tenant's, or none is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w VendorWrite) (Vendor, error) {
	w, err := normalize(w, t.Currency)
	if err != nil {
		return Vendor{}, err
	}
	return s.store.update(ctx, s.pool, t.ID, id, w)
}

// Get returns one tenant's vendor; another tenant's, or none, is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Vendor, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// ByIDs returns the tenant's vendors among ids (deleted ones too, so records that refer to
// them still show a name), keyed by id; unknown ids are absent. It lets a page of records
// resolve every vendor they name in one query. It reads through q (the caller's transaction
// when it has one: a second connection taken while holding one can starve the pool).
func (s *Service) ByIDs(ctx context.Context, q db.Q, tenantID string, vendorIDs []string) (map[string]Vendor, error) {
	out := map[string]Vendor{}
	if len(vendorIDs) == 0 {
		return out, nil
	}
	cur, err := s.store.list(ctx, q, tenantID, Filter{IDs: vendorIDs}, true, listing.Page{OrderBy: "id", Limit: len(vendorIDs)})
	if err != nil {
		return nil, err
	}
	vendors, err := db.Collect(cur)
	if err != nil {
		return nil, err
	}
	for _, v := range vendors {
		out[v.ID] = v
	}
	return out, nil
}

// List returns the live vendors matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Vendor, error) {
	cur, err := s.Stream(ctx, tenantID, f, r)
	if err != nil {
		return nil, err
	}
	return db.Collect(cur)
}

// Stream is List one vendor at a time, for an answer written as it is read; the caller must
// close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[Vendor], error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, false, page)
}
