ALTER TABLE invoice_discount_lines
    DROP COLUMN accounting_details,
    DROP COLUMN external_references,
    DROP COLUMN description,
    DROP COLUMN line_number;

ALTER TABLE invoice_tax_lines
    DROP COLUMN accounting_details,
    DROP COLUMN external_references,
    DROP COLUMN description,
    DROP COLUMN line_number;

ALTER TABLE invoice_fee_lines
    DROP COLUMN accounting_details,
    DROP COLUMN external_references,
    DROP COLUMN override_tax_rate,
    DROP COLUMN line_number;
