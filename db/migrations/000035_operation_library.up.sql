-- The operation library: named system operations with a default work center, equipment and
-- times, which routing operations pick. The service checks that the equipment belongs to the
-- work center; the foreign keys keep both references to the tenant's own rows.
CREATE TABLE operations (
    tenant_id                  text NOT NULL REFERENCES tenants (id),
    id                         text NOT NULL,
    name                       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description                text CHECK (char_length(description) <= 2000),
    work_center_id             text,
    -- Equipment needs a work center (the one it belongs to).
    equipment_id               text CHECK (equipment_id IS NULL OR work_center_id IS NOT NULL),
    -- Minutes of setup; the run time is minutes per unit made.
    setup_time_minutes         numeric NOT NULL DEFAULT 0 CHECK (setup_time_minutes >= 0),
    run_time_minutes_per_unit  numeric NOT NULL DEFAULT 0 CHECK (run_time_minutes_per_unit >= 0),
    is_outside_processing      boolean NOT NULL DEFAULT false,
    is_archived                boolean NOT NULL DEFAULT false,
    created_utc                timestamptz NOT NULL DEFAULT now(),
    modified_utc               timestamptz NOT NULL DEFAULT now(),
    version                    bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT operations_work_center_fkey FOREIGN KEY (tenant_id, work_center_id) REFERENCES work_centers (tenant_id, id),
    CONSTRAINT operations_equipment_fkey FOREIGN KEY (tenant_id, equipment_id) REFERENCES equipment (tenant_id, id)
);

CREATE TRIGGER operations_advance_version BEFORE UPDATE ON operations
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A name is unique among the tenant's non-archived operations, case-insensitively; archiving
-- frees it. This index decides races between concurrent writes.
CREATE UNIQUE INDEX operations_name_key ON operations (tenant_id, lower(name)) WHERE NOT is_archived;

-- The list's default order (name, then id), with and without the archived operations.
CREATE INDEX operations_name_idx ON operations (tenant_id, lower(name), id) WHERE NOT is_archived;
CREATE INDEX operations_all_name_idx ON operations (tenant_id, lower(name), id);
-- The list's name (substring) and workCenterIds filters.
CREATE INDEX operations_name_trgm_idx ON operations USING gin (name gin_trgm_ops);
CREATE INDEX operations_work_center_idx ON operations (tenant_id, work_center_id);
-- Lets the equipment foreign key's checks find the operations naming an equipment.
CREATE INDEX operations_equipment_idx ON operations (tenant_id, equipment_id);
