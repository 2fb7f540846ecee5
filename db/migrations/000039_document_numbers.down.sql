DROP TABLE document_numbers;
