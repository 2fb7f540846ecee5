package receipts

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/purchaseorders"
	"mos/internal/sales/salesorders"
	"mos/internal/stock/inventory"
)

// The inventory source names of a receipt's events: the order's kind, and the receipt line as
// the related record.
const (
	sourcePurchaseOrder     = "purchaseOrder"
	sourceSalesOrder        = "salesOrder"
	relatedPurchaseLineType = "purchaseOrderReceivingLineItem"
	relatedSalesLineType    = "salesOrderReceivingLineItem"
)

// reservedForInspection is the reserved-for type of the units a held line put into stock:
// they are on hand but not available (to pick, ship or reserve) until the hold is released.
const reservedForInspection = "receivingInspection"

// inspection is the reservation holding the units of line lineID of receipt r while they wait
// for inspection; with lineID "" it names every line of the receipt (a release).
func inspection(r Receipt, lineID string) inventory.Reservation {
	name := strconv.FormatInt(r.Number, 10)
	related := relatedPurchaseLineType
	if r.SalesOrderID != nil {
		related = relatedSalesLineType
	}
	return inventory.Reservation{ForType: reservedForInspection, ForID: r.ID, SourceType: "receiving", SourceName: &name, LineType: related, LineID: lineID}
}

// reserveForInspection makes line l hold, reserved for inspection, the units it put into
// stock (its quantity × factor, in the item's inventory unit) while it is held for inspection:
// the last step of every write of a part line (releaseInspection gave back what it held
// before).
func (s *Service) reserveForInspection(ctx context.Context, q db.Q, tenantID string, r Receipt, l Line, factor dec.Decimal) error {
	if l.Type != LinePart || l.ItemID == nil {
		return nil
	}
	if !l.HoldForInspection || l.InventoryEventID == nil {
		return nil
	}
	_, err := s.deps.Inventory.Hold(ctx, q, tenantID, inspection(r, l.ID), *l.ItemID, dec.Decimal{Decimal: l.Quantity.Mul(factor.Decimal)})
	return err
}

// releaseInspection gives back what line l holds for inspection, before its units leave
// stock (a revert) or its hold is lifted.
func (s *Service) releaseInspection(ctx context.Context, q db.Q, tenantID string, r Receipt, l Line) error {
	if l.Type != LinePart || l.ItemID == nil || !l.HoldForInspection {
		return nil
	}
	return s.deps.Inventory.Release(ctx, q, tenantID, inspection(r, l.ID))
}

// source is the order a receipt receives against, locked (shared) for the transaction.
type source struct {
	purchase *purchaseorders.ReceivingOrder
	sales    *salesorders.ReceivingOrder
}

// eventSource names the order and the receipt line lineID on an inventory event.
func (src source) eventSource(lineID string) inventory.Source {
	typ, related, id, number := sourceSalesOrder, relatedSalesLineType, "", int64(0)
	if src.purchase != nil {
		typ, related, id, number = sourcePurchaseOrder, relatedPurchaseLineType, src.purchase.ID, src.purchase.Number
	} else {
		id, number = src.sales.ID, src.sales.Number
	}
	name := strconv.FormatInt(number, 10)
	return inventory.Source{Type: &typ, Name: &name, EntityID: &id, RelatedType: &related, RelatedEntityID: &lineID}
}

// lockSource share-locks the receipt's order (404 naming purchaseOrderId or salesOrderId when
// missing or deleted). When receiving adds units, a purchase order must be ordered or paid
// (400 naming purchaseOrderId).
func (s *Service) lockSource(ctx context.Context, q db.Q, tenantID string, r Receipt, receiving bool) (source, error) {
	if r.SalesOrderID != nil {
		o, err := s.deps.SalesOrders.LockForReceiving(ctx, q, tenantID, *r.SalesOrderID, "salesOrderId")
		return source{sales: &o}, err
	}
	o, err := s.deps.PurchaseOrders.LockForReceiving(ctx, q, tenantID, *r.PurchaseOrderID, "purchaseOrderId")
	if err != nil {
		return source{}, err
	}
	if receiving && !o.Receivable() {
		return source{}, apperr.Field("purchaseOrderId", "purchase order %d is %s: goods are received only against an ordered or paid purchase order", o.Number, o.Status)
	}
	return source{purchase: &o}, nil
}

