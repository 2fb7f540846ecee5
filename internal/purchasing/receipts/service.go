package receipts

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docnumbers"
)

// maxNotes is the longest notes of a receipt or line; maxName the longest fee name.
const (
	maxNotes = 2000
	maxName  = 200
)

// Service holds the rules of receipts.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the receipts service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}

// Create stores a receipt with its lines and answers its id, in one transaction: the order
// is share-locked first, then each order line received (for update) in one order (by order
// line id), so concurrent receipts of the same lines queue instead of deadlocking. The
// receipt's number is the tenant's next, taken last so that a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, c ReceiptCreate) (string, error) {
	fields := apperr.Fields{}
	if (c.PurchaseOrderID == nil) == (c.SalesOrderID == nil) {
		fields.Add("purchaseOrderId", "give exactly one of purchaseOrderId and salesOrderId")
		fields.Add("salesOrderId", "give exactly one of purchaseOrderId and salesOrderId")
	}
	c.Notes = fields.OptionalText("notes", c.Notes, maxNotes)
	refs, refErrs := extref.Normalize(c.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	for i := range c.Lines {
		checkLineCreate(fields, "lineItems."+strconv.Itoa(i)+".", &c.Lines[i])
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	r := Receipt{ID: ids.New(), PurchaseOrderID: c.PurchaseOrderID, SalesOrderID: c.SalesOrderID, Notes: c.Notes, ExternalReferences: refs}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		src, err := s.lockSource(ctx, q, t.ID, r, true)
		if err != nil {
			return err
		}
		if c.CustomFields == nil {
			c.CustomFields = map[string]any{}
		}
		if r.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleReceiveOrder, c.CustomFields, customfields.Full); err != nil {
			return err
		}
		if c.ReceivedDate != nil {
			r.ReceivedDate = *c.ReceivedDate
		} else if r.ReceivedDate, err = shopday.Today(t.Timezone, s.now()); err != nil {
			return err
		}
		lines, err := s.receiveLines(ctx, q, t.ID, r, src, c.Lines, "lineItems.")
		if err != nil {
			return err
		}
		// The number last: the numbering row stays locked for the shortest time.
		if r.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindReceipt); err != nil {
			return err
		}
		if err := s.store.insertReceipt(ctx, q, t.ID, r); err != nil {
			return err
		}
		if err := s.insertLines(ctx, q, t.ID, lines, "lineItems."); err != nil {
			return err
		}
		return s.store.refreshHold(ctx, q, t.ID, r.ID)
	})
	if err != nil {
		return "", err
	}
	return r.ID, nil
}

// Get reads one receipt.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Receipt, error) {
	return s.store.receipt(ctx, s.pool, tenantID, id, false)
}

// Update saves a full update of the receipt.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w ReceiptWrite) (Receipt, error) {
	return s.save(ctx, t, id, func(Receipt) (ReceiptWrite, error) { return w, nil })
}

// Patch saves the receipt change makes from the receipt as it stands, locked, under the
// full update's rules.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, change func(current Receipt) (ReceiptWrite, error)) (Receipt, error) {
	return s.save(ctx, t, id, change)
}

func (s *Service) save(ctx context.Context, t Tenant, id string, change func(Receipt) (ReceiptWrite, error)) (Receipt, error) {
	var out Receipt
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.receipt(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		fields := apperr.Fields{}
		next := current
		next.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
		refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
		fields.Merge("", refErrs)
		if err := fields.Err(); err != nil {
			return err
		}
		next.ExternalReferences = refs
		if w.ReceivedDate != nil {
			next.ReceivedDate = *w.ReceivedDate
		}
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
		if next.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleReceiveOrder, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		if err := s.store.updateReceipt(ctx, q, t.ID, next); err != nil {
			return err
		}
		if w.ReleaseHold {
			if err := s.deps.Inventory.Release(ctx, q, t.ID, inspection(current, "")); err != nil {
				return err
			}
			if err := s.store.releaseHold(ctx, q, t.ID, id); err != nil {
				return err
			}
		}
		if err := s.store.refreshHold(ctx, q, t.ID, id); err != nil {
			return err
		}
		out, err = s.store.receipt(ctx, q, t.ID, id, false)
		return err
	})
	return out, err
}

// Stream answers the receipts matching f one at a time (held receipts left out). The caller
// must close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[Receipt], error) {
	page, err := listing.Resolve(r, receiptListSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}
