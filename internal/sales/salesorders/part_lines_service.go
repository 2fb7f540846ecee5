package salesorders

import (
	"context"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/shared/customfields"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// PartLine is a stored sales order part line with its computed amounts.
type PartLine struct {
	partlines.Line
	SalesOrderID string
	// DeliveryDate is a calendar day at midnight UTC; nil when not set.
	DeliveryDate *time.Time
	// QuotePartLineID is the quote line it was converted from; BlanketLineID the blanket line
	// it releases; nil when none.
	QuotePartLineID *string
	BlanketLineID   *string
	// ShippedQuantity and InvoicedQuantity are filled by shipments and invoices.
	ShippedQuantity  dec
	InvoicedQuantity dec
	// ReservedQuantity is what the line holds of the units on hand, in the item's inventory
	// unit (see reservations_service.go).
	ReservedQuantity dec
}

// PartLineWrite is a create or full update of a part line (see SalesOrderPartLineItemWrite in
// the spec): the members every document's part line has, and the delivery date (a calendar
// day at midnight UTC; nil: none).
type PartLineWrite struct {
	partlines.Write
	DeliveryDate *time.Time
}

// PartLineFilter narrows a part line list; empty members apply no clause.
type PartLineFilter = partlines.Filter

// partLinesEditable are the statuses in which an order's part lines may be written: until
// production starts. Shipments and invoices fill the lines of an order in progress; its
// quantities and prices no longer move.
var partLinesEditable = []Status{StatusDraft, StatusNeedsApproval, StatusApproved}

// checkPartLinesEditable refuses, with a 400 naming status, a part line write on an order in
// status s.
func checkPartLinesEditable(s Status) error {
	if !slices.Contains(partLinesEditable, s) {
		return apperr.Field("status", "the part lines of a sales order can be written only while it is draft, needsApproval or approved; it is %s", s)
	}
	return nil
}

// partLineOwner is the routing owner of part line id.
func partLineOwner(id string) routing.Owner {
	return routing.Owner{Type: routing.OwnerSalesOrderPartLine, ID: id}
}

// partLineKind declares the order's part lines to the shared part line body.
func (s *Service) partLineKind() *partlines.Kind {
	return &partlines.Kind{
		Deps: partlines.Deps{Items: s.deps.Items, Routings: s.deps.Routings, TaxRates: s.deps.TaxRates,
			CustomFields: s.deps.CustomFields, Pricing: s.deps.Pricing},
		Module: customfields.ModuleSalesOrderPartLineItem, OwnerType: routing.OwnerSalesOrderPartLine,
		FixedUnitOnReprice: true,
	}
}

func (p lineParent) partlinesParent() partlines.Parent {
	return partlines.Parent{CustomerID: p.CustomerID, Currency: p.Currency}
}

func writesOf(ws []PartLineWrite) []partlines.Write {
	out := make([]partlines.Write, len(ws))
	for i, w := range ws {
		out[i] = w.Write
	}
	return out
}

// CreatePartLine adds one part line to the order and answers its id.
func (s *Service) CreatePartLine(ctx context.Context, tenantID, orderID string, w PartLineWrite) (string, error) {
	created, err := s.createPartLines(ctx, tenantID, orderID, []PartLineWrite{w}, false)
	if err != nil {
		return "", err
	}
	return created[0], nil
}

// CreatePartLines adds 1 to 500 part lines to the order in one transaction, all or nothing,
// and answers their ids in the order sent; errors name partLineItems.N.member. The items,
// their prices, tax rates and custom field definitions are read once for the batch, the
// routings copied in one statement, the lines inserted in one and the totals recomputed once.
func (s *Service) CreatePartLines(ctx context.Context, tenantID, orderID string, ws []PartLineWrite) ([]string, error) {
	if len(ws) == 0 || len(ws) > partlines.MaxBatch {
		return nil, apperr.Field("partLineItems", "must hold 1 to %d part lines", partlines.MaxBatch)
	}
	return s.createPartLines(ctx, tenantID, orderID, ws, true)
}

func (s *Service) createPartLines(ctx context.Context, tenantID, orderID string, ws []PartLineWrite, batch bool) ([]string, error) {
	b, err := s.partLineKind().Start(tenantID, writesOf(ws), batch)
	if err != nil {
		return nil, err
	}
	var created []string
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		if created, err = s.addPartLines(ctx, q, tenantID, parent, b, ws, nil); err != nil {
			return err
		}
		for _, id := range created {
			if err := s.syncLineReservation(ctx, q, tenantID, orderID, parent.Status, id); err != nil {
				return err
			}
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return nil, err
	}
	return created, nil
}

// addPartLines fills the batch's drafts as new lines of the locked order parent (numbered
// after its highest line) and stores them, each with the delivery date of its write in ws and
// blanketLineID (nil: none), answering their ids in order. The caller has checked the order's
// status and recomputes its totals.
func (s *Service) addPartLines(ctx context.Context, q db.Q, tenantID string, parent lineParent, b *partlines.Batch, ws []PartLineWrite, blanketLineID *string) ([]string, error) {
	last, err := partLinesStore{}.maxLineNumber(ctx, q, tenantID, parent.ID)
	if err != nil {
		return nil, err
	}
	if err := b.Create(ctx, q, parent.partlinesParent(), last); err != nil {
		return nil, err
	}
	lines := make([]PartLine, len(b.Drafts))
	created := make([]string, len(b.Drafts))
	for i, d := range b.Drafts {
		lines[i] = PartLine{Line: d.Line, SalesOrderID: parent.ID, DeliveryDate: ws[i].DeliveryDate, BlanketLineID: blanketLineID}
		created[i] = d.Line.ID
	}
	if err := (partLinesStore{}).insert(ctx, q, tenantID, lines); err != nil {
		return nil, err
	}
	return created, nil
}

// PartLine returns one part line of the order with its amounts; the order may be deleted. A
// line of another order is NotFound.
func (s *Service) PartLine(ctx context.Context, tenantID, orderID, lineID string) (PartLine, error) {
	var l PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		var err error
		if l, err = (partLinesStore{}).get(ctx, q, tenantID, orderID, lineID, false); err != nil {
			return err
		}
		return s.withReserved(ctx, q, tenantID, orderID, []*PartLine{&l})
	})
	return l, err
}

