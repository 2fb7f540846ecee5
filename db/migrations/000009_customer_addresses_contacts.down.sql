DROP TABLE customer_contacts;
DROP TABLE customer_addresses;
