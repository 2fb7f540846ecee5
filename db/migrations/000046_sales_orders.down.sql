DROP TABLE sales_order_refund_lines;
DROP TABLE sales_order_discount_lines;
DROP TABLE sales_order_tax_lines;
DROP TABLE sales_order_fee_lines;
DROP TABLE sales_order_part_lines;
DROP TABLE sales_order_blanket_lines;
DROP TABLE sales_orders;
ALTER TABLE settings DROP COLUMN sales_order_auto_add_tax_rates;