// PartLines returns the page r asks for of the order's part lines matching f, in two
// statements however many lines; the order may be deleted.
func (s *Service) PartLines(ctx context.Context, tenantID, orderID string, f PartLineFilter, r listing.Request) ([]PartLine, error) {
	page, err := listing.Resolve(r, partLineListSpec)
	if err != nil {
		return nil, err
	}
	var out []PartLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		if out, err = (partLinesStore{}).list(ctx, q, tenantID, orderID, f, page); err != nil {
			return err
		}
		lines := make([]*PartLine, len(out))
		for i := range out {
			lines[i] = &out[i]
		}
		return s.withReserved(ctx, q, tenantID, orderID, lines)
	})
	return out, err
}

// UpdatePartLine replaces the line's members (see PartLineWrite and updateSalesOrderPartLine
// in the spec) and answers the line as stored.
func (s *Service) UpdatePartLine(ctx context.Context, tenantID, orderID, lineID string, w PartLineWrite) (PartLine, error) {
	return s.savePartLine(ctx, tenantID, orderID, lineID, func(PartLine) (PartLineWrite, error) { return w, nil })
}

// PatchPartLine saves the write change makes of the line as it stands (locked), under the
// rules of the full update.
func (s *Service) PatchPartLine(ctx context.Context, tenantID, orderID, lineID string, change func(current PartLine) (PartLineWrite, error)) (PartLine, error) {
	return s.savePartLine(ctx, tenantID, orderID, lineID, change)
}

func (s *Service) savePartLine(ctx context.Context, tenantID, orderID, lineID string, change func(PartLine) (PartLineWrite, error)) (PartLine, error) {
	var out PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		cur, err := partLinesStore{}.get(ctx, q, tenantID, orderID, lineID, true)
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
		b, err := s.partLineKind().Start(tenantID, []partlines.Write{w.Write}, false)
		if err != nil {
			return err
		}
		if err := b.Update(ctx, q, parent.partlinesParent(), cur.Line); err != nil {
			return err
		}
		if err := s.checkReleaseUpdate(ctx, q, tenantID, cur, b.Drafts[0].Line); err != nil {
			return err
		}
		next := cur
		next.Line, next.DeliveryDate = b.Drafts[0].Line, w.DeliveryDate
		if err := (partLinesStore{}).update(ctx, q, tenantID, next); err != nil {
			return err
		}
		if err := s.syncLineReservation(ctx, q, tenantID, orderID, parent.Status, lineID); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		if out, err = (partLinesStore{}).get(ctx, q, tenantID, orderID, lineID, false); err != nil {
			return err
		}
		return s.withReserved(ctx, q, tenantID, orderID, []*PartLine{&out})
	})
	return out, err
}

