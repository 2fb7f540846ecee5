DROP TABLE invoice_refund_lines;
ALTER TABLE invoices DROP COLUMN refund_total;
