package shipments

import (
	"context"
	"mos/internal/platform/inuse"
	"strconv"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/shopday"
	"mos/internal/platform/utctime"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/docnumbers"
)

// The longest texts of a shipment.
const (
	maxName     = 200
	maxTracking = 200
	maxNotes    = 2000
)

// Service holds the rules of shipments.
type Service struct {
	pool  *db.Pool
	deps  Deps
	store store
	// billed are the areas billing shipments (billing.go).
	billed inuse.Registry
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the shipments service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}

// checkHeader checks the members a create and an update share, normalising them in place.
func checkHeader(fields apperr.Fields, name **string, shipTo **docaddress.Address, tracking, notes **string, refs *extref.References) {
	if *name != nil {
		n := fields.Text("name", **name, maxName)
		*name = &n
	}
	*shipTo = docaddress.Normalize(fields, "shipTo", *shipTo)
	*tracking = fields.OptionalText("trackingNumber", *tracking, maxTracking)
	*notes = fields.OptionalText("notes", *notes, maxNotes)
	r, refErrs := extref.Normalize(*refs, extref.Write)
	fields.Merge("", refErrs)
	*refs = r
}

// effectiveDay is the day a shipment counts as shipped: its override, else the shop day of
// when it shipped, else none.
func effectiveDay(tz string, s Shipment) (*time.Time, error) {
	if s.ShippedDateOverride != nil {
		return s.ShippedDateOverride, nil
	}
	if s.ShippedUtc == nil {
		return nil, nil
	}
	d, err := shopday.Today(tz, *s.ShippedUtc)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// Create stores an open shipment with its lines and answers its id, in one transaction: the
// order is share-locked first, then each order line shipped (for update) in one order (by
// order line id), so concurrent shipments of the same lines queue instead of deadlocking.
// The number is the tenant's next, taken last so that a refused create uses none.
func (s *Service) Create(ctx context.Context, t Tenant, c ShipmentCreate) (string, error) {
	fields := apperr.Fields{}
	checkHeader(fields, &c.Name, &c.ShipTo, &c.TrackingNumber, &c.Notes, &c.ExternalReferences)
	if c.ShippingCost != nil && c.ShippingCost.IsNegative() {
		fields.Add("shippingCost", "must be 0 or more")
	}
	for i := range c.Lines {
		checkLineQuantity(fields, linePrefix("lineItems.", i)+"quantity", c.Lines[i].Quantity)
		r, refErrs := extref.Normalize(c.Lines[i].ExternalReferences, extref.Write)
		fields.Merge(linePrefix("lineItems.", i), refErrs)
		c.Lines[i].ExternalReferences = r
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	sh := Shipment{
		ID: ids.New(), Status: StatusOpen, SalesOrderID: c.SalesOrderID, ShipTo: c.ShipTo, ShippingMethodID: c.ShippingMethodID,
		TrackingNumber: c.TrackingNumber, ShipByDate: c.ShipByDate, ShippedDateOverride: c.ShippedDateOverride,
		ShippedDay: c.ShippedDateOverride, Notes: c.Notes, ExternalReferences: c.ExternalReferences,
	}
	if c.ShippingCost != nil {
		sh.ShippingCost = *c.ShippingCost
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		o, err := s.deps.SalesOrders.LockForShipping(ctx, q, t.ID, c.SalesOrderID, "salesOrderId")
		if err != nil {
			return err
		}
		if !o.Ships() {
			return apperr.Field("salesOrderId", "sales order %d is %s: only an approved or in-progress order ships", o.Number, o.Status)
		}
		sh.CustomerID = o.CustomerID
		if sh.ShipTo == nil {
			sh.ShipTo = o.ShipTo
		}
		if sh.ShippingMethodID == nil {
			sh.ShippingMethodID = o.ShippingMethodID
		}
		if c.CustomFields == nil {
			c.CustomFields = map[string]any{}
		}
		if sh.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleShipOrder, c.CustomFields, customfields.Full); err != nil {
			return err
		}
		lines, units, earliest, err := s.newLines(ctx, q, t.ID, sh.ID, o, c.Lines, "lineItems.")
		if err != nil {
			return err
		}
		if sh.ShipByDate == nil {
			sh.ShipByDate = earliest
		}
		// The number last: the numbering row stays locked for the shortest time.
		if sh.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindShipment); err != nil {
			return err
		}
		if c.Name != nil {
			sh.Name = *c.Name
		} else {
			sh.Name = "SHP-" + strconv.FormatInt(sh.Number, 10)
		}
		if err := s.store.insertShipment(ctx, q, t.ID, sh, o.Number); err != nil {
			return err
		}
		for i, l := range lines {
			if err := s.store.insertLine(ctx, q, t.ID, l, units[i]); err != nil {
				return apperr.Prefixed(err, linePrefix("lineItems.", i))
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return sh.ID, nil
}

// Get reads one shipment with its lines.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Shipment, error) {
	return s.read(ctx, s.pool, tenantID, id)
}

func (s *Service) read(ctx context.Context, q db.Q, tenantID, id string) (Shipment, error) {
	sh, err := s.store.shipment(ctx, q, tenantID, id, false)
	if err != nil {
		return Shipment{}, err
	}
	if sh.Lines, err = s.store.linesOf(ctx, q, tenantID, id); err != nil {
		return Shipment{}, err
	}
	return sh, nil
}

// Update saves a full update of the shipment.
func (s *Service) Update(ctx context.Context, t Tenant, id string, w ShipmentWrite) (Shipment, error) {
	return s.save(ctx, t, id, func(Shipment) (ShipmentWrite, error) { return w, nil })
}

// Patch saves the shipment change makes from the shipment as it stands, locked, under the
// full update's rules.
func (s *Service) Patch(ctx context.Context, t Tenant, id string, change func(current Shipment) (ShipmentWrite, error)) (Shipment, error) {
	return s.save(ctx, t, id, change)
}

func (s *Service) save(ctx context.Context, t Tenant, id string, change func(Shipment) (ShipmentWrite, error)) (Shipment, error) {
	var out Shipment
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.shipment(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		if current.Lines, err = s.store.linesOf(ctx, q, t.ID, id); err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		fields := apperr.Fields{}
		checkHeader(fields, &w.Name, &w.ShipTo, &w.TrackingNumber, &w.Notes, &w.ExternalReferences)
		if err := fields.Err(); err != nil {
			return err
		}
		next := current
		if w.Name != nil {
			next.Name = *w.Name
		}
		next.ShipTo, next.ShippingMethodID, next.TrackingNumber = w.ShipTo, w.ShippingMethodID, w.TrackingNumber
		next.ShipByDate, next.ShippedDateOverride, next.Notes, next.ExternalReferences = w.ShipByDate, w.ShippedDateOverride, w.Notes, w.ExternalReferences
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
		if next.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleShipOrder, w.CustomFields, customfields.Full); err != nil {
			return err
		}
		return s.writeHeader(ctx, q, t, current, next, &out)
	})
	return out, err
}

