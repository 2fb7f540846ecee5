-- Customers. Deletion is soft (`deleted`): a deleted customer can still be read, its name and
-- code become available again. Payment terms, sales person and tier are checked by foreign
-- keys (tenant-scoped, so another tenant's record is not found).
CREATE TABLE customers (
    tenant_id           text NOT NULL REFERENCES tenants (id),
    id                  text NOT NULL,
    name                text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    customer_code       text CHECK (char_length(customer_code) BETWEEN 1 AND 200 AND customer_code = btrim(customer_code)),
    currency_code       text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    credit_limit        numeric CHECK (credit_limit >= 0),
    payment_terms_id    text,
    sales_person_id     text,
    url                 text CHECK (char_length(url) BETWEEN 1 AND 2000),
    is_taxable          boolean,
    tax_rate_ids        text[] NOT NULL DEFAULT '{}',
    external_references jsonb NOT NULL DEFAULT '{}',
    custom_fields       jsonb NOT NULL DEFAULT '{}',
    notes               text CHECK (notes <> ''),
    has_customer_portal boolean,
    -- Read-only on the customer's own writes; set through PUT .../customer-tier.
    customer_tier_id    text,
    deleted             boolean NOT NULL DEFAULT false,
    created_utc         timestamptz NOT NULL DEFAULT now(),
    -- Advanced by every write of the customer and of its addresses and contacts.
    modified_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT customers_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id),
    CONSTRAINT customers_sales_person_fkey FOREIGN KEY (tenant_id, sales_person_id) REFERENCES users (tenant_id, id),
    CONSTRAINT customers_customer_tier_fkey FOREIGN KEY (tenant_id, customer_tier_id) REFERENCES customer_tiers (tenant_id, id)
);
-- Names and codes are unique among a tenant's active customers, case-insensitively: the last
-- line of defence under concurrent writes (the service maps them to 400s by these names).
CREATE UNIQUE INDEX customers_name_key ON customers (tenant_id, lower(name)) WHERE NOT deleted;
CREATE UNIQUE INDEX customers_customer_code_key ON customers (tenant_id, lower(customer_code)) WHERE NOT deleted;
-- The list's modifiedAfterUtc and externalReference filters.
CREATE INDEX customers_modified ON customers (tenant_id, modified_utc);
CREATE INDEX customers_external_references ON customers USING gin (external_references jsonb_path_ops);
