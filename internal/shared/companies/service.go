package companies

import (
	"context"
	"strings"
	"unicode"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// maxText is the longest text member a company (or one of its addresses) holds.
const maxText = 200

// Service holds the rules of company records.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the companies service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// Create stores a new company and returns its id. A primary company demotes the previous one.
func (s *Service) Create(ctx context.Context, tenantID string, w CompanyWrite) (string, error) {
	w, err := normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.store.lockWrites(ctx, q, tenantID); err != nil {
			return err
		}
		if w.IsPrimary {
			if err := s.store.demotePrimary(ctx, q, tenantID, id); err != nil {
				return err
			}
		}
		return s.store.insert(ctx, q, tenantID, Company{ID: id, CompanyWrite: w})
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one company.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Company, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Primary returns the tenant's primary company (the issuer its documents print); found is
// false when the tenant has none.
func (s *Service) Primary(ctx context.Context, tenantID string) (Company, bool, error) {
	return s.store.primary(ctx, s.pool, tenantID)
}

// List returns the companies matching f.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Company, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// Update replaces every member of a company (omitted optional members are cleared).
func (s *Service) Update(ctx context.Context, tenantID, id string, w CompanyWrite) (Company, error) {
	// Invalid input answers 400 before the record is looked up or locked.
	if _, err := normalize(w); err != nil {
		return Company{}, err
	}
	return s.Patch(ctx, tenantID, id, func(Company) (CompanyWrite, error) { return w, nil })
}

// Patch replaces a company with what change makes of its current state, under the rules of a
// full update. change runs inside the transaction on the locked record, so a patch never
// works on a stale read; when it fails nothing is saved.
func (s *Service) Patch(ctx context.Context, tenantID, id string, change func(current Company) (CompanyWrite, error)) (Company, error) {
	var saved Company
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		// Lock before reading: every company write of the tenant takes the same lock first,
		// so two writes never wait on each other's row locks in opposite orders.
		if err := s.store.lockWrites(ctx, q, tenantID); err != nil {
			return err
		}
		current, err := s.store.getForUpdate(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		if w, err = normalize(w); err != nil {
			return err
		}
		if w.IsPrimary {
			if err := s.store.demotePrimary(ctx, q, tenantID, id); err != nil {
				return err
			}
		}
		saved = Company{ID: id, CompanyWrite: w}
		return s.store.update(ctx, q, tenantID, saved)
	})
	if err != nil {
		return Company{}, err
	}
	return saved, nil
}

// normalize trims every text member, stores blank optional members as no value, and checks
// lengths and email addresses, naming each offending field.
func normalize(w CompanyWrite) (CompanyWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxText)
	w.PhoneNumber = fields.OptionalText("phoneNumber", w.PhoneNumber, maxText)
	w.FaxNumber = fields.OptionalText("faxNumber", w.FaxNumber, maxText)
	w.Email = optionalEmail(fields, "email", w.Email)
	w.ShipTo = normalizeAddress(fields, "shipToAddress", w.ShipTo)
	w.RemitTo = normalizeAddress(fields, "remitToAddress", w.RemitTo)
	return w, fields.Err()
}

func normalizeAddress(fields apperr.Fields, prefix string, a Address) Address {
	for _, m := range []struct {
		name  string
		value **string
	}{
		{"name", &a.Name}, {"address1", &a.Address1}, {"address2", &a.Address2}, {"address3", &a.Address3},
		{"city", &a.City}, {"stateProvince", &a.StateProvince}, {"postalCode", &a.PostalCode},
		{"country", &a.Country}, {"phone", &a.Phone},
	} {
		*m.value = fields.OptionalText(prefix+"."+m.name, *m.value, maxText)
	}
	a.Email = optionalEmail(fields, prefix+".email", a.Email)
	return a
}

// optionalEmail is OptionalText that must also look like one address. Deliberately simple
// (one @ with text on both sides, no whitespace): it catches lists and typos, not mailboxes
// that do not exist.
func optionalEmail(fields apperr.Fields, field string, v *string) *string {
	t := fields.OptionalText(field, v, maxText)
	if t == nil {
		return nil
	}
	local, domain, _ := strings.Cut(*t, "@")
	if strings.Count(*t, "@") != 1 || local == "" || domain == "" || strings.IndexFunc(*t, unicode.IsSpace) >= 0 {
		fields.Add(field, "must be one email address (one @ with text on both sides, no spaces)")
	}
	return t
}
