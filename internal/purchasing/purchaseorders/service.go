package purchaseorders

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
	"mos/internal/purchasing/vendors"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/shared/docnumbers"
)

// maxTitle and maxNotes are the longest title and notes of a purchase order.
const (
	maxTitle = 100
	maxNotes = 2000
)

// Service holds the rules of purchase orders.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store orderStore
	// header serves the lifecycle every document header shares (docheaders).
	header *orderHeader
	// lines serves the fee, tax and discount lines (linekinds, doc_lines.go).
	lines *linekinds.Lines[lineParent]
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
	// jobOperationExists answers whether the tenant has a job operation (production
	// registers it at wiring: RegisterJobOperationCheck); nil stores jobOperationId as given.
	jobOperationExists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
}

// NewService returns the purchase orders service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{pool: pool, deps: deps, now: time.Now, header: newOrderHeader(pool, deps.CustomFields)}
	s.store = orderStore{header: s.header}
	s.lines = s.docLines()
	return s
}

// normalizeText trims the title and notes: blank is none; a title is at most maxTitle
// characters, notes at most maxNotes.
func normalizeText(fields apperr.Fields, title, notes *string) (*string, *string) {
	return fields.OptionalText("title", title, maxTitle), fields.OptionalText("notes", notes, maxNotes)
}

func checkCurrency(fields apperr.Fields, code *string) {
	if code != nil && !currency.Valid(*code) {
		fields.Add("currencyCode", "must be an ISO 4217 code of three capital letters")
	}
}

// Create stores a new draft purchase order and returns its id, in one transaction: the
// currency and payment terms default to the vendor's and the order number is taken last, so that a refused
// create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, w PurchaseOrderCreate) (string, error) {
	fields := apperr.Fields{}
	w.Title, w.Notes = normalizeText(fields, w.Title, w.Notes)
	w.ShipTo = docaddress.Normalize(fields, "shipTo", w.ShipTo)
	checkCurrency(fields, w.CurrencyCode)
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
		vendor, err := s.vendor(ctx, q, t.ID, w.VendorID)
		if err != nil {
			return err
		}
		row := orderInsert{
			ID: id, VendorID: vendor.ID, Title: w.Title, DueDate: w.DueDate, CurrencyCode: vendor.CurrencyCode,
			PaymentTermsID: w.PaymentTermsID, ShipTo: w.ShipTo, Notes: w.Notes, ExternalReferences: refs,
		}
		if w.CurrencyCode != nil {
			row.CurrencyCode = *w.CurrencyCode
		}
		if row.PaymentTermsID == nil {
			row.PaymentTermsID = vendor.PaymentTermsID
		}
		if w.OrderDate != nil {
			row.OrderDate = *w.OrderDate
		} else if row.OrderDate, err = shopday.Today(t.Timezone, s.now()); err != nil {
			return err
		}
		if t.UserID != "" {
			row.CreatedByUserID = &t.UserID
		}
		if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModulePurchaseOrder, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindPurchaseOrder); err != nil {
			return err
		}
		return s.store.insert(ctx, q, t.ID, row)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// vendor reads the order's vendor: unknown is a 404 naming vendorId, a deleted one a 400
// naming it.
func (s *Service) vendor(ctx context.Context, q db.Q, tenantID, vendorID string) (vendors.Vendor, error) {
	found, err := s.deps.Vendors.ByIDs(ctx, q, tenantID, []string{vendorID})
	if err != nil {
		return vendors.Vendor{}, err
	}
	v, ok := found[vendorID]
	if !ok {
		fields := apperr.Fields{}
		fields.Add("vendorId", "vendor %s not found", vendorID)
		return v, fields.NotFoundErr()
	}
	if v.Deleted {
		return v, apperr.Field("vendorId", "vendor %s is deleted", vendorID)
	}
	return v, nil
}

// Get returns one purchase order, deleted or not, with its Version.
func (s *Service) Get(ctx context.Context, tenantID, id string) (PurchaseOrder, error) {
	return s.header.Get(ctx, s.pool, tenantID, id)
}

// Update replaces an active order's writable members under the rules of PurchaseOrderWrite
// (see updatePurchaseOrder in the spec); a deleted order is NotFound.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w PurchaseOrderWrite) (PurchaseOrder, error) {
	return s.save(ctx, t, id, docheaders.Write{}, func(PurchaseOrder) (PurchaseOrderWrite, error) { return w, nil })
}

