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

// Service holds the rules of sales orders and their lines.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store orderStore
	// header serves the lifecycle every document header shares (docheaders).
	header *orderHeader
	// lines serves the fee, tax and discount lines (docLines).
	lines *linekinds.Lines[lineParent]
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the sales orders service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{pool: pool, deps: deps, now: time.Now, header: newOrderHeader(pool, deps.CustomFields)}
	s.store = orderStore{header: s.header}
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
		return s.afterCreate(ctx, q, t.ID, row, cust.TaxRateIDs)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// afterCreate completes a new order: when the tenant's settings ask for it, one tax line per
// live tax rate the customer lists (archived ones are skipped, as no new line may name them),
// then its totals when a tax line or the shipping charge makes them other than zero.
func (s *Service) afterCreate(ctx context.Context, q db.Q, tenantID string, row orderInsert, customerRates []string) error {
	priced := !row.ShippingCharge.Amount.IsZero()
	if len(customerRates) > 0 {
		set, err := s.deps.Settings.SalesOrderSettings(ctx, q, tenantID)
		if err != nil {
			return err
		}
		if set.AutoAddCustomerTaxRates {
			rates, err := s.deps.TaxRates.LiveAmong(ctx, q, tenantID, customerRates)
			if err != nil {
				return err
			}
			if err := s.store.insertAutoTaxLines(ctx, q, tenantID, row.ID, rates); err != nil {
				return err
			}
			priced = priced || len(rates) > 0
		}
	}
	if !priced {
		return nil
	}
	return s.recomputeTotals(ctx, q, tenantID, lineParent{ID: row.ID, Status: StatusDraft, Currency: row.CurrencyCode, CustomerID: row.CustomerID})
}

// customer reads the order's customer, share-locked: unknown is a 404 naming customerId, a
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
	return s.header.Get(ctx, s.pool, tenantID, id)
}

// Update replaces an active order's writable members under the rules of SalesOrderWrite
// (see updateSalesOrder in the spec); a deleted order is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w SalesOrderWrite) (SalesOrder, error) {
	return s.save(ctx, t, id, docheaders.Write{}, func(SalesOrder) (SalesOrderWrite, error) { return w, nil })
}

// Patch replaces an active order with what change makes of its current state (a JSON Patch
// of ops applied by the caller, inside the transaction on the locked row), under the rules of
// a full update except that externalReferences keep blank members as empty strings and only
// the custom fields ops touch are validated.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current SalesOrder) (SalesOrderWrite, error)) (SalesOrder, error) {
	return s.save(ctx, t, id, docheaders.Write{Patch: true, Ops: ops}, change)
}

func (s *Service) save(ctx context.Context, t Tenant, id string, kind docheaders.Write, change func(SalesOrder) (SalesOrderWrite, error)) (SalesOrder, error) {
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current SalesOrder) (SalesOrder, error) {
		w, err := change(current)
		if err != nil {
			return SalesOrder{}, err
		}
		u, err := updateOf(current, w, s.header.RefsMode(kind))
		if err != nil {
			return SalesOrder{}, err
		}
		cust, err := s.customer(ctx, q, t.ID, w.CustomerID)
		if err != nil {
			return SalesOrder{}, err
		}
		u.CustomerID = cust.ID
		switch {
		case w.ContactID == nil:
		case current.Contact != nil && current.Contact.ID == *w.ContactID && current.CustomerID == cust.ID:
			// The same contact keeps the copy the order holds.
			u.Contact = current.Contact
		default:
			if u.Contact, err = s.contact(ctx, q, t.ID, cust.ID, w.ContactID); err != nil {
				return SalesOrder{}, err
			}
		}
		if w.ShippingMethodID != nil && !sameID(w.ShippingMethodID, current.ShippingMethodID) {
			// The order's own method stays usable once archived; a new one must be live.
			if err := s.checkShippingMethod(ctx, q, t.ID, w.ShippingMethodID); err != nil {
				return SalesOrder{}, err
			}
		}
		if u.CustomFields, err = s.header.ValidateCustomFields(ctx, q, t.ID, kind, w.CustomFields); err != nil {
			return SalesOrder{}, err
		}
		saved, err := s.store.update(ctx, q, t.ID, id, u)
		if err != nil {
			return SalesOrder{}, err
		}
		if saved.CurrencyCode == current.CurrencyCode && saved.ShippingCharge == current.ShippingCharge {
			return saved, nil
		}
		// Another currency rounds to other minor units, and the shipping charge is a fee: the
		// stored totals follow them.
		parent := lineParent{ID: id, Status: saved.Status, Currency: saved.CurrencyCode, CustomerID: saved.CustomerID}
		if err := s.recomputeTotals(ctx, q, t.ID, parent); err != nil {
			return SalesOrder{}, err
		}
		return s.header.Get(ctx, q, t.ID, id)
	})
}

