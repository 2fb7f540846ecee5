-- Alerts on job operations (job tracking): raised by hand or by a rule (rule names it), and
-- cleared by hand or when the operation completes. The alerts area reads jobs only through
-- the jobs service: it keeps what its list filters and orders by on the alert itself.
CREATE TABLE alerts (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    -- A whole number from one sequence for every tenant: unique, with gaps (a rule's insert
    -- that finds its alert already raised uses a number up), answered only to its tenant.
    id                 bigint GENERATED ALWAYS AS IDENTITY,
    alert_name         text NOT NULL CHECK (char_length(alert_name) BETWEEN 1 AND 200),
    -- The rule that raised it (operationPastDue); null when raised by hand.
    rule               text CHECK (rule IN ('operationPastDue')),
    note               text CHECK (char_length(note) BETWEEN 1 AND 2000),
    job_id             text NOT NULL,
    item_to_make_id    text NOT NULL,
    -- No foreign key: a job operation that has not started may leave its routing (and this
    -- table keeps its alerts, omitted from then on).
    job_operation_id   text NOT NULL,
    -- The work center and equipment the operation had when the alert was raised (what the
    -- list's filters match).
    work_center_id     text,
    equipment_id       text,
    -- The work order the operation is grouped into: null until work orders exist. When they
    -- do, grouping an operation sets it on the operation's alerts (and on alerts raised after),
    -- and the answer's source becomes workOrder whenever it is set.
    work_order_id      text,
    raised_at_utc      timestamptz NOT NULL,
    raised_by_user_id  text,
    active             boolean NOT NULL DEFAULT true,
    cleared_utc        timestamptz,
    cleared_by_user_id text,
    -- Set once the alert's job is cancelled or its operation left the routing (both final):
    -- such alerts are left out of the list.
    omitted            boolean NOT NULL DEFAULT false,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT alerts_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT alerts_raised_by_fkey FOREIGN KEY (tenant_id, raised_by_user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT alerts_cleared_by_fkey FOREIGN KEY (tenant_id, cleared_by_user_id) REFERENCES users (tenant_id, id),
    CONSTRAINT alerts_cleared_when_inactive CHECK (active = (cleared_utc IS NULL))
);

-- A rule raises one alert per operation ever: a cleared rule alert is not raised again.
CREATE UNIQUE INDEX alerts_rule_key ON alerts (tenant_id, job_operation_id, alert_name) WHERE rule IS NOT NULL;

-- The list (active, not omitted): its default order and each filter.
CREATE INDEX alerts_listed_idx ON alerts (tenant_id, raised_at_utc, id) WHERE active AND NOT omitted;
CREATE INDEX alerts_job_idx ON alerts (tenant_id, job_id, raised_at_utc, id) WHERE active AND NOT omitted;
CREATE INDEX alerts_work_order_idx ON alerts (tenant_id, work_order_id, raised_at_utc, id) WHERE active AND NOT omitted;
CREATE INDEX alerts_work_center_idx ON alerts (tenant_id, work_center_id, raised_at_utc, id) WHERE active AND NOT omitted;
CREATE INDEX alerts_equipment_idx ON alerts (tenant_id, equipment_id, raised_at_utc, id) WHERE active AND NOT omitted;
CREATE INDEX alerts_name_idx ON alerts (tenant_id, alert_name, raised_at_utc, id) WHERE active AND NOT omitted;
-- An operation's active alerts: cleared when it completes, omitted when found gone.
CREATE INDEX alerts_operation_idx ON alerts (tenant_id, job_operation_id) WHERE active;