// Patch replaces an active order with what change makes of its current state (a JSON Patch
// of ops applied by the caller, inside the transaction on the locked row), under the rules of
// a full update except that externalReferences keep blank members as empty strings and only
// the custom fields ops touch are validated.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, ops []patch.Operation, change func(current PurchaseOrder) (PurchaseOrderWrite, error)) (PurchaseOrder, error) {
	return s.save(ctx, t, id, docheaders.Write{Patch: true, Ops: ops}, change)
}

func (s *Service) save(ctx context.Context, t Tenant, id string, kind docheaders.Write, change func(PurchaseOrder) (PurchaseOrderWrite, error)) (PurchaseOrder, error) {
	return s.header.Change(ctx, t.ID, id, func(q db.Q, current PurchaseOrder) (PurchaseOrder, error) {
		w, err := change(current)
		if err != nil {
			return PurchaseOrder{}, err
		}
		u, err := updateOf(current, w, s.header.RefsMode(kind))
		if err != nil {
			return PurchaseOrder{}, err
		}
		if _, err := s.vendor(ctx, q, t.ID, w.VendorID); err != nil {
			return PurchaseOrder{}, err
		}
		if u.CustomFields, err = s.header.ValidateCustomFields(ctx, q, t.ID, kind, w.CustomFields); err != nil {
			return PurchaseOrder{}, err
		}
		return s.store.update(ctx, q, t.ID, id, u)
	})
}

// updateOf checks w against the order as it stands and returns the row to store (without the
// custom fields, which need a lookup): the vendor and kept-when-omitted rules live here.
func updateOf(current PurchaseOrder, w PurchaseOrderWrite, refsMode extref.Mode) (orderUpdate, error) {
	fields := apperr.Fields{}
	u := orderUpdate{
		VendorID: w.VendorID, OrderDate: current.OrderDate, DueDate: w.DueDate, CurrencyCode: current.CurrencyCode,
		PaymentTermsID: w.PaymentTermsID, ShipTo: docaddress.Normalize(fields, "shipTo", w.ShipTo),
	}
	u.Title, u.Notes = normalizeText(fields, w.Title, w.Notes)
	if w.VendorID != current.VendorID && current.Status != StatusDraft {
		fields.Add("vendorId", "the vendor of a %s purchase order cannot change (only while draft)", current.Status)
	}
	checkCurrency(fields, w.CurrencyCode)
	if w.CurrencyCode != nil {
		u.CurrencyCode = *w.CurrencyCode
	}
	if w.OrderDate != nil {
		u.OrderDate = *w.OrderDate
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	u.ExternalReferences = refs
	return u, fields.Err()
}

// SetStatus moves an active order to next under the transition table (CheckMove), in one
// transaction with the order locked: a no-op changes nothing. A deleted order is NotFound.
func (s *Service) SetStatus(ctx context.Context, tenantID, id string, next Status) (PurchaseOrder, error) {
	return s.header.Change(ctx, tenantID, id, func(q db.Q, current PurchaseOrder) (PurchaseOrder, error) {
		moved, err := CheckMove(current.Status, next)
		if err != nil || !moved {
			return current, err
		}
		return s.header.StoreStatus(ctx, q, tenantID, id, string(next))
	})
}

// ReplaceCustomFields replaces an active order's custom fields with values, validated in full
// against module purchase_Order.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (PurchaseOrder, error) {
	return s.header.ReplaceCustomFields(ctx, tenantID, id, values)
}

// Delete soft-deletes an active order and reports whether there was one to delete.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		deleted, err = s.header.SoftDelete(ctx, q, tenantID, id)
		return err
	})
	return deleted, err
}

// Stream answers the orders matching f one at a time, for an answer written as it is read.
// The caller must close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[PurchaseOrder], error) {
	page, err := listing.Resolve(r, orderListSpec)
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

// Purchase orders own attachments (owner type purchaseOrder). The attachments area finds the
// owner and advances its modifiedUtc through these, which httpapi registers, so purchase
// orders need not know attachments.

// ExistsForAttachment reports whether the tenant has purchase order id (deleted or not) and,
// when it has, locks its row until q's transaction ends.
func (s *Service) ExistsForAttachment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.header.LockOwner(ctx, q, tenantID, id)
}

// TouchForAttachment advances the order's modifiedUtc after a file was attached or removed.
func (s *Service) TouchForAttachment(ctx context.Context, q db.Q, tenantID, id string) error {
	return s.header.Touch(ctx, q, tenantID, id)
}