// updateOf checks w against the order as it stands and returns the row to store (without the
// customer's contact and custom fields, which need lookups): the customer, dropship and
// kept-when-omitted rules live here.
func updateOf(current SalesOrder, w SalesOrderWrite, refsMode extref.Mode) (orderUpdate, error) {
	fields := apperr.Fields{}
	u := orderUpdate{
		CustomerPoNumber: normalizePoNumber(fields, "customerPoNumber", w.CustomerPoNumber),
		BillingAddress:   customers.NormalizeDocumentAddress(fields, "billingAddress", w.BillingAddress),
		ShippingAddress:  customers.NormalizeDocumentAddress(fields, "shippingAddress", w.ShippingAddress),
		ShippingMethodID: w.ShippingMethodID, SalesPersonID: w.SalesPersonID, CurrencyCode: current.CurrencyCode,
		PaymentTermsID: w.PaymentTermsID, OrderedDate: current.OrderedDate, DueDate: w.DueDate,
		ProductionDueDate: w.ProductionDueDate, DeliveryDueDate: w.DeliveryDueDate,
		Dropship: current.Dropship, DropshipCustomerPoNumber: current.DropshipCustomerPoNumber,
		ShippingCharge: current.ShippingCharge, Notes: normalizeNotes(fields, w.Notes),
	}
	if w.CustomerID != current.CustomerID && current.Status != StatusDraft {
		fields.Add("customerId", "the customer of a %s sales order cannot change (only while draft)", current.Status)
	}
	if w.CurrencyCode != nil {
		if !currency.Valid(*w.CurrencyCode) {
			fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
		}
		u.CurrencyCode = *w.CurrencyCode
	}
	if w.OrderedDate != nil {
		u.OrderedDate = *w.OrderedDate
	}
	po := normalizePoNumber(fields, "dropshipCustomerPoNumber", w.DropshipCustomerPoNumber)
	switch {
	case w.DropshipWritten:
		u.Dropship, u.DropshipCustomerPoNumber = w.Dropship, po
		if !w.Dropship {
			u.DropshipCustomerPoNumber = nil
		}
	case w.DropshipPoOnly:
		if !current.Dropship {
			fields.Add("dropshipCustomerPoNumber", "only a dropship order has a dropship customer PO number")
		}
		u.DropshipCustomerPoNumber = po
	}
	if w.ShippingCharge != nil {
		checkShippingCharge(fields, *w.ShippingCharge)
		u.ShippingCharge = *w.ShippingCharge
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	u.ExternalReferences = refs
	return u, fields.Err()
}

func sameID(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// SetStatus moves an active order to next under the transition table (CheckMove), in one
// transaction with the order locked: a no-op changes nothing. A move into or out of the
// statuses that hold stock runs holdStockForMove in the same transaction. A deleted order is
// NotFound.
func (s *Service) SetStatus(ctx context.Context, tenantID, id string, next Status) (SalesOrder, error) {
	return s.header.Change(ctx, tenantID, id, func(q db.Q, current SalesOrder) (SalesOrder, error) {
		moved, err := CheckMove(current.Status, next)
		if err != nil || !moved {
			return current, err
		}
		if err := s.holdStockForMove(ctx, q, tenantID, current, next); err != nil {
			return SalesOrder{}, err
		}
		return s.header.StoreStatus(ctx, q, tenantID, id, string(next))
	})
}

// holdStockForMove is where a status move reserves or releases the order's stock (stockMove):
// reserveOrder holds every part line's units, releaseOrder lets go of all of them.
func (s *Service) holdStockForMove(ctx context.Context, q db.Q, tenantID string, current SalesOrder, next Status) error {
	switch stockMove(current.Status, next) {
	case moveReserves:
		return s.reserveOrder(ctx, q, tenantID, current.ID)
	case moveReleases:
		return s.releaseOrder(ctx, q, tenantID, current.ID)
	}
	return nil
}

// What a status move does to the order's stock.
const (
	moveKeepsStock = iota
	moveReserves
	moveReleases
)

// stockMove classifies a move from status from to next: from a status that does not reserve
// into one that does reserves, the opposite move releases, and a move between two reserving
// (or two non-reserving) statuses changes nothing.
func stockMove(from, next Status) int {
	switch was, will := Reserving(from), Reserving(next); {
	case !was && will:
		return moveReserves
	case was && !will:
		return moveReleases
	}
	return moveKeepsStock
}

// ReplaceCustomFields replaces an active order's custom fields with values, validated in full
// against module sales_Order.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (SalesOrder, error) {
	return s.header.ReplaceCustomFields(ctx, tenantID, id, values)
}

// Delete soft-deletes an active order and reports whether there was one to delete, in one
// transaction with the order locked: an order holding stock (approved or in progress)
// releases it, since a deleted order is a cancelled one.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, id)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if Reserving(parent.Status) {
			if err := s.releaseOrder(ctx, q, tenantID, id); err != nil {
				return err
			}
		}
		deleted, err = s.header.SoftDelete(ctx, q, tenantID, id)
		return err
	})
	return deleted, err
}

// Stream answers the orders matching f one at a time, for an answer written as it is read;
// the created days of f are days of the shop's timezone. The caller must close the cursor.
func (s *Service) Stream(ctx context.Context, t Tenant, f Filter, r listing.Request) (*db.Cursor[SalesOrder], error) {
	page, err := listing.Resolve(r, orderListSpec)
	if err != nil {
		return nil, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdFrom", f.CreatedFrom)
	utctime.CheckFilterBound(fields, "createdTo", f.CreatedTo)
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	loc, err := shopday.Location(t.Timezone)
	if err != nil {
		return nil, err
	}
	var b listBounds
	b.createdFrom, b.createdTo = shopday.Bounds(loc, f.CreatedFrom, f.CreatedTo)
	if f.CustomerPoNumber != nil {
		var ok bool
		b.poCandidates, ok = poCandidates(*f.CustomerPoNumber)
		b.poNone = !ok
	}
	return s.store.list(ctx, s.pool, t.ID, f, b, page)
}
