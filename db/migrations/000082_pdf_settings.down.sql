DROP TABLE IF EXISTS pdf_settings;
