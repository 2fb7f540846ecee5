package invoices

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/shared/docnumbers"
)

// The longest texts of an invoice.
const (
	maxNotes    = 2000
	maxPoNumber = 1000
)

// Service holds the rules of invoices and their lines.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store invoiceStore
	// header serves the lifecycle every document header shares (docheaders).
	header *invoiceHeader
	// lines serves the fee, tax and discount lines (linekinds, doc_lines.go).
	lines *linekinds.Lines[lineParent]
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the invoices service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{pool: pool, deps: deps, now: time.Now, header: newInvoiceHeader(pool, deps.CustomFields)}
	s.store = invoiceStore{header: s.header}
	s.lines = s.docLines()
	return s
}

func normalizeTexts(fields apperr.Fields, po, notes *string) (*string, *string) {
	return fields.OptionalText("customerPONumber", po, maxPoNumber), fields.OptionalText("notesToCustomer", notes, maxNotes)
}

func checkRate(fields apperr.Fields, rate *dec) {
	if rate != nil && !rate.IsPositive() {
		fields.Add("exchangeRate", "must be more than 0")
	}
}

// Create stores a new invoice billing part lines of a sales order and returns its id, in one
// transaction (see createInvoice in the spec): the order is share-locked and the creates of
// one order's invoices run one after another; the billed order lines' invoiced quantities
// advance under their row locks; the number is taken last, so a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, w InvoiceCreate) (string, error) {
	fields := apperr.Fields{}
	w.CustomerPoNumber, w.NotesToCustomer = normalizeTexts(fields, w.CustomerPoNumber, w.NotesToCustomer)
	w.BillingAddress.Address = docaddress.Normalize(fields, "billingAddress", w.BillingAddress.Address)
	checkRate(fields, w.ExchangeRate)
	seen := map[string]bool{}
	for i, c := range w.PartLines {
		if !c.Quantity.IsPositive() {
			fields.Add(fmt.Sprintf("partLines.%d.quantity", i), "must be more than 0")
		}
		if seen[c.SalesOrderLineID] {
			fields.Add(fmt.Sprintf("partLines.%d.salesOrderLineItemId", i), "names a sales order line already billed by this request")
		}
		seen[c.SalesOrderLineID] = true
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	if err := fields.Err(); err != nil {
		return "", err
	}
	if w.CustomFields == nil {
		w.CustomFields = map[string]any{}
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		order, err := s.lockOrderForBilling(ctx, q, t.ID, w.SalesOrderID)
		if err != nil {
			return err
		}
		row, err := s.headerOf(ctx, q, t, id, order, w)
		if err != nil {
			return err
		}
		row.ExternalReferences = refs
		var links []billedShipment
		if w.ShipmentIDs != nil {
			if w.PartLines, links, err = s.choicesFromShipments(ctx, q, t.ID, order.ID, w.ShipmentIDs); err != nil {
				return err
			}
		}
		billed, err := s.billedLines(ctx, q, t.ID, order.ID, w.PartLines)
		if err != nil {
			return err
		}
		if w.ShipmentIDs != nil {
			inOrderLineOrder(billed)
		}
		if err := s.bookAsItems(ctx, q, t.ID, billed); err != nil {
			return err
		}
		day, err := s.billingDay(t, w.IssueDate)
		if err != nil {
			return err
		}
		moves := make([]salesorders.InvoicedMove, len(billed))
		for i, b := range billed {
			moves[i] = salesorders.InvoicedMove{LineID: b.Line.ID, Delta: b.Quantity,
				LineField: fmt.Sprintf("partLines.%d.salesOrderLineItemId", i), QuantityField: fmt.Sprintf("partLines.%d.quantity", i)}
		}
		if err := s.deps.SalesOrders.MoveInvoiced(ctx, q, t.ID, order.ID, moves, day); err != nil {
			return err
		}
		charges, err := s.deps.SalesOrders.ChargesForInvoicing(ctx, q, t.ID, order.ID)
		if err != nil {
			return err
		}
		discountTaken, shippingTaken, err := chargesStore{}.taken(ctx, q, t.ID, order.ID)
		if err != nil {
			return err
		}
		// A percentage discount applies to every invoice's own lines; an amount goes to the
		// first live invoice, as the shipping charge does.
		copyDiscount := charges.Discount != nil && (charges.Discount.IsPercentage || !discountTaken)
		row.TakesDiscount = charges.Discount != nil && !charges.Discount.IsPercentage && !discountTaken
		if !shippingTaken && order.ShippingCharge.Amount.IsPositive() {
			row.TakesShipping, row.ShippingCharge, row.ShippingIsTaxable = true, order.ShippingCharge.Amount, order.ShippingCharge.IsTaxable
		}
		if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleInvoice, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindInvoice); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, t.ID, row); err != nil {
			return err
		}
		if err := (partLinesStore{}).insertBilled(ctx, q, t.ID, id, billed); err != nil {
			return err
		}
		if err := (shipmentsStore{}).insert(ctx, q, t.ID, id, links); err != nil {
			return err
		}
		if err := (chargesStore{}).copy(ctx, q, t.ID, id, charges, copyDiscount); err != nil {
			return err
		}
		if err := s.copyOrderRefunds(ctx, q, t.ID, id, order.ID); err != nil {
			return err
		}
		parent := lineParent{ID: id, Status: StatusNew, SalesOrderID: order.ID,
			Currency: row.CurrencyCode, Primary: row.PrimaryCurrencyCode, ExchangeRate: row.ExchangeRate}
		if err := s.recomputeTotals(ctx, q, t.ID, parent); err != nil {
			return err
		}
		return s.adjustPrepayments(ctx, q, t.ID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// lockOrderForBilling share-locks the tenant's live sales order orderID (404 naming
// salesOrderId), refuses unless it is approved, in progress or complete (400 naming
// salesOrderId), and takes its invoicing lock: the creates of one order's invoices run one
// after another until the transaction ends.
func (s *Service) lockOrderForBilling(ctx context.Context, q db.Q, tenantID, orderID string) (salesorders.InvoicingOrder, error) {
	order, err := s.deps.SalesOrders.LockForInvoicing(ctx, q, tenantID, orderID, "salesOrderId")
	if err != nil {
		return salesorders.InvoicingOrder{}, err
	}
	if !slices.Contains(billable, string(order.Status)) {
		return salesorders.InvoicingOrder{}, apperr.Field("salesOrderId", "sales order %d is %s: only an approved, in progress or complete order is invoiced", order.Number, order.Status)
	}
	return order, (chargesStore{}).lockOrder(ctx, q, tenantID, order.ID)
}

// headerOf is the header a new invoice of order takes from w, the order and its customer:
// the customer PO number, payment terms and billing address given, else the order's, else
// (payment terms, billing address) the customer's; the exchange rate given, else 1 in the
// primary currency (a foreign-currency order needs one: 400 naming exchangeRate).
func (s *Service) headerOf(ctx context.Context, q db.Q, t Tenant, id string, order salesorders.InvoicingOrder, w InvoiceCreate) (invoiceInsert, error) {
	var err error
	row := invoiceInsert{
		ID: id, CustomerID: order.CustomerID, SalesOrderID: order.ID, SalesOrderNumber: order.Number, CurrencyCode: order.CurrencyCode,
		PrimaryCurrencyCode: t.Currency, IssueDate: w.IssueDate, DueDate: w.DueDate,
		CustomerPoNumber: order.CustomerPoNumber, NotesToCustomer: w.NotesToCustomer, PaymentTermsID: order.PaymentTermsID,
		CompanyInfoID: w.CompanyInfoID, BillingAddress: order.BillingAddress,
	}
	if row.ExchangeRate, err = exchangeRate(w.ExchangeRate, order.CurrencyCode, t.Currency); err != nil {
		return invoiceInsert{}, err
	}
	if w.CustomerPoNumber != nil {
		row.CustomerPoNumber = w.CustomerPoNumber
	}
	if w.BillingAddress.Given {
		row.BillingAddress = w.BillingAddress.Address
	}
	if w.PaymentTermsID != nil {
		row.PaymentTermsID = w.PaymentTermsID
	}
	if row.PaymentTermsID == nil || (!w.BillingAddress.Given && row.BillingAddress == nil) {
		cust, err := s.deps.Customers.DocumentDefaults(ctx, q, t.ID, order.CustomerID)
		if err != nil {
			return invoiceInsert{}, err
		}
		if row.PaymentTermsID == nil {
			row.PaymentTermsID = cust.PaymentTermsID
		}
		if !w.BillingAddress.Given && row.BillingAddress == nil {
			row.BillingAddress = cust.PrimaryBilling
		}
	}
	return row, nil
}

// exchangeRate is the rate a new invoice stores: the one given, else 1 when the document
// currency is the primary one; a foreign-currency invoice needs one (400 naming it).
func exchangeRate(given *dec, document, primary string) (dec, error) {
	if given != nil {
		return *given, nil
	}
	if document != primary {
		return dec{}, apperr.Field("exchangeRate", "the sales order is in %s and the primary currency is %s: give the exchange rate", document, primary)
	}
	return dec{Decimal: decimal.NewFromInt(1)}, nil
}

// billingDay is the day billed lines record as their last invoiced day: the invoice's issue
// day when it has one, else the shop day it is billed.
func (s *Service) billingDay(t Tenant, issue *time.Time) (time.Time, error) {
	if issue != nil {
		return *issue, nil
	}
	return shopday.Today(t.Timezone, s.now())
}

// billedLines resolves what a create bills: the chosen lines of the order (404 naming a line
// the order does not have), or, when none are chosen, every line's uninvoiced quantity (400
// naming partLines when nothing is left).
func (s *Service) billedLines(ctx context.Context, q db.Q, tenantID, orderID string, chosen []PartLineChoice) ([]billedLine, error) {
	lines, err := s.deps.SalesOrders.LinesForInvoicing(ctx, q, tenantID, orderID)
	if err != nil {
		return nil, err
	}
	var out []billedLine
	if chosen == nil {
		for _, l := range lines {
			if left := l.Quantity.Sub(l.InvoicedQuantity.Decimal); left.IsPositive() {
				out = append(out, billedLine{Line: l, Quantity: dec{Decimal: left}})
			}
		}
		if len(out) == 0 {
			return nil, apperr.Field("partLines", "the sales order has nothing left to invoice")
		}
		return out, nil
	}
	byID := make(map[string]salesorders.InvoicingLine, len(lines))
	for _, l := range lines {
		byID[l.ID] = l
	}
	fields := apperr.Fields{}
	for i, c := range chosen {
		l, ok := byID[c.SalesOrderLineID]
		if !ok {
			fields.Add(fmt.Sprintf("partLines.%d.salesOrderLineItemId", i), "the sales order has no part line %s", c.SalesOrderLineID)
			continue
		}
		out = append(out, billedLine{Line: l, Quantity: c.Quantity})
	}
	if err := fields.NotFoundErr(); err != nil {
		return nil, err
	}
	return out, nil
}

// Get returns one invoice, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Invoice, error) {
	return s.header.Get(ctx, s.pool, tenantID, id)
}

