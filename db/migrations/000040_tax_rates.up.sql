-- Tax rates (tax codes): a named percentage that document lines apply and customers name for
-- their new sales orders.
CREATE TABLE tax_rates (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            text NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    -- A percentage: 6.25 is 6.25 %.
    rate          numeric NOT NULL CHECK (rate >= 0 AND rate <= 100),
    description   text CHECK (char_length(description) <= 200),
    is_archived   boolean NOT NULL DEFAULT false,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    version       bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id)
);

CREATE TRIGGER tax_rates_advance_version BEFORE UPDATE ON tax_rates
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A name is unique among the tenant's non-archived tax rates, case-insensitively; archiving
-- frees it. This index decides races between concurrent writes.
CREATE UNIQUE INDEX tax_rates_name_key ON tax_rates (tenant_id, lower(name)) WHERE NOT is_archived;

-- The list's default order (name, then id), and its name (substring) filter.
CREATE INDEX tax_rates_name_idx ON tax_rates (tenant_id, lower(name), id);
CREATE INDEX tax_rates_name_trgm_idx ON tax_rates USING gin (name gin_trgm_ops);
