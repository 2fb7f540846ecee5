package customers

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"unicode"
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

// customerParty declares a customer's addresses and contacts to the parties mechanism.
var customerParty = parties.Party{Noun: "customer", Table: "customers",
	AddressTable: "customer_addresses", ContactTable: "customer_contacts", OwnerColumn: "customer_id"}

// maxCustomerText is the longest name and customer code.
const maxCustomerText = 200

// Service holds the rules of customers.
type Service struct {
	pool  *db.Pool
	store customerStore
	// Book serves the customer's addresses and contacts (CreateAddress, Contacts, ...).
	*parties.Book
	customFields customFieldValidator
	taxRates     taxRateChecker
}

// The other areas' lookups customers use, handed in by the one wiring place.
type (
	customFieldValidator interface {
		Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
		ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
	}
	// taxRateChecker answers 404 naming field when one of ids is not a tax rate of the
	// tenant and 400 naming it when one is archived, share-locking the tax rates it finds
	// until q's transaction ends.
	taxRateChecker interface {
		CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	}
)

// NewService returns the customers service. It validates customFields with customFields and
// taxRateIds with taxRates; the names of a customer's payment terms and tier are read with
// the customer (their packages' NameSQL).
func NewService(pool *db.Pool, customFields customFieldValidator, taxRates taxRateChecker) *Service {
	return &Service{pool: pool, customFields: customFields, taxRates: taxRates, Book: parties.Declare(pool, customerParty)}
}

// ByIDs returns the tenant's customers among ids, keyed by id, deleted ones too (records of
// other areas that refer to them still show a name; a write checks Deleted); unknown ids are
// absent. One query however many ids, through q: a caller inside a transaction must pass it,
// as a second connection taken while holding one can starve the pool.
func (s *Service) ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Customer, error) {
	out := map[string]Customer{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := s.store.byIDs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		out[c.ID] = c
	}
	return out, nil
}

// Create stores a new customer and returns its id. Unknown payment terms or sales person
// answer 404; a name or code taken by an active customer answers 400 (decided by the unique
// indexes, so concurrent creates cannot both win).
func (s *Service) Create(ctx context.Context, t Tenant, w CustomerWrite) (string, error) {
	w, err := normalizeCustomer(w, t.Currency, extref.Write)
	if err != nil {
		return "", err
	}
	// The definitions are read before the one INSERT, which is a transaction of its own: read
	// inside an explicit transaction they would be no fresher (nothing locks them), and the
	// create would cost two more round trips (BEGIN, COMMIT).
	if w.CustomFields, err = s.customFields.Validate(ctx, s.pool, t.ID, customfields.ModuleCustomer, w.CustomFields, customfields.Full); err != nil {
		return "", err
	}
	id := ids.New()
	if len(w.TaxRateIDs) == 0 {
		if err := s.store.insert(ctx, s.pool, t.ID, id, w); err != nil {
			return "", err
		}
		return id, nil
	}
	// The tax rates stay share-locked until the customer naming them is stored, so none can
	// be archived in between.
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.taxRates.CheckUsable(ctx, q, t.ID, "taxRateIds", w.TaxRateIDs); err != nil {
			return err
		}
		return s.store.insert(ctx, q, t.ID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Get returns one customer, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Customer, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List returns the customers matching f.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Customer, error) {
	cur, err := s.Stream(ctx, tenantID, f, r)
	if err != nil {
		return nil, err
	}
	return db.Collect(cur)
}

// Stream is List one customer at a time, for an answer written as it is read; the caller
// must close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[Customer], error) {
	page, err := listing.Resolve(r, customerListSpec)
	if err != nil {
		return nil, err
	}
	if f, err = normalizeCustomerFilter(f); err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// Update replaces every writable member of an active customer (omitted optional members are
// cleared) under the create rules; a deleted customer is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w CustomerWrite) (Customer, error) {
	// Invalid input answers 400 before the customer is looked up or locked.
	if _, err := normalizeCustomer(w, t.Currency, extref.Write); err != nil {
		return Customer{}, err
	}
	return s.save(ctx, t, id, fullUpdate, func(Customer) (CustomerWrite, error) { return w, nil })
}

// Patch replaces an active customer with what change makes of its current state (a JSON
// Patch of ops applied by the caller), under the rules of a full update except that
// externalReferences follow the patch rule and only the custom fields ops touch are
// validated. change runs inside the transaction on the locked row, so a patch never works
// on a stale read; when anything fails nothing is saved.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current Customer) (CustomerWrite, error)) (Customer, error) {
	return s.save(ctx, t, id, saveKind{patch: true, ops: ops}, change)
}

// saveKind is where a full update and a patch differ.
type saveKind struct {
	patch bool
	ops   []patch.Operation // the patch's operations
}

var fullUpdate = saveKind{}

