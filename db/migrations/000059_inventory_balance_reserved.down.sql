ALTER TABLE inventory_balances DROP COLUMN reserved_quantity;
