// Package quotes serves quotes, the first sales document: a header for one customer, part
// lines (each owning a routing copied from its item's), fee lines, tax lines and at most one
// discount line. The line maths are doclines'; the totals are stored on the header and
// recomputed in the transaction of every write that changes a line (recomputeTotals), so a
// list or report reads them without the lines. Numbers come from docnumbers.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// totals_*.go, and one file set per line kind (part_lines_*, fee_lines_*, tax_lines_*,
// discount_line_*), plus the line routings (routing_handler.go).
package quotes

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of quotes and their lines.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store quoteStore
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the quotes service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
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
	if apperr.IsKind(err, apperr.KindNotFound) {
		fields := apperr.Fields{}
		fields.Add("customerId", "customer %s not found", customerID)
		return cust, fields.NotFoundErr()
	}
	if err != nil {
		return cust, err
	}
	if cust.Deleted {
		return cust, apperr.Field("customerId", "customer %s is deleted", customerID)
	}
	return cust, nil
}

// contact copies contact contactID of the customer (nil: none); a contact of another
// customer, or none, is a 404 naming contactId.
func (s *Service) contact(ctx context.Context, q db.Q, tenantID, customerID string, contactID *string) (*Contact, error) {
	if contactID == nil {
		return nil, nil
	}
	c, err := s.deps.Customers.DocumentContact(ctx, q, tenantID, customerID, *contactID)
	if apperr.IsKind(err, apperr.KindNotFound) {
		fields := apperr.Fields{}
		fields.Add("contactId", "contact %s is not a contact of customer %s", *contactID, customerID)
		return nil, fields.NotFoundErr()
	}
	if err != nil {
		return nil, err
	}
	return &Contact{ID: c.ID, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone}, nil
}

// Get returns one quote, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Quote, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}