// writeHeader writes next over current: the effective shipped day follows the override, and on a
// shipped shipment the order lines' last shipped day follows it.
func (s *Service) writeHeader(ctx context.Context, q db.Q, t Tenant, current, next Shipment, out *Shipment) error {
	var err error
	if next.ShippedDay, err = effectiveDay(t.Timezone, next); err != nil {
		return err
	}
	if err := s.store.updateShipment(ctx, q, t.ID, next); err != nil {
		return err
	}
	if next.Status == StatusShipped && !sameDay(current.ShippedDay, next.ShippedDay) {
		if err := s.syncLastShipped(ctx, q, t.ID, current.Lines); err != nil {
			return err
		}
	}
	*out, err = s.read(ctx, q, t.ID, next.ID)
	return err
}

// syncLastShipped sets the last shipped day of the order lines lines ship: the latest
// effective shipped day of the shipped shipments that ship each (none when no shipped shipment
// does), after a shipment shipped, went back to open or changed its day. Two statements.
func (s *Service) syncLastShipped(ctx context.Context, q db.Q, tenantID string, lines []Line) error {
	if len(lines) == 0 {
		return nil
	}
	orderLines := make([]string, len(lines))
	for i, l := range lines {
		orderLines[i] = l.SalesOrderLineID
	}
	days, err := s.store.lastShippedDays(ctx, q, tenantID, orderLines)
	if err != nil {
		return err
	}
	return s.deps.SalesOrders.SetLastShipped(ctx, q, tenantID, days)
}

func sameDay(a, b *time.Time) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && a.Equal(*b))
}

// ReplaceCustomFields replaces the shipment's custom field values.
func (s *Service) ReplaceCustomFields(ctx context.Context, t Tenant, id string, values map[string]any) (Shipment, error) {
	var out Shipment
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.shipment(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		next := current
		if values == nil {
			values = map[string]any{}
		}
		if next.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleShipOrder, values, customfields.Full); err != nil {
			return err
		}
		return s.writeHeader(ctx, q, t, current, next, &out)
	})
	return out, err
}

// Delete removes an open or cancelled shipment with its lines; false when there is none.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		sh, err := s.store.shipment(ctx, q, tenantID, id, true)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if sh.Status == StatusShipped {
			return apperr.Field("status", "shipment %d is shipped: move it back to open before deleting it", sh.Number)
		}
		deleted = true
		return s.store.deleteShipment(ctx, q, tenantID, id)
	})
	return deleted, err
}

