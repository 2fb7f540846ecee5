DROP TABLE payment_terms;
