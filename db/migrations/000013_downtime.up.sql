-- Equipment downtime: a period when whole departments, or some of their equipment, are down.
-- Deletion is soft (`deleted`).
CREATE TABLE equipment_downtimes (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           text NOT NULL,
    start_utc    timestamptz NOT NULL,
    end_utc      timestamptz NOT NULL CHECK (end_utc >= start_utc),
    deleted      boolean NOT NULL DEFAULT false,
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
-- The list's default order and its startsBeforeUtc filter.
CREATE INDEX equipment_downtimes_start ON equipment_downtimes (tenant_id, start_utc);

-- The departments a downtime affects, in request order (position), each once. A department
-- without rows in equipment_downtime_equipment is down as a whole.
CREATE TABLE equipment_downtime_departments (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    downtime_id   text NOT NULL,
    department_id text NOT NULL,
    position      integer NOT NULL CHECK (position >= 0),
    PRIMARY KEY (tenant_id, downtime_id, department_id),
    UNIQUE (tenant_id, downtime_id, position),
    FOREIGN KEY (tenant_id, downtime_id) REFERENCES equipment_downtimes (tenant_id, id) ON DELETE CASCADE,
    CONSTRAINT equipment_downtime_departments_department_fkey FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
);
-- The list's departmentIds filter.
CREATE INDEX equipment_downtime_departments_department ON equipment_downtime_departments (tenant_id, department_id);

-- The equipment a downtime names under one of its departments, in request order, each once
-- per downtime. The service checks that the equipment belongs to that department.
CREATE TABLE equipment_downtime_equipment (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    downtime_id   text NOT NULL,
    department_id text NOT NULL,
    equipment_id  text NOT NULL,
    position      integer NOT NULL CHECK (position >= 0),
    PRIMARY KEY (tenant_id, downtime_id, equipment_id),
    UNIQUE (tenant_id, downtime_id, department_id, position),
    FOREIGN KEY (tenant_id, downtime_id, department_id)
        REFERENCES equipment_downtime_departments (tenant_id, downtime_id, department_id) ON DELETE CASCADE,
    CONSTRAINT equipment_downtime_equipment_equipment_fkey FOREIGN KEY (tenant_id, equipment_id) REFERENCES equipment (tenant_id, id)
);
