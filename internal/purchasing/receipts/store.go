package receipts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

type store struct{}

type receiptRow struct {
	ID                 string              `db:"id"`
	Number             int64               `db:"number"`
	PurchaseOrderID    *string             `db:"purchase_order_id"`
	SalesOrderID       *string             `db:"sales_order_id"`
	ReceivedDate       time.Time           `db:"received_date"`
	Notes              *string             `db:"notes"`
	ExternalReferences extref.References   `db:"external_references"`
	CustomFields       customfields.Column `db:"custom_fields"`
	AccountingHeldUtc  *time.Time          `db:"accounting_held_utc"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
}

func (r receiptRow) record() Receipt {
	out := Receipt{
		ID: r.ID, Number: r.Number, PurchaseOrderID: r.PurchaseOrderID, SalesOrderID: r.SalesOrderID, ReceivedDate: calendardate.Stored(r.ReceivedDate),
		Notes: r.Notes, ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
		AccountingHeldUtc: r.AccountingHeldUtc, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	if out.ExternalReferences == nil {
		out.ExternalReferences = extref.References{}
	}
	return out
}

const receiptColumns = `t.id, t.number, t.purchase_order_id, t.sales_order_id, t.received_date, t.notes, t.external_references,
       t.custom_fields, t.accounting_held_utc, t.created_utc, t.modified_utc`

const insertReceiptSQL = `
INSERT INTO receipts (tenant_id, id, number, purchase_order_id, sales_order_id, received_date, notes, external_references, custom_fields)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (store) insertReceipt(ctx context.Context, q db.Q, tenantID string, r Receipt) error {
	_, err := q.ExecContext(ctx, insertReceiptSQL, tenantID, r.ID, r.Number, r.PurchaseOrderID, r.SalesOrderID,
		r.ReceivedDate.Format(time.DateOnly), r.Notes, r.ExternalReferences, customfields.Column(r.CustomFields))
	if err != nil {
		return fmt.Errorf("insert receipt: %w", err)
	}
	return nil
}

var (
	getReceiptSQL       = `SELECT ` + receiptColumns + ` FROM receipts t WHERE t.tenant_id = $1 AND t.id = $2`
	lockReceiptSQL      = getReceiptSQL + ` FOR UPDATE`
	receiptNotFoundText = "receipt %s not found"
)

// receipt reads the tenant's receipt id (NotFound otherwise), locked for update until q's
// transaction ends when lock is set.
func (store) receipt(ctx context.Context, q db.Q, tenantID, id string, lock bool) (Receipt, error) {
	query := getReceiptSQL
	if lock {
		query = lockReceiptSQL
	}
	var r receiptRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Receipt{}, apperr.NotFound(receiptNotFoundText, id)
	}
	if err != nil {
		return Receipt{}, fmt.Errorf("get receipt: %w", err)
	}
	return r.record(), nil
}

const updateReceiptSQL = `
UPDATE receipts SET received_date = $3, notes = $4, external_references = $5, custom_fields = $6, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) updateReceipt(ctx context.Context, q db.Q, tenantID string, r Receipt) error {
	_, err := q.ExecContext(ctx, updateReceiptSQL, tenantID, r.ID, r.ReceivedDate.Format(time.DateOnly), r.Notes,
		r.ExternalReferences, customfields.Column(r.CustomFields))
	if err != nil {
		return fmt.Errorf("update receipt: %w", err)
	}
	return nil
}

const releaseHoldSQL = `UPDATE receipt_lines SET hold_for_inspection = false, modified_utc = now()
WHERE tenant_id = $1 AND receipt_id = $2 AND hold_for_inspection`

// releaseHold clears holdForInspection on every held line of the receipt.
func (store) releaseHold(ctx context.Context, q db.Q, tenantID, receiptID string) error {
	if _, err := q.ExecContext(ctx, releaseHoldSQL, tenantID, receiptID); err != nil {
		return fmt.Errorf("release receipt hold: %w", err)
	}
	return nil
}

// refreshHoldSQL sets accounting_held_utc when a line is held (keeping the instant the hold
// began) and clears it when none is; the receipt's version moves only when it changes.
const refreshHoldSQL = `
UPDATE receipts r SET accounting_held_utc = h.held_utc, modified_utc = now()
FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM receipt_lines l
                               WHERE l.tenant_id = $1 AND l.receipt_id = $2 AND l.hold_for_inspection)
                  THEN coalesce((SELECT accounting_held_utc FROM receipts WHERE tenant_id = $1 AND id = $2), now())
             END AS held_utc) h
