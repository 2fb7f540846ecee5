-- Jobs: production orders. A job makes one or more items (its items to make), each in a
-- quantity of the item's inventory unit by a due date, with its own routing (routing tables,
-- owner type jobItemToMake, owner id = the item to make's id), copied when the job is created
-- from the sales-order part line it makes or from the item's routing. The routing's
-- operations are the job's operations (same ids): job_operations keeps each one's production
-- state. Jobs read other areas only through their services; the foreign keys below are the
-- database's last line.

CREATE TABLE jobs (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind job): gap-free and never reused.
    number             bigint NOT NULL CHECK (number > 0),
    status             text NOT NULL DEFAULT 'planned'
        CHECK (status IN ('planned', 'released', 'inProgress', 'complete', 'cancelled')),
    -- The customer the job makes for (the sales order's when it makes order lines) and the
    -- sales order whose part lines it makes, if any.
    customer_id        text,
    sales_order_id     text,
    name               text CHECK (char_length(name) BETWEEN 1 AND 200),
    notes              text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    -- Calendar dates as written.
    start_date         date CHECK (start_date BETWEEN '2000-01-01' AND '2099-12-31'),
    due_date           date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    external_references jsonb NOT NULL DEFAULT '{}',
    custom_fields      jsonb NOT NULL DEFAULT '{}',
    created_by_user_id text,
    -- Stamped when the job first records work, completes or is cancelled.
    started_utc        timestamptz,
    completed_utc      timestamptz,
    cancelled_utc      timestamptz,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT jobs_number_key UNIQUE (tenant_id, number),
    CONSTRAINT jobs_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    CONSTRAINT jobs_sales_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT jobs_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER jobs_advance_version BEFORE UPDATE ON jobs
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id) and its filters.
CREATE INDEX jobs_created_idx ON jobs (tenant_id, created_utc DESC, id DESC);
CREATE INDEX jobs_status_idx ON jobs (tenant_id, status, created_utc DESC);
CREATE INDEX jobs_customer_idx ON jobs (tenant_id, customer_id, created_utc DESC);
CREATE INDEX jobs_sales_order_idx ON jobs (tenant_id, sales_order_id, created_utc DESC);
CREATE INDEX jobs_due_date_idx ON jobs (tenant_id, due_date, id);
CREATE INDEX jobs_modified_idx ON jobs (tenant_id, modified_utc, id);

-- Items to make: what a job produces. quantity is in the item's inventory unit. The actual_*
-- columns accumulate what making it has cost so far (totals for the whole quantity, in the
-- tenant's currency): material is the value of the stock picked for it (picked sub-assemblies
-- included at their value, by kind, in cumulative_*), labor and machine come from time
-- recorded on its operations at the work centers' rates, outside processing from its
-- outside-processing operations as they complete.
CREATE TABLE job_items_to_make (
    tenant_id                      text NOT NULL REFERENCES tenants (id),
    job_id                         text NOT NULL,
    id                             text NOT NULL CHECK (char_length(id) = 36),
    -- The id the item to make's routing paths carry (/api/jobs/{jobId}/routing/{routingId}).
    routing_id                     text NOT NULL CHECK (char_length(routing_id) = 36),
    position                       integer NOT NULL CHECK (position > 0),
    item_id                        text NOT NULL,
    quantity                       numeric NOT NULL CHECK (quantity > 0),
    due_date                       date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    -- The sales-order part line it makes, when the job was created from one.
    sales_order_part_line_id       text,
    notes                          text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    status                         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
    quantity_made                  numeric NOT NULL DEFAULT 0 CHECK (quantity_made >= 0),
    quantity_scrapped              numeric NOT NULL DEFAULT 0 CHECK (quantity_scrapped >= 0),
    -- The receive event that put the made units into stock, when the last operation did.
    received_event_id              text,
    completed_utc                  timestamptz,
    -- Hours recorded on its operations (setup, labor, machine).
    setup_hours                    numeric NOT NULL DEFAULT 0 CHECK (setup_hours >= 0),
    labor_hours                    numeric NOT NULL DEFAULT 0 CHECK (labor_hours >= 0),
    machine_hours                  numeric NOT NULL DEFAULT 0 CHECK (machine_hours >= 0),
    -- This level's own costs: material is the whole value of what was picked for it.
    actual_material                numeric NOT NULL DEFAULT 0,
    actual_labor                   numeric NOT NULL DEFAULT 0,
    actual_machine                 numeric NOT NULL DEFAULT 0,
    actual_outside_processing      numeric NOT NULL DEFAULT 0,
    -- The value of the stock picked for it by the kinds of value that stock carries (a picked
    -- sub-assembly brings its own labor, machine and outside-processing value). The cumulative
    -- cost is these plus this level's own labor, machine and outside processing.
    cumulative_material            numeric NOT NULL DEFAULT 0,
    cumulative_labor               numeric NOT NULL DEFAULT 0,
    cumulative_machine             numeric NOT NULL DEFAULT 0,
    cumulative_outside_processing  numeric NOT NULL DEFAULT 0,
    -- The item cost breakdown the job keeps for it (inProgressJob while the job runs, then
    -- completedJob or cancelledJob), rewritten as its cost changes.
    cost_breakdown_id              text,
    created_utc                    timestamptz NOT NULL DEFAULT now(),
    modified_utc                   timestamptz NOT NULL DEFAULT now(),
    version                        bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT job_items_to_make_routing_key UNIQUE (tenant_id, routing_id),
    CONSTRAINT job_items_to_make_position_key UNIQUE (tenant_id, job_id, position),
    CONSTRAINT job_items_to_make_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT job_items_to_make_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT job_items_to_make_line_fkey FOREIGN KEY (tenant_id, sales_order_part_line_id) REFERENCES sales_order_part_lines (tenant_id, id)
);

