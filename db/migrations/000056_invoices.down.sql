DROP TABLE invoice_discount_lines;
DROP TABLE invoice_tax_lines;
DROP TABLE invoice_fee_lines;
DROP TABLE invoice_part_lines;
DROP TABLE invoices;
