-- Scheduling resources: departments group work centers, work centers hold equipment. A work
-- center belongs to at most one department (work_centers.department_id); a department's
-- work center set is derived from it, and an equipment's department is its work center's.
CREATE TABLE departments (
    tenant_id   text NOT NULL REFERENCES tenants (id),
    id          text NOT NULL,
    name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description text CHECK (char_length(description) BETWEEN 1 AND 200),
    -- No delete operation yet; the read shape carries `deleted` for when there is one.
    deleted     boolean NOT NULL DEFAULT false,
    created_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique among a tenant's live departments, case-insensitively: the last line of
-- defence under concurrent writes.
CREATE UNIQUE INDEX departments_name_key ON departments (tenant_id, lower(name)) WHERE NOT deleted;

CREATE TABLE work_centers (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            text NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    department_id text,
    setup_rate    numeric NOT NULL DEFAULT 0 CHECK (setup_rate >= 0),
    run_rate      numeric NOT NULL DEFAULT 0 CHECK (run_rate >= 0),
    labor_rate    numeric NOT NULL DEFAULT 0 CHECK (labor_rate >= 0),
    overhead_rate numeric NOT NULL DEFAULT 0 CHECK (overhead_rate >= 0),
    machine_rate  numeric NOT NULL DEFAULT 0 CHECK (machine_rate >= 0),
    -- Soft delete: a deleted work center keeps its department_id for the record, but no
    -- department lists it and its name is free again.
    deleted       boolean NOT NULL DEFAULT false,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT work_centers_department_fkey FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
);
CREATE UNIQUE INDEX work_centers_name_key ON work_centers (tenant_id, lower(name)) WHERE NOT deleted;
-- A department's work centers, loaded for a page of departments in one query.
CREATE INDEX work_centers_department ON work_centers (tenant_id, department_id);

CREATE TABLE equipment (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL,
    name               text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description        text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 200),
    work_center_id     text,
    manufacturer       text CHECK (char_length(manufacturer) BETWEEN 1 AND 200),
    model_number       text CHECK (char_length(model_number) BETWEEN 1 AND 200),
    serial_number      text CHECK (char_length(serial_number) BETWEEN 1 AND 200),
    can_run_unattended boolean NOT NULL DEFAULT false,
    unlimited_capacity boolean NOT NULL DEFAULT false,
    status             text NOT NULL DEFAULT 'good' CHECK (status IN ('good', 'poor', 'bad', 'outOfService')),
    notes              text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    -- No delete operation yet; the read shape carries `deleted` for when there is one.
    deleted            boolean NOT NULL DEFAULT false,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT equipment_work_center_fkey FOREIGN KEY (tenant_id, work_center_id) REFERENCES work_centers (tenant_id, id)
);
CREATE UNIQUE INDEX equipment_name_key ON equipment (tenant_id, lower(name)) WHERE NOT deleted;
-- A work center's equipment, loaded for a page of departments in one query.
CREATE INDEX equipment_work_center ON equipment (tenant_id, work_center_id);
