-- Routings: the ordered operations that make an owner (an item now; quote lines, sales-order
-- lines and jobs later). One table serves every owner type; the owning area checks that the
-- owner exists, so owner_id has no foreign key. References to the operation library, work
-- centers, equipment and vendors stay within the tenant through their foreign keys.
CREATE TABLE routing_operations (
    tenant_id                  text NOT NULL REFERENCES tenants (id),
    id                         text NOT NULL CHECK (char_length(id) = 36),
    owner_type                 text NOT NULL CHECK (owner_type IN ('item', 'quotePartLine', 'salesOrderPartLine', 'jobItemToMake')),
    owner_id                   text NOT NULL,
    sequence                   integer NOT NULL CHECK (sequence > 0),
    operation_id               text,
    name                       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    work_center_id             text,
    -- Equipment needs a work center (the one it belongs to, which the service checks).
    equipment_id               text CHECK (equipment_id IS NULL OR work_center_id IS NOT NULL),
    setup_time_minutes         numeric NOT NULL DEFAULT 0 CHECK (setup_time_minutes >= 0),
    run_time_minutes_per_unit  numeric NOT NULL DEFAULT 0 CHECK (run_time_minutes_per_unit >= 0),
    -- Null: the work center's rate applies at read and costing time.
    labor_rate                 numeric CHECK (labor_rate >= 0),
    machine_rate               numeric CHECK (machine_rate >= 0),
    is_outside_processing      boolean NOT NULL DEFAULT false,
    outside_vendor_id          text,
    outside_cost               numeric NOT NULL DEFAULT 0 CHECK (outside_cost >= 0),
    outside_lead_days          integer NOT NULL DEFAULT 0 CHECK (outside_lead_days >= 0),
    notes                      text CHECK (char_length(notes) <= 2000),
    created_utc                timestamptz NOT NULL DEFAULT now(),
    modified_utc               timestamptz NOT NULL DEFAULT now(),
    version                    bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT routing_operations_operation_fkey FOREIGN KEY (tenant_id, operation_id) REFERENCES operations (tenant_id, id),
    CONSTRAINT routing_operations_work_center_fkey FOREIGN KEY (tenant_id, work_center_id) REFERENCES work_centers (tenant_id, id),
    CONSTRAINT routing_operations_equipment_fkey FOREIGN KEY (tenant_id, equipment_id) REFERENCES equipment (tenant_id, id),
    CONSTRAINT routing_operations_outside_vendor_fkey FOREIGN KEY (tenant_id, outside_vendor_id) REFERENCES vendors (tenant_id, id)
);

CREATE TRIGGER routing_operations_advance_version BEFORE UPDATE ON routing_operations
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A sequence is unique within one owner's routing; this index decides races between
-- concurrent writes and serves the routing's read in order (sequence, then id).
CREATE UNIQUE INDEX routing_operations_sequence_key ON routing_operations (tenant_id, owner_type, owner_id, sequence);
-- Let the foreign keys' checks find the routing operations naming a row.
CREATE INDEX routing_operations_operation_idx ON routing_operations (tenant_id, operation_id);
CREATE INDEX routing_operations_work_center_idx ON routing_operations (tenant_id, work_center_id);
CREATE INDEX routing_operations_equipment_idx ON routing_operations (tenant_id, equipment_id);
CREATE INDEX routing_operations_outside_vendor_idx ON routing_operations (tenant_id, outside_vendor_id);