// Save replaces a live invoice with what change makes of its current state (a full update,
// or a JSON Patch of ops applied by the caller inside the transaction on the locked row).
// Notes, external references and custom fields change in any status; the other members only
// while the invoice is editable (400 naming status).
func (s *Service) Save(ctx context.Context, t Tenant, id string, kind docheaders.Write, change func(current Invoice) (InvoiceWrite, error)) (Invoice, error) {
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current Invoice) (Invoice, error) {
		w, err := change(current)
		if err != nil {
			return Invoice{}, err
		}
		stamped, err := s.store.issueStamped(ctx, q, t.ID, id)
		if err != nil {
			return Invoice{}, err
		}
		u, err := s.updateOf(t, current, stamped, w, s.header.RefsMode(kind))
		if err != nil {
			return Invoice{}, err
		}
		if u.CustomFields, err = s.header.ValidateCustomFields(ctx, q, t.ID, kind, w.CustomFields); err != nil {
			return Invoice{}, err
		}
		saved, err := s.store.update(ctx, q, t.ID, id, u)
		if err != nil || saved.ExchangeRate.Equal(current.ExchangeRate.Decimal) {
			return saved, err
		}
		// The subtotal is in the primary currency: it follows the rate.
		parent := lineParent{ID: id, Status: saved.Status, SalesOrderID: saved.SalesOrderID, Currency: saved.CurrencyCode,
			Primary: saved.PrimaryCurrencyCode, ExchangeRate: saved.ExchangeRate}
		if err := s.recomputeTotals(ctx, q, t.ID, parent); err != nil {
			return Invoice{}, err
		}
		return s.header.Get(ctx, q, t.ID, id)
	})
}

