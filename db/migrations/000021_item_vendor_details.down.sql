DROP TABLE item_vendor_price_breaks;
DROP TABLE item_vendor_details;