// checkLineCreate checks what a line says alone, naming members under prefix.
func checkLineCreate(fields apperr.Fields, prefix string, c *LineCreate) {
	c.Notes = fields.OptionalText(prefix+"notes", c.Notes, maxNotes)
	c.Name = fields.OptionalText(prefix+"name", c.Name, maxName)
	if c.Type != nil && !slices.Contains(LineTypes, *c.Type) {
		fields.Add(prefix+"lineItemType", "%s", apperr.NotOneOf(*c.Type, LineTypes))
	}
	fee := c.Type != nil && *c.Type == LineFee
	switch {
	case fee:
		if c.Name == nil {
			fields.Add(prefix+"name", "a fee line needs a name")
		}
		if c.UnitCost == nil {
			fields.Add(prefix+"unitCost", "a fee line needs its amount")
		}
		if c.PurchaseOrderLineID != nil {
			fields.Add(prefix+"purchaseOrderLineItemId", "a fee line receives no order line")
		}
		if c.SalesOrderLineID != nil {
			fields.Add(prefix+"salesOrderLineItemId", "a fee line receives no order line")
		}
		if c.LocationID != nil || c.LotID != nil || c.LotNumber != nil {
			fields.Add(prefix+"locationId", "a fee line puts nothing into stock: no location or lot")
		}
	default:
		if c.Name != nil {
			fields.Add(prefix+"name", "only a fee line has a name")
		}
		if c.Quantity == nil {
			fields.Add(prefix+"quantity", "is required on a part or outside-processing line")
		}
		if c.PurchaseOrderLineID == nil && c.SalesOrderLineID == nil {
			fields.Add(prefix+"purchaseOrderLineItemId", "name the order line received (purchaseOrderLineItemId or salesOrderLineItemId)")
		}
	}
	if c.Quantity != nil && !c.Quantity.IsPositive() {
		fields.Add(prefix+"quantity", "must be more than 0")
	}
	checkCosts(fields, prefix, c.UnitCost, c.UnitTax)
	if c.LotID != nil && c.LotNumber != nil {
		fields.Add(prefix+"lotNumber", "give lotId or lotNumber, not both")
	}
}

func checkCosts(fields apperr.Fields, prefix string, unitCost, unitTax *dec.Decimal) {
	if unitCost != nil && unitCost.IsNegative() {
		fields.Add(prefix+"unitCost", "must be 0 or more")
	}
	if unitTax != nil && unitTax.IsNegative() {
		fields.Add(prefix+"unitTax", "must be 0 or more")
	}
}

// orderLine is the order line a receipt line receives, as the receipt needs it.
type orderLine struct {
	kind LineType
	// purchase is the purchase order line (locked for update); nil on a sales order.
	purchase  *purchaseorders.ReceivingLine
	itemID    *string
	unitPrice dec.Decimal
	// factor is the inventory units per unit of the order line.
	factor dec.Decimal
}

// defaultUnitCost is the cost of one inventory unit when the line names none: a purchase
// order line's unit price over its inventory factor; 0 for a customer's material.
func (o orderLine) defaultUnitCost() dec.Decimal {
	if o.purchase == nil || o.factor.IsZero() {
		return dec.Decimal{}
	}
	return dec.Decimal{Decimal: o.unitPrice.Div(o.factor.Decimal)}
}

