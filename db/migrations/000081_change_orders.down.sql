DROP TABLE IF EXISTS change_order_tasks;
DROP TABLE IF EXISTS change_order_impacted_records;
DROP TABLE IF EXISTS change_orders;
DROP TABLE IF EXISTS change_order_numbers;
DROP TABLE IF EXISTS change_order_dispositions;
DROP TABLE IF EXISTS change_order_settings;