// DeletePartLine deletes the line and its routing; false when the order has no such line. A
// line a refund line names cannot be deleted (400 naming lineItemId).
func (s *Service) DeletePartLine(ctx context.Context, tenantID, orderID, lineID string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if _, err := (partLinesStore{}).get(ctx, q, tenantID, orderID, lineID, true); apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		deleted, err = partLinesStore{}.delete(ctx, q, tenantID, orderID, lineID)
		if err != nil || !deleted {
			return err
		}
		if err := s.deps.Routings.Remove(ctx, q, tenantID, partLineOwner(lineID)); err != nil {
			return err
		}
		// The line is gone: it releases what it held.
		if err := s.syncLineReservation(ctx, q, tenantID, orderID, parent.Status, lineID); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return deleted, err
}

// ReplacePartLineCustomFields replaces the line's custom fields, validated in full against
// module sales_Order_Part_LineItem, and answers the line.
func (s *Service) ReplacePartLineCustomFields(ctx context.Context, tenantID, orderID, lineID string, values map[string]any) (PartLine, error) {
	var out PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if _, err := (partLinesStore{}).get(ctx, q, tenantID, orderID, lineID, true); err != nil {
			return err
		}
		if err := checkPartLinesEditable(parent.Status); err != nil {
			return err
		}
		check, err := s.deps.CustomFields.Checker(ctx, q, tenantID, customfields.ModuleSalesOrderPartLineItem)
		if err != nil {
			return err
		}
		if values == nil {
			values = map[string]any{}
		}
		stored, err := check(values, customfields.Full)
		if err != nil {
			return err
		}
		if err := (partLinesStore{}).setCustomFields(ctx, q, tenantID, orderID, lineID, stored); err != nil {
			return err
		}
		// The line changed: the order's modifiedUtc advances with it (its totals do not move).
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		if out, err = (partLinesStore{}).get(ctx, q, tenantID, orderID, lineID, false); err != nil {
			return err
		}
		return s.withReserved(ctx, q, tenantID, orderID, []*PartLine{&out})
	})
	return out, err
}

// UsesItem reports whether a part line or blanket line of a sales order that is not deleted
// sells the item: the item's unit of measure then cannot change (registered with the item
// master).
func (s *Service) UsesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return partLinesStore{}.usesItem(ctx, q, tenantID, itemID)
}

// LineCost is the estimated cost of a part line's quantity from its own routing.
type LineCost struct {
	SalesOrderID, LineID, ItemID string
	items.CostBreakdown
}

// inventoryQuantityOf reads part line lineID of the order (which may be deleted) and answers
// its quantity in its item's inventory unit, which its routing counts in; a line sold in a
// unit without a fixed conversion to it cannot be costed or exploded (400).
func (s *Service) inventoryQuantityOf(ctx context.Context, tenantID, orderID, lineID string) (PartLine, dec, error) {
	l, err := s.PartLine(ctx, tenantID, orderID, lineID)
	if err != nil {
		return PartLine{}, dec{}, err
	}
	if l.InventoryQuantity == nil {
		return PartLine{}, dec{}, apperr.Field("unitOfMeasureName",
			"the line's unit %q has no fixed conversion to its item's inventory unit", l.UnitName)
	}
	return l, *l.InventoryQuantity, nil
}

// LineCostBreakdown estimates the cost of making part line lineID's quantity (in the item's
// inventory unit: 2 Dozen cost 24 Each) from its own routing, with the item estimate's
// formulas, without storing it.
func (s *Service) LineCostBreakdown(ctx context.Context, tenantID, orderID, lineID string) (LineCost, error) {
	l, quantity, err := s.inventoryQuantityOf(ctx, tenantID, orderID, lineID)
	if err != nil {
		return LineCost{}, err
	}
	b, err := s.deps.Routings.Estimate(ctx, tenantID, partLineOwner(lineID), quantity)
	if err != nil {
		return LineCost{}, err
	}
	return LineCost{SalesOrderID: orderID, LineID: lineID, ItemID: l.ItemID, CostBreakdown: b}, nil
}

// LineMakeSummary answers what making part line lineID's quantity (in the item's inventory
// unit) takes, exploded through its own routing and the routings of what it consumes.
func (s *Service) LineMakeSummary(ctx context.Context, tenantID, orderID, lineID string) (routing.MakeSummary, error) {
	_, quantity, err := s.inventoryQuantityOf(ctx, tenantID, orderID, lineID)
	if err != nil {
		return routing.MakeSummary{}, err
	}
	return s.deps.Routings.MakeSummary(ctx, tenantID, partLineOwner(lineID), quantity)
}
