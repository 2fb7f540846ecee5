package shipments

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/stock/inventory"
)

// The inventory names of a shipment's picks: the shipment as source, its line as the related
// record, secondary type ship.
const (
	sourceShipment    = "shipment"
	relatedLineType   = "shipmentLineItem"
	secondaryTypeShip = "ship"
	quantityMember    = "quantity"
	orderLineIDMember = "salesOrderLineItemId"
	lineItemsPrefix   = "lineItems."
)

// byOrderLine answers the indexes of n items in the order of their order line ids (key), so
// order lines are locked in one order whatever order the lines come in.
func byOrderLine(n int, key func(int) string) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(key(a), key(b)) })
	return order
}

// newLines builds the lines of shipment shipmentID of order o (locked), in the order given,
// locking their order lines by id and checking each fits what remains of its order line. It
// answers the lines, their order lines' unit names and the earliest delivery date among
// their order lines.
func (s *Service) newLines(ctx context.Context, q db.Q, tenantID, shipmentID string, o salesorders.ShippingOrder, cs []LineCreate, prefix string) ([]Line, []string, *time.Time, error) {
	out := make([]Line, len(cs))
	units := make([]string, len(cs))
	var earliest *time.Time
	// Ids first, in the order given, so the lines list in that order (they share created_utc).
	for i := range out {
		out[i].ID = ids.NewSub()
	}
	for _, i := range byOrderLine(len(cs), func(i int) string { return cs[i].SalesOrderLineID }) {
		c := cs[i]
		p := linePrefix(prefix, i)
		ol, err := s.orderLineFor(ctx, q, tenantID, o, c.SalesOrderLineID, p+orderLineIDMember)
		if err != nil {
			return nil, nil, nil, err
		}
		if err := s.checkRoom(ctx, q, tenantID, ol, "", c.Quantity, p+quantityMember); err != nil {
			return nil, nil, nil, err
		}
		if c.CustomFields == nil {
			c.CustomFields = map[string]any{}
		}
		cf, err := s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleShippingPartLineItem, c.CustomFields, customfields.Full)
		if err != nil {
			return nil, nil, nil, apperr.Prefixed(err, p)
		}
		out[i] = Line{
			ID: out[i].ID, ShipmentID: shipmentID, SalesOrderLineID: ol.ID, ItemID: ol.ItemID, Quantity: c.Quantity,
			InventoryQuantity: inventoryQuantity(ol, c.Quantity), LocationID: c.LocationID, LotID: c.LotID,
			CustomFields: cf, ExternalReferences: c.ExternalReferences,
		}
		units[i] = ol.UnitName
		if d := ol.DeliveryDate; d != nil && (earliest == nil || d.Before(*earliest)) {
			earliest = d
		}
	}
	return out, units, earliest, nil
}

// ship takes the lines of sh (moving to shipped, ShippedDay set) out of stock, in order line
// order: each order line's shipped quantity rises first (which releases what the order
// reserved for it, so the pick takes the order's own units), then the line's units are
// picked, never units reserved for other records.
func (s *Service) ship(ctx context.Context, q db.Q, tenantID string, sh *Shipment) error {
	o, err := s.lockOrder(ctx, q, tenantID, sh.SalesOrderID)
	if err != nil {
		return err
	}
	if !o.Ships() {
		return apperr.Field("salesOrderId", "sales order %d is %s: only an approved or in-progress order ships", o.Number, o.Status)
	}
	name := strconv.FormatInt(sh.Number, 10)
	for _, i := range byOrderLine(len(sh.Lines), func(i int) string { return sh.Lines[i].SalesOrderLineID }) {
		l := &sh.Lines[i]
		p := linePrefix(lineItemsPrefix, i)
		ol, err := s.orderLineFor(ctx, q, tenantID, o, l.SalesOrderLineID, p+orderLineIDMember)
		if err != nil {
			return err
		}
		if err := s.deps.SalesOrders.AddShipped(ctx, q, tenantID, o, ol, l.Quantity, p+quantityMember); err != nil {
			return err
		}
		l.InventoryQuantity, l.InventoryEventID = inventoryQuantity(ol, l.Quantity), nil
		if l.InventoryQuantity != nil {
			info, err := s.deps.Items.StockInfo(ctx, q, tenantID, l.ItemID)
			if err != nil {
				return err
			}
			if !info.IsNonInventory {
				ev, err := s.deps.Inventory.PickIn(ctx, q, tenantID, inventory.Pick{
					ItemID: l.ItemID, SecondaryType: secondaryTypeShip, Quantity: *l.InventoryQuantity,
					LotID: l.LotID, LocationID: l.LocationID, OnlyAvailable: true, Source: pickSource(sh.ID, name, l.ID),
				})
				if err != nil {
					return apperr.Prefixed(err, p)
				}
				l.InventoryEventID = &ev.ID
			}
		}
		if err := s.store.updateLine(ctx, q, tenantID, *l); err != nil {
			return apperr.Prefixed(err, p)
		}
	}
	return nil
}

