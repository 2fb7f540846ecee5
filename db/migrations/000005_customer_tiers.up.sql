-- Customer tiers: named price levels customers are grouped into. Customers reference a
-- tier read-only (customerTierId / customerTierName).
CREATE TABLE customer_tiers (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          text NOT NULL,
    name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description text CHECK (char_length(description) BETWEEN 1 AND 200),
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique per tenant, case-insensitively; the last line of defence under
-- concurrent creates. Tiers are never deleted, so no predicate is needed (add
-- WHERE NOT deleted here if deletion is ever introduced).
CREATE UNIQUE INDEX customer_tiers_name_key ON customer_tiers (tenant_id, lower(name));
