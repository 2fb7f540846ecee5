DROP TABLE inventory_transactions;
DROP TABLE inventory_balances;
DROP TABLE inventory_events;
DROP TABLE inventory_lots;
DROP TABLE locations;
