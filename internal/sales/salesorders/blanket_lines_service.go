package salesorders

import (
	"context"
	"slices"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/shared/doclines"
	"mos/internal/stock/items"
)

// Limits of a blanket line's members (those of part lines).
const (
	maxBlanketText     = 2000
	maxBlanketUnitName = 100
)

// BlanketLine is a stored blanket line: an item promised in a total quantity over a period at
// a unit price, released over time into part lines (which carry blanket_line_id). It carries
// no money of its own: the released part lines do, and count in the order's totals.
type BlanketLine struct {
	ID           string
	SalesOrderID string
	LineNumber   int32
	ItemID       string
	Item         partlines.ItemRef
	Description  *string
	Quantity     dec
	UnitName     string
	UnitPrice    dec
	// StartDate and EndDate bound the days releases are delivered on (calendar days at
	// midnight UTC); nil is open.
	StartDate *time.Time
	EndDate   *time.Time
	Notes     *string
	// ReleasedQuantity is the sum of the quantities of its part lines, ReleasedPartLineIDs
	// their ids, oldest release first.
	ReleasedQuantity    dec
	ReleasedPartLineIDs []string
	CreatedUtc          time.Time
	ModifiedUtc         time.Time
}

// RemainingQuantity is what releases may still take: Quantity less ReleasedQuantity.
func (l BlanketLine) RemainingQuantity() dec {
	return dec{Decimal: l.Quantity.Sub(l.ReleasedQuantity.Decimal)}
}

// released reports whether a part line has been released from the line.
func (l BlanketLine) released() bool { return len(l.ReleasedPartLineIDs) > 0 }

// BlanketLineWrite is a create or full update of a blanket line (see
// SalesOrderBlanketLineItemWrite in the spec); nil members were omitted (or null).
type BlanketLineWrite struct {
	ItemID      string
	LineNumber  *int32
	Description *string
	Quantity    dec
	UnitName    *string
	UnitPrice   *dec
	// StartDate and EndDate are calendar days at midnight UTC; nil: none.
	StartDate *time.Time
	EndDate   *time.Time
	Notes     *string
}

// BlanketLineFilter narrows a blanket line list; empty members apply no clause.
type BlanketLineFilter struct {
	IDs     []string
	ItemIDs []string
}

// checkBlanketShape applies the rules a blanket line write states on its own, before any
// read, naming every offending member.
func checkBlanketShape(w *BlanketLineWrite) error {
	fields := apperr.Fields{}
	doclines.CheckQuantity(fields, "quantity", w.Quantity)
	if w.UnitPrice != nil {
		doclines.CheckPrice(fields, "unitPrice", *w.UnitPrice)
	}
	if w.LineNumber != nil && *w.LineNumber < 1 {
		fields.Add("lineNumber", "must be 1 or more")
	}
	if w.Description != nil && len([]rune(strings.TrimSpace(*w.Description))) > maxBlanketText {
		fields.Add("description", "must be at most %d characters", maxBlanketText)
	}
	w.Notes = fields.OptionalText("notes", w.Notes, maxBlanketText)
	if w.UnitName != nil && len([]rune(strings.TrimSpace(*w.UnitName))) > maxBlanketUnitName {
		fields.Add("unitOfMeasureName", "must be at most %d characters", maxBlanketUnitName)
	}
	if w.StartDate != nil && w.EndDate != nil && w.EndDate.Before(*w.StartDate) {
		fields.Add("endDate", "must not be before startDate (%s)", w.StartDate.Format(time.DateOnly))
	}
	return fields.Err()
}

// blanketItem reads the item a blanket line names, share-locked: unknown is a 404 naming
// itemId, archived a 400 naming it unless the line already sells it (keep).
func (s *Service) blanketItem(ctx context.Context, q db.Q, tenantID, itemID, keep string) (items.SaleItem, error) {
	found, err := s.deps.Items.SaleItems(ctx, q, tenantID, []string{itemID})
	if err != nil {
		return items.SaleItem{}, err
	}
	it, ok := found[itemID]
	if !ok {
		fields := apperr.Fields{}
		fields.Add("itemId", "item %s not found", itemID)
		return it, fields.NotFoundErr()
	}
	if it.IsArchived && it.ID != keep {
		return it, apperr.Field("itemId", "item %s is archived", itemID)
	}
	return it, nil
}

