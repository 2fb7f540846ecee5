package salesorders

import (
	"context"
	"errors"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/linekinds"
)

// maxRefundDescription is the longest description of a refund line.
const maxRefundDescription = 2000

// RefundLineWrite is what a refund line's create or full update sets; omitted optional
// members are at their zero value (no part line, no description).
type RefundLineWrite struct {
	RefundReasonCodeID string
	// PartLineID is a part line of the same order, or nil for the order as a whole.
	PartLineID *string
	// Amount is more than 0, stored exactly as sent.
	Amount      dec
	Description *string
}

// RefundLine is a stored refund line.
type RefundLine struct {
	ID           string
	SalesOrderID string
	RefundLineWrite
	// RefundReasonName is the refund reason code's current name.
	RefundReasonName string
	// SubTotal is Amount rounded to the minor unit of the order's currency: what the refund
	// counts in the order's refundTotal.
	SubTotal    dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// errNoRefundLine is a delete's answer when the order has no such refund line (204).
var errNoRefundLine = errors.New("no such refund line")

// normalized applies the write rules, naming each offending field: amount more than 0;
// description trimmed, blank as none, at most 2000.
func (w RefundLineWrite) normalized() (RefundLineWrite, error) {
	f := apperr.Fields{}
	if !w.Amount.IsPositive() {
		f.Add("amount", "must be more than 0")
	}
	w.Description = f.OptionalText("description", w.Description, maxRefundDescription)
	return w, f.Err()
}

// CreateRefundLine adds a refund line to the tenant's active sales order orderID and
// recomputes its totals, in one transaction; it answers the new line's id. See saveRefund for
// the rules.
func (s *Service) CreateRefundLine(ctx context.Context, tenantID, orderID string, w RefundLineWrite) (string, error) {
	id := ids.NewSub()
	err := s.saveRefund(ctx, tenantID, orderID, w, func(q db.Q, w RefundLineWrite) error {
		return refundLinesStore{}.insert(ctx, q, tenantID, orderID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// UpdateRefundLine replaces every member of a refund line under the create rules and
// recomputes the order's totals; it answers the line as stored. A line of another order is
// NotFound.
func (s *Service) UpdateRefundLine(ctx context.Context, tenantID, orderID, id string, w RefundLineWrite) (RefundLine, error) {
	err := s.saveRefund(ctx, tenantID, orderID, w, func(q db.Q, w RefundLineWrite) error {
		return refundLinesStore{}.update(ctx, q, tenantID, orderID, id, w)
	})
	if err != nil {
		return RefundLine{}, err
	}
	return s.RefundLine(ctx, tenantID, orderID, id)
}

// saveRefund runs a refund line write: the order locked; the refund reason code usable (404
// naming refundReasonCodeId when unknown, 400 when archived); the part line, if any, one of
// this order (404 naming partLineItemId); then the totals recomputed. The refunds together
// may not exceed the order's total before refunds (400 naming amount), unless the write lowers
// them: only refund writes check it, so a later change of other lines that lowers the total
// below the refunds is accepted and leaves the order's total negative (what is owed back).
func (s *Service) saveRefund(ctx context.Context, tenantID, orderID string, w RefundLineWrite, store func(db.Q, RefundLineWrite) error) error {
	w, err := w.normalized()
	if err != nil {
		return err
	}
	return s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := s.deps.RefundReasons.CheckUsable(ctx, q, tenantID, "refundReasonCodeId", []string{w.RefundReasonCodeID}); err != nil {
			return err
		}
		if w.PartLineID != nil {
			ok, err := refundLinesStore{}.partLineOf(ctx, q, tenantID, orderID, *w.PartLineID)
			if err != nil {
				return err
			}
			if !ok {
				fields := apperr.Fields{}
				fields.Add("partLineItemId", "part line %s of sales order %s not found", *w.PartLineID, orderID)
				return fields.NotFoundErr()
			}
		}
		before, err := refundLinesStore{}.refundTotals(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := store(q, w); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		after, err := refundLinesStore{}.refundTotals(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if after.Total.IsNegative() && after.Refund.GreaterThan(before.Refund.Decimal) {
			return apperr.Field("amount", "the sales order's refunds would come to %s, more than its total of %s before refunds",
				after.Refund, dec{Decimal: after.Total.Add(after.Refund.Decimal)})
		}
		return nil
	})
}

// RefundLine reads one refund line of the tenant's sales order orderID, deleted or not; a
// line of another order is NotFound.
func (s *Service) RefundLine(ctx context.Context, tenantID, orderID, id string) (RefundLine, error) {
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return RefundLine{}, err
	}
	l, err := refundLinesStore{}.get(ctx, s.pool, tenantID, orderID, id)
	if err != nil {
		return RefundLine{}, err
	}
	named, err := s.nameRefundReasons(ctx, tenantID, []RefundLine{l})
	if err != nil {
		return RefundLine{}, err
	}
	return named[0], nil
}

// RefundLines lists the order's refund lines matching f, oldest first then id unless r sorts
// otherwise: three statements.
func (s *Service) RefundLines(ctx context.Context, tenantID, orderID string, f linekinds.LineFilter, r listing.Request) ([]RefundLine, error) {
	page, err := listing.Resolve(r, refundLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return nil, err
	}
	list, err := refundLinesStore{}.list(ctx, s.pool, tenantID, orderID, f, page)
	if err != nil {
		return nil, err
	}
	return s.nameRefundReasons(ctx, tenantID, list)
}

// nameRefundReasons fills the lines' refund reason names, in one lookup.
func (s *Service) nameRefundReasons(ctx context.Context, tenantID string, lines []RefundLine) ([]RefundLine, error) {
	if len(lines) == 0 {
		return lines, nil
	}
	reasonIDs := make([]string, len(lines))
	for i, l := range lines {
		reasonIDs[i] = l.RefundReasonCodeID
	}
	found, err := s.deps.RefundReasons.ByIDs(ctx, s.pool, tenantID, reasonIDs)
	if err != nil {
		return nil, err
	}
	for i := range lines {
		lines[i].RefundReasonName = found[lines[i].RefundReasonCodeID].Name
	}
	return lines, nil
}

// DeleteRefundLine deletes a refund line and recomputes the order's totals; false when the
// order has no such line (nothing changes).
func (s *Service) DeleteRefundLine(ctx context.Context, tenantID, orderID, id string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := (refundLinesStore{}).delete(ctx, q, tenantID, orderID, id); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if errors.Is(err, errNoRefundLine) {
		return false, nil
	}
	return err == nil, err
}

// roundedAmount is an amount as the order counts it: rounded to its currency's minor unit.
func roundedAmount(amount dec, currencyCode string) dec {
	return doclines.Round(amount, currency.MinorUnits(currencyCode))
}