// resolveOrderLine reads the order line a line names under the receipt's source: on a
// purchase order the line is locked for update. A line of another order is a 400 naming
// the member, an unknown one a 404 naming it.
func (s *Service) resolveOrderLine(ctx context.Context, q db.Q, tenantID string, src source, purchaseLineID, salesLineID *string, prefix string) (orderLine, error) {
	if src.purchase != nil {
		if salesLineID != nil {
			return orderLine{}, apperr.Field(prefix+"salesOrderLineItemId", "a purchase order receipt receives purchase order lines (purchaseOrderLineItemId)")
		}
		if purchaseLineID == nil {
			return orderLine{}, apperr.Field(prefix+"purchaseOrderLineItemId", "name the purchase order line received")
		}
		l, found, err := s.deps.PurchaseOrders.LockLineForReceiving(ctx, q, tenantID, *purchaseLineID)
		if err != nil {
			return orderLine{}, err
		}
		if !found {
			return orderLine{}, apperr.NotFoundField(prefix+"purchaseOrderLineItemId", "purchase order line %s not found", *purchaseLineID)
		}
		if l.OrderID != src.purchase.ID {
			return orderLine{}, apperr.Field(prefix+"purchaseOrderLineItemId", "line %s belongs to another purchase order", l.ID)
		}
		kind := LinePart
		if l.Kind == purchaseorders.ReceivingOutsideProcessing {
			kind = LineOutsideProcessing
		}
		return orderLine{kind: kind, purchase: &l, itemID: l.ItemID, unitPrice: l.UnitPrice, factor: factorOf(l.Quantity, &l.InventoryQuantity)}, nil
	}
	if purchaseLineID != nil {
		return orderLine{}, apperr.Field(prefix+"purchaseOrderLineItemId", "a sales order receipt receives sales order part lines (salesOrderLineItemId)")
	}
	if salesLineID == nil {
		return orderLine{}, apperr.Field(prefix+"salesOrderLineItemId", "name the sales order part line received")
	}
	l, found, err := s.deps.SalesOrders.LineForReceiving(ctx, q, tenantID, *salesLineID)
	if err != nil {
		return orderLine{}, err
	}
	if !found {
		return orderLine{}, apperr.NotFoundField(prefix+"salesOrderLineItemId", "sales order part line %s not found", *salesLineID)
	}
	if l.OrderID != src.sales.ID {
		return orderLine{}, apperr.Field(prefix+"salesOrderLineItemId", "line %s belongs to another sales order", l.ID)
	}
	return orderLine{kind: LinePart, itemID: &l.ItemID, unitPrice: l.UnitPrice, factor: factorOf(l.Quantity, l.InventoryQuantity)}, nil
}

// factorOf is the inventory units per order-line unit: 1 when the line has no fixed
// conversion.
func factorOf(quantity dec.Decimal, inventoryQuantity *dec.Decimal) dec.Decimal {
	if inventoryQuantity == nil || quantity.IsZero() {
		return dec.FromInt(1)
	}
	return dec.Decimal{Decimal: inventoryQuantity.Div(quantity.Decimal)}
}

// receiveLines receives lines on receipt r (not stored yet) and answers them, in the order
// given. Order lines are locked in one order (by id) whatever order the lines come in; ids are
// taken first, so the lines still list in the order given.
func (s *Service) receiveLines(ctx context.Context, q db.Q, tenantID string, r Receipt, src source, lines []LineCreate, prefix string) ([]Line, error) {
	out := make([]Line, len(lines))
	order := make([]int, len(lines))
	for i := range lines {
		out[i].ID, order[i] = ids.NewSub(), i
	}
	key := func(c LineCreate) string {
		if c.PurchaseOrderLineID != nil {
			return *c.PurchaseOrderLineID
		}
		if c.SalesOrderLineID != nil {
			return *c.SalesOrderLineID
		}
		return "~" // fees last
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(key(lines[a]), key(lines[b])) })
	for _, i := range order {
		l, err := s.newLine(ctx, q, tenantID, r, src, lines[i], out[i].ID, linePrefix(prefix, i))
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}

// linePrefix names the members of line i of a create ("lineItems.<i>."); "" for a line added
// alone.
func linePrefix(prefix string, i int) string {
	if prefix == "" {
		return ""
	}
	return prefix + strconv.Itoa(i) + "."
}

// insertLines stores received lines.
func (s *Service) insertLines(ctx context.Context, q db.Q, tenantID string, lines []Line, prefix string) error {
	for i, l := range lines {
		if err := s.store.insertLine(ctx, q, tenantID, l); err != nil {
			return apperr.Prefixed(err, linePrefix(prefix, i))
		}
	}
	return nil
}

