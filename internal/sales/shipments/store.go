package shipments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docaddress"
)

type store struct{}

type shipmentRow struct {
	ID                  string              `db:"id"`
	Number              int64               `db:"number"`
	Name                string              `db:"name"`
	Status              Status              `db:"status"`
	SalesOrderID        string              `db:"sales_order_id"`
	SalesOrderNumber    int64               `db:"sales_order_number"`
	CustomerID          string              `db:"customer_id"`
	ShipTo              []byte              `db:"ship_to"`
	ShippingMethodID    *string             `db:"shipping_method_id"`
	TrackingNumber      *string             `db:"tracking_number"`
	ShipByDate          *time.Time          `db:"ship_by_date"`
	ShippedUtc          *time.Time          `db:"shipped_utc"`
	ShippedDateOverride *time.Time          `db:"shipped_date_override"`
	ShippedDay          *time.Time          `db:"shipped_day"`
	ShippingCost        dec.Decimal         `db:"shipping_cost"`
	Notes               *string             `db:"notes"`
	ExternalReferences  extref.References   `db:"external_references"`
	CustomFields        customfields.Column `db:"custom_fields"`
	CreatedUtc          time.Time           `db:"created_utc"`
	ModifiedUtc         time.Time           `db:"modified_utc"`
	TotalCount          int                 `db:"total_count"`
}

func (r shipmentRow) Total() int { return r.TotalCount }

func (r shipmentRow) record() (Shipment, error) {
	out := Shipment{
		ID: r.ID, Number: r.Number, Name: r.Name, Status: r.Status, SalesOrderID: r.SalesOrderID, CustomerID: r.CustomerID,
		ShippingMethodID: r.ShippingMethodID, TrackingNumber: r.TrackingNumber, ShipByDate: calendardate.StoredPtr(r.ShipByDate),
		ShippedUtc: r.ShippedUtc, ShippedDateOverride: calendardate.StoredPtr(r.ShippedDateOverride), ShippedDay: calendardate.StoredPtr(r.ShippedDay),
		ShippingCost: r.ShippingCost, Notes: r.Notes, ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc, Lines: []Line{},
	}
	if len(r.ShipTo) > 0 && string(r.ShipTo) != "null" {
		var a docaddress.Address
		if err := json.Unmarshal(r.ShipTo, &a); err != nil {
			return Shipment{}, fmt.Errorf("read shipment ship-to: %w", err)
		}
		out.ShipTo = &a
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	if out.ExternalReferences == nil {
		out.ExternalReferences = extref.References{}
	}
	return out, nil
}

const shipmentColumns = `t.id, t.number, t.name, t.status, t.sales_order_id, t.sales_order_number, t.customer_id, t.ship_to,
       t.shipping_method_id, t.tracking_number, t.ship_by_date, t.shipped_utc, t.shipped_date_override, t.shipped_day,
       t.shipping_cost, t.notes, t.external_references, t.custom_fields, t.created_utc, t.modified_utc`

func addressColumn(a *docaddress.Address) (any, error) {
	if a == nil {
		return nil, nil
	}
	b, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode shipment ship-to: %w", err)
	}
	return string(b), nil
}

const insertShipmentSQL = `
INSERT INTO shipments (tenant_id, id, number, name, status, sales_order_id, sales_order_number, customer_id, ship_to,
       shipping_method_id, tracking_number, ship_by_date, shipped_date_override, shipped_day, shipping_cost, notes,
       external_references, custom_fields)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`

func (store) insertShipment(ctx context.Context, q db.Q, tenantID string, s Shipment, orderNumber int64) error {
	shipTo, err := addressColumn(s.ShipTo)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, insertShipmentSQL, tenantID, s.ID, s.Number, s.Name, s.Status, s.SalesOrderID, orderNumber,
		s.CustomerID, shipTo, s.ShippingMethodID, s.TrackingNumber, calendardate.Column(s.ShipByDate),
		calendardate.Column(s.ShippedDateOverride), calendardate.Column(s.ShippedDay), s.ShippingCost, s.Notes,
		s.ExternalReferences, customfields.Column(s.CustomFields))
	return headerWriteErr(err, "insert shipment")
}

// headerWriteErr turns a shipping method the shipment names that does not exist into a 404
// naming it.
func headerWriteErr(err error, what string) error {
	if err == nil {
		return nil
	}
	if c, ok := db.ForeignKeyViolation(err); ok && c == "shipments_shipping_method_fkey" {
		return apperr.NotFoundField("shippingMethodId", "shipping method not found")
	}
	return fmt.Errorf("%s: %w", what, err)
}

