DROP TABLE quote_discount_lines;
DROP TABLE quote_tax_lines;
DROP TABLE quote_fee_lines;
DROP TABLE quote_part_lines;
DROP TABLE quotes;
ALTER TABLE settings DROP COLUMN quote_validity_days;
