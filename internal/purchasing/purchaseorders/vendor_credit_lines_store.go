package purchaseorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/linekinds"
)

type creditLinesStore struct{}

type creditLineRow struct {
	ID              string      `db:"id"`
	PurchaseOrderID string      `db:"purchase_order_id"`
	PartLineID      *string     `db:"part_line_id"`
	Amount          dec.Decimal `db:"amount"`
	Description     *string     `db:"description"`
	Currency        string      `db:"currency_code"`
	CreatedUtc      time.Time   `db:"created_utc"`
	ModifiedUtc     time.Time   `db:"modified_utc"`
}

func (r creditLineRow) toCreditLine() VendorCreditLine {
	return VendorCreditLine{
		ID: r.ID, PurchaseOrderID: r.PurchaseOrderID,
		VendorCreditLineWrite: VendorCreditLineWrite{Amount: r.Amount, Description: r.Description, PartLineID: r.PartLineID},
		SubTotal:              doclines.Round(r.Amount, currency.MinorUnits(r.Currency)),
		CreatedUtc:            r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// creditLineSelect reads vendor-credit lines (l) with their order's currency (o), which
// rounds their subtotal.
const creditLineSelect = `SELECT l.id, l.purchase_order_id, l.part_line_id, l.amount, l.description,
       o.currency_code, l.created_utc, l.modified_utc
FROM purchase_order_vendor_credit_lines l JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id`

const insertCreditLineSQL = `
INSERT INTO purchase_order_vendor_credit_lines (tenant_id, purchase_order_id, id, part_line_id, amount, description)
VALUES ($1, $2, $3, $4, $5, $6)`

func (creditLinesStore) insert(ctx context.Context, q db.Q, tenantID, orderID, id string, w VendorCreditLineWrite) error {
	if _, err := q.ExecContext(ctx, insertCreditLineSQL, tenantID, orderID, id, w.PartLineID, w.Amount, w.Description); err != nil {
		return fmt.Errorf("insert purchase order vendor-credit line: %w", err)
	}
	return nil
}

const updateCreditLineSQL = `
UPDATE purchase_order_vendor_credit_lines
SET part_line_id = $4, amount = $5, description = $6, modified_utc = now()
WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3`

// update replaces a vendor-credit line's members; a line not of the order is NotFound.
func (creditLinesStore) update(ctx context.Context, q db.Q, tenantID, orderID, id string, w VendorCreditLineWrite) error {
	n, err := rowsAffected(q.ExecContext(ctx, updateCreditLineSQL, tenantID, orderID, id, w.PartLineID, w.Amount, w.Description))
	if err != nil {
		return fmt.Errorf("update purchase order vendor-credit line: %w", err)
	}
	if n == 0 {
		return creditLineNotFound(orderID, id)
	}
	return nil
}

const deleteCreditLineSQL = `DELETE FROM purchase_order_vendor_credit_lines WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3`

// delete answers errNoCreditLine when the order has no such vendor-credit line.
func (creditLinesStore) delete(ctx context.Context, q db.Q, tenantID, orderID, id string) error {
	n, err := rowsAffected(q.ExecContext(ctx, deleteCreditLineSQL, tenantID, orderID, id))
	if err != nil {
		return fmt.Errorf("delete purchase order vendor-credit line: %w", err)
	}
	if n == 0 {
		return errNoCreditLine
	}
	return nil
}

const getCreditLineSQL = creditLineSelect + `
WHERE l.tenant_id = $1 AND l.purchase_order_id = $2 AND l.id = $3`

func (creditLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, id string) (VendorCreditLine, error) {
	var r creditLineRow
	err := sqlx.GetContext(ctx, q, &r, getCreditLineSQL, tenantID, orderID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return VendorCreditLine{}, creditLineNotFound(orderID, id)
	}
	if err != nil {
		return VendorCreditLine{}, fmt.Errorf("get purchase order vendor-credit line: %w", err)
	}
	return r.toCreditLine(), nil
}

func creditLineNotFound(orderID, id string) error {
	return apperr.NotFound("vendor-credit line %s of purchase order %s not found", id, orderID)
}

// creditLineListSpec sorts vendor-credit lists: by these properties, oldest first by default.
var creditLineListSpec = listing.Spec{Fields: map[string]string{
	"id":          "l.id",
	"amount":      "l.amount",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}, Default: "createdUtc", IDColumn: "l.id"}

func (creditLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f linekinds.LineFilter, p listing.Page) ([]VendorCreditLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.purchase_order_id = %s", orderID)
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(creditLineSelect, p)
	var rows []creditLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list purchase order vendor-credit lines: %w", err)
	}
	out := make([]VendorCreditLine, len(rows))
	for i, r := range rows {
		out[i] = r.toCreditLine()
	}
	return out, nil
}

const creditPartLineOfSQL = `SELECT EXISTS (SELECT 1 FROM purchase_order_part_lines WHERE tenant_id = $1 AND purchase_order_id = $2 AND id = $3)`

// partLineOf reports whether id is a part line of the order.
func (creditLinesStore) partLineOf(ctx context.Context, q db.Q, tenantID, orderID, id string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, creditPartLineOfSQL, tenantID, orderID, id).Scan(&ok); err != nil {
		return false, fmt.Errorf("find purchase order part line: %w", err)
	}
	return ok, nil
}

// rowsAffected is how many rows a statement's result changed.
func rowsAffected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