// newLine receives one line: it advances the purchase order line's received quantity and puts
// a part line's units into stock.
func (s *Service) newLine(ctx context.Context, q db.Q, tenantID string, r Receipt, src source, c LineCreate, id, prefix string) (Line, error) {
	l := Line{ID: id, ReceiptID: r.ID, Name: c.Name, HoldForInspection: c.HoldForInspection, Notes: c.Notes, LocationID: c.LocationID, LotID: c.LotID}
	if c.UnitTax != nil {
		l.UnitTax = *c.UnitTax
	}
	if c.Type != nil && *c.Type == LineFee {
		l.Type, l.Quantity, l.UnitCost = LineFee, dec.FromInt(1), *c.UnitCost
		if c.Quantity != nil {
			l.Quantity = *c.Quantity
		}
		l.LandedCost = landed(l, dec.FromInt(1))
		return l, nil
	}
	ol, err := s.resolveOrderLine(ctx, q, tenantID, src, c.PurchaseOrderLineID, c.SalesOrderLineID, prefix)
	if err != nil {
		return Line{}, err
	}
	if c.Type != nil && *c.Type != ol.kind {
		return Line{}, apperr.Field(prefix+"lineItemType", "the order line received is a %s line", ol.kind)
	}
	l.Type, l.ItemID, l.UnitPrice, l.Quantity = ol.kind, ol.itemID, ol.unitPrice, *c.Quantity
	if ol.purchase != nil {
		l.PurchaseOrderLineID = &ol.purchase.ID
		if err := s.deps.PurchaseOrders.AddReceived(ctx, q, tenantID, *ol.purchase, l.Quantity, prefix+"quantity"); err != nil {
			return Line{}, err
		}
	} else {
		l.SalesOrderLineID = c.SalesOrderLineID
	}
	l.UnitCost = ol.defaultUnitCost()
	if c.UnitCost != nil {
		l.UnitCost = *c.UnitCost
	}
	if err := s.post(ctx, q, tenantID, src, &l, ol.factor, c.LotNumber); err != nil {
		return Line{}, apperr.Prefixed(err, prefix)
	}
	return l, s.reserveForInspection(ctx, q, tenantID, r, l, ol.factor)
}

// landed is what a line lands at: (unit cost + unit tax) × its quantity in inventory units.
func landed(l Line, factor dec.Decimal) dec.Decimal {
	return dec.Decimal{Decimal: l.UnitCost.Add(l.UnitTax.Decimal).Mul(l.Quantity.Mul(factor.Decimal))}
}

// post computes the line's landed cost and, for a part line of an item that holds stock,
// records the receive event putting its units (in the item's inventory unit, valued at the
// unit cost as material) into stock, setting InventoryEventID and the lot the units went to.
func (s *Service) post(ctx context.Context, q db.Q, tenantID string, src source, l *Line, factor dec.Decimal, lotNumber *string) error {
	l.LandedCost = landed(*l, factor)
	l.InventoryEventID = nil
	if l.Type != LinePart || l.ItemID == nil {
		return nil
	}
	info, err := s.deps.Items.StockInfo(ctx, q, tenantID, *l.ItemID)
	if err != nil {
		return err
	}
	if info.IsNonInventory {
		return nil
	}
	ev, err := s.deps.Inventory.ReceiveIn(ctx, q, tenantID, inventory.Receive{
		ItemID: *l.ItemID, SecondaryType: "receive", Quantity: dec.Decimal{Decimal: l.Quantity.Mul(factor.Decimal)},
		LotID: l.LotID, LotNumber: lotNumber, LocationID: l.LocationID,
		PerUnit: inventory.Values{Material: l.UnitCost}, Source: src.eventSource(l.ID),
	})
	if err != nil {
		return err
	}
	l.InventoryEventID, l.LotID = &ev.ID, ev.LotID
	return nil
}

