-- Units of measure: each tenant's catalogue of unit types (Pieces, Length, ...) and their
-- units. Items name their unit type and unit; quantities convert between units of one type
-- through the units' factors.
CREATE TABLE unit_types (
    tenant_id text NOT NULL REFERENCES tenants (id),
    id        text NOT NULL,
    name      text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
    PRIMARY KEY (tenant_id, id)
);
-- Type names are looked up case-insensitively, so they are unique that way.
CREATE UNIQUE INDEX unit_types_name_key ON unit_types (tenant_id, lower(name));

-- A unit's factor is how many of its type's base unit one of it is, kept as the exact
-- fraction factor_numerator / factor_denominator: a minute is 1/60 hour, which no NUMERIC
-- holds exactly, and conversions multiply before they divide once. Both are NULL for a
-- unit without a fixed conversion (Box: how many each a box holds depends on the item).
CREATE TABLE units_of_measure (
    tenant_id          text NOT NULL,
    id                 text NOT NULL,
    unit_type_id       text NOT NULL,
    name               text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
    factor_numerator   numeric CHECK (factor_numerator > 0),
    factor_denominator numeric CHECK (factor_denominator > 0),
    -- The base unit of its type: factor exactly 1.
    is_base            boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id) REFERENCES tenants (id),
    FOREIGN KEY (tenant_id, unit_type_id) REFERENCES unit_types (tenant_id, id),
    CHECK ((factor_numerator IS NULL) = (factor_denominator IS NULL)),
    CHECK (NOT is_base OR factor_numerator = factor_denominator)
);
-- Unit names are matched case-sensitively, but two units of one type differing only in
-- case would be indistinguishable to people: unique case-insensitively.
CREATE UNIQUE INDEX units_of_measure_name_key ON units_of_measure (tenant_id, unit_type_id, lower(name));
-- One base unit per type.
CREATE UNIQUE INDEX units_of_measure_base_key ON units_of_measure (tenant_id, unit_type_id) WHERE is_base;

-- new_record_id makes a 24-character lowercase hex id in the shape of internal/platform/ids
-- (seconds first, so ids still sort roughly by creation), for rows SQL creates itself.
CREATE FUNCTION new_record_id() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT lpad(to_hex(extract(epoch FROM clock_timestamp())::bigint), 8, '0')
        || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)
$$;

-- seed_units_of_measure gives a tenant the standard catalogue. Factors are the exact
-- definitions (international inch, foot, avoirdupois pound, US liquid gallon).
CREATE FUNCTION seed_units_of_measure(tenant text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    u record;
    type_id text;
BEGIN
    FOR u IN
        SELECT * FROM (VALUES
            ('Pieces', 'Each', 1, 1, true),
            ('Pieces', 'Dozen', 12, 1, false),
            ('Pieces', 'Box', NULL, NULL, false),
            ('Length', 'Meter', 1, 1, true),
            ('Length', 'Millimeter', 0.001, 1, false),
            ('Length', 'Inch', 0.0254, 1, false),
            ('Length', 'Foot', 0.3048, 1, false),
            ('Weight', 'Kilogram', 1, 1, true),
            ('Weight', 'Gram', 0.001, 1, false),
            ('Weight', 'Pound', 0.45359237, 1, false),
            ('Volume', 'Liter', 1, 1, true),
            ('Volume', 'Gallon', 3.785411784, 1, false),
            ('Area', 'Square Meter', 1, 1, true),
            ('Area', 'Square Foot', 0.09290304, 1, false),
            ('Time', 'Hour', 1, 1, true),
            ('Time', 'Minute', 1, 60, false)
        ) AS v (type_name, unit_name, numerator, denominator, is_base)
    LOOP
        SELECT id INTO type_id FROM unit_types WHERE tenant_id = tenant AND name = u.type_name;
        IF type_id IS NULL THEN
            type_id := new_record_id();
            INSERT INTO unit_types (tenant_id, id, name) VALUES (tenant, type_id, u.type_name);
        END IF;
        INSERT INTO units_of_measure (tenant_id, id, unit_type_id, name, factor_numerator, factor_denominator, is_base)
        VALUES (tenant, new_record_id(), type_id, u.unit_name, u.numerator, u.denominator, u.is_base);
    END LOOP;
END
$$;

-- Every tenant has the catalogue: the ones that exist now, and through the trigger every
-- tenant created later, whatever creates it.
CREATE FUNCTION seed_units_of_measure_for_new_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM seed_units_of_measure(NEW.id);
    RETURN NEW;
END
$$;
CREATE TRIGGER tenants_seed_units_of_measure AFTER INSERT ON tenants
    FOR EACH ROW EXECUTE FUNCTION seed_units_of_measure_for_new_tenant();

SELECT seed_units_of_measure(id) FROM tenants;
