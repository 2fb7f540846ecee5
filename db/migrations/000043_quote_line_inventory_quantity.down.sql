ALTER TABLE quote_part_lines DROP COLUMN inventory_quantity;
