package quotes

import (
	"context"
	"errors"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
)

// TaxLine is a stored tax line: a tax rate applied to the quote's whole taxable base.
type TaxLine struct {
	ID        string
	QuoteID   string
	TaxRateID string
	// Name and Rate are the tax rate's when the line was written.
	Name string
	Rate dec
	// TaxableBase is the quote's current taxable base; Amount the line's tax on it, as the
	// quote's tax total counts it (doclines.TaxLineAmount).
	TaxableBase dec
	Amount      dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// CreateTaxLine applies the usable tax rate taxRateID (404 naming taxRateId when unknown, 400
// when archived) to the tenant's active quote quoteID, copying its name and percentage, and
// recomputes the quote's totals, in one transaction; it answers the new line's id. A tax rate
// the quote already carries is 400 naming taxRateId, decided by the unique index so that of
// two concurrent adds one wins.
func (s *Service) CreateTaxLine(ctx context.Context, tenantID, quoteID, taxRateID string) (string, error) {
	id := ids.NewSub()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		found, err := s.deps.TaxRates.Usable(ctx, q, tenantID, "taxRateId", []string{taxRateID})
		if err != nil {
			return err
		}
		r := found[taxRateID]
		if err := (taxLineStore{}).insert(ctx, q, tenantID, quoteID, id, taxRateID, r.Name, r.Rate); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// TaxLine reads one tax line of the tenant's quote quoteID, deleted or not; a line of another
// quote is NotFound.
func (s *Service) TaxLine(ctx context.Context, tenantID, quoteID, id string) (TaxLine, error) {
	if err := s.lineQuoteExists(ctx, s.pool, tenantID, quoteID); err != nil {
		return TaxLine{}, err
	}
	return taxLineStore{}.get(ctx, s.pool, tenantID, quoteID, id)
}

// TaxLines lists the quote's tax lines matching f, oldest first then id unless r sorts
// otherwise.
func (s *Service) TaxLines(ctx context.Context, tenantID, quoteID string, f LineFilter, r listing.Request) ([]TaxLine, error) {
	page, err := listing.Resolve(r, taxLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineQuoteExists(ctx, s.pool, tenantID, quoteID); err != nil {
		return nil, err
	}
	return taxLineStore{}.list(ctx, s.pool, tenantID, quoteID, f, page)
}

// UpdateTaxLine replaces a tax line's tax rate under the create rules, copying the new rate's
// name and percentage, and recomputes the quote's totals; it answers the line as stored.
func (s *Service) UpdateTaxLine(ctx context.Context, tenantID, quoteID, id, taxRateID string) (TaxLine, error) {
	var saved TaxLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		found, err := s.deps.TaxRates.Usable(ctx, q, tenantID, "taxRateId", []string{taxRateID})
		if err != nil {
			return err
		}
		r := found[taxRateID]
		if err := (taxLineStore{}).update(ctx, q, tenantID, quoteID, id, taxRateID, r.Name, r.Rate); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		saved, err = taxLineStore{}.get(ctx, q, tenantID, quoteID, id)
		return err
	})
	if err != nil {
		return TaxLine{}, err
	}
	return saved, nil
}

// DeleteTaxLine deletes a tax line and recomputes the quote's totals; false when the quote has
// no such line (nothing changes).
func (s *Service) DeleteTaxLine(ctx context.Context, tenantID, quoteID, id string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if err := (taxLineStore{}).delete(ctx, q, tenantID, quoteID, id); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if errors.Is(err, errNoLine) {
		return false, nil
	}
	return err == nil, err
}

// taxLineAmount is the tax of a line at rate on the quote's taxable base, as recomputeTotals
// counts it.
func taxLineAmount(taxableBase, rate dec, currencyCode string) dec {
	return doclines.TaxLineAmount(taxableBase, rate, currency.MinorUnits(currencyCode))
}