WHERE r.tenant_id = $1 AND r.id = $2 AND r.accounting_held_utc IS DISTINCT FROM h.held_utc`

func (store) refreshHold(ctx context.Context, q db.Q, tenantID, receiptID string) error {
	if _, err := q.ExecContext(ctx, refreshHoldSQL, tenantID, receiptID); err != nil {
		return fmt.Errorf("refresh receipt hold: %w", err)
	}
	return nil
}

// receiptSortFields are the Receipt properties the list can be sorted by.
var receiptSortFields = map[string]string{
	"id":           "t.id",
	"number":       "t.number",
	"createdUtc":   "t.created_utc",
	"modifiedUtc":  "t.modified_utc",
	"receivedDate": "t.received_date",
}

// receiptListSpec: newest first, then id descending (the receipts_created_idx order).
var receiptListSpec = listing.Spec{Fields: receiptSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the receipts matching f that are not held for inspection.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[Receipt], error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	lq.Where("t.accounting_held_utc IS NULL")
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.purchase_order_id IS NOT NULL AND t.purchase_order_id", f.PurchaseOrderIDs)
	listing.AnyOf(lq, "t.sales_order_id IS NOT NULL AND t.sales_order_id", f.SalesOrderIDs)
	if f.ReceivedDateFrom != nil {
		lq.Where("t.received_date >= %s::date", f.ReceivedDateFrom.Format(time.DateOnly))
	}
	if f.ReceivedDateTo != nil {
		lq.Where("t.received_date <= %s::date", f.ReceivedDateTo.Format(time.DateOnly))
	}
	query, args := lq.SQL(`SELECT `+receiptColumns+` FROM receipts t`, p)
	cur, err := db.Query(ctx, q, scanReceipt, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list receipts: %w", err)
	}
	return cur, nil
}

func scanReceipt(rows *sqlx.Rows) (Receipt, error) {
	var r receiptRow
	if err := rows.StructScan(&r); err != nil {
		return Receipt{}, fmt.Errorf("read receipt: %w", err)
	}
	return r.record(), nil
}

// lineRow is a stored receipt line.
type lineRow struct {
	ID                 string      `db:"id"`
	ReceiptID          string      `db:"receipt_id"`
	Type               LineType    `db:"line_item_type"`
	PurchasePartLineID *string     `db:"purchase_order_part_line_id"`
	PurchaseOutsideID  *string     `db:"purchase_order_outside_processing_line_id"`
	SalesOrderLineID   *string     `db:"sales_order_part_line_id"`
	ItemID             *string     `db:"item_id"`
	Name               *string     `db:"name"`
	Quantity           dec.Decimal `db:"quantity"`
	UnitPrice          dec.Decimal `db:"unit_price"`
	UnitCost           dec.Decimal `db:"unit_cost"`
	UnitTax            dec.Decimal `db:"unit_tax"`
	LandedCost         dec.Decimal `db:"landed_cost"`
	LocationID         *string     `db:"location_id"`
	LotID              *string     `db:"lot_id"`
	HoldForInspection  bool        `db:"hold_for_inspection"`
	Notes              *string     `db:"notes"`
	InventoryEventID   *string     `db:"inventory_event_id"`
	CreatedUtc         time.Time   `db:"created_utc"`
	ModifiedUtc        time.Time   `db:"modified_utc"`
}

func (r lineRow) line() Line {
	l := Line{
		ID: r.ID, ReceiptID: r.ReceiptID, Type: r.Type, SalesOrderLineID: r.SalesOrderLineID, ItemID: r.ItemID, Name: r.Name,
		Quantity: r.Quantity, UnitPrice: r.UnitPrice, UnitCost: r.UnitCost, UnitTax: r.UnitTax, LandedCost: r.LandedCost,
		LocationID: r.LocationID, LotID: r.LotID, HoldForInspection: r.HoldForInspection, Notes: r.Notes,
		InventoryEventID: r.InventoryEventID, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	l.PurchaseOrderLineID = r.PurchasePartLineID
	if r.PurchaseOutsideID != nil {
		l.PurchaseOrderLineID = r.PurchaseOutsideID
	}
	return l
}

const lineColumns = `l.id, l.receipt_id, l.line_item_type, l.purchase_order_part_line_id,
       l.purchase_order_outside_processing_line_id, l.sales_order_part_line_id, l.item_id, l.name, l.quantity,
       l.unit_price, l.unit_cost, l.unit_tax, l.landed_cost, l.location_id, l.lot_id, l.hold_for_inspection,
       l.notes, l.inventory_event_id, l.created_utc, l.modified_utc`

const insertLineSQL = `
INSERT INTO receipt_lines (tenant_id, receipt_id, id, line_item_type, purchase_order_part_line_id,
       purchase_order_outside_processing_line_id, sales_order_part_line_id, item_id, name, quantity, unit_price,
       unit_cost, unit_tax, landed_cost, location_id, lot_id, hold_for_inspection, notes, inventory_event_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`

// insertLine stores a line; partLine tells which purchase order line column its
// PurchaseOrderLineID goes to (part or outside processing).
func (store) insertLine(ctx context.Context, q db.Q, tenantID string, l Line) error {
	var part, outside *string
	if l.Type == LineOutsideProcessing {
		outside = l.PurchaseOrderLineID
	} else {
		part = l.PurchaseOrderLineID
	}
	_, err := q.ExecContext(ctx, insertLineSQL, tenantID, l.ReceiptID, l.ID, l.Type, part, outside, l.SalesOrderLineID,
		l.ItemID, l.Name, l.Quantity, l.UnitPrice, l.UnitCost, l.UnitTax, l.LandedCost, l.LocationID, l.LotID,
		l.HoldForInspection, l.Notes, l.InventoryEventID)
	return lineWriteErr(err)
}

const updateLineSQL = `
UPDATE receipt_lines SET name = $4, quantity = $5, unit_cost = $6, unit_tax = $7, landed_cost = $8, location_id = $9,
       lot_id = $10, hold_for_inspection = $11, notes = $12, inventory_event_id = $13, modified_utc = now()
WHERE tenant_id = $1 AND receipt_id = $2 AND id = $3`

func (store) updateLine(ctx context.Context, q db.Q, tenantID string, l Line) error {
	_, err := q.ExecContext(ctx, updateLineSQL, tenantID, l.ReceiptID, l.ID, l.Name, l.Quantity, l.UnitCost, l.UnitTax,
		l.LandedCost, l.LocationID, l.LotID, l.HoldForInspection, l.Notes, l.InventoryEventID)
	return lineWriteErr(err)
}

// lineWriteErr turns a location the line names that does not exist into a 404 naming it
// (inventory checks it first on lines that move stock; lines that move none reach this).
func lineWriteErr(err error) error {
	if err == nil {
		return nil
	}
	if c, ok := db.ForeignKeyViolation(err); ok && c == "receipt_lines_location_fkey" {
		return apperr.NotFoundField("locationId", "location not found")
	}
	return fmt.Errorf("write receipt line: %w", err)
}

const deleteLineSQL = `DELETE FROM receipt_lines WHERE tenant_id = $1 AND receipt_id = $2 AND id = $3`

func (store) deleteLine(ctx context.Context, q db.Q, tenantID, receiptID, lineID string) error {
	if _, err := q.ExecContext(ctx, deleteLineSQL, tenantID, receiptID, lineID); err != nil {
		return fmt.Errorf("delete receipt line: %w", err)
	}
	return nil
}

var (
	getLineSQL       = `SELECT ` + lineColumns + ` FROM receipt_lines l WHERE l.tenant_id = $1 AND l.receipt_id = $2 AND l.id = $3`
	lockLineSQL      = getLineSQL + ` FOR UPDATE`
	lineNotFoundText = "receipt line %s not found"
)

// line reads a line of the receipt; found is false when the receipt has none of that id.
func (store) line(ctx context.Context, q db.Q, tenantID, receiptID, lineID string, lock bool) (Line, bool, error) {
	query := getLineSQL
	if lock {
		query = lockLineSQL
	}
	var r lineRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, receiptID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return Line{}, false, nil
	}
	if err != nil {
		return Line{}, false, fmt.Errorf("get receipt line: %w", err)
	}
	return r.line(), true, nil
}

const receiptExistsSQL = `SELECT EXISTS (SELECT 1 FROM receipts WHERE tenant_id = $1 AND id = $2)`

func (store) receiptExists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, receiptExistsSQL, tenantID, id).Scan(&ok); err != nil {
		return false, fmt.Errorf("find receipt: %w", err)
	}
	return ok, nil
}

var lineListSpec = listing.Spec{Fields: map[string]string{
	"createdUtc": "l.created_utc",
	"quantity":   "l.quantity",
	"unitPrice":  "l.unit_price",
	"unitCost":   "l.unit_cost",
	"landedCost": "l.landed_cost",
	"id":         "l.id",
}, Default: "createdUtc", IDColumn: "l.id"}

// lines reads a page of the receipt's lines matching f in one statement.
func (store) lines(ctx context.Context, q db.Q, tenantID, receiptID string, f LineFilter, p listing.Page) ([]Line, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.receipt_id = %s", receiptID)
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
	listing.AnyOf(lq, "l.line_item_type", f.Types)
	for _, d := range []struct {
		clause string
		value  *dec.Decimal
	}{
		{"l.unit_price = %s", f.UnitPrice}, {"l.unit_cost = %s", f.UnitCost},
		{"l.unit_tax = %s", f.UnitTax}, {"l.landed_cost = %s", f.LandedCost},
	} {
		if d.value != nil {
			lq.Where(d.clause, *d.value)
		}
	}
	query, args := lq.SQL(`SELECT `+lineColumns+` FROM receipt_lines l`, p)
	var rows []lineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list receipt lines: %w", err)
	}
	out := make([]Line, len(rows))
	for i, r := range rows {
		out[i] = r.line()
	}
	return out, nil
}
