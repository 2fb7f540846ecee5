-- Timers: blocks of setup, labor or machine time a user spends on a job operation. A block
-- recorded by hand (source manual) is created stopped; a job-tracking timer runs from its
-- start until stopped (stopped_utc null while running). A stopped block's seconds and cost
-- are added to its job operation and item to make (jobs.RecordTime); rate is the hourly rate
-- fixed when the timer was recorded or started, so a later rate change does not rewrite
-- recorded time. item_id is the item its item to make makes (the list's itemId filter).
CREATE TABLE timers (
    tenant_id        text NOT NULL REFERENCES tenants (id),
    id               text NOT NULL CHECK (char_length(id) = 24),
    user_id          text NOT NULL,
    type             text NOT NULL CHECK (type IN ('setup', 'labor', 'machine')),
    source           text NOT NULL CHECK (source IN ('manual', 'jobTracking')),
    job_id           text NOT NULL,
    item_to_make_id  text NOT NULL,
    item_id          text NOT NULL,
    job_operation_id text NOT NULL,
    started_utc      timestamptz NOT NULL,
    stopped_utc      timestamptz,
    rate             numeric NOT NULL CHECK (rate >= 0),
    -- What the stopped block has added to its operation (0 while running).
    seconds          bigint NOT NULL DEFAULT 0 CHECK (seconds >= 0),
    cost             numeric NOT NULL DEFAULT 0 CHECK (cost >= 0),
    notes            text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc      timestamptz NOT NULL DEFAULT now(),
    modified_utc     timestamptz NOT NULL DEFAULT now(),
    version          bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT timers_user_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT timers_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT timers_operation_fkey FOREIGN KEY (tenant_id, job_operation_id) REFERENCES job_operations (tenant_id, id),
    CONSTRAINT timers_stopped_after_start CHECK (stopped_utc IS NULL OR stopped_utc >= started_utc)
);

CREATE TRIGGER timers_advance_version BEFORE UPDATE ON timers
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- One running timer per user and type: the last line under concurrent starts.
CREATE UNIQUE INDEX timers_one_running_key ON timers (tenant_id, user_id, type) WHERE stopped_utc IS NULL;
-- The list's default order (newest start first, then id) and its filters.
CREATE INDEX timers_started_idx ON timers (tenant_id, started_utc DESC, id DESC);
CREATE INDEX timers_source_idx ON timers (tenant_id, source, started_utc DESC, id DESC);
CREATE INDEX timers_user_idx ON timers (tenant_id, user_id, started_utc DESC, id DESC);
CREATE INDEX timers_job_idx ON timers (tenant_id, job_id, started_utc DESC, id DESC);
CREATE INDEX timers_operation_idx ON timers (tenant_id, job_operation_id, started_utc DESC);
CREATE INDEX timers_item_idx ON timers (tenant_id, item_id, started_utc DESC, id DESC);
CREATE INDEX timers_type_idx ON timers (tenant_id, type, started_utc DESC, id DESC);
CREATE INDEX timers_running_idx ON timers (tenant_id, started_utc DESC, id DESC) WHERE stopped_utc IS NULL;

-- The time clock: a user's time from clock-in to clock-out (clocked_out_utc null while open).
CREATE TABLE time_clock_entries (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    id              text NOT NULL CHECK (char_length(id) = 24),
    user_id         text NOT NULL,
    clocked_in_utc  timestamptz NOT NULL,
    clocked_out_utc timestamptz,
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT time_clock_entries_user_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT time_clock_entries_out_after_in CHECK (clocked_out_utc IS NULL OR clocked_out_utc > clocked_in_utc)
);

CREATE TRIGGER time_clock_entries_advance_version BEFORE UPDATE ON time_clock_entries
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- One open entry per user: clocking in twice is refused even under concurrency.
CREATE UNIQUE INDEX time_clock_entries_one_open_key ON time_clock_entries (tenant_id, user_id) WHERE clocked_out_utc IS NULL;
CREATE INDEX time_clock_entries_in_idx ON time_clock_entries (tenant_id, clocked_in_utc DESC, id DESC);
CREATE INDEX time_clock_entries_user_idx ON time_clock_entries (tenant_id, user_id, clocked_in_utc DESC, id DESC);
CREATE INDEX time_clock_entries_open_idx ON time_clock_entries (tenant_id, clocked_in_utc DESC, id DESC) WHERE clocked_out_utc IS NULL;
