package linekinds

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/shared/doclines"
)

// maxDiscountName is the longest name of a discount line.
const maxDiscountName = 200

// DiscountLineWrite is what setting a document's discount line writes.
type DiscountLineWrite struct {
	Name *string
	// IsPercentage: Value is a percentage (0 to 100) of the document's subtotal, else an
	// amount (0 or more; above the subtotal it takes the whole subtotal, see doclines).
	IsPercentage bool
	Value        dec
}

// DiscountLine is a document's stored discount line.
type DiscountLine struct {
	ID       string
	ParentID string
	DiscountLineWrite
	// Amount is what the discount takes from the document now: its stored discount total.
	Amount dec
	LineDetails
	// Description and ExternalReferences are the declared Columns' (nil and {} otherwise).
	Description        *string
	ExternalReferences extref.References
	CreatedUtc         time.Time
	ModifiedUtc        time.Time
}

// normalized applies the write rules, naming each offending field: name trimmed, blank as
// none, at most 200; value a percentage 0 to 100, or an amount 0 or more (an amount above
// the document's subtotal is accepted).
func (w DiscountLineWrite) normalized() (DiscountLineWrite, error) {
	f := apperr.Fields{}
	w.Name = f.OptionalText("name", w.Name, maxDiscountName)
	doclines.CheckDocumentDiscount(f, "value", &doclines.Discount{Percentage: w.IsPercentage, Value: w.Value})
	return w, f.Err()
}

// SetDiscount creates the tenant's active document's one discount line, or replaces the one
// it has (keeping its id), and recomputes its totals, in one transaction; it answers the
// line as stored.
func (l *Lines[P]) SetDiscount(ctx context.Context, tenantID, parentID string, w DiscountLineWrite) (DiscountLine, error) {
	w, err := w.normalized()
	if err != nil {
		return DiscountLine{}, err
	}
	var saved DiscountLine
	err = l.write(ctx, tenantID, parentID, func(q db.Q) error {
		return l.discount().upsert(ctx, q, tenantID, parentID, ids.NewSub(), w)
	}, func(q db.Q) (err error) {
		saved, err = l.discount().get(ctx, q, tenantID, parentID)
		return err
	})
	if err != nil {
		return DiscountLine{}, err
	}
	return saved, nil
}

// Discount reads the discount line of the tenant's document parentID, deleted or not;
// NotFound when the document has none.
func (l *Lines[P]) Discount(ctx context.Context, tenantID, parentID string) (DiscountLine, error) {
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return DiscountLine{}, err
	}
	return l.discount().get(ctx, l.pool, tenantID, parentID)
}

// DeleteDiscount deletes the document's discount line and recomputes its totals; false when
// the document has none (nothing changes).
func (l *Lines[P]) DeleteDiscount(ctx context.Context, tenantID, parentID string) (bool, error) {
	return l.remove(ctx, tenantID, parentID, func(q db.Q) error {
		return l.discount().delete(ctx, q, tenantID, parentID)
	})
}