// fillBlanket sets next's members from w and the item: the item's description and unit as
// part lines take them, the price sent or (on create) the item's fixed sales price for the
// whole quantity.
func (s *Service) fillBlanket(ctx context.Context, q db.Q, tenantID string, parent lineParent, next *BlanketLine, w BlanketLineWrite, it items.SaleItem, create bool) error {
	next.ItemID = it.ID
	next.Item = partlines.ItemRef{ID: it.ID, Number: it.Number, Revision: it.Revision, Description: it.Description}
	next.Quantity = w.Quantity
	switch {
	case w.Description == nil:
		next.Description = it.Description
	case strings.TrimSpace(*w.Description) == "":
		next.Description = nil
	default:
		t := strings.TrimSpace(*w.Description)
		next.Description = &t
	}
	next.UnitName = it.DefaultUnit()
	if w.UnitName != nil && strings.TrimSpace(*w.UnitName) != "" {
		next.UnitName = strings.TrimSpace(*w.UnitName)
	}
	if !slices.Contains(it.Units, next.UnitName) {
		return apperr.Field("unitOfMeasureName", "%q is not a unit item %s sells in (units: %s)", next.UnitName, it.Number, strings.Join(it.Units, ", "))
	}
	next.StartDate, next.EndDate, next.Notes = w.StartDate, w.EndDate, w.Notes
	switch {
	case w.UnitPrice != nil:
		next.UnitPrice = *w.UnitPrice
	case !create:
		// An update without unitPrice keeps the line's.
	default:
		prices, err := s.deps.Items.SalesUnitPrices(ctx, q, tenantID, parent.CustomerID, parent.Currency,
			[]items.PriceAsk{{ItemID: it.ID, Quantity: next.Quantity, UnitName: next.UnitName}})
		if err != nil {
			return err
		}
		p := prices[0]
		if !p.Found || p.Type != items.SalesBreakPrice || p.Price == nil {
			return apperr.Field("unitPrice", "is required: item %s has no fixed sales price for %s %s in %s", it.Number, next.Quantity.String(), next.UnitName, parent.Currency)
		}
		next.UnitPrice = *p.Price
	}
	return nil
}

// CreateBlanketLine adds a blanket line to the order and answers its id. The order's totals
// do not move (a blanket line carries no money) but its modifiedUtc advances.
func (s *Service) CreateBlanketLine(ctx context.Context, tenantID, orderID string, w BlanketLineWrite) (string, error) {
	if err := checkBlanketShape(&w); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		it, err := s.blanketItem(ctx, q, tenantID, w.ItemID, "")
		if err != nil {
			return err
		}
		l := BlanketLine{ID: id, SalesOrderID: orderID}
		if err := s.fillBlanket(ctx, q, tenantID, parent, &l, w, it, true); err != nil {
			return err
		}
		if w.LineNumber != nil {
			l.LineNumber = *w.LineNumber
		} else {
			last, err := blanketLinesStore{}.maxLineNumber(ctx, q, tenantID, orderID)
			if err != nil {
				return err
			}
			l.LineNumber = last + 1
		}
		if err := (blanketLinesStore{}).insert(ctx, q, tenantID, l); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// BlanketLine returns one blanket line of the order with what has been released from it; the
// order may be deleted. A line of another order is NotFound.
func (s *Service) BlanketLine(ctx context.Context, tenantID, orderID, lineID string) (BlanketLine, error) {
	var l BlanketLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		var err error
		l, err = blanketLinesStore{}.get(ctx, q, tenantID, orderID, lineID, false)
		return err
	})
	return l, err
}

// BlanketLines returns the page r asks for of the order's blanket lines matching f, with their
// releases, in two statements however many lines; the order may be deleted.
func (s *Service) BlanketLines(ctx context.Context, tenantID, orderID string, f BlanketLineFilter, r listing.Request) ([]BlanketLine, error) {
	page, err := listing.Resolve(r, blanketLineListSpec)
	if err != nil {
		return nil, err
	}
	var out []BlanketLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		out, err = blanketLinesStore{}.list(ctx, q, tenantID, orderID, f, page)
		return err
	})
	return out, err
}