CREATE TRIGGER job_items_to_make_advance_version BEFORE UPDATE ON job_items_to_make
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX job_items_to_make_item_idx ON job_items_to_make (tenant_id, item_id, job_id);
CREATE INDEX job_items_to_make_line_idx ON job_items_to_make (tenant_id, sales_order_part_line_id);

-- The production state of a job operation (a routing operation of an item to make; same id).
-- Every routing operation of an item to make has its row: written with the copied routing when
-- the job is created, and kept in step with the routing by the routing's "record changed" hook
-- (rows of added operations inserted, rows of removed ones deleted). An operation that has
-- started keeps its routing operation from being edited or deleted.
CREATE TABLE job_operations (
    tenant_id                   text NOT NULL REFERENCES tenants (id),
    id                          text NOT NULL CHECK (char_length(id) = 36),
    job_id                      text NOT NULL,
    item_to_make_id             text NOT NULL,
    status                      text NOT NULL DEFAULT 'notStarted' CHECK (status IN ('notStarted', 'started', 'complete')),
    quantity_completed          numeric NOT NULL DEFAULT 0 CHECK (quantity_completed >= 0),
    quantity_scrapped           numeric NOT NULL DEFAULT 0 CHECK (quantity_scrapped >= 0),
    started_utc                 timestamptz,
    completed_utc               timestamptz,
    -- Time recorded on it (timers) and what it cost at the work center's rates.
    setup_seconds               bigint NOT NULL DEFAULT 0 CHECK (setup_seconds >= 0),
    labor_seconds               bigint NOT NULL DEFAULT 0 CHECK (labor_seconds >= 0),
    machine_seconds             bigint NOT NULL DEFAULT 0 CHECK (machine_seconds >= 0),
    labor_cost                  numeric NOT NULL DEFAULT 0,
    machine_cost                numeric NOT NULL DEFAULT 0,
    outside_processing_cost     numeric NOT NULL DEFAULT 0,
    -- Whether the time audit leaves this operation's setup, labor or machine time out.
    exclude_setup_time_from_audit   boolean NOT NULL DEFAULT false,
    exclude_labor_time_from_audit   boolean NOT NULL DEFAULT false,
    exclude_machine_time_from_audit boolean NOT NULL DEFAULT false,
    created_utc                 timestamptz NOT NULL DEFAULT now(),
    modified_utc                timestamptz NOT NULL DEFAULT now(),
    version                     bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT job_operations_item_to_make_fkey FOREIGN KEY (tenant_id, item_to_make_id) REFERENCES job_items_to_make (tenant_id, id),
    CONSTRAINT job_operations_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id)
);

CREATE TRIGGER job_operations_advance_version BEFORE UPDATE ON job_operations
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX job_operations_item_to_make_idx ON job_operations (tenant_id, item_to_make_id);
CREATE INDEX job_operations_job_idx ON job_operations (tenant_id, job_id);

-- Material picks: stock taken out of inventory for an operation of an item to make (the pick
-- event's source is the job operation, its jobId the job). value is the stock value the pick
-- took (positive), counted into the item to make's material cost.
CREATE TABLE job_picks (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 36),
    job_id             text NOT NULL,
    item_to_make_id    text NOT NULL,
    operation_id       text NOT NULL,
    item_id            text NOT NULL,
    quantity           numeric NOT NULL CHECK (quantity > 0),
    value              numeric NOT NULL,
    inventory_event_id text NOT NULL,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT job_picks_item_to_make_fkey FOREIGN KEY (tenant_id, item_to_make_id) REFERENCES job_items_to_make (tenant_id, id),
    CONSTRAINT job_picks_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);

CREATE INDEX job_picks_operation_idx ON job_picks (tenant_id, operation_id, item_id);
CREATE INDEX job_picks_job_idx ON job_picks (tenant_id, job_id);
