DROP INDEX invoice_refund_lines_number_key;
ALTER TABLE invoice_refund_lines DROP COLUMN line_number, DROP COLUMN name, DROP COLUMN external_references,
    DROP COLUMN copied_sales_order_refund_line_id;
ALTER TABLE invoices DROP COLUMN last_refund_line_number;
