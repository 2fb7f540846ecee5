package purchaseorders

import (
	"context"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
)

// Part lines (an item bought) and outside-processing lines (a service the vendor performs)
// share their priced members, their numbering and their rules: this file is that shared
// body, each kind declaring its table and custom field module (lineKind) and adding its own
// members (part_lines_*.go, op_lines_*.go).

// Limits of a line's members.
const (
	maxLineText = 2000
	maxUnitName = 100
)

// Line is the members part and outside-processing lines share, with the line's own amounts.
type Line struct {
	ID              string
	PurchaseOrderID string
	// LineNumber is shared by the order's part and outside-processing lines.
	LineNumber int32
	Quantity   dec.Decimal
	UnitName   string
	UnitPrice  dec.Decimal
	Discount   *doclines.Discount
	IsTaxable  bool
	TaxRateID  *string
	TaxRate    dec.Decimal
	// DueDate is a calendar day at midnight UTC; nil when none.
	DueDate      *time.Time
	Notes        *string
	CustomFields map[string]any
	// ReceivedQuantity is written by receipts, in UnitName.
	ReceivedQuantity dec.Decimal
	// Amounts are the line's own amounts (its share of the document discount and of the tax
	// lines are not filled).
	Amounts     doclines.LineAmounts
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// LineWrite is what a create or full update of either line kind sets of the shared members;
// nil members were omitted (or null) and take their defaults.
type LineWrite struct {
	Quantity  dec.Decimal
	UnitName  *string
	UnitPrice *dec.Decimal
	Discount  *doclines.Discount
	IsTaxable *bool
	TaxRateID *string
	// DueDate nil: the order's due date.
	DueDate *time.Time
	Notes   *string
	// CustomFields nil: omitted (none on create, the line's on update).
	CustomFields map[string]any
}

// LineFilter narrows a line list; empty members apply no clause.
type LineFilter struct {
	IDs             []string
	ItemIDs         []string
	JobOperationIDs []string
}

// lineKind declares one kind of line to the shared body.
type lineKind struct {
	// table is the kind's table, noun its name in messages.
	table, noun string
	// module is the custom field module of the kind's lines.
	module customfields.Module
}

var (
	partLineKind = lineKind{table: "purchase_order_part_lines", noun: "part line", module: customfields.ModulePurchaseOrderPartLineItem}
	opLineKind   = lineKind{table: "purchase_order_outside_processing_lines", noun: "outside-processing line", module: customfields.ModuleOutsideProcessingLineItem}
)

// checkLineShape applies the rules of the shared members that need no read, naming each
// offending member, and trims the notes and the unit.
func checkLineShape(fields apperr.Fields, w *LineWrite) {
	doclines.CheckQuantity(fields, "quantity", w.Quantity)
	if w.UnitPrice != nil {
		doclines.CheckPrice(fields, "unitPrice", *w.UnitPrice)
	}
	if w.Discount != nil && w.Discount.Percentage {
		doclines.CheckDiscount(fields, "discount", w.Discount, dec.Zero)
	}
	if w.Discount != nil && w.Discount.Value.IsNegative() {
		fields.Add("discount", "must be 0 or more")
	}
	w.Notes = fields.OptionalText("notes", w.Notes, maxLineText)
	if w.UnitName != nil {
		u := strings.TrimSpace(*w.UnitName)
		switch {
		case u == "":
			w.UnitName = nil
		case len([]rune(u)) > maxUnitName:
			fields.Add("unitOfMeasureName", "must be at most %d characters", maxUnitName)
		default:
			w.UnitName = &u
		}
	}
}

// optionalLineText is a trimmed optional text of at most max characters: nil when omitted,
// "" (stored as none) when blank.
func optionalLineText(fields apperr.Fields, field string, v *string, max int) *string {
	if v == nil {
		return nil
	}
	t := strings.TrimSpace(*v)
	if len([]rune(t)) > max {
		fields.Add(field, "must be at most %d characters", max)
	}
	return &t
}

// textOr is the text of a write member taken through optionalLineText: its default when
// omitted, none when blank.
func textOr(v, fallback *string) *string {
	switch {
	case v == nil:
		return fallback
	case *v == "":
		return nil
	default:
		return v
	}
}

// fillLine sets the shared members of l from w, a write of kind on the locked order parent
// (cur is the line as it stands on an update, nil on create), unit being the line's unit
// and price its unit price, both resolved by the kind: the tax rate (usable, its rate
// copied), the due date (the order's when omitted), the custom fields (validated in full
// against the kind's module; an update without them keeps the line's), the discount against
// the line's amount and, on update, the quantity against what was received.
func (s *Service) fillLine(ctx context.Context, q db.Q, tenantID string, kind lineKind, parent lineParent, w LineWrite, cur *Line, l *Line) error {
	l.Quantity, l.Discount, l.Notes = w.Quantity, w.Discount, w.Notes
	l.IsTaxable = w.IsTaxable != nil && *w.IsTaxable
	l.TaxRateID, l.TaxRate = nil, dec.Zero
	if w.TaxRateID != nil {
		rates, err := s.deps.TaxRates.Usable(ctx, q, tenantID, "taxRateId", []string{*w.TaxRateID})
		if e, ok := apperr.As(err); ok && e.Kind == apperr.KindNotFound && len(e.Fields) == 0 {
			missing := apperr.Fields{}
			missing.Add("taxRateId", "tax rate %s not found", *w.TaxRateID)
			return missing.NotFoundErr()
		}
		if err != nil {
			return err
		}
		l.TaxRateID, l.TaxRate = w.TaxRateID, rates[*w.TaxRateID].Rate
	}
	l.DueDate = w.DueDate
	if l.DueDate == nil {
		due, err := totalsStore{}.orderDueDate(ctx, q, tenantID, parent.ID)
		if err != nil {
			return err
		}
		l.DueDate = due
	}
	fields := apperr.Fields{}
	switch {
	case w.CustomFields != nil || cur == nil:
		check, err := s.deps.LineCustomFields.Checker(ctx, q, tenantID, kind.module)
		if err != nil {
			return err
		}
		values := w.CustomFields
		if values == nil {
			values = map[string]any{}
		}
		if l.CustomFields, err = check(values, customfields.Full); err != nil {
			return err
		}
	default:
		l.CustomFields = cur.CustomFields
	}
	if l.CustomFields == nil {
		l.CustomFields = map[string]any{}
	}
	minor := currency.MinorUnits(parent.Currency)
	doclines.CheckDiscount(fields, "discount", l.Discount, doclines.ExtendedPrice(l.Quantity, l.UnitPrice, minor))
	if cur != nil && l.Quantity.LessThan(cur.ReceivedQuantity.Decimal) {
		fields.Add("quantity", "must not be below the %s already received", cur.ReceivedQuantity.String())
	}
	return fields.Err()
}

// priceLine computes the line's own amounts in currency code.
func priceLine(l *Line, code string) error {
	t, err := doclines.Document{Lines: []doclines.Line{{
		Quantity: l.Quantity, Price: l.UnitPrice, Discount: l.Discount, Taxable: l.IsTaxable, TaxRate: l.TaxRate,
	}}}.Compute(currency.MinorUnits(code))
	if err != nil {
		return err
	}
	l.Amounts = t.Lines[0]
	return nil
}

// writeLine runs one write of a line of kind in one transaction: it locks the active order
// (404), reads the line as it stands when lineID is set (404 when the order has no such line
// of the kind), checks the order's status, lets save store the line, recomputes the totals
// last and answers the id written.
func (s *Service) writeLine(ctx context.Context, tenantID, orderID string, save func(q db.Q, parent lineParent) (string, error)) (string, error) {
	var id string
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if id, err = save(q, parent); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return id, err
}

// deleteLine deletes line lineID of kind from the order; false when the order has no such
// line (its status is then not judged). A line with a received quantity cannot be deleted
// (400 naming receivedQuantity).
func (s *Service) deleteLine(ctx context.Context, kind lineKind, tenantID, orderID, lineID string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		received, found, err := linesStore{}.received(ctx, q, kind, tenantID, orderID, lineID, true)
		if err != nil || !found {
			return err
		}
		if err := checkLinesEditable(parent.Status); err != nil {
			return err
		}
		if received.IsPositive() {
			return apperr.Field("receivedQuantity", "received lines cannot be deleted (%s received); reverse the receipt first", received.String())
		}
		if err := (linesStore{}).delete(ctx, q, kind, tenantID, orderID, lineID); err != nil {
			return err
		}
		deleted = true
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return deleted, err
}

// lineTaxAllocations answers the tax allocations of line lineID of kind (404 when the order,
// deleted or not, has no such line of the kind).
func (s *Service) lineTaxAllocations(ctx context.Context, kind lineKind, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		_, found, err := linesStore{}.received(ctx, q, kind, tenantID, orderID, lineID, false)
		if err == nil && !found {
			err = apperr.NotFound("purchase order %s has no %s %s", orderID, kind.noun, lineID)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.TaxAllocations(ctx, tenantID, orderID, lineID)
}

// UsesItem reports whether a part or outside-processing line of a purchase order that is not
// deleted names the item: its unit of measure then cannot change (registered with the item
// master).
func (s *Service) UsesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return linesStore{}.usesItem(ctx, q, tenantID, itemID)
}
