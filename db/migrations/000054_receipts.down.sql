DROP TABLE receipt_lines;
DROP TABLE receipts;
