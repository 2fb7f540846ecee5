DROP TABLE invoice_manual_lines;
ALTER TABLE invoices DROP COLUMN last_manual_line_number;
