DROP TABLE item_sales_price_breaks;
DROP TABLE item_customer_details;