// CreateLine adds one line to the receipt and answers its id.
func (s *Service) CreateLine(ctx context.Context, tenantID, receiptID string, c LineCreate) (string, error) {
	fields := apperr.Fields{}
	checkLineCreate(fields, "", &c)
	if err := fields.Err(); err != nil {
		return "", err
	}
	var id string
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		r, err := s.store.receipt(ctx, q, tenantID, receiptID, true)
		if err != nil {
			return err
		}
		src, err := s.lockSource(ctx, q, tenantID, r, true)
		if err != nil {
			return err
		}
		lines, err := s.receiveLines(ctx, q, tenantID, r, src, []LineCreate{c}, "")
		if err != nil {
			return err
		}
		if err := s.insertLines(ctx, q, tenantID, lines, ""); err != nil {
			return err
		}
		id = lines[0].ID
		return s.store.refreshHold(ctx, q, tenantID, r.ID)
	})
	return id, err
}

// GetLine reads one line of the receipt.
func (s *Service) GetLine(ctx context.Context, tenantID, receiptID, lineID string) (Line, error) {
	l, found, err := s.store.line(ctx, s.pool, tenantID, receiptID, lineID, false)
	if err != nil {
		return Line{}, err
	}
	if !found {
		return Line{}, apperr.NotFound(lineNotFoundText, lineID)
	}
	return l, nil
}

// ListLines reads a page of the receipt's lines; an unknown receipt is NotFound.
func (s *Service) ListLines(ctx context.Context, tenantID, receiptID string, f LineFilter, r listing.Request) ([]Line, error) {
	page, err := listing.Resolve(r, lineListSpec)
	if err != nil {
		return nil, err
	}
	ok, err := s.store.receiptExists(ctx, s.pool, tenantID, receiptID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.NotFound(receiptNotFoundText, receiptID)
	}
	return s.store.lines(ctx, s.pool, tenantID, receiptID, f, page)
}

// UpdateLine saves the line change makes from the line as it stands (locked). A change of
// what the line put into stock (quantity, location, lot, unit cost) reverts its event and
// receives it again as it now stands; the purchase order line's received quantity moves by
// the difference.
func (s *Service) UpdateLine(ctx context.Context, tenantID, receiptID, lineID string, change func(current Line) (LineWrite, error)) (Line, error) {
	var out Line
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		r, err := s.store.receipt(ctx, q, tenantID, receiptID, true)
		if err != nil {
			return err
		}
		old, found, err := s.store.line(ctx, q, tenantID, receiptID, lineID, true)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound(lineNotFoundText, lineID)
		}
		w, err := change(old)
		if err != nil {
			return err
		}
		next, err := lineAfter(old, w)
		if err != nil {
			return err
		}
		// The units held for inspection are given back before they can leave stock, and held
		// again as the line now stands.
		if err := s.releaseInspection(ctx, q, tenantID, r, old); err != nil {
			return err
		}
		factor, err := s.restock(ctx, q, tenantID, r, old, &next)
		if err != nil {
			return err
		}
		if err := s.reserveForInspection(ctx, q, tenantID, r, next, factor); err != nil {
			return err
		}
		if err := s.store.updateLine(ctx, q, tenantID, next); err != nil {
			return err
		}
		if err := s.store.refreshHold(ctx, q, tenantID, r.ID); err != nil {
			return err
		}
		out, _, err = s.store.line(ctx, q, tenantID, receiptID, lineID, false)
		return err
	})
	return out, err
}

// lineAfter applies a write to a line, checking its members.
func lineAfter(old Line, w LineWrite) (Line, error) {
	fields := apperr.Fields{}
	next := old
	next.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	next.Name = fields.OptionalText("name", w.Name, maxName)
	switch {
	case old.Type == LineFee && next.Name == nil:
		fields.Add("name", "a fee line needs a name")
	case old.Type != LineFee && next.Name != nil:
		fields.Add("name", "only a fee line has a name")
	case old.Type == LineFee && (w.LocationID != nil || w.LotID != nil):
		fields.Add("locationId", "a fee line puts nothing into stock: no location or lot")
	}
	if w.Quantity != nil {
		if !w.Quantity.IsPositive() {
			fields.Add("quantity", "must be more than 0")
		}
		next.Quantity = *w.Quantity
	}
	checkCosts(fields, "", w.UnitCost, w.UnitTax)
	if w.UnitCost != nil {
		next.UnitCost = *w.UnitCost
	}
	if w.UnitTax != nil {
		next.UnitTax = *w.UnitTax
	}
	next.LocationID, next.LotID, next.HoldForInspection = w.LocationID, w.LotID, w.HoldForInspection
	return next, fields.Err()
}

