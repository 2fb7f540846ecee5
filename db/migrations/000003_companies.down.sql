DROP TABLE companies;
