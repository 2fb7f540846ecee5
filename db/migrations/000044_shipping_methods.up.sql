-- Shipping methods: how a sales order or shipment travels ("UPS Ground", "Customer pickup").
CREATE TABLE shipping_methods (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            text NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    -- The carrier that moves the goods (UPS), when one does.
    carrier       text CHECK (char_length(carrier) <= 200),
    description   text CHECK (char_length(description) <= 200),
    is_archived   boolean NOT NULL DEFAULT false,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    version       bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id)
);

CREATE TRIGGER shipping_methods_advance_version BEFORE UPDATE ON shipping_methods
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A name is unique among the tenant's non-archived shipping methods, case-insensitively;
-- archiving frees it. This index decides races between concurrent writes.
CREATE UNIQUE INDEX shipping_methods_name_key ON shipping_methods (tenant_id, lower(name)) WHERE NOT is_archived;

-- The list's default order (name, then id), and its name (substring) filter.
CREATE INDEX shipping_methods_name_idx ON shipping_methods (tenant_id, lower(name), id);
CREATE INDEX shipping_methods_name_trgm_idx ON shipping_methods USING gin (name gin_trgm_ops);