// updateOf checks w against the invoice as it stands and returns the row to store (without
// the custom fields, which need a lookup).
func (s *Service) updateOf(t Tenant, current Invoice, stamped bool, w InvoiceWrite, refsMode extref.Mode) (invoiceUpdate, error) {
	fields := apperr.Fields{}
	u := invoiceUpdate{
		IssueDate: w.IssueDate, IssueDay: w.IssueDate, DueDate: w.DueDate, PaymentTermsID: w.PaymentTermsID,
		CompanyInfoID: w.CompanyInfoID, BillingAddress: docaddress.Normalize(fields, "billingAddress", w.BillingAddress),
		ExchangeRate: current.ExchangeRate,
	}
	u.CustomerPoNumber, u.NotesToCustomer = normalizeTexts(fields, w.CustomerPoNumber, w.NotesToCustomer)
	if w.IssueDateKept && current.IssueDate != nil {
		u.IssueDate, u.IssueStamped = current.IssueDate, stamped
		day := calendarDay(*current.IssueDate)
		if stamped {
			loc, err := shopday.Location(t.Timezone)
			if err != nil {
				return invoiceUpdate{}, err
			}
			day = calendarDay(current.IssueDate.In(loc))
		}
		u.IssueDay = &day
	}
	checkRate(fields, w.ExchangeRate)
	if w.ExchangeRate != nil {
		u.ExchangeRate = *w.ExchangeRate
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	u.ExternalReferences = refs
	if err := fields.Err(); err != nil {
		return invoiceUpdate{}, err
	}
	if checkEditable(current.Status) != nil && changesAmounts(current, u) {
		return invoiceUpdate{}, checkEditable(current.Status)
	}
	return u, nil
}

// changesAmounts reports whether u changes a member of the invoice other than its notes,
// external references and custom fields: what an issued or paid invoice keeps.
func changesAmounts(current Invoice, u invoiceUpdate) bool {
	return !sameTime(current.IssueDate, u.IssueDate) || !sameTime(current.DueDate, u.DueDate) ||
		!sameText(current.CustomerPoNumber, u.CustomerPoNumber) || !sameText(current.PaymentTermsID, u.PaymentTermsID) ||
		!sameText(current.CompanyInfoID, u.CompanyInfoID) || !sameAddress(current.BillingAddress, u.BillingAddress) ||
		!current.ExchangeRate.Equal(u.ExchangeRate.Decimal)
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Equal(*b)
}

func sameText(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func sameAddress(a, b *Address) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	for _, m := range [][2]*string{{a.Name, b.Name}, {a.Address1, b.Address1}, {a.Address2, b.Address2}, {a.Address3, b.Address3},
		{a.City, b.City}, {a.StateProvince, b.StateProvince}, {a.PostalCode, b.PostalCode}, {a.Country, b.Country},
		{a.Phone, b.Phone}, {a.Email, b.Email}} {
		if !sameText(m[0], m[1]) {
			return false
		}
	}
	return true
}

// calendarDay is t's date (in t's location) at midnight UTC.
func calendarDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// SetStatus moves a live invoice to next (every move is allowed), in one transaction with the
// invoice locked; see updateInvoiceStatus in the spec for paidDate and the stamped issue date.
func (s *Service) SetStatus(ctx context.Context, t Tenant, id string, next Status, paidDate *time.Time) (Invoice, error) {
	if paidDate != nil && next != StatusPaid {
		return Invoice{}, apperr.Field("paidDate", "only a move to paid records a paid date")
	}
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current Invoice) (Invoice, error) {
		moved, err := CheckMove(current.Status, next)
		if err != nil {
			return Invoice{}, err
		}
		if !moved && paidDate == nil {
			return current, nil
		}
		now := s.now()
		var paid *time.Time
		if next == StatusPaid {
			switch {
			case paidDate != nil:
				paid = paidDate
			case current.Status == StatusPaid:
				paid = current.PaidDate
			default:
				today, err := shopday.Today(t.Timezone, now)
				if err != nil {
					return Invoice{}, err
				}
				paid = &today
			}
		}
		var stamp, stampDay *time.Time
		if next == StatusIssued && current.IssueDate == nil {
			day, err := shopday.Today(t.Timezone, now)
			if err != nil {
				return Invoice{}, err
			}
			at := now.UTC()
			stamp, stampDay = &at, &day
		}
		return s.store.storeStatus(ctx, q, t.ID, id, next, paid, stamp, stampDay)
	})
}

