DROP TABLE IF EXISTS shipment_lines;
DROP TABLE IF EXISTS shipments;