var (
	getShipmentSQL       = `SELECT ` + shipmentColumns + `, 0 AS total_count FROM shipments t WHERE t.tenant_id = $1 AND t.id = $2`
	lockShipmentSQL      = getShipmentSQL + ` FOR UPDATE`
	shipmentNotFoundText = "shipment %s not found"
)

// shipment reads the tenant's shipment id (NotFound otherwise) without its lines, locked for
// update until q's transaction ends when lock is set.
func (store) shipment(ctx context.Context, q db.Q, tenantID, id string, lock bool) (Shipment, error) {
	query := getShipmentSQL
	if lock {
		query = lockShipmentSQL
	}
	var r shipmentRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Shipment{}, apperr.NotFound(shipmentNotFoundText, id)
	}
	if err != nil {
		return Shipment{}, fmt.Errorf("get shipment: %w", err)
	}
	return r.record()
}

const updateShipmentSQL = `
UPDATE shipments SET name = $3, status = $4, ship_to = $5, shipping_method_id = $6, tracking_number = $7,
       ship_by_date = $8, shipped_utc = $9, shipped_date_override = $10, shipped_day = $11, notes = $12,
       external_references = $13, custom_fields = $14, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) updateShipment(ctx context.Context, q db.Q, tenantID string, s Shipment) error {
	shipTo, err := addressColumn(s.ShipTo)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, updateShipmentSQL, tenantID, s.ID, s.Name, s.Status, shipTo, s.ShippingMethodID, s.TrackingNumber,
		calendardate.Column(s.ShipByDate), s.ShippedUtc, calendardate.Column(s.ShippedDateOverride), calendardate.Column(s.ShippedDay),
		s.Notes, s.ExternalReferences, customfields.Column(s.CustomFields))
	return headerWriteErr(err, "update shipment")
}

const touchSQL = `UPDATE shipments SET modified_utc = now() WHERE tenant_id = $1 AND id = $2`

// touch advances the shipment's modifiedUtc (and version) after a change of its lines, which
// its read shape shows.
func (store) touch(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch shipment: %w", err)
	}
	return nil
}

const deleteShipmentSQL = `DELETE FROM shipments WHERE tenant_id = $1 AND id = $2`

func (store) deleteShipment(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, deleteShipmentSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete shipment: %w", err)
	}
	return nil
}

// shipmentSortFields are the Shipment properties the list can be sorted by.
var shipmentSortFields = map[string]string{
	"id":          "t.id",
	"number":      "t.number",
	"name":        "lower(t.name)",
	"status":      "t.status",
	"shipByDate":  "t.ship_by_date",
	"shippedDate": "t.shipped_day",
	"createdUtc":  "t.created_utc",
	"modifiedUtc": "t.modified_utc",
}

// shipmentListSpec: newest first, then id descending (the shipments_created_idx order).
var shipmentListSpec = listing.Spec{Fields: shipmentSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the shipments matching f and how many match, in one statement.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Shipment, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyOf(lq, "lower(t.name)", f.Names)
	listing.AnyOf(lq, "t.sales_order_id", f.SalesOrderIDs)
	listing.AnyOf(lq, "t.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "t.status", f.Statuses)
	for _, d := range []struct {
		clause string
		day    *time.Time
	}{
		{"t.ship_by_date < %s::date", f.ShipByBefore}, {"t.ship_by_date > %s::date", f.ShipByAfter},
		{"t.shipped_day < %s::date", f.ShippedBefore}, {"t.shipped_day > %s::date", f.ShippedAfter},
	} {
		if d.day != nil {
			lq.Where(d.clause, d.day.Format(time.DateOnly))
		}
	}
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "t.external_references", f.ExternalReference); err != nil {
		return nil, 0, err
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]shipmentRow, error) {
		query, args := lq.SQL(`SELECT `+shipmentColumns+`, count(*) OVER () AS total_count FROM shipments t`, p)
		var rows []shipmentRow
		if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
			return nil, fmt.Errorf("list shipments: %w", err)
		}
		return rows, nil
	})
	if err != nil {
		return nil, 0, err
	}
	out := make([]Shipment, len(rows))
	for i, r := range rows {
		if out[i], err = r.record(); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// lineRow is a stored shipment line.
type lineRow struct {
	ID                 string              `db:"id"`
	ShipmentID         string              `db:"shipment_id"`
	SalesOrderLineID   string              `db:"sales_order_part_line_id"`
	ItemID             string              `db:"item_id"`
	Quantity           dec.Decimal         `db:"quantity"`
	UnitName           string              `db:"unit_of_measure_name"`
	InventoryQuantity  *dec.Decimal        `db:"inventory_quantity"`
	LocationID         *string             `db:"location_id"`
	LotID              *string             `db:"lot_id"`
	CustomFields       customfields.Column `db:"custom_fields"`
	ExternalReferences extref.References   `db:"external_references"`
	InventoryEventID   *string             `db:"inventory_event_id"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
	TotalCount         int                 `db:"total_count"`
}

