package linekinds

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
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
// at their zero value (no description, not taxable, no tax rate, no external references).
type FeeLineWrite struct {
	Name        string
	Description *string
	// Amount is the fee, 0 or more, stored exactly as sent.
	Amount    dec
	IsTaxable bool
	TaxRateID *string
	// ExternalReferences are stored only when the document declares them (Columns), under
	// the create and full update rule of external references.
	ExternalReferences extref.References
}

// FeeLine is a stored fee line.
type FeeLine struct {
	ID       string
	ParentID string
	FeeLineWrite
	// TaxRate is the tax rate's percentage copied when the line was written; 0 without one.
	TaxRate dec
	// SubTotal is Amount rounded to the minor unit of the document's currency (doclines).
	SubTotal dec
	LineDetails
	// OverrideTaxRate and OriginID are the declared Columns' (false and nil otherwise).
	OverrideTaxRate bool
	OriginID        *string
	CreatedUtc      time.Time
	ModifiedUtc     time.Time
}

// LineFilter narrows a list of a document's fee or tax lines; empty members apply no clause.
type LineFilter struct {
	IDs []string
}

// normalized applies the write rules, naming each offending field: name trimmed to 1..200;
// description trimmed, blank as none, at most 2000; amount 0 or more; external references
// under their create and full update rule.
func (w FeeLineWrite) normalized() (FeeLineWrite, error) {
	f := apperr.Fields{}
	w.Name = f.Text("name", w.Name, maxFeeName)
	w.Description = f.OptionalText("description", w.Description, maxFeeDescription)
	doclines.CheckAmount(f, "amount", w.Amount)
	refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
	f.Merge("", refErrs)
	w.ExternalReferences = refs
	return w, f.Err()
}

// CreateFee adds a fee line to the tenant's active document parentID and recomputes its
// totals, in one transaction; it answers the new line's id. The tax rate named, if any, must
// be usable (404 naming the tax rate member, Tables.TaxRateMember, when unknown, 400 when archived); its percentage is copied
// onto the line.
func (l *Lines[P]) CreateFee(ctx context.Context, tenantID, parentID string, w FeeLineWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = l.write(ctx, tenantID, parentID, func(q db.Q) error {
		rate, err := l.lineTaxRate(ctx, q, tenantID, w.TaxRateID)
		if err != nil {
			return err
		}
		return l.fees().insert(ctx, q, tenantID, parentID, id, w, rate)
	}, nil)
	if err != nil {
		return "", err
	}
	return id, nil
}

// Fee reads one fee line of the tenant's document parentID, deleted or not; a line of
// another document is NotFound.
func (l *Lines[P]) Fee(ctx context.Context, tenantID, parentID, id string) (FeeLine, error) {
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return FeeLine{}, err
	}
	return l.fees().get(ctx, l.pool, tenantID, parentID, id)
}

// Fees lists the document's fee lines matching f, oldest first then id unless r sorts
// otherwise.
func (l *Lines[P]) Fees(ctx context.Context, tenantID, parentID string, f LineFilter, r listing.Request) ([]FeeLine, error) {
	page, err := listing.Resolve(r, feeLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return nil, err
	}
	return l.fees().list(ctx, l.pool, tenantID, parentID, f, page)
}

// UpdateFee replaces every member of a fee line under the create rules and recomputes the
// document's totals; it answers the line as stored.
func (l *Lines[P]) UpdateFee(ctx context.Context, tenantID, parentID, id string, w FeeLineWrite) (FeeLine, error) {
	w, err := w.normalized()
	if err != nil {
		return FeeLine{}, err
	}
	return l.saveFee(ctx, tenantID, parentID, id, func(db.Q) (FeeLineWrite, error) { return w, nil })
}

// PatchFee replaces a fee line with what change makes of it as stored (a JSON Patch of its
// read shape applied by the caller, inside the transaction, the document locked), under the
// rules of a full update, and recomputes the document's totals; it answers the line as
// stored. A line not of the document is NotFound.
func (l *Lines[P]) PatchFee(ctx context.Context, tenantID, parentID, id string, change func(current FeeLine) (FeeLineWrite, error)) (FeeLine, error) {
	return l.saveFee(ctx, tenantID, parentID, id, patched(func(q db.Q) (FeeLine, error) {
		return l.fees().get(ctx, q, tenantID, parentID, id)
	}, change, FeeLineWrite.normalized))
}

// patched is the write of a patch, in its transaction: the line as stored (get), changed by
// change, then put under the write rules (normalized).
func patched[L, W any](get func(q db.Q) (L, error), change func(L) (W, error), normalized func(W) (W, error)) func(q db.Q) (W, error) {
	return func(q db.Q) (W, error) {
		var w W
		current, err := get(q)
		if err != nil {
			return w, err
		}
		if w, err = change(current); err != nil {
			return w, err
		}
		return normalized(w)
	}
}

// saveFee stores the write next answers (in the transaction, the document locked) over fee
// line id.
func (l *Lines[P]) saveFee(ctx context.Context, tenantID, parentID, id string, next func(q db.Q) (FeeLineWrite, error)) (FeeLine, error) {
	var saved FeeLine
	err := l.write(ctx, tenantID, parentID, func(q db.Q) error {
		w, err := next(q)
		if err != nil {
			return err
		}
		rate, err := l.lineTaxRate(ctx, q, tenantID, w.TaxRateID)
		if err != nil {
			return err
		}
		return l.fees().update(ctx, q, tenantID, parentID, id, w, rate)
	}, func(q db.Q) (err error) {
		saved, err = l.fees().get(ctx, q, tenantID, parentID, id)
		return err
	})
	if err != nil {
		return FeeLine{}, err
	}
	return saved, nil
}

// DeleteFee deletes a fee line and recomputes the document's totals; false when the document
// has no such line (nothing changes).
func (l *Lines[P]) DeleteFee(ctx context.Context, tenantID, parentID, id string) (bool, error) {
	return l.remove(ctx, tenantID, parentID, func(q db.Q) error {
		return l.fees().delete(ctx, q, tenantID, parentID, id)
	})
}

// lineTaxRate is the percentage of the tax rate id names (usable, share-locked until q's
// transaction ends), or 0 when id is nil.
func (l *Lines[P]) lineTaxRate(ctx context.Context, q db.Q, tenantID string, id *string) (dec, error) {
	if id == nil {
		return dec{}, nil
	}
	r, err := l.d.TaxRates(ctx, q, tenantID, l.d.Tables.taxRateMember(), *id)
	if err != nil {
		return dec{}, err
	}
	return r.Rate, nil
}

// FeeSubTotal is a fee's amount as a document counts it: rounded to its currency's minor
// unit.
func FeeSubTotal(amount dec, currencyCode string) dec {
	return doclines.Round(amount, currency.MinorUnits(currencyCode))
}
