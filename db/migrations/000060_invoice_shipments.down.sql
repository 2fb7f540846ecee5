DROP TABLE invoice_shipments;
