// Package salesorders serves sales orders: what a customer ordered. A header for one customer
// carries part lines (each owning a routing copied from its item's or its quote line's),
// blanket lines (a quantity promised over a period, released into part lines), fee lines, tax
// lines, at most one discount line, refund lines and a shipping charge. The line maths are
// doclines'; the totals are stored on the header and recomputed in the transaction of every
// write that changes a line (recomputeTotals), so a list or report reads them without the
// lines. Numbers come from docnumbers.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// totals_*.go, and one file set per line kind (part_lines_*, blanket_lines_*, fee_lines_*,
// tax_lines_*, discount_line_*, refund_lines_*), plus the line routings (routing_*.go).
package salesorders

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/shopday"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/shared/docnumbers"
)

// Service holds the rules of sales orders and their lines.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store orderStore
	// lines serves the fee, tax and discount lines (docLines).
	lines *linekinds.Lines[lineParent]
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the sales orders service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{pool: pool, deps: deps, now: time.Now}
	s.lines = s.docLines()
	return s
}

// Create stores a new draft sales order and returns its id, in one transaction: the customer
// is share-locked (it cannot be deleted meanwhile), the members the request leaves out are
// taken from it, and the order number is taken last, so that a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, w SalesOrderCreate) (string, error) {
	fields := apperr.Fields{}
	w.Notes = normalizeNotes(fields, w.Notes)
	w.CustomerPoNumber = normalizePoNumber(fields, "customerPoNumber", w.CustomerPoNumber)
	w.DropshipCustomerPoNumber = normalizePoNumber(fields, "dropshipCustomerPoNumber", w.DropshipCustomerPoNumber)
	w.BillingAddress.Address = customers.NormalizeDocumentAddress(fields, "billingAddress", w.BillingAddress.Address)
	w.ShippingAddress.Address = customers.NormalizeDocumentAddress(fields, "shippingAddress", w.ShippingAddress.Address)
	checkShippingCharge(fields, w.ShippingCharge)
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
	if !w.Dropship {
		// The dropship PO number belongs to a dropship order only.
		w.DropshipCustomerPoNumber = nil
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		cust, err := s.customer(ctx, q, t.ID, w.CustomerID)
		if err != nil {
			return err
		}
		row := orderInsert{
			ID: id, CustomerID: cust.ID, CustomerPoNumber: w.CustomerPoNumber,
			BillingAddress: w.BillingAddress.Address, ShippingAddress: w.ShippingAddress.Address,
			ShippingMethodID: w.ShippingMethodID, SalesPersonID: w.SalesPersonID, PaymentTermsID: w.PaymentTermsID,
			DueDate: w.DueDate, ProductionDueDate: w.ProductionDueDate, DeliveryDueDate: w.DeliveryDueDate,
			Dropship: w.Dropship, DropshipCustomerPoNumber: w.DropshipCustomerPoNumber, ShippingCharge: w.ShippingCharge,
			Notes: w.Notes, ExternalReferences: w.ExternalReferences,
		}
		if row.Contact, err = s.contact(ctx, q, t.ID, cust.ID, w.ContactID); err != nil {
			return err
		}
		if err := s.checkShippingMethod(ctx, q, t.ID, w.ShippingMethodID); err != nil {
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
		if w.OrderedDate != nil {
			row.OrderedDate = *w.OrderedDate
		} else if row.OrderedDate, err = shopday.Today(t.Timezone, s.now()); err != nil {
			return err
		}
		if t.UserID != "" {
			row.CreatedByUserID = &t.UserID
		}
		if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleSalesOrder, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindSalesOrder); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, t.ID, row); err != nil {
			return err
		}
		return s.afterCreate(ctx, q, t.ID, row)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// afterCreate prices a new order whose stored totals do not start at zero: one with a
// shipping charge.
func (s *Service) afterCreate(ctx context.Context, q db.Q, tenantID string, row orderInsert) error {
	if row.ShippingCharge.Amount.IsZero() {
		return nil
	}
	return s.recomputeTotals(ctx, q, tenantID, lineParent{ID: row.ID, Status: StatusDraft, Currency: row.CurrencyCode, CustomerID: row.CustomerID})
}

// customer reads the order's customer, share-locked: unknown is a 404 naming customerId, a
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
	copied := customers.CopyOf(c)
	return &copied, nil
}

// checkShippingMethod refuses an unknown (404) or archived (400) shipping method, naming
// shippingMethodId; nil is none.
func (s *Service) checkShippingMethod(ctx context.Context, q db.Q, tenantID string, id *string) error {
	if id == nil {
		return nil
	}
	err := s.deps.ShippingMethods.CheckUsable(ctx, q, tenantID, "shippingMethodId", []string{*id})
	if apperr.IsKind(err, apperr.KindNotFound) {
		fields := apperr.Fields{}
		fields.Add("shippingMethodId", "shipping method %s not found", *id)
		return fields.NotFoundErr()
	}
	return err
}

// Get returns one sales order, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (SalesOrder, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}
