package salesorders

import "mos/internal/shared/doclines/lineview"

// salesLines is the lines view of sales orders (lineview): one branch per line table, each
// kind of its own rank (kind_rank orders the kinds; amount is a fee's or refund's amount and
// a tax line's rate).
var salesLines = lineview.Declare(`
SELECT l.tenant_id, l.sales_order_id AS parent_id, l.id, 'part' AS kind, 1 AS kind_rank, l.line_number,
       NULL::text AS name, l.description, l.item_id, l.quantity, l.unit_price, l.discount_is_percentage,
       l.discount_value, NULL::numeric AS amount, l.created_utc, l.modified_utc
FROM sales_order_part_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'blanket', 2, l.line_number, NULL, l.description, l.item_id, l.quantity,
       l.unit_price, NULL, NULL, NULL, l.created_utc, l.modified_utc
FROM sales_order_blanket_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'fee', 3, NULL, l.name, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM sales_order_fee_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'tax', 4, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       l.rate, l.created_utc, l.modified_utc
FROM sales_order_tax_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'discount', 5, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, l.created_utc, l.modified_utc
FROM sales_order_discount_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'refund', 6, NULL, NULL, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM sales_order_refund_lines l`, "sales_orders", "sales order")