// restock carries a line's change to its order line and to stock: the purchase order line's
// received quantity moves by the difference (a receipt adding units needs an ordered or paid
// order), and when what the line put into stock changed, its event is reverted and the line
// received again. It answers the inventory units per unit of the line's quantity, read when
// stock moved or the line is held (what reserveForInspection needs), else 0.
func (s *Service) restock(ctx context.Context, q db.Q, tenantID string, r Receipt, old Line, next *Line) (dec.Decimal, error) {
	if old.Type == LineFee {
		next.LandedCost = landed(*next, dec.FromInt(1))
		return dec.Zero, nil
	}
	delta := dec.Decimal{Decimal: next.Quantity.Sub(old.Quantity.Decimal)}
	moved := !delta.IsZero() || !old.UnitCost.Equal(next.UnitCost.Decimal) || !sameID(old.LocationID, next.LocationID) || !sameID(old.LotID, next.LotID)
	if !moved && old.UnitTax.Equal(next.UnitTax.Decimal) && !next.HoldForInspection {
		// Notes or the lifting of the hold: nothing the order or stock knows of changes.
		next.LandedCost = old.LandedCost
		return dec.Zero, nil
	}
	src, err := s.lockSource(ctx, q, tenantID, r, delta.IsPositive())
	if err != nil {
		return dec.Zero, err
	}
	ol, err := s.resolveOrderLine(ctx, q, tenantID, src, old.PurchaseOrderLineID, old.SalesOrderLineID, "")
	if err != nil {
		return dec.Zero, err
	}
	if ol.purchase != nil && !delta.IsZero() {
		if err := s.deps.PurchaseOrders.AddReceived(ctx, q, tenantID, *ol.purchase, delta, "quantity"); err != nil {
			return dec.Zero, err
		}
	}
	if !moved {
		next.LandedCost = landed(*next, ol.factor)
		return ol.factor, nil
	}
	if old.InventoryEventID != nil {
		if _, err := s.deps.Inventory.RevertIn(ctx, q, tenantID, *old.InventoryEventID); err != nil {
			return dec.Zero, err
		}
	}
	return ol.factor, s.post(ctx, q, tenantID, src, next, ol.factor, nil)
}

func sameID(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// DeleteLine removes the line, reverting its event and giving back its received quantity;
// false when the receipt has no such line.
func (s *Service) DeleteLine(ctx context.Context, tenantID, receiptID, lineID string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		r, err := s.store.receipt(ctx, q, tenantID, receiptID, true)
		if err != nil {
			return err
		}
		old, found, err := s.store.line(ctx, q, tenantID, receiptID, lineID, true)
		if err != nil || !found {
			return err
		}
		if old.Type != LineFee {
			src, err := s.lockSource(ctx, q, tenantID, r, false)
			if err != nil {
				return err
			}
			ol, err := s.resolveOrderLine(ctx, q, tenantID, src, old.PurchaseOrderLineID, old.SalesOrderLineID, "")
			if err != nil {
				return err
			}
			if ol.purchase != nil {
				if err := s.deps.PurchaseOrders.AddReceived(ctx, q, tenantID, *ol.purchase, dec.Decimal{Decimal: old.Quantity.Neg()}, "quantity"); err != nil {
					return err
				}
			}
			if err := s.releaseInspection(ctx, q, tenantID, r, old); err != nil {
				return err
			}
			if old.InventoryEventID != nil {
				if _, err := s.deps.Inventory.RevertIn(ctx, q, tenantID, *old.InventoryEventID); err != nil {
					return err
				}
			}
		}
		if err := s.store.deleteLine(ctx, q, tenantID, receiptID, lineID); err != nil {
			return err
		}
		deleted = true
		return s.store.refreshHold(ctx, q, tenantID, r.ID)
	})
	return deleted, err
}
