package invoices

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/shared/doclines/lineview"
)

// invoiceLines is the lines view of invoices (lineview): one branch per line table, each type
// of its own rank, in the order the totals count them, but for the hand-written lines, whose
// four types share one rank (they share one numbering) after the part lines (amount is a
// fee's, deposit's, progress billing's, refund's or hand-written amount line's amount and a
// tax line's rate; a deposit or progress-billing line is quantity 1 at its amount, a
// hand-written priced line quantity 1 at its price), with the optional columns the view shows: the order line a line
// bills or copies, the taxable flag, external references and a refund's reason. A later line
// kind adds its branch here.
var invoiceLines = lineview.Declare(`
SELECT l.tenant_id, l.invoice_id AS parent_id, l.id, 'part' AS kind, 1 AS kind_rank, l.line_number,
       l.name, l.description, l.item_id, l.quantity, l.unit_price, l.discount_is_percentage,
       l.discount_value, NULL::numeric AS amount, l.created_utc, l.modified_utc,
       l.sales_order_line_id AS source_line_id, l.is_taxable, l.external_references, NULL::text AS reason_id
FROM invoice_part_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, l.kind, 2, l.line_number, l.name, l.description, l.item_id,
       CASE l.kind WHEN 'priced' THEN 1 ELSE l.quantity END, l.price, NULL, NULL, l.amount, l.created_utc, l.modified_utc,
       NULL, COALESCE(l.is_taxable, false), l.external_references, NULL
FROM invoice_manual_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'fee', 3, NULL, l.name, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, l.sales_order_fee_line_id, l.is_taxable, '{}', NULL
FROM invoice_fee_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'tax', 4, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       l.rate, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_tax_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'discount', 5, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_discount_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'deposit', 6, NULL, NULL, l.description, NULL, 1, l.amount, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_deposit_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'ProgressBilling', 7, NULL, l.name, NULL, NULL, 1, l.amount, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_progress_billing_lines l WHERE l.kind = 'billing'
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'depositAdjustment', 8, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_deposit_adjustment_lines l
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'ProgressBillingAdjustment', 9, NULL, l.name, NULL, NULL, 1, l.amount, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, NULL, false, '{}', NULL
FROM invoice_progress_billing_lines l WHERE l.kind = 'adjustment'
UNION ALL
SELECT l.tenant_id, l.invoice_id, l.id, 'refund', 10, NULL, NULL, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc, l.sales_order_refund_line_id, false, '{}', l.refund_reason_code_id
FROM invoice_refund_lines l`, "invoices", "invoice",
	lineview.SourceLineID, lineview.IsTaxable, lineview.ExternalReferences, lineview.ReasonID)

const shippingChargeSQL = `
SELECT id, shipping_charge, shipping_charge_is_taxable, currency_code FROM invoices WHERE tenant_id = $1 AND id = $2`

// shippingCharge reads the invoice's shipping charge and currency; none is NotFound.
func (invoiceStore) shippingCharge(ctx context.Context, q db.Q, tenantID, invoiceID string) (ShippingChargeLine, string, error) {
	var l ShippingChargeLine
	var code string
	err := q.QueryRowxContext(ctx, shippingChargeSQL, tenantID, invoiceID).Scan(&l.InvoiceID, &l.Amount, &l.IsTaxable, &code)
	if errors.Is(err, sql.ErrNoRows) {
		return l, "", apperr.NotFound("invoice %s not found", invoiceID)
	}
	if err != nil {
		return l, "", fmt.Errorf("read invoice shipping charge: %w", err)
	}
	return l, code, nil
}
