// Package quotes serves quotes, the first sales document: a header for one customer, part
// lines (each owning a routing copied from its item's), fee lines, tax lines and at most one
// discount line. The line maths are doclines'; the totals are stored on the header and
// recomputed in the transaction of every write that changes a line (recomputeTotals), so a
// list or report reads them without the lines. Numbers come from docnumbers.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// totals_*.go, and one file set per line kind (part_lines_*; fee, tax and discount lines are
// linekinds' declared in doc_lines.go, with their *_handler.go), plus the line routings
// (routing_handler.go).
package quotes

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of quotes and their lines.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store quoteStore
	// header serves the lifecycle every document header shares (docheaders).
	header *quoteHeader
	// lines serves the fee, tax and discount lines (docLines).
	lines *linekinds.Lines[lineParent]
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the quotes service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{pool: pool, deps: deps, now: time.Now, header: newQuoteHeader(pool, deps.CustomFields)}
	s.store = quoteStore{header: s.header}
	s.lines = s.docLines()
	return s
}

// Create stores a new draft quote and returns its id, in one transaction: the customer is
// share-locked (it cannot be deleted meanwhile), the members the request leaves out are
// taken from it, and the quote number is taken last, so that a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, w QuoteCreate) (string, error) {
	fields := apperr.Fields{}
	w.Notes = normalizeNotes(fields, w.Notes)
	w.BillingAddress.Address = normalizeAddress(fields, "billingAddress", w.BillingAddress.Address)
	w.ShippingAddress.Address = normalizeAddress(fields, "shippingAddress", w.ShippingAddress.Address)
	if w.CurrencyCode != nil && !currency.Valid(*w.CurrencyCode) {
		fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	w.ExternalReferences = refs
	if err := fields.Err(); err != nil {
		return "", err
	}
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		cust, err := s.customer(ctx, q, t.ID, w.CustomerID)
		if err != nil {
			return err
		}
		row := quoteInsert{
			ID: id, CustomerID: cust.ID, BillingAddress: w.BillingAddress.Address, ShippingAddress: w.ShippingAddress.Address,
			SalesPersonID: w.SalesPersonID, PaymentTermsID: w.PaymentTermsID, Notes: w.Notes,
			ExternalReferences: w.ExternalReferences,
		}
		if row.Contact, err = s.contact(ctx, q, t.ID, cust.ID, w.ContactID); err != nil {
			return err
		}
		if !w.BillingAddress.Given {
			row.BillingAddress = cust.PrimaryBilling
		}
		if !w.ShippingAddress.Given {
			row.ShippingAddress = cust.PrimaryShipping
		}
		if row.SalesPersonID == nil {
			row.SalesPersonID = cust.SalesPersonID
		}
		if row.PaymentTermsID == nil {
			row.PaymentTermsID = cust.PaymentTermsID
		}
		switch {
		case w.CurrencyCode != nil:
			row.CurrencyCode = *w.CurrencyCode
		case cust.CurrencyCode != "":
			row.CurrencyCode = cust.CurrencyCode
		default:
			row.CurrencyCode = t.Currency
		}
		if w.ExpirationDate != nil {
			row.ExpirationDate = *w.ExpirationDate
		} else {
			days, err := s.deps.Settings.QuoteValidityDays(ctx, q, t.ID)
			if err != nil {
				return err
			}
			if row.ExpirationDate, err = defaultExpiration(t.Timezone, s.now(), days); err != nil {
				return err
			}
			row.ExpirationIsDefault = true
		}
		if t.UserID != "" {
			row.CreatedByUserID = &t.UserID
		}
		if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleQuote, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindQuote); err != nil {
			return err
		}
		return s.store.insert(ctx, q, t.ID, row)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// customer reads the quote's customer, share-locked: unknown is a 404 naming customerId, a
// deleted one a 400 naming it.
func (s *Service) customer(ctx context.Context, q db.Q, tenantID, customerID string) (customers.DocumentDefaults, error) {
	cust, err := s.deps.Customers.DocumentDefaults(ctx, q, tenantID, customerID)
	return customers.LiveDocumentCustomer(cust, err, customerID)
}

// contact copies contact contactID of the customer (nil: none); a contact of another
// customer, or none, is a 404 naming contactId.
func (s *Service) contact(ctx context.Context, q db.Q, tenantID, customerID string, contactID *string) (*Contact, error) {
	if contactID == nil {
		return nil, nil
	}
	c, err := s.deps.Customers.DocumentContact(ctx, q, tenantID, customerID, *contactID)
	return customers.DocumentContactCopy(c, err, customerID, *contactID)
}

// Get returns one quote, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Quote, error) {
	return s.header.Get(ctx, s.pool, tenantID, id)
}

// Update replaces an active quote's writable members under the rules of QuoteWrite (see
// updateQuote in the spec); a deleted quote is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w QuoteWrite) (Quote, error) {
	return s.save(ctx, t, id, docheaders.Write{}, func(Quote) (QuoteWrite, error) { return w, nil })
}

// Patch replaces an active quote with what change makes of its current state (a JSON Patch
// of ops applied by the caller, inside the transaction on the locked row), under the rules
// of a full update except that externalReferences keep blank members as empty strings and
// only the custom fields ops touch are validated.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current Quote) (QuoteWrite, error)) (Quote, error) {
	return s.save(ctx, t, id, docheaders.Write{Patch: true, Ops: ops}, change)
}

