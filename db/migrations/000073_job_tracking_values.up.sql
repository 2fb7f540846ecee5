-- In-process tracking values: what operators record on the shop floor against the tracking
-- assignments of a job operation's phase (routing_operation_ipts of the item to make's
-- routing). A value names the assignment and its field, the unit it was measured on (phase
-- inProcess only), who recorded it (null for an integration token) and when. Values never
-- change once recorded. An assignment that has values cannot be deleted: recording a value
-- starts the operation, which locks its routing operation and what is attached to it, and
-- the foreign key to the assignment (no cascade) is the database's last line.
CREATE TABLE job_operation_tracking_values (
    tenant_id           text NOT NULL REFERENCES tenants (id),
    id                  text NOT NULL CHECK (char_length(id) = 36),
    job_id              text NOT NULL,
    item_to_make_id     text NOT NULL,
    operation_id        text NOT NULL,
    phase               text NOT NULL CHECK (phase IN ('setup', 'inProcess', 'final')),
    tracking_id         text NOT NULL,
    tracking_field_id   text NOT NULL,
    value               jsonb NOT NULL CHECK (jsonb_typeof(value) IN ('boolean', 'number', 'string')),
    unit_number         integer CHECK (unit_number IS NULL OR (unit_number >= 1 AND phase = 'inProcess')),
    notes               text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    recorded_by_user_id text,
    recorded_utc        timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_item_to_make_fkey FOREIGN KEY (tenant_id, item_to_make_id)
        REFERENCES job_items_to_make (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_operation_fkey FOREIGN KEY (tenant_id, operation_id)
        REFERENCES job_operations (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_tracking_fkey FOREIGN KEY (tenant_id, tracking_id)
        REFERENCES routing_operation_ipts (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_field_fkey FOREIGN KEY (tenant_id, tracking_field_id)
        REFERENCES in_process_tracking_fields (tenant_id, id),
    CONSTRAINT job_operation_tracking_values_user_fkey FOREIGN KEY (tenant_id, recorded_by_user_id)
        REFERENCES users (tenant_id, id)
);
-- The list's default order (oldest first, then id) and its unit order, per operation and phase.
CREATE INDEX job_operation_tracking_values_list_idx ON job_operation_tracking_values (tenant_id, operation_id, phase, recorded_utc, id);
CREATE INDEX job_operation_tracking_values_unit_idx ON job_operation_tracking_values (tenant_id, operation_id, phase, unit_number, id);
-- The foreign keys' referenced rows are checked on delete through these.
CREATE INDEX job_operation_tracking_values_tracking_idx ON job_operation_tracking_values (tenant_id, tracking_id);
CREATE INDEX job_operation_tracking_values_field_idx ON job_operation_tracking_values (tenant_id, tracking_field_id);
