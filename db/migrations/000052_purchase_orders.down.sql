DROP TABLE purchase_orders;
