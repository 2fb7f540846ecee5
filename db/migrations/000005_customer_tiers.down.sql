DROP TABLE customer_tiers;
