DROP TABLE purchase_order_vendor_credit_lines;
DROP TABLE purchase_order_discount_lines;
DROP TABLE purchase_order_tax_lines;
DROP TABLE purchase_order_fee_lines;
DROP TABLE purchase_order_outside_processing_lines;
DROP TABLE purchase_order_part_lines;
ALTER TABLE purchase_orders DROP COLUMN last_line_number, DROP COLUMN taxable_base, DROP COLUMN non_taxable_base;