func pickSource(shipmentID, name, lineID string) inventory.Source {
	t, rt := sourceShipment, relatedLineType
	return inventory.Source{Type: &t, Name: &name, EntityID: &shipmentID, RelatedType: &rt, RelatedEntityID: &lineID}
}

// unship reverts the picks of sh's lines (moving from shipped to open) and gives their order
// lines' shipped quantity back, in order line order.
func (s *Service) unship(ctx context.Context, q db.Q, tenantID string, sh *Shipment) error {
	o, err := s.lockOrder(ctx, q, tenantID, sh.SalesOrderID)
	if err != nil {
		return err
	}
	for _, i := range byOrderLine(len(sh.Lines), func(i int) string { return sh.Lines[i].SalesOrderLineID }) {
		l := &sh.Lines[i]
		p := linePrefix(lineItemsPrefix, i)
		if l.InventoryEventID != nil {
			if _, err := s.deps.Inventory.RevertIn(ctx, q, tenantID, *l.InventoryEventID); err != nil {
				return apperr.Prefixed(err, p)
			}
			l.InventoryEventID = nil
		}
		ol, err := s.orderLineFor(ctx, q, tenantID, o, l.SalesOrderLineID, p+orderLineIDMember)
		if err != nil {
			return err
		}
		if err := s.deps.SalesOrders.AddShipped(ctx, q, tenantID, o, ol, dec.Decimal{Decimal: l.Quantity.Neg()}, p+quantityMember); err != nil {
			return err
		}
		if err := s.store.updateLine(ctx, q, tenantID, *l); err != nil {
			return err
		}
	}
	return nil
}

// recount checks that sh's lines (a cancelled shipment reopening) fit what remains of their
// order lines again.
func (s *Service) recount(ctx context.Context, q db.Q, tenantID string, sh Shipment) error {
	o, err := s.lockOrder(ctx, q, tenantID, sh.SalesOrderID)
	if err != nil {
		return err
	}
	for _, i := range byOrderLine(len(sh.Lines), func(i int) string { return sh.Lines[i].SalesOrderLineID }) {
		l := sh.Lines[i]
		p := linePrefix(lineItemsPrefix, i)
		ol, err := s.orderLineFor(ctx, q, tenantID, o, l.SalesOrderLineID, p+orderLineIDMember)
		if err != nil {
			return err
		}
		if err := s.checkRoom(ctx, q, tenantID, ol, l.ID, l.Quantity, p+quantityMember); err != nil {
			return err
		}
	}
	return nil
}

// lockOrder share-locks the shipment's order; a deleted order is a 404 naming salesOrderId.
func (s *Service) lockOrder(ctx context.Context, q db.Q, tenantID, orderID string) (salesorders.ShippingOrder, error) {
	return s.deps.SalesOrders.LockForShipping(ctx, q, tenantID, orderID, "salesOrderId")
}

// openShipment locks the shipment, which must be open for its lines to change (400 naming
// status otherwise).
func (s *Service) openShipment(ctx context.Context, q db.Q, tenantID, id string) (Shipment, error) {
	sh, err := s.store.shipment(ctx, q, tenantID, id, true)
	if err != nil {
		return Shipment{}, err
	}
	if sh.Status != StatusOpen {
		return Shipment{}, apperr.Field("status", "shipment %d is %s: only an open shipment's lines change", sh.Number, sh.Status)
	}
	return sh, nil
}

