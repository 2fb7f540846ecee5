package vendors

import (
	"context"
	"strings"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/shared/customfields"
	"mos/internal/shared/parties"
)

// Limits of a vendor's members.
const (
	maxName    = 200
	maxCode    = 50
	maxNotes   = 2000
	maxWebsite = 2000
	maxPhone   = 200
)

// vendorParty declares a vendor's addresses and contacts to the parties mechanism.
var vendorParty = parties.Party{Noun: "vendor", Table: "vendors",
	AddressTable: "vendor_addresses", ContactTable: "vendor_contacts", OwnerColumn: "vendor_id"}

// Service holds the rules of vendors.
type Service struct {
	pool  *db.Pool
	store store
	// Book serves the vendor's addresses and contacts (CreateAddress, Contacts, ...).
	*parties.Book
	customFields customFieldValidator
}

// customFieldValidator validates a vendor's customFields against the tenant's definitions.
type customFieldValidator interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// NewService returns the vendors service; it validates customFields with customFields.
func NewService(pool *db.Pool, customFields customFieldValidator) *Service {
	return &Service{pool: pool, Book: parties.Declare(pool, vendorParty), customFields: customFields}
}

// normalize applies the write rules the spec's schema cannot state, naming each offending
// field: name trimmed to 1..200; code trimmed to 1..50; currencyCode defaulted to the
// tenant's; leadTimeInDays 0 or more; notes, website and phone trimmed (blank: none); email
// under the contact email rule; externalReferences by refsMode. customFields need the
// definitions, so the caller validates them.
func normalize(w VendorWrite, tenantCurrency string, refsMode extref.Mode) (VendorWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	if w.Code != nil {
		code := strings.TrimSpace(*w.Code)
		if n := utf8.RuneCountInString(code); n < 1 || n > maxCode {
			fields.Add("code", "must be 1 to %d characters after trimming (send null for no code)", maxCode)
		}
		w.Code = &code
	}
	if w.CurrencyCode == nil {
		w.CurrencyCode = &tenantCurrency
	} else if !currency.Valid(*w.CurrencyCode) {
		fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
	}
	if w.LeadTimeInDays != nil && *w.LeadTimeInDays < 0 {
		fields.Add("leadTimeInDays", "must be a whole number of days, 0 or more")
	}
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	w.Website = fields.OptionalText("website", w.Website, maxWebsite)
	w.Phone = fields.OptionalText("phone", w.Phone, maxPhone)
	w.Email = parties.NormalizeEmail(fields, "email", w.Email)
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	w.ExternalReferences = refs
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	return w, fields.Err()
}

// Create stores a new vendor and returns its id. Names and codes are unique among the
// tenant's live vendors case-insensitively; the unique indexes decide between concurrent
// creates. Unknown payment terms answer 404.
func (s *Service) Create(ctx context.Context, t Tenant, w VendorWrite) (string, error) {
	w, err := normalize(w, t.Currency, extref.Write)
	if err != nil {
		return "", err
	}
	if w.CustomFields, err = s.customFields.Validate(ctx, s.pool, t.ID, customfields.ModuleVendor, w.CustomFields, customfields.Full); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, t.ID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Update replaces every writable member of a live vendor (omitted optional members are
// cleared) under the create rules and returns it as stored; a deleted vendor, another
// tenant's, or none is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w VendorWrite) (Vendor, error) {
	// Invalid input answers 400 before the vendor is looked up or locked.
	if _, err := normalize(w, t.Currency, extref.Write); err != nil {
		return Vendor{}, err
	}
	return s.save(ctx, t, id, nil, func(Vendor) (VendorWrite, error) { return w, nil })
}

// Patch replaces a live vendor with what change makes of its current state (a JSON Patch of
// ops applied by the caller), under the rules of a full update except that only the custom
// fields ops touch are validated. change runs inside the transaction on the locked row.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current Vendor) (VendorWrite, error)) (Vendor, error) {
	if ops == nil {
		ops = []patch.Operation{}
	}
	return s.save(ctx, t, id, ops, change)
}

// save is a full update (ops nil) or a patch (ops its operations).
func (s *Service) save(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(Vendor) (VendorWrite, error)) (Vendor, error) {
	refsMode := extref.Write
	if ops != nil {
		refsMode = extref.PatchMode(extref.Vendor)
	}
	var saved Vendor
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getLiveForUpdate(ctx, q, t.ID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		if w, err = normalize(w, t.Currency, refsMode); err != nil {
			return err
		}
		if ops != nil {
			w.CustomFields, err = s.customFields.ValidatePatch(ctx, q, t.ID, customfields.ModuleVendor, ops, w.CustomFields)
		} else {
			w.CustomFields, err = s.customFields.Validate(ctx, q, t.ID, customfields.ModuleVendor, w.CustomFields, customfields.Full)
		}
		if err != nil {
			return err
		}
		saved, err = s.store.update(ctx, q, t.ID, id, w)
		return err
	})
	if err != nil {
		return Vendor{}, err
	}
	return saved, nil
}

// Get returns one tenant's vendor, deleted or not; another tenant's, or none, is NotFound.
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
	cur, err := s.store.list(ctx, q, tenantID, Filter{IDs: vendorIDs, IncludeDeleted: true}, listing.Page{OrderBy: "id", Limit: len(vendorIDs)})
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

// List returns the vendors matching f, by name then id unless r sorts otherwise.
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
	if f, err = normalizeFilter(f); err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// normalizeFilter trims the code filter, which must then not be blank, and refuses a
// modifiedAfterUtc outside the years every date filter allows.
func normalizeFilter(f Filter) (Filter, error) {
	fields := apperr.Fields{}
	if f.Code != nil {
		code := strings.TrimSpace(*f.Code)
		if code == "" {
			fields.Add("code", "must not be blank")
		}
		f.Code = &code
	}
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	return f, fields.Err()
}
