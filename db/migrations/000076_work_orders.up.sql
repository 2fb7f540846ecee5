-- Work orders: job operations grouped for the shop floor. A work order has operations (1 to
-- 50, by sequence), each grouping job operations (of any jobs) that are run together, for
-- example one laser program cutting parts of several jobs. A job operation is on at most one
-- work order that is not deleted: the partial unique index below is the rule under
-- concurrency (two creates claiming one job operation: one commits, the other answers 409
-- naming the work order that holds it). Work orders read jobs only through the jobs service;
-- the foreign keys are the database's last line.

CREATE TABLE work_orders (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    id                      text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind workOrder): gap-free and never reused.
    number                  bigint NOT NULL CHECK (number > 0),
    name                    text CHECK (char_length(name) BETWEEN 1 AND 200),
    status                  text NOT NULL DEFAULT 'needsReview'
        CHECK (status IN ('needsReview', 'approved', 'inProgress', 'complete', 'cancelled')),
    priority                text NOT NULL DEFAULT 'moderate'
        CHECK (priority IN ('low', 'moderate', 'high', 'critical')),
    production_due_date_utc timestamptz,
    created_by_user_id      text,
    -- Set when the work order is deleted: it then reads as missing and frees its job
    -- operations for another work order.
    deleted_utc             timestamptz,
    created_utc             timestamptz NOT NULL DEFAULT now(),
    modified_utc            timestamptz NOT NULL DEFAULT now(),
    version                 bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT work_orders_number_key UNIQUE (tenant_id, number),
    CONSTRAINT work_orders_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER work_orders_advance_version BEFORE UPDATE ON work_orders
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX work_orders_created_idx ON work_orders (tenant_id, created_utc DESC, id DESC) WHERE deleted_utc IS NULL;
CREATE INDEX work_orders_status_idx ON work_orders (tenant_id, status, created_utc DESC) WHERE deleted_utc IS NULL;
CREATE INDEX work_orders_due_idx ON work_orders (tenant_id, production_due_date_utc, id) WHERE deleted_utc IS NULL;
CREATE INDEX work_orders_priority_idx ON work_orders (tenant_id, priority, created_utc DESC) WHERE deleted_utc IS NULL;
-- The list's search: the name contains the text (the number equals it uses the key above).
CREATE INDEX work_orders_name_trgm_idx ON work_orders USING gin (name gin_trgm_ops) WHERE deleted_utc IS NULL;

-- A work order's operations, by sequence (1, 2, ... as sent).
CREATE TABLE work_order_operations (
    tenant_id                    text NOT NULL REFERENCES tenants (id),
    id                           text NOT NULL CHECK (char_length(id) = 36),
    work_order_id                text NOT NULL,
    sequence                     integer NOT NULL CHECK (sequence > 0),
    -- The name of its first job operation's routing operation when the work order was
    -- created (what the shop floor calls it; timers show it), kept as it was then.
    name                         text NOT NULL,
    additional_instructions      text CHECK (char_length(additional_instructions) BETWEEN 1 AND 2000),
    estimated_setup_time_seconds bigint CHECK (estimated_setup_time_seconds BETWEEN 0 AND 1000000000000000),
    estimated_run_time_seconds   bigint CHECK (estimated_run_time_seconds BETWEEN 0 AND 1000000000000000),
    created_utc                  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT work_order_operations_sequence_key UNIQUE (tenant_id, work_order_id, sequence),
    CONSTRAINT work_order_operations_work_order_fkey FOREIGN KEY (tenant_id, work_order_id) REFERENCES work_orders (tenant_id, id)
);

-- The job operations a work-order operation groups, in the order sent. active is false once
-- the work order is deleted (the row stays as history; the job operation is free again).
CREATE TABLE work_order_job_operations (
    tenant_id                 text NOT NULL REFERENCES tenants (id),
    work_order_id             text NOT NULL,
    work_order_operation_id   text NOT NULL,
    position                  integer NOT NULL CHECK (position > 0),
    job_id                    text NOT NULL,
    job_operation_id          text NOT NULL,
    active                    boolean NOT NULL DEFAULT true,
    PRIMARY KEY (tenant_id, work_order_operation_id, job_operation_id),
    CONSTRAINT work_order_job_operations_operation_fkey FOREIGN KEY (tenant_id, work_order_operation_id) REFERENCES work_order_operations (tenant_id, id),
    CONSTRAINT work_order_job_operations_work_order_fkey FOREIGN KEY (tenant_id, work_order_id) REFERENCES work_orders (tenant_id, id),
    -- No foreign key to job_operations: a job operation freed by a deleted work order may
    -- leave its routing (its row here stays as history); one on a live work order may not,
    -- which jobs ask work orders in the routing change's transaction.
    CONSTRAINT work_order_job_operations_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id)
);

-- One work order (not deleted) per job operation.
CREATE UNIQUE INDEX work_order_job_operations_claim_key ON work_order_job_operations (tenant_id, job_operation_id) WHERE active;
CREATE INDEX work_order_job_operations_work_order_idx ON work_order_job_operations (tenant_id, work_order_id, position);
CREATE INDEX work_order_job_operations_job_idx ON work_order_job_operations (tenant_id, job_id) WHERE active;