func (s *Service) save(ctx context.Context, t Tenant, id string, kind saveKind, change func(Customer) (CustomerWrite, error)) (Customer, error) {
	refsMode := extref.Write
	if kind.patch {
		refsMode = extref.PatchMode(extref.Customer)
	}
	var saved Customer
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getActiveForUpdate(ctx, q, t.ID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		if w, err = normalizeCustomer(w, t.Currency, refsMode); err != nil {
			return err
		}
		if kind.patch {
			w.CustomFields, err = s.customFields.ValidatePatch(ctx, q, t.ID, customfields.ModuleCustomer, kind.ops, w.CustomFields)
		} else {
			w.CustomFields, err = s.customFields.Validate(ctx, q, t.ID, customfields.ModuleCustomer, w.CustomFields, customfields.Full)
		}
		if err != nil {
			return err
		}
		if err := s.taxRates.CheckUsable(ctx, q, t.ID, "taxRateIds", addedTaxRates(current.TaxRateIDs, w.TaxRateIDs)); err != nil {
			return err
		}
		saved, err = s.store.update(ctx, q, t.ID, id, w)
		return err
	})
	if err != nil {
		return Customer{}, err
	}
	return saved, nil
}

// SetTier assigns an active customer to a tier, or to none when tierID is nil. An unknown
// tier or a missing or deleted customer is NotFound.
func (s *Service) SetTier(ctx context.Context, tenantID, id string, tierID *string) (Customer, error) {
	return s.store.setTier(ctx, s.pool, tenantID, id, tierID)
}

// Delete soft-deletes an active customer and reports whether there was one to delete.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.softDelete(ctx, s.pool, tenantID, id)
}

// normalizeCustomer applies the write rules the spec's schema cannot state, naming each
// offending field: name trimmed to 1..200; customerCode trimmed and not blank; currencyCode defaulted
// to the tenant's; creditLimit not negative; url an absolute http(s) URI (blank: none);
// taxRateIds without blanks or repeats; blank notes as none; externalReferences by refsMode.
// customFields need the definitions, so the caller validates them.
func normalizeCustomer(w CustomerWrite, tenantCurrency string, refsMode extref.Mode) (CustomerWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxCustomerText)
	if w.CustomerCode != nil {
		code := strings.TrimSpace(*w.CustomerCode)
		if n := utf8.RuneCountInString(code); n < 1 || n > maxCustomerText {
			fields.Add("customerCode", "must be 1 to %d characters after trimming (send null for no code)", maxCustomerText)
		}
		w.CustomerCode = &code
	}
	if w.CurrencyCode == nil {
		w.CurrencyCode = &tenantCurrency
	} else if !currency.Valid(*w.CurrencyCode) {
		fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
	}
	if w.CreditLimit != nil && w.CreditLimit.IsNegative() {
		fields.Add("creditLimit", "must be 0 or more")
	}
	w.URL = normalizeURL(fields, w.URL)
	w.TaxRateIDs = normalizeTaxRateIDs(fields, w.TaxRateIDs)
	if w.Notes != nil && strings.TrimSpace(*w.Notes) == "" {
		w.Notes = nil
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	w.ExternalReferences = refs
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	return w, fields.Err()
}

// normalizeURL trims v; blank is no value, anything else must be an absolute http or https
// URI with a host and no whitespace.
func normalizeURL(fields apperr.Fields, v *string) *string {
	if v == nil {
		return nil
	}
	s := strings.TrimSpace(*v)
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.ContainsFunc(s, unicode.IsSpace) {
		fields.Add("url", "must be an absolute http or https URI, for example https://example.com")
	}
	return &s
}

// addedTaxRates are the ids of next that current lacks: a write checks only the tax rates
// it adds, so a customer keeps one archived since it was named.
func addedTaxRates(current, next []string) []string {
	var out []string
	for _, id := range next {
		if !slices.Contains(current, id) {
			out = append(out, id)
		}
	}
	return out
}

// normalizeTaxRateIDs keeps ids as sent, in order, without repeats; a blank id is refused.
func normalizeTaxRateIDs(fields apperr.Fields, ids []string) []string {
	out := make([]string, 0, len(ids))
	for i, id := range ids {
		if strings.TrimSpace(id) == "" {
			fields.Add("taxRateIds", "item %d is blank", i)
			continue
		}
		out = append(out, id)
	}
	return distinctStrings(out)
}

// normalizeCustomerFilter trims the exact-match filters, which must then not be blank, and
// refuses a modifiedAfterUtc outside the years every date filter allows.
func normalizeCustomerFilter(f Filter) (Filter, error) {
	fields := apperr.Fields{}
	trim := func(field string, v *string) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
		if s == "" {
			fields.Add(field, "must not be blank")
		}
		return &s
	}
	f.CustomerCode = trim("customerCode", f.CustomerCode)
	f.Email = trim("email", f.Email)
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	return f, fields.Err()
}

// distinctStrings returns ss without repeats, in first-seen order.
func distinctStrings(ss []string) []string {
	seen := make(map[string]bool, len(ss))
	out := ss[:0:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
