package linekinds

import (
	"context"
	"time"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/doclines"
)

// TaxLine is a stored tax line: a tax rate applied to the document's whole taxable base.
type TaxLine struct {
	ID        string
	ParentID  string
	TaxRateID string
	// Name and Rate are the tax rate's when the line was written.
	Name string
	Rate dec
	// TaxableBase is the document's current taxable base; Amount the line's tax on it, as
	// the document's tax total counts it (doclines.TaxLineAmount).
	TaxableBase dec
	Amount      dec
	LineDetails
	// Description, ExternalReferences, TaxRateEditable and TaxAddress are the declared
	// Columns' (nil, {}, false and nil otherwise).
	Description        *string
	ExternalReferences extref.References
	TaxRateEditable    bool
	TaxAddress         *docaddress.Address
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
}

// CreateTax applies the usable tax rate taxRateID (404 naming taxRateId when unknown, 400
// when archived) to the tenant's active document parentID, copying its name and percentage,
// and recomputes the document's totals, in one transaction; it answers the new line's id. A
// tax rate the document already carries is 400 naming taxRateId, decided by the unique index
// so that of two concurrent adds one wins.
func (l *Lines[P]) CreateTax(ctx context.Context, tenantID, parentID, taxRateID string) (string, error) {
	id := ids.NewSub()
	err := l.write(ctx, tenantID, parentID, func(q db.Q) error {
		r, err := l.d.TaxRates(ctx, q, tenantID, l.d.Tables.taxRateMember(), taxRateID)
		if err != nil {
			return err
		}
		return l.taxes().insert(ctx, q, tenantID, parentID, id, taxRateID, r)
	}, nil)
	if err != nil {
		return "", err
	}
	return id, nil
}

// Tax reads one tax line of the tenant's document parentID, deleted or not; a line of
// another document is NotFound.
func (l *Lines[P]) Tax(ctx context.Context, tenantID, parentID, id string) (TaxLine, error) {
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return TaxLine{}, err
	}
	return l.taxes().get(ctx, l.pool, tenantID, parentID, id)
}

// Taxes lists the document's tax lines matching f, oldest first then id unless r sorts
// otherwise.
func (l *Lines[P]) Taxes(ctx context.Context, tenantID, parentID string, f LineFilter, r listing.Request) ([]TaxLine, error) {
	page, err := listing.Resolve(r, taxLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return nil, err
	}
	return l.taxes().list(ctx, l.pool, tenantID, parentID, f, page)
}

// UpdateTax replaces a tax line's tax rate under the create rules, copying the new rate's
// name and percentage, and recomputes the document's totals; it answers the line as stored.
func (l *Lines[P]) UpdateTax(ctx context.Context, tenantID, parentID, id, taxRateID string) (TaxLine, error) {
	var saved TaxLine
	err := l.write(ctx, tenantID, parentID, func(q db.Q) error {
		r, err := l.d.TaxRates(ctx, q, tenantID, l.d.Tables.taxRateMember(), taxRateID)
		if err != nil {
			return err
		}
		return l.taxes().update(ctx, q, tenantID, parentID, id, taxRateID, r)
	}, func(q db.Q) (err error) {
		saved, err = l.taxes().get(ctx, q, tenantID, parentID, id)
		return err
	})
	if err != nil {
		return TaxLine{}, err
	}
	return saved, nil
}

// DeleteTax deletes a tax line and recomputes the document's totals; false when the document
// has no such line (nothing changes).
func (l *Lines[P]) DeleteTax(ctx context.Context, tenantID, parentID, id string) (bool, error) {
	return l.remove(ctx, tenantID, parentID, func(q db.Q) error {
		return l.taxes().delete(ctx, q, tenantID, parentID, id)
	})
}

// TaxLineAmount is the tax of a line at rate on a document's taxable base, as its totals
// count it.
func TaxLineAmount(taxableBase, rate dec, currencyCode string) dec {
	return doclines.TaxLineAmount(taxableBase, rate, currency.MinorUnits(currencyCode))
}
