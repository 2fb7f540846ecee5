-- Tenant-wide settings: one row per tenant, created by the first PUT of any group.
-- Column defaults are the values of a tenant that never set anything; they must match
-- settings.Defaults (tests/settings_test.go proves they do).
CREATE TABLE settings (
    tenant_id                   text PRIMARY KEY REFERENCES tenants (id),
    -- pricing (percentages)
    use_margin_based_pricing    boolean NOT NULL DEFAULT false,
    use_default_margin          boolean NOT NULL DEFAULT false,
    default_margin              numeric NOT NULL DEFAULT 0 CHECK (default_margin >= 0 AND default_margin < 100),
    use_shop_rate_pricing       boolean NOT NULL DEFAULT false,
    default_material_markup     numeric CHECK (default_material_markup >= 0),
    -- costing
    overhead_calculation_method text NOT NULL DEFAULT 'laborBurdened'
        CHECK (overhead_calculation_method IN ('laborBurdened', 'machineBurdened')),
    modified_utc                timestamptz NOT NULL DEFAULT now()
);