func (s *Service) save(ctx context.Context, t Tenant, id string, kind docheaders.Write, change func(Quote) (QuoteWrite, error)) (Quote, error) {
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current Quote) (Quote, error) {
		w, err := change(current)
		if err != nil {
			return Quote{}, err
		}
		u, err := s.updateOf(current, w, s.header.RefsMode(kind))
		if err != nil {
			return Quote{}, err
		}
		cust, err := s.customer(ctx, q, t.ID, w.CustomerID)
		if err != nil {
			return Quote{}, err
		}
		u.CustomerID = cust.ID
		switch {
		case w.ContactID == nil:
		case current.Contact != nil && current.Contact.ID == *w.ContactID && current.CustomerID == cust.ID:
			// The same contact keeps the copy the quote holds.
			u.Contact = current.Contact
		default:
			if u.Contact, err = s.contact(ctx, q, t.ID, cust.ID, w.ContactID); err != nil {
				return Quote{}, err
			}
		}
		if u.CustomFields, err = s.header.ValidateCustomFields(ctx, q, t.ID, kind, w.CustomFields); err != nil {
			return Quote{}, err
		}
		saved, err := s.store.update(ctx, q, t.ID, id, u)
		if err != nil || saved.CurrencyCode == current.CurrencyCode {
			return saved, err
		}
		// Another currency rounds to other minor units: the stored totals follow it.
		parent := lineParent{ID: id, Status: saved.Status, Currency: saved.CurrencyCode, CustomerID: saved.CustomerID}
		if err := s.recomputeTotals(ctx, q, t.ID, parent); err != nil {
			return Quote{}, err
		}
		return s.header.Get(ctx, q, t.ID, id)
	})
}

// updateOf checks w against the quote as it stands and returns the row to store (without
// the customer's contact and custom fields, which need lookups): the dueDate and
// expirationDate rules live here.
func (s *Service) updateOf(current Quote, w QuoteWrite, refsMode extref.Mode) (quoteUpdate, error) {
	fields := apperr.Fields{}
	u := quoteUpdate{
		BillingAddress: normalizeAddress(fields, "billingAddress", w.BillingAddress), ShippingAddress: normalizeAddress(fields, "shippingAddress", w.ShippingAddress),
		SalesPersonID: w.SalesPersonID, PaymentTermsID: w.PaymentTermsID, CurrencyCode: current.CurrencyCode,
		ExpirationDate: current.ExpirationDate, ExpirationIsDefault: current.ExpirationIsDefault, DueDate: current.DueDate,
		Notes: normalizeNotes(fields, w.Notes),
	}
	if w.CurrencyCode != nil {
		if !currency.Valid(*w.CurrencyCode) {
			fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
		}
		u.CurrencyCode = *w.CurrencyCode
	}
	if w.ExpirationWritten {
		u.ExpirationIsDefault = false
		if w.ExpirationDate != nil {
			u.ExpirationDate = *w.ExpirationDate
		}
	}
	switch {
	case w.ClearDueDate:
		u.DueDate = nil
	case w.DueDate != nil:
		u.DueDate = w.DueDate
	}
	if SentAlready(current.Status) && !sameDay(u.DueDate, current.DueDate) {
		fields.Add("dueDate", "a %s quote's due date cannot change", current.Status)
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	u.ExternalReferences = refs
	return u, fields.Err()
}

// sameDay reports whether two optional days are the same (both none counts).
func sameDay(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(*b)
}

// SetStatus moves an active quote to next under the transition table (CheckMove): a move
// to sent stamps quotedDate and recomputes a default expirationDate; a no-op changes
// nothing. A deleted quote is NotFound.
func (s *Service) SetStatus(ctx context.Context, t Tenant, id string, next Status) (Quote, error) {
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current Quote) (Quote, error) {
		move, err := CheckMove(current.Status, next)
		if err != nil {
			return Quote{}, err
		}
		quoted, expiration := current.QuotedUtc, current.ExpirationDate
		switch move {
		case MoveNone:
			return current, nil
		case MoveSend:
			now := s.now()
			quoted = &now
			if current.ExpirationIsDefault {
				days, err := s.deps.Settings.QuoteValidityDays(ctx, q, t.ID)
				if err != nil {
					return Quote{}, err
				}
				if expiration, err = defaultExpiration(t.Timezone, now, days); err != nil {
					return Quote{}, err
				}
			}
		}
		return s.store.setStatus(ctx, q, t.ID, id, next, quoted, expiration)
	})
}

// ReplaceCustomFields replaces an active quote's custom fields with values, validated in full
// against module quote.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (Quote, error) {
	return s.header.ReplaceCustomFields(ctx, tenantID, id, values)
}

// Delete soft-deletes an active quote and reports whether there was one to delete.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.header.SoftDelete(ctx, s.pool, tenantID, id)
}

// Stream answers the quotes matching f one at a time, for an answer written as it is read;
// the days of f are days of the shop's timezone. The caller must close the cursor.
func (s *Service) Stream(ctx context.Context, t Tenant, f Filter, r listing.Request) (*db.Cursor[Quote], error) {
	page, err := listing.Resolve(r, quoteListSpec)
	if err != nil {
		return nil, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdFrom", f.CreatedFrom)
	utctime.CheckFilterBound(fields, "createdTo", f.CreatedTo)
	utctime.CheckFilterBound(fields, "quotedFrom", f.QuotedFrom)
	utctime.CheckFilterBound(fields, "quotedTo", f.QuotedTo)
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	loc, err := shopday.Location(t.Timezone)
	if err != nil {
		return nil, err
	}
	var days instants
	days.createdFrom, days.createdTo = shopday.Bounds(loc, f.CreatedFrom, f.CreatedTo)
	days.quotedFrom, days.quotedTo = shopday.Bounds(loc, f.QuotedFrom, f.QuotedTo)
	return s.store.list(ctx, s.pool, t.ID, f, days, page)
}
