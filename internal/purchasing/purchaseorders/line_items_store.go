package purchaseorders

import "mos/internal/shared/doclines/lineview"

// purchaseLines is the lines view of purchase orders (lineview): one branch per line table,
// part and outside-processing lines sharing one rank (they share one line numbering), then
// fees, tax lines, the discount and vendor credits.
var purchaseLines = lineview.Declare(`
SELECT l.tenant_id, l.purchase_order_id AS parent_id, l.id, 'part' AS kind, 1 AS kind_rank, l.line_number,
       NULL::text AS name, l.description, l.item_id, l.quantity, l.unit_price, l.discount_is_percentage,
       l.discount_value, NULL::numeric AS amount, l.created_utc, l.modified_utc
FROM purchase_order_part_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'outsideProcessing', 1, l.line_number, NULL, l.description, l.item_id,
       l.quantity, l.unit_price, l.discount_is_percentage, l.discount_value, NULL, l.created_utc, l.modified_utc
FROM purchase_order_outside_processing_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'fee', 2, NULL, l.name, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM purchase_order_fee_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'tax', 3, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       l.rate, l.created_utc, l.modified_utc
FROM purchase_order_tax_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'discount', 4, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, l.created_utc, l.modified_utc
FROM purchase_order_discount_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'vendorCredit', 5, NULL, NULL, l.description, NULL, NULL, NULL, NULL,
       NULL, l.amount, l.created_utc, l.modified_utc
FROM purchase_order_vendor_credit_lines l`, "purchase_orders", "purchase order")
