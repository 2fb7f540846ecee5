package salesorders

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// InvoicingRefund is a refund line of the order as an invoice copies it: PartLineID is the
// order's part line it is against, if any.
type InvoicingRefund struct {
	ID          string  `db:"id"`
	ReasonID    string  `db:"refund_reason_code_id"`
	PartLineID  *string `db:"part_line_id"`
	Amount      dec     `db:"amount"`
	Description *string `db:"description"`
}

const refundsForInvoicingSQL = `
SELECT id, refund_reason_code_id, part_line_id, amount, description
FROM sales_order_refund_lines WHERE tenant_id = $1 AND sales_order_id = $2
ORDER BY created_utc, id`

// RefundsForInvoicing answers the order's refund lines, oldest first, in one statement; the
// invoice (in its transaction, the order share-locked) copies those no live invoice carries.
func (s *Service) RefundsForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) ([]InvoicingRefund, error) {
	var out []InvoicingRefund
	if err := sqlx.SelectContext(ctx, q, &out, refundsForInvoicingSQL, tenantID, orderID); err != nil {
		return nil, fmt.Errorf("read sales order refund lines for invoicing: %w", err)
	}
	return out, nil
}

const totalForInvoicingSQL = `SELECT total FROM sales_orders WHERE tenant_id = $1 AND id = $2`

// TotalForInvoicing answers the order's stored total (net of its refunds), what its deposits
// may not exceed; one statement, in the invoice's transaction with the order share-locked.
func (s *Service) TotalForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) (dec, error) {
	var total dec
	if err := q.QueryRowxContext(ctx, totalForInvoicingSQL, tenantID, orderID).Scan(&total); err != nil {
		return dec{}, fmt.Errorf("read sales order total for invoicing: %w", err)
	}
	return total, nil
}
