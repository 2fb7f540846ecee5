package purchaseorders

import (
	"context"
	"errors"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines/linekinds"
)

// maxCreditDescription is the longest description of a vendor-credit line.
const maxCreditDescription = 2000

// VendorCreditLineWrite is what a vendor-credit line's create or full update sets; omitted
// optional members are at their zero value (no part line, no description).
type VendorCreditLineWrite struct {
	// Amount is more than 0, stored exactly as sent.
	Amount      dec.Decimal
	Description *string
	// PartLineID is a part line of the same order, or nil for the order as a whole.
	PartLineID *string
}

// VendorCreditLine is a stored vendor-credit line.
type VendorCreditLine struct {
	ID              string
	PurchaseOrderID string
	VendorCreditLineWrite
	// SubTotal is Amount rounded to the minor unit of the order's currency: what the credit
	// counts in the order's vendorCreditTotal.
	SubTotal    dec.Decimal
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// creditsWritable are the statuses in which an order's vendor credits may be written: credits
// come after ordering, so not while it is a request for quote, and not once it is cancelled.
var creditsWritable = []Status{StatusOrdered, StatusPaid, StatusClosed}

// checkCreditsWritable refuses, with a 400 naming status, a vendor-credit write on an order in
// status s.
func checkCreditsWritable(s Status) error {
	for _, ok := range creditsWritable {
		if s == ok {
			return nil
		}
	}
	return apperr.Field("status", "the vendor credits of a purchase order can be written only while it is ordered, paid or closed; it is %s", s)
}

// errNoCreditLine is a delete's answer when the order has no such vendor-credit line (204).
var errNoCreditLine = errors.New("no such vendor-credit line")

// normalized applies the write rules, naming each offending field: amount more than 0;
// description trimmed, blank as none, at most 2000.
func (w VendorCreditLineWrite) normalized() (VendorCreditLineWrite, error) {
	f := apperr.Fields{}
	if !w.Amount.IsPositive() {
		f.Add("amount", "must be more than 0")
	}
	w.Description = f.OptionalText("description", w.Description, maxCreditDescription)
	return w, f.Err()
}

// CreateVendorCreditLine adds a vendor-credit line to the tenant's active purchase order
// orderID and recomputes its totals, in one transaction; it answers the new line's id. See
// writeCredit for the rules.
func (s *Service) CreateVendorCreditLine(ctx context.Context, tenantID, orderID string, w VendorCreditLineWrite) (string, error) {
	id := ids.NewSub()
	err := s.writeCredit(ctx, tenantID, orderID, func(q db.Q) error {
		w, err := s.checkedCredit(ctx, q, tenantID, orderID, w)
		if err != nil {
			return err
		}
		return creditLinesStore{}.insert(ctx, q, tenantID, orderID, id, w)
	}, nil)
	if err != nil {
		return "", err
	}
	return id, nil
}

// UpdateVendorCreditLine replaces every member of a vendor-credit line under the create rules
// and recomputes the order's totals; it answers the line as stored. A line of another order
// is NotFound.
func (s *Service) UpdateVendorCreditLine(ctx context.Context, tenantID, orderID, id string, w VendorCreditLineWrite) (VendorCreditLine, error) {
	return s.PatchVendorCreditLine(ctx, tenantID, orderID, id, func(VendorCreditLine) (VendorCreditLineWrite, error) { return w, nil })
}

// PatchVendorCreditLine replaces a vendor-credit line with what change makes of it as stored
// (a JSON Patch of its read shape applied by the caller, inside the transaction, the order
// locked), under the rules of a full update, and recomputes the order's totals; it answers
// the line as stored. A line not of the order is NotFound.
func (s *Service) PatchVendorCreditLine(ctx context.Context, tenantID, orderID, id string, change func(current VendorCreditLine) (VendorCreditLineWrite, error)) (VendorCreditLine, error) {
	var saved VendorCreditLine
	err := s.writeCredit(ctx, tenantID, orderID, func(q db.Q) error {
		current, err := creditLinesStore{}.get(ctx, q, tenantID, orderID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		if w, err = s.checkedCredit(ctx, q, tenantID, orderID, w); err != nil {
			return err
		}
		return creditLinesStore{}.update(ctx, q, tenantID, orderID, id, w)
	}, func(q db.Q) (err error) {
		saved, err = creditLinesStore{}.get(ctx, q, tenantID, orderID, id)
		return err
	})
	if err != nil {
		return VendorCreditLine{}, err
	}
	return saved, nil
}

// DeleteVendorCreditLine deletes a vendor-credit line and recomputes the order's totals; false
// when the order has no such line (nothing changes).
func (s *Service) DeleteVendorCreditLine(ctx context.Context, tenantID, orderID, id string) (bool, error) {
	err := s.writeCredit(ctx, tenantID, orderID, func(q db.Q) error {
		return creditLinesStore{}.delete(ctx, q, tenantID, orderID, id)
	}, nil)
	if errors.Is(err, errNoCreditLine) {
		return false, nil
	}
	return err == nil, err
}

// writeCredit runs a vendor-credit write in one transaction: the active order locked (missing
// or deleted: NotFound) and in a status that takes credits (400 naming status), the change,
// the totals recomputed, then read (when read is set).
func (s *Service) writeCredit(ctx context.Context, tenantID, orderID string, change, read func(q db.Q) error) error {
	return s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := checkCreditsWritable(parent.Status); err != nil {
			return err
		}
		if err := change(q); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		if read == nil {
			return nil
		}
		return read(q)
	})
}

// checkedCredit applies the write rules to w, then checks that its part line, if any, is one
// of this order (404 naming partLineId).
func (s *Service) checkedCredit(ctx context.Context, q db.Q, tenantID, orderID string, w VendorCreditLineWrite) (VendorCreditLineWrite, error) {
	w, err := w.normalized()
	if err != nil || w.PartLineID == nil {
		return w, err
	}
	ok, err := creditLinesStore{}.partLineOf(ctx, q, tenantID, orderID, *w.PartLineID)
	if err != nil {
		return w, err
	}
	if !ok {
		fields := apperr.Fields{}
		fields.Add("partLineId", "part line %s of purchase order %s not found", *w.PartLineID, orderID)
		return w, fields.NotFoundErr()
	}
	return w, nil
}

// VendorCreditLine reads one vendor-credit line of the tenant's purchase order orderID,
// deleted or not; a line of another order is NotFound.
func (s *Service) VendorCreditLine(ctx context.Context, tenantID, orderID, id string) (VendorCreditLine, error) {
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return VendorCreditLine{}, err
	}
	return creditLinesStore{}.get(ctx, s.pool, tenantID, orderID, id)
}

// VendorCreditLines lists the order's vendor-credit lines matching f, oldest first then id
// unless r sorts otherwise: two statements.
func (s *Service) VendorCreditLines(ctx context.Context, tenantID, orderID string, f linekinds.LineFilter, r listing.Request) ([]VendorCreditLine, error) {
	page, err := listing.Resolve(r, creditLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return nil, err
	}
	return creditLinesStore{}.list(ctx, s.pool, tenantID, orderID, f, page)
}