// CreateLine adds one line to an open shipment and answers its id.
func (s *Service) CreateLine(ctx context.Context, tenantID, shipmentID string, c LineCreate) (string, error) {
	fields := apperr.Fields{}
	checkLineQuantity(fields, quantityMember, c.Quantity)
	refs, refErrs := extref.Normalize(c.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	if err := fields.Err(); err != nil {
		return "", err
	}
	c.ExternalReferences = refs
	var id string
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		sh, err := s.openShipment(ctx, q, tenantID, shipmentID)
		if err != nil {
			return err
		}
		o, err := s.lockOrder(ctx, q, tenantID, sh.SalesOrderID)
		if err != nil {
			return err
		}
		lines, units, _, err := s.newLines(ctx, q, tenantID, sh.ID, o, []LineCreate{c}, "")
		if err != nil {
			return err
		}
		if err := s.store.insertLine(ctx, q, tenantID, lines[0], units[0]); err != nil {
			return err
		}
		id = lines[0].ID
		return s.store.touch(ctx, q, tenantID, sh.ID)
	})
	return id, err
}

// GetLine reads one line of the shipment.
func (s *Service) GetLine(ctx context.Context, tenantID, shipmentID, lineID string) (Line, error) {
	l, found, err := s.store.line(ctx, s.pool, tenantID, shipmentID, lineID, false)
	if err != nil {
		return Line{}, err
	}
	if !found {
		return Line{}, apperr.NotFound(lineNotFoundText, lineID)
	}
	return l, nil
}

// UpdateLine saves a full update of a line of an open shipment: its new quantity must fit
// what remains of its order line.
func (s *Service) UpdateLine(ctx context.Context, tenantID, shipmentID, lineID string, w LineWrite) (Line, error) {
	fields := apperr.Fields{}
	checkLineQuantity(fields, quantityMember, w.Quantity)
	refs, refErrs := extref.Normalize(w.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	if err := fields.Err(); err != nil {
		return Line{}, err
	}
	var out Line
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		sh, err := s.openShipment(ctx, q, tenantID, shipmentID)
		if err != nil {
			return err
		}
		old, found, err := s.store.line(ctx, q, tenantID, shipmentID, lineID, true)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound(lineNotFoundText, lineID)
		}
		o, err := s.lockOrder(ctx, q, tenantID, sh.SalesOrderID)
		if err != nil {
			return err
		}
		ol, err := s.orderLineFor(ctx, q, tenantID, o, old.SalesOrderLineID, orderLineIDMember)
		if err != nil {
			return err
		}
		if err := s.checkRoom(ctx, q, tenantID, ol, old.ID, w.Quantity, quantityMember); err != nil {
			return err
		}
		next := old
		next.Quantity, next.InventoryQuantity = w.Quantity, inventoryQuantity(ol, w.Quantity)
		next.LocationID, next.LotID, next.ExternalReferences = w.LocationID, w.LotID, refs
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
		if next.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, tenantID, customfields.ModuleShippingPartLineItem, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		if err := s.store.updateLine(ctx, q, tenantID, next); err != nil {
			return err
		}
		if err := s.store.touch(ctx, q, tenantID, sh.ID); err != nil {
			return err
		}
		out, _, err = s.store.line(ctx, q, tenantID, shipmentID, lineID, false)
		return err
	})
	return out, err
}

// DeleteLine removes a line of an open shipment; false when the shipment has no such line.
func (s *Service) DeleteLine(ctx context.Context, tenantID, shipmentID, lineID string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.openShipment(ctx, q, tenantID, shipmentID); err != nil {
			return err
		}
		_, found, err := s.store.line(ctx, q, tenantID, shipmentID, lineID, true)
		if err != nil || !found {
			return err
		}
		deleted = true
		if err := s.store.deleteLine(ctx, q, tenantID, shipmentID, lineID); err != nil {
			return err
		}
		return s.store.touch(ctx, q, tenantID, shipmentID)
	})
	return deleted, err
}
