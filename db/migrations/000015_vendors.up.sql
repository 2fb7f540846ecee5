-- Vendors: who the shop buys from. Items name their vendors by id now; the purchasing
-- area adds its members (addresses, contacts, terms, ...) to this table later.
CREATE TABLE vendors (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            text NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    currency_code text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    -- No delete operation yet; the read shape carries `deleted` for when there is one.
    deleted       boolean NOT NULL DEFAULT false,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique per tenant among live vendors, case-insensitively: the last line of
-- defence under concurrent creates and renames.
CREATE UNIQUE INDEX vendors_name_key ON vendors (tenant_id, lower(name)) WHERE NOT deleted;
