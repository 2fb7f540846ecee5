package quotes

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
)

// Limits of a fee line's members.
const (
	maxFeeName        = 200
	maxFeeDescription = 2000
)

// FeeLineWrite is what a fee line's create or full update sets; omitted optional members are
// at their zero value (no description, not taxable, no tax rate).
type FeeLineWrite struct {
	Name        string
	Description *string
	// Amount is the fee, 0 or more, stored exactly as sent.
	Amount    dec
	IsTaxable bool
	TaxRateID *string
}

// FeeLine is a stored fee line.
type FeeLine struct {
	ID      string
	QuoteID string
	FeeLineWrite
	// TaxRate is the tax rate's percentage copied when the line was written; 0 without one.
	TaxRate dec
	// SubTotal is Amount rounded to the minor unit of the quote's currency (doclines).
	SubTotal    dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// LineFilter narrows a list of a quote's fee or tax lines; empty members apply no clause.
type LineFilter struct {
	IDs []string
}

// errNoLine is a delete's answer when the quote has no such line (204, not 404).
var errNoLine = errors.New("no such line")

// normalized applies the write rules, naming each offending field: name trimmed to 1..200;
// description trimmed, blank as none, at most 2000; amount 0 or more.
func (w FeeLineWrite) normalized() (FeeLineWrite, error) {
	f := apperr.Fields{}
	w.Name = f.Text("name", w.Name, maxFeeName)
	w.Description = f.OptionalText("description", w.Description, maxFeeDescription)
	doclines.CheckAmount(f, "amount", w.Amount)
	return w, f.Err()
}

// CreateFeeLine adds a fee line to the tenant's active quote quoteID and recomputes the
// quote's totals, in one transaction; it answers the new line's id. The tax rate named, if
// any, must be usable (404 naming taxRateId when unknown, 400 when archived); its percentage
// is copied onto the line.
func (s *Service) CreateFeeLine(ctx context.Context, tenantID, quoteID string, w FeeLineWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		rate, err := s.lineTaxRate(ctx, q, tenantID, w.TaxRateID)
		if err != nil {
			return err
		}
		if err := (feeLineStore{}).insert(ctx, q, tenantID, quoteID, id, w, rate); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// FeeLine reads one fee line of the tenant's quote quoteID, deleted or not; a line of
// another quote is NotFound.
func (s *Service) FeeLine(ctx context.Context, tenantID, quoteID, id string) (FeeLine, error) {
	if err := s.lineQuoteExists(ctx, s.pool, tenantID, quoteID); err != nil {
		return FeeLine{}, err
	}
	return feeLineStore{}.get(ctx, s.pool, tenantID, quoteID, id)
}

// FeeLines lists the quote's fee lines matching f, oldest first then id unless r sorts
// otherwise.
func (s *Service) FeeLines(ctx context.Context, tenantID, quoteID string, f LineFilter, r listing.Request) ([]FeeLine, error) {
	page, err := listing.Resolve(r, feeLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineQuoteExists(ctx, s.pool, tenantID, quoteID); err != nil {
		return nil, err
	}
	return feeLineStore{}.list(ctx, s.pool, tenantID, quoteID, f, page)
}

// UpdateFeeLine replaces every member of a fee line under the create rules and recomputes
// the quote's totals; it answers the line as stored.
func (s *Service) UpdateFeeLine(ctx context.Context, tenantID, quoteID, id string, w FeeLineWrite) (FeeLine, error) {
	w, err := w.normalized()
	if err != nil {
		return FeeLine{}, err
	}
	var saved FeeLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		rate, err := s.lineTaxRate(ctx, q, tenantID, w.TaxRateID)
		if err != nil {
			return err
		}
		if err := (feeLineStore{}).update(ctx, q, tenantID, quoteID, id, w, rate); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		saved, err = feeLineStore{}.get(ctx, q, tenantID, quoteID, id)
		return err
	})
	if err != nil {
		return FeeLine{}, err
	}
	return saved, nil
}

// DeleteFeeLine deletes a fee line and recomputes the quote's totals; false when the quote
// has no such line (nothing changes).
func (s *Service) DeleteFeeLine(ctx context.Context, tenantID, quoteID, id string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if err := (feeLineStore{}).delete(ctx, q, tenantID, quoteID, id); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if errors.Is(err, errNoLine) {
		return false, nil
	}
	return err == nil, err
}

// lineTaxRate is the percentage of the tax rate id names (usable, share-locked until q's
// transaction ends), or 0 when id is nil.
func (s *Service) lineTaxRate(ctx context.Context, q db.Q, tenantID string, id *string) (dec, error) {
	if id == nil {
		return dec{}, nil
	}
	found, err := s.deps.TaxRates.Usable(ctx, q, tenantID, "taxRateId", []string{*id})
	if err != nil {
		return dec{}, err
	}
	return found[*id].Rate, nil
}

// feeSubTotal is a fee's amount as the quote counts it: rounded to its currency's minor unit.
func feeSubTotal(amount dec, currencyCode string) dec {
	return doclines.Round(amount, currency.MinorUnits(currencyCode))
}