func (r lineRow) Total() int { return r.TotalCount }

func (r lineRow) line() Line {
	l := Line{
		ID: r.ID, ShipmentID: r.ShipmentID, SalesOrderLineID: r.SalesOrderLineID, ItemID: r.ItemID, Quantity: r.Quantity,
		UnitName: r.UnitName, InventoryQuantity: r.InventoryQuantity, LocationID: r.LocationID, LotID: r.LotID, CustomFields: r.CustomFields,
		ExternalReferences: r.ExternalReferences, InventoryEventID: r.InventoryEventID, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if l.CustomFields == nil {
		l.CustomFields = map[string]any{}
	}
	if l.ExternalReferences == nil {
		l.ExternalReferences = extref.References{}
	}
	return l
}

const lineColumns = `l.id, l.shipment_id, l.sales_order_part_line_id, l.item_id, l.quantity, l.unit_of_measure_name,
       l.inventory_quantity, l.location_id, l.lot_id, l.custom_fields, l.external_references, l.inventory_event_id,
       l.created_utc, l.modified_utc`

const insertLineSQL = `
INSERT INTO shipment_lines (tenant_id, shipment_id, id, sales_order_part_line_id, item_id, quantity, unit_of_measure_name,
       inventory_quantity, location_id, lot_id, custom_fields, external_references)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

func (store) insertLine(ctx context.Context, q db.Q, tenantID string, l Line, unitName string) error {
	_, err := q.ExecContext(ctx, insertLineSQL, tenantID, l.ShipmentID, l.ID, l.SalesOrderLineID, l.ItemID, l.Quantity, unitName,
		l.InventoryQuantity, l.LocationID, l.LotID, customfields.Column(l.CustomFields), l.ExternalReferences)
	return lineWriteErr(err)
}

const updateLineSQL = `
UPDATE shipment_lines SET quantity = $4, inventory_quantity = $5, location_id = $6, lot_id = $7, custom_fields = $8,
       external_references = $9, inventory_event_id = $10, modified_utc = now()
WHERE tenant_id = $1 AND shipment_id = $2 AND id = $3`

func (store) updateLine(ctx context.Context, q db.Q, tenantID string, l Line) error {
	_, err := q.ExecContext(ctx, updateLineSQL, tenantID, l.ShipmentID, l.ID, l.Quantity, l.InventoryQuantity, l.LocationID,
		l.LotID, customfields.Column(l.CustomFields), l.ExternalReferences, l.InventoryEventID)
	return lineWriteErr(err)
}

// lineWriteErr turns a location or lot the line names that does not exist into a 404 naming
// it.
func lineWriteErr(err error) error {
	if err == nil {
		return nil
	}
	if c, ok := db.ForeignKeyViolation(err); ok {
		switch c {
		case "shipment_lines_location_fkey":
			return apperr.NotFoundField("locationId", "location not found")
		case "shipment_lines_lot_fkey":
			return apperr.NotFoundField("lotId", "lot not found")
		}
	}
	return fmt.Errorf("write shipment line: %w", err)
}

const deleteLineSQL = `DELETE FROM shipment_lines WHERE tenant_id = $1 AND shipment_id = $2 AND id = $3`

func (store) deleteLine(ctx context.Context, q db.Q, tenantID, shipmentID, lineID string) error {
	if _, err := q.ExecContext(ctx, deleteLineSQL, tenantID, shipmentID, lineID); err != nil {
		return fmt.Errorf("delete shipment line: %w", err)
	}
	return nil
}

var (
	getLineSQL       = `SELECT ` + lineColumns + `, 0 AS total_count FROM shipment_lines l WHERE l.tenant_id = $1 AND l.shipment_id = $2 AND l.id = $3`
	lockLineSQL      = getLineSQL + ` FOR UPDATE`
	lineNotFoundText = "shipment line %s not found"
)

// line reads a line of the shipment; found is false when the shipment has none of that id.
func (store) line(ctx context.Context, q db.Q, tenantID, shipmentID, lineID string, lock bool) (Line, bool, error) {
	query := getLineSQL
	if lock {
		query = lockLineSQL
	}
	var r lineRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, shipmentID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return Line{}, false, nil
	}
	if err != nil {
		return Line{}, false, fmt.Errorf("get shipment line: %w", err)
	}
	return r.line(), true, nil
}

const linesOfSQL = `SELECT ` + lineColumns + `, 0 AS total_count FROM shipment_lines l
WHERE l.tenant_id = $1 AND l.shipment_id = $2 ORDER BY l.created_utc, l.id`

// linesOf reads every line of the shipment, oldest first, in one statement.
func (store) linesOf(ctx context.Context, q db.Q, tenantID, shipmentID string) ([]Line, error) {
	var rows []lineRow
	if err := sqlx.SelectContext(ctx, q, &rows, linesOfSQL, tenantID, shipmentID); err != nil {
		return nil, fmt.Errorf("read shipment lines: %w", err)
	}
	out := make([]Line, len(rows))
	for i, r := range rows {
		out[i] = r.line()
	}
	return out, nil
}

// committedSQL sums the quantities of an order line on open and shipped shipments, leaving
// out the shipment line $3 (the one being written).
const committedSQL = `
SELECT coalesce(sum(l.quantity), 0) FROM shipment_lines l
JOIN shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id
WHERE l.tenant_id = $1 AND l.sales_order_part_line_id = $2 AND l.id <> $3 AND s.status IN ('open', 'shipped')`

// committed answers what open and shipped shipments hold of order line orderLineID, other
// than shipment line exceptLineID. The caller holds the order line's lock.
func (store) committed(ctx context.Context, q db.Q, tenantID, orderLineID, exceptLineID string) (dec.Decimal, error) {
	var sum dec.Decimal
	if err := q.QueryRowxContext(ctx, committedSQL, tenantID, orderLineID, exceptLineID).Scan(&sum); err != nil {
		return dec.Decimal{}, fmt.Errorf("sum shipped quantities: %w", err)
	}
	return sum, nil
}

var lineListSpec = listing.Spec{Fields: map[string]string{
	"createdUtc": "l.created_utc",
	"quantity":   "l.quantity",
	"id":         "l.id",
}, Default: "createdUtc", IDColumn: "l.id"}

// lines reads a page of the lines of all the tenant's shipments matching f and how many
// match, in one statement.
func (store) lines(ctx context.Context, q db.Q, tenantID string, f LineFilter, p listing.Page) ([]Line, int, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	listing.AnyOf(lq, "l.shipment_id", f.ShipmentIDs)
	if len(f.SalesOrderIDs) > 0 {
		lq.Where("l.shipment_id IN (SELECT s.id FROM shipments s WHERE s.tenant_id = l.tenant_id AND s.sales_order_id = ANY(%s))", pq.StringArray(f.SalesOrderIDs))
	}
	listing.AnyOf(lq, "l.sales_order_part_line_id", f.SalesOrderLineIDs)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]lineRow, error) {
		query, args := lq.SQL(`SELECT `+lineColumns+`, count(*) OVER () AS total_count FROM shipment_lines l`, p)
		var rows []lineRow
		if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
			return nil, fmt.Errorf("list shipment lines: %w", err)
		}
		return rows, nil
	})
	if err != nil {
		return nil, 0, err
	}
	out := make([]Line, len(rows))
	for i, r := range rows {
		out[i] = r.line()
	}
	return out, total, nil
}

// lastShippedDaysSQL is, per order line of $2, the latest effective shipped day of the shipped
// shipments shipping it.
const lastShippedDaysSQL = `
SELECT l.sales_order_part_line_id, max(s.shipped_day) AS day
FROM shipment_lines l JOIN shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id
WHERE l.tenant_id = $1 AND l.sales_order_part_line_id = ANY($2) AND s.status = 'shipped'
GROUP BY l.sales_order_part_line_id`

// lastShippedDays answers the latest shipped day of each order line of orderLines; a line no
// shipped shipment ships maps to nil.
func (store) lastShippedDays(ctx context.Context, q db.Q, tenantID string, orderLines []string) (map[string]*time.Time, error) {
	var rows []struct {
		Line string     `db:"sales_order_part_line_id"`
		Day  *time.Time `db:"day"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, lastShippedDaysSQL, tenantID, pq.StringArray(orderLines)); err != nil {
		return nil, fmt.Errorf("read last shipped days: %w", err)
	}
	days := make(map[string]*time.Time, len(orderLines))
	for _, id := range orderLines {
		days[id] = nil
	}
	for _, r := range rows {
		days[r.Line] = calendardate.StoredPtr(r.Day)
	}
	return days, nil
}