// UpdateBlanketLine replaces the line's members (see updateSalesOrderBlanketLine in the spec)
// and answers the line as stored.
func (s *Service) UpdateBlanketLine(ctx context.Context, tenantID, orderID, lineID string, w BlanketLineWrite) (BlanketLine, error) {
	return s.saveBlanketLine(ctx, tenantID, orderID, lineID, func(BlanketLine) (BlanketLineWrite, error) { return w, nil })
}

// PatchBlanketLine saves the write change makes of the line as it stands (locked), under the
// rules of the full update.
func (s *Service) PatchBlanketLine(ctx context.Context, tenantID, orderID, lineID string, change func(current BlanketLine) (BlanketLineWrite, error)) (BlanketLine, error) {
	return s.saveBlanketLine(ctx, tenantID, orderID, lineID, change)
}

func (s *Service) saveBlanketLine(ctx context.Context, tenantID, orderID, lineID string, change func(BlanketLine) (BlanketLineWrite, error)) (BlanketLine, error) {
	var out BlanketLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		cur, err := blanketLinesStore{}.get(ctx, q, tenantID, orderID, lineID, true)
		if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		w, err := change(cur)
		if err != nil {
			return err
		}
		if err := checkBlanketShape(&w); err != nil {
			return err
		}
		it, err := s.blanketItem(ctx, q, tenantID, w.ItemID, cur.ItemID)
		if err != nil {
			return err
		}
		next := cur
		if w.LineNumber != nil {
			next.LineNumber = *w.LineNumber
		}
		if err := s.fillBlanket(ctx, q, tenantID, parent, &next, w, it, false); err != nil {
			return err
		}
		if err := checkReleasedKept(cur, next); err != nil {
			return err
		}
		if err := (blanketLinesStore{}).update(ctx, q, tenantID, next); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		out, err = blanketLinesStore{}.get(ctx, q, tenantID, orderID, lineID, false)
		return err
	})
	return out, err
}

// checkReleasedKept refuses, once part lines have been released from cur, an update that
// changes its item or unit (the releases sell them) or takes its quantity below what is
// released.
func checkReleasedKept(cur, next BlanketLine) error {
	if !cur.released() {
		return nil
	}
	fields := apperr.Fields{}
	if next.ItemID != cur.ItemID {
		fields.Add("itemId", "cannot change: %s has been released from this blanket line", cur.ReleasedQuantity.String())
	}
	if next.UnitName != cur.UnitName {
		fields.Add("unitOfMeasureName", "cannot change: %s %s has been released from this blanket line", cur.ReleasedQuantity.String(), cur.UnitName)
	}
	if next.Quantity.LessThan(cur.ReleasedQuantity.Decimal) {
		fields.Add("quantity", "must be at least the released quantity %s", cur.ReleasedQuantity.String())
	}
	return fields.Err()
}

