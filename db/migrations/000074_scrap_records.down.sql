DROP TABLE scrap_records;