// ReplaceCustomFields replaces a live invoice's custom fields with values, validated in full
// against module invoice; any status.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (Invoice, error) {
	return s.header.ReplaceCustomFields(ctx, tenantID, id, values)
}

// Delete soft-deletes a live invoice that is new or needs approval (400 naming status
// otherwise) and reports whether there was one, in one transaction with the invoice locked: the
// billed order lines get their invoiced quantities back and the order's charges it carried
// are released for the next invoice.
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
		if !slices.Contains(deletable, parent.Status) {
			return apperr.Field("status", "an invoice is deleted only while it is new or needs approval; it is %s", parent.Status)
		}
		billed, err := partLinesStore{}.billed(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		moves := make([]salesorders.InvoicedMove, len(billed))
		for i, b := range billed {
			moves[i] = salesorders.InvoicedMove{LineID: b.OrderLineID, Delta: dec{Decimal: b.Quantity.Neg()}, LineField: "id", QuantityField: "quantity"}
		}
		if err := s.deps.SalesOrders.MoveInvoiced(ctx, q, tenantID, parent.SalesOrderID, moves, time.Time{}); err != nil {
			return err
		}
		if err := s.store.releaseCharges(ctx, q, tenantID, id); err != nil {
			return err
		}
		if err := s.releaseCredits(ctx, q, tenantID, id); err != nil {
			return err
		}
		if err := (shipmentsStore{}).release(ctx, q, tenantID, id); err != nil {
			return err
		}
		deleted, err = s.header.SoftDelete(ctx, q, tenantID, id)
		return err
	})
	return deleted, err
}