// DeleteBlanketLine deletes the line; false when the order has no such line. A line from
// which part lines have been released cannot be deleted (400 naming lineItemId).
func (s *Service) DeleteBlanketLine(ctx context.Context, tenantID, orderID, lineID string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		cur, err := blanketLinesStore{}.get(ctx, q, tenantID, orderID, lineID, true)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		if cur.released() {
			return apperr.Field("lineItemId", "%d part lines have been released from this blanket line: delete them first", len(cur.ReleasedPartLineIDs))
		}
		deleted, err = blanketLinesStore{}.delete(ctx, q, tenantID, orderID, lineID)
		if err != nil || !deleted {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return deleted, err
}

// BlanketRelease is a release of part of a blanket line (see SalesOrderBlanketRelease in the
// spec): nil members were omitted (or null).
type BlanketRelease struct {
	Quantity dec
	// DeliveryDate is a calendar day at midnight UTC; nil: none.
	DeliveryDate *time.Time
	UnitPrice    *dec
	Notes        *string
}

// ReleaseBlanketLine releases r.Quantity of the blanket line into a new part line of the
// order, in one transaction under the order's lock: the part line sells the blanket's item in
// its unit with its description, at r.UnitPrice or the blanket's price (the price scheme),
// with a copy of the item's routing, and carries the blanket line's id; the order's totals are
// recomputed. Answers the part line as stored.
func (s *Service) ReleaseBlanketLine(ctx context.Context, tenantID, orderID, lineID string, r BlanketRelease) (PartLine, error) {
	fields := apperr.Fields{}
	doclines.CheckQuantity(fields, "quantity", r.Quantity)
	if r.UnitPrice != nil {
		doclines.CheckPrice(fields, "unitPrice", *r.UnitPrice)
	}
	r.Notes = fields.OptionalText("notes", r.Notes, maxBlanketText)
	if err := fields.Err(); err != nil {
		return PartLine{}, err
	}
	var out PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		bl, err := blanketLinesStore{}.get(ctx, q, tenantID, orderID, lineID, true)
		if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		if err := checkRelease(bl, r); err != nil {
			return err
		}
		price := bl.UnitPrice
		if r.UnitPrice != nil {
			price = *r.UnitPrice
		}
		// A blanket without a description releases lines without one ("" stores none).
		description := ""
		if bl.Description != nil {
			description = *bl.Description
		}
		unit := bl.UnitName
		// Without pricingScheme and with a unitPrice the line keeps the price sent (the price
		// scheme, not re-priced from the item's breaks).
		w := PartLineWrite{Write: partlines.Write{
			ItemID: bl.ItemID, Description: &description, Quantity: r.Quantity, UnitName: &unit,
			UnitPrice: &price, Notes: r.Notes,
		}, DeliveryDate: r.DeliveryDate}
		b, err := s.partLineKind().Start(tenantID, []partlines.Write{w.Write}, false)
		if err != nil {
			return err
		}
		created, err := s.addPartLines(ctx, q, tenantID, parent, b, []PartLineWrite{w}, &bl.ID)
		if err != nil {
			return err
		}
		if err := (blanketLinesStore{}).touch(ctx, q, tenantID, orderID, lineID); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		out, err = partLinesStore{}.get(ctx, q, tenantID, orderID, created[0], false)
		return err
	})
	return out, err
}

// checkRelease refuses a release of more than the blanket line has remaining (400 naming
// quantity) or delivered outside its period when it has one (400 naming deliveryDate).
func checkRelease(bl BlanketLine, r BlanketRelease) error {
	fields := apperr.Fields{}
	if remaining := bl.RemainingQuantity(); r.Quantity.GreaterThan(remaining.Decimal) {
		fields.Add("quantity", "must be at most the blanket line's remaining quantity %s %s", remaining.String(), bl.UnitName)
	}
	if d := r.DeliveryDate; d != nil {
		if (bl.StartDate != nil && d.Before(*bl.StartDate)) || (bl.EndDate != nil && d.After(*bl.EndDate)) {
			fields.Add("deliveryDate", "must fall in the blanket line's period %s", periodText(bl))
		}
	}
	return fields.Err()
}

// periodText is a blanket line's period as an error shows it ("2027-01-01 to 2027-12-31",
// an open end as "…").
func periodText(bl BlanketLine) string {
	day := func(t *time.Time) string {
		if t == nil {
			return "…"
		}
		return t.Format(time.DateOnly)
	}
	return day(bl.StartDate) + " to " + day(bl.EndDate)
}

// checkReleaseUpdate refuses an update of a part line released from a blanket line (cur) that
// changes its item or unit (the blanket's) or raises its quantity past what the blanket line
// has remaining. The order is locked by the caller; a part line of no blanket passes.
func (s *Service) checkReleaseUpdate(ctx context.Context, q db.Q, tenantID string, cur PartLine, next partlines.Line) error {
	if cur.BlanketLineID == nil {
		return nil
	}
	bl, err := blanketLinesStore{}.get(ctx, q, tenantID, cur.SalesOrderID, *cur.BlanketLineID, true)
	if err != nil {
		return err
	}
	fields := apperr.Fields{}
	if next.ItemID != cur.ItemID {
		fields.Add("itemId", "cannot change: the line is released from blanket line %d", bl.LineNumber)
	}
	if next.UnitName != cur.UnitName {
		fields.Add("unitOfMeasureName", "cannot change: the line is released from blanket line %d in %s", bl.LineNumber, bl.UnitName)
	}
	more := next.Quantity.Sub(cur.Quantity.Decimal)
	if remaining := bl.RemainingQuantity(); more.GreaterThan(remaining.Decimal) {
		fields.Add("quantity", "must be at most %s: blanket line %d has %s %s remaining",
			cur.Quantity.Add(remaining.Decimal).String(), bl.LineNumber, remaining.String(), bl.UnitName)
	}
	return fields.Err()
}
