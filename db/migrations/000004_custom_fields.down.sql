DROP TABLE custom_fields;
