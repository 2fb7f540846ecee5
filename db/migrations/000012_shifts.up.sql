-- Department shifts. Weekday arrays run Monday to Sunday. start_time and end_time are kept as
-- sent: four digits, not necessarily a clock time (the shift's length then reads null), so
-- they are text rather than time. Deletion is soft (`deleted`).
CREATE TABLE department_shifts (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    id                     text NOT NULL,
    -- Set at create and never changed (an update ignores departmentId).
    department_id          text NOT NULL,
    name                   text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    start_time             text NOT NULL CHECK (start_time ~ '^[0-9]{4}$'),
    end_time               text NOT NULL CHECK (end_time ~ '^[0-9]{4}$'),
    days                   boolean[] NOT NULL CHECK (cardinality(days) = 7 AND array_position(days, NULL) IS NULL),
    simultaneous_equipment integer[] NOT NULL CHECK (cardinality(simultaneous_equipment) = 7
                               AND array_position(simultaneous_equipment, NULL) IS NULL AND 0 <= ALL (simultaneous_equipment)),
    unlimited_capacity     boolean NOT NULL DEFAULT false,
    max_daily_new_jobs     integer CHECK (max_daily_new_jobs >= 0),
    deleted                boolean NOT NULL DEFAULT false,
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT department_shifts_department_fkey FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
);
-- The list's departmentIds filter.
CREATE INDEX department_shifts_department ON department_shifts (tenant_id, department_id);

-- The equipment available on a shift, on which weekdays (Monday first). The service checks
-- that each is equipment of the shift's department; the primary key lists each once.
CREATE TABLE department_shift_equipment (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    shift_id     text NOT NULL,
    equipment_id text NOT NULL,
    days         boolean[] NOT NULL CHECK (cardinality(days) = 7 AND array_position(days, NULL) IS NULL),
    PRIMARY KEY (tenant_id, shift_id, equipment_id),
    FOREIGN KEY (tenant_id, shift_id) REFERENCES department_shifts (tenant_id, id) ON DELETE CASCADE,
    CONSTRAINT department_shift_equipment_equipment_fkey FOREIGN KEY (tenant_id, equipment_id) REFERENCES equipment (tenant_id, id)
);
