DROP TABLE tax_rates;
