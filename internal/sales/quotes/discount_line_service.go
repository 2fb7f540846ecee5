package quotes

import (
	"context"
	"errors"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/shared/doclines"
)

// maxDiscountName is the longest name of a discount line.
const maxDiscountName = 200

// DiscountLineWrite is what setting a quote's discount line writes.
type DiscountLineWrite struct {
	Name *string
	// IsPercentage: Value is a percentage (0 to 100) of the quote's subtotal, else an amount
	// (0 or more; above the subtotal it takes the whole subtotal, see doclines).
	IsPercentage bool
	Value        dec
}

// DiscountLine is a quote's stored discount line.
type DiscountLine struct {
	ID      string
	QuoteID string
	DiscountLineWrite
	// Amount is what the discount takes from the quote now: its stored discount total.
	Amount      dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// normalized applies the write rules, naming each offending field: name trimmed, blank as
// none, at most 200; value a percentage 0 to 100, or an amount 0 or more (an amount above
// the quote's subtotal is accepted).
func (w DiscountLineWrite) normalized() (DiscountLineWrite, error) {
	f := apperr.Fields{}
	w.Name = f.OptionalText("name", w.Name, maxDiscountName)
	doclines.CheckDocumentDiscount(f, "value", &doclines.Discount{Percentage: w.IsPercentage, Value: w.Value})
	return w, f.Err()
}

// SetDiscountLine creates the tenant's active quote's one discount line, or replaces the one
// it has (keeping its id), and recomputes the quote's totals, in one transaction; it answers
// the line as stored.
func (s *Service) SetDiscountLine(ctx context.Context, tenantID, quoteID string, w DiscountLineWrite) (DiscountLine, error) {
	w, err := w.normalized()
	if err != nil {
		return DiscountLine{}, err
	}
	var saved DiscountLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if err := (discountLineStore{}).upsert(ctx, q, tenantID, quoteID, ids.NewSub(), w); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		saved, err = discountLineStore{}.get(ctx, q, tenantID, quoteID)
		return err
	})
	if err != nil {
		return DiscountLine{}, err
	}
	return saved, nil
}

// DiscountLine reads the discount line of the tenant's quote quoteID, deleted or not;
// NotFound when the quote has none.
func (s *Service) DiscountLine(ctx context.Context, tenantID, quoteID string) (DiscountLine, error) {
	if err := s.lineQuoteExists(ctx, s.pool, tenantID, quoteID); err != nil {
		return DiscountLine{}, err
	}
	return discountLineStore{}.get(ctx, s.pool, tenantID, quoteID)
}

// DeleteDiscountLine deletes the quote's discount line and recomputes its totals; false when
// the quote has none (nothing changes).
func (s *Service) DeleteDiscountLine(ctx context.Context, tenantID, quoteID string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if err := (discountLineStore{}).delete(ctx, q, tenantID, quoteID); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if errors.Is(err, errNoLine) {
		return false, nil
	}
	return err == nil, err
}
