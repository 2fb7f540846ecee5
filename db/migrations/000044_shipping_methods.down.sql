DROP TABLE shipping_methods;