// SetStatus moves the shipment to status to as the transition table allows (see the status
// operation): to shipped takes its lines' units out of stock and advances the order lines'
// shipped quantity; back to open reverts that; cancelled to open counts its lines again.
func (s *Service) SetStatus(ctx context.Context, t Tenant, id string, to Status) (Shipment, error) {
	var out Shipment
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		sh, err := s.store.shipment(ctx, q, t.ID, id, true)
		if err != nil {
			return err
		}
		if sh.Lines, err = s.store.linesOf(ctx, q, t.ID, id); err != nil {
			return err
		}
		if sh.Status == to {
			out = sh
			return nil
		}
		if !moves[sh.Status][to] {
			return apperr.Field("status", "a %s shipment cannot move to %s", sh.Status, to)
		}
		next := sh
		next.Status = to
		switch {
		case to == StatusShipped:
			now := s.now().UTC().Truncate(time.Microsecond)
			next.ShippedUtc = &now
			if next.ShippedDay, err = effectiveDay(t.Timezone, next); err != nil {
				return err
			}
			if err := s.ship(ctx, q, t.ID, &next); err != nil {
				return err
			}
		case sh.Status == StatusShipped:
			if err := s.checkNotBilled(ctx, q, t.ID, id); err != nil {
				return err
			}
			next.ShippedUtc = nil
			if err := s.unship(ctx, q, t.ID, &next); err != nil {
				return err
			}
		case sh.Status == StatusCancelled:
			if err := s.recount(ctx, q, t.ID, next); err != nil {
				return err
			}
		}
		if next.ShippedDay, err = effectiveDay(t.Timezone, next); err != nil {
			return err
		}
		if err := s.store.updateShipment(ctx, q, t.ID, next); err != nil {
			return err
		}
		if sh.Status == StatusShipped || next.Status == StatusShipped {
			if err := s.syncLastShipped(ctx, q, t.ID, next.Lines); err != nil {
				return err
			}
		}
		out, err = s.read(ctx, q, t.ID, id)
		return err
	})
	return out, err
}

// Stream answers a page of the shipments matching f (without lines) and how many match.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Shipment, listing.Envelope, error) {
	page, err := listing.Resolve(r, shipmentListSpec)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	fields := apperr.Fields{}
	for _, b := range []struct {
		name  string
		bound *time.Time
	}{
		{"shipByDateBefore", f.ShipByBefore}, {"shipByDateAfter", f.ShipByAfter}, {"shippedDateBefore", f.ShippedBefore},
		{"shippedDateAfter", f.ShippedAfter}, {"modifiedAfterUtc", f.ModifiedAfterUtc},
	} {
		utctime.CheckFilterBound(fields, b.name, b.bound)
	}
	if err := fields.Err(); err != nil {
		return nil, listing.Envelope{}, err
	}
	for i, n := range f.Names {
		f.Names[i] = strings.ToLower(n)
	}
	rows, total, err := s.store.list(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	return rows, listing.NewEnvelope(page, total, len(rows)), nil
}

// ListLines answers a page of the lines of all the tenant's shipments matching f.
func (s *Service) ListLines(ctx context.Context, tenantID string, f LineFilter, r listing.Request) ([]Line, listing.Envelope, error) {
	page, err := listing.Resolve(r, lineListSpec)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	rows, total, err := s.store.lines(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	return rows, listing.NewEnvelope(page, total, len(rows)), nil
}

// orderLineFor locks the order line a shipment line ships and checks it is a part line of
// order o: unknown is a 404, another order's a 400, both naming field.
func (s *Service) orderLineFor(ctx context.Context, q db.Q, tenantID string, o salesorders.ShippingOrder, lineID, field string) (salesorders.ShippingLine, error) {
	l, found, err := s.deps.SalesOrders.LockLineForShipping(ctx, q, tenantID, lineID)
	if err != nil {
		return salesorders.ShippingLine{}, err
	}
	if !found {
		return salesorders.ShippingLine{}, apperr.NotFoundField(field, "sales order part line %s not found", lineID)
	}
	if l.OrderID != o.ID {
		return salesorders.ShippingLine{}, apperr.Field(field, "line %s belongs to another sales order", l.ID)
	}
	return l, nil
}

// checkRoom refuses, as a 400 naming field, a quantity of order line ol that with what other
// open and shipped shipment lines hold of it (other than exceptLineID) exceeds its quantity.
func (s *Service) checkRoom(ctx context.Context, q db.Q, tenantID string, ol salesorders.ShippingLine, exceptLineID string, quantity dec.Decimal, field string) error {
	held, err := s.store.committed(ctx, q, tenantID, ol.ID, exceptLineID)
	if err != nil {
		return err
	}
	if held.Add(quantity.Decimal).GreaterThan(ol.Quantity.Decimal) {
		return apperr.Field(field, "order line %s has %s of %s on other shipments; cannot ship %s more", ol.ID, held, ol.Quantity, quantity)
	}
	return nil
}

// inventoryQuantity is quantity of order line ol in the item's inventory unit; nil when the
// line's unit has no fixed conversion.
func inventoryQuantity(ol salesorders.ShippingLine, quantity dec.Decimal) *dec.Decimal {
	if ol.InventoryQuantity == nil || ol.Quantity.IsZero() {
		return nil
	}
	v := dec.Decimal{Decimal: quantity.Mul(ol.InventoryQuantity.Decimal).Div(ol.Quantity.Decimal)}
	return &v
}

func checkLineQuantity(fields apperr.Fields, field string, q dec.Decimal) {
	if !q.IsPositive() {
		fields.Add(field, "must be more than 0")
	}
}

// linePrefix names the members of line i of a create ("lineItems.<i>."); "" for a line
// written alone.
func linePrefix(prefix string, i int) string {
	if prefix == "" {
		return ""
	}
	return prefix + strconv.Itoa(i) + "."
}
