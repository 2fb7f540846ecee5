-- Payment terms: how many days after the invoice date payment is due. Customers (and later
-- invoices) refer to them by id and show their name.
CREATE TABLE payment_terms (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          text NOT NULL,
    name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    net_days    integer NOT NULL CHECK (net_days BETWEEN 0 AND 3650),
    description text CHECK (char_length(description) BETWEEN 1 AND 200),
    -- No delete operation yet; the read shape carries `deleted` for when there is one.
    deleted     boolean NOT NULL DEFAULT false,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique per tenant among live terms, case-insensitively: the last line of
-- defence under concurrent creates.
CREATE UNIQUE INDEX payment_terms_name_key ON payment_terms (tenant_id, lower(name)) WHERE NOT deleted;