// Stream answers the invoices matching f one at a time, for an answer written as it is read.
// The caller must close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[Invoice], error) {
	page, err := listing.Resolve(r, invoiceListSpec)
	if err != nil {
		return nil, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// Invoices own attachments (owner type invoice); httpapi registers these.

// ExistsForAttachment reports whether the tenant has invoice id (deleted or not) and, when it
// has, locks its row until q's transaction ends.
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.LockOwner(ctx, q, tenantID, id)
}

// TouchForAttachment advances the invoice's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.header.Touch(ctx, q, tenantID, id)
}

// UsesItem reports whether an invoice line bills item itemID: an item used by an invoice
// cannot change its unit of measure (registered with the items' unit-change blockers).
func (s *Service) UsesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return partLinesStore{}.usesItem(ctx, q, tenantID, itemID)
}

// Patch is Save for a JSON Patch of ops.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current Invoice) (InvoiceWrite, error)) (Invoice, error) {
	return s.Save(ctx, t, id, docheaders.Write{Patch: true, Ops: ops}, change)
}

// NoteOwnerExists reports whether the tenant has invoice id, not deleted, share-locking it until
// q's transaction ends: a note is written only on a standing invoice.
func (s *Service) NoteOwnerExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.ShareLive(ctx, q, tenantID, id)
}

// NotesListOwnerKnown answers NotFound unless the tenant has invoice id, deleted or not: an
// invoice's notes stay listed after it is deleted.
func (s *Service) NotesListOwnerKnown(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.header.Exists(ctx, q, tenantID, id)
}
