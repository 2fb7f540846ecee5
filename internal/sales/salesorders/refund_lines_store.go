package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines/linekinds"
)

type refundLinesStore struct{}

type refundLineRow struct {
	ID                 string    `db:"id"`
	SalesOrderID       string    `db:"sales_order_id"`
	RefundReasonCodeID string    `db:"refund_reason_code_id"`
	PartLineID         *string   `db:"part_line_id"`
	Amount             dec       `db:"amount"`
	Description        *string   `db:"description"`
	Currency           string    `db:"currency_code"`
	CreatedUtc         time.Time `db:"created_utc"`
	ModifiedUtc        time.Time `db:"modified_utc"`
}

func (r refundLineRow) toRefundLine() RefundLine {
	return RefundLine{
		ID: r.ID, SalesOrderID: r.SalesOrderID,
		RefundLineWrite: RefundLineWrite{RefundReasonCodeID: r.RefundReasonCodeID, PartLineID: r.PartLineID, Amount: r.Amount, Description: r.Description},
		SubTotal:        roundedAmount(r.Amount, r.Currency), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// refundLineSelect reads refund lines (l) with their order's currency (o), which rounds their
// subtotal.
const refundLineSelect = `SELECT l.id, l.sales_order_id, l.refund_reason_code_id, l.part_line_id, l.amount, l.description,
       o.currency_code, l.created_utc, l.modified_utc
FROM sales_order_refund_lines l JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id`

const insertRefundLineSQL = `
INSERT INTO sales_order_refund_lines (tenant_id, sales_order_id, id, refund_reason_code_id, part_line_id, amount, description)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (refundLinesStore) insert(ctx context.Context, q db.Q, tenantID, orderID, id string, w RefundLineWrite) error {
	_, err := q.ExecContext(ctx, insertRefundLineSQL, tenantID, orderID, id, w.RefundReasonCodeID, w.PartLineID, w.Amount, w.Description)
	if err != nil {
		return fmt.Errorf("insert sales order refund line: %w", err)
	}
	return nil
}

const updateRefundLineSQL = `
UPDATE sales_order_refund_lines
SET refund_reason_code_id = $4, part_line_id = $5, amount = $6, description = $7, modified_utc = now()
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// update replaces a refund line's members; a line not of the order is NotFound.
func (refundLinesStore) update(ctx context.Context, q db.Q, tenantID, orderID, id string, w RefundLineWrite) error {
	res, err := q.ExecContext(ctx, updateRefundLineSQL, tenantID, orderID, id, w.RefundReasonCodeID, w.PartLineID, w.Amount, w.Description)
	if err != nil {
		return fmt.Errorf("update sales order refund line: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update sales order refund line: %w", err)
	} else if n == 0 {
		return refundLineNotFound(orderID, id)
	}
	return nil
}

const deleteRefundLineSQL = `DELETE FROM sales_order_refund_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// delete answers errNoRefundLine when the order has no such refund line.
func (refundLinesStore) delete(ctx context.Context, q db.Q, tenantID, orderID, id string) error {
	res, err := q.ExecContext(ctx, deleteRefundLineSQL, tenantID, orderID, id)
	if err != nil {
		return fmt.Errorf("delete sales order refund line: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete sales order refund line: %w", err)
	} else if n == 0 {
		return errNoRefundLine
	}
	return nil
}

const getRefundLineSQL = refundLineSelect + `
WHERE l.tenant_id = $1 AND l.sales_order_id = $2 AND l.id = $3`

func (refundLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, id string) (RefundLine, error) {
	var r refundLineRow
	err := sqlx.GetContext(ctx, q, &r, getRefundLineSQL, tenantID, orderID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return RefundLine{}, refundLineNotFound(orderID, id)
	}
	if err != nil {
		return RefundLine{}, fmt.Errorf("get sales order refund line: %w", err)
	}
	return r.toRefundLine(), nil
}

func refundLineNotFound(orderID, id string) error {
	return apperr.NotFound("refund line %s of sales order %s not found", id, orderID)
}

// refundLineListSpec sorts refund lists: by these properties, oldest first by default.
var refundLineListSpec = listing.Spec{Fields: map[string]string{
	"id":          "l.id",
	"amount":      "l.amount",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}, Default: "createdUtc", IDColumn: "l.id"}

func (refundLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f linekinds.LineFilter, p listing.Page) ([]RefundLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.sales_order_id = %s", orderID)
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(refundLineSelect, p)
	var rows []refundLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list sales order refund lines: %w", err)
	}
	out := make([]RefundLine, len(rows))
	for i, r := range rows {
		out[i] = r.toRefundLine()
	}
	return out, nil
}

const partLineOfSQL = `SELECT EXISTS (SELECT 1 FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3)`

// partLineOf reports whether id is a part line of the order.
func (refundLinesStore) partLineOf(ctx context.Context, q db.Q, tenantID, orderID, id string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, partLineOfSQL, tenantID, orderID, id).Scan(&ok); err != nil {
		return false, fmt.Errorf("find sales order part line: %w", err)
	}
	return ok, nil
}

// orderRefunds are an order's stored refund total and total (net of the refunds).
type orderRefunds struct {
	Refund dec `db:"refund_total"`
	Total  dec `db:"total"`
}

const refundTotalsSQL = `SELECT refund_total, total FROM sales_orders WHERE tenant_id = $1 AND id = $2`

func (refundLinesStore) refundTotals(ctx context.Context, q db.Q, tenantID, orderID string) (orderRefunds, error) {
	var t orderRefunds
	if err := sqlx.GetContext(ctx, q, &t, refundTotalsSQL, tenantID, orderID); err != nil {
		return orderRefunds{}, fmt.Errorf("read sales order refund totals: %w", err)
	}
	return t, nil
}
