-- Change orders: a revision change of an item (original revision item to new revision item)
-- worked through the shop, with the open documents it impacts and the tasks that carry it
-- out. The surface is off until a tenant enables it in change_order_settings (every change
-- order, task and disposition operation answers 404 meanwhile). Change orders read items,
-- customers, quotes, sales orders and jobs only through those areas' services; the names
-- they show of customers and items are kept as of the last write (the list searches them).

-- One row per tenant that saved its change order settings; a tenant without one reads the
-- column defaults (surface off).
CREATE TABLE change_order_settings (
    tenant_id             text PRIMARY KEY REFERENCES tenants (id),
    enabled               boolean NOT NULL DEFAULT false,
    -- Whether a create seeds impacted records from open documents.
    updates_enabled       boolean NOT NULL DEFAULT false,
    -- The company default a create takes when notificationsEnabled is null.
    notifications_enabled boolean NOT NULL DEFAULT false,
    -- The default task template: an ordered array of {name, description, dueInDays}.
    task_template         jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(task_template) = 'array'),
    modified_utc          timestamptz NOT NULL DEFAULT now(),
    version               bigint NOT NULL DEFAULT 1
);

CREATE TRIGGER change_order_settings_advance_version BEFORE UPDATE ON change_order_settings
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- Dispositions a change order may name (a tenant list, like tags).
CREATE TABLE change_order_dispositions (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           text NOT NULL CHECK (char_length(id) = 24),
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    version      bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id)
);
-- Names are unique per tenant, case-insensitively (the rule under concurrency).
CREATE UNIQUE INDEX change_order_dispositions_name_key ON change_order_dispositions (tenant_id, lower(name));

-- The last change order number given out per tenant: the same gap-free mechanism as
-- document_numbers, kept here because quality numbers its own records.
CREATE TABLE change_order_numbers (
    tenant_id text PRIMARY KEY REFERENCES tenants (id),
    last      bigint NOT NULL CHECK (last >= 0)
);

CREATE TABLE change_orders (
    tenant_id                   text NOT NULL REFERENCES tenants (id),
    id                          text NOT NULL CHECK (char_length(id) = 24),
    number                      bigint NOT NULL CHECK (number > 0),
    customer_id                 text,
    customer_name               text,
    original_item_id            text NOT NULL,
    original_item_number        text NOT NULL,
    original_item_name          text,
    original_item_revision      text,
    new_item_id                 text,
    new_item_number             text,
    new_item_name               text,
    new_item_revision           text,
    requested_utc               timestamptz NOT NULL,
    due_date_utc                timestamptz,
    approved_utc                timestamptz,
    completed_utc               timestamptz,
    status                      text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'inProgress', 'completed')),
    detail                      text CHECK (char_length(detail) <= 2000),
    disposition_id              text,
    notifications_enabled       boolean NOT NULL,
    created_by_user_id          text,
    modified_by_user_id         text,
    created_utc                 timestamptz NOT NULL DEFAULT now(),
    modified_utc                timestamptz NOT NULL DEFAULT now(),
    version                     bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT change_orders_number_key UNIQUE (tenant_id, number),
    -- A completed change order always carries when it was completed.
    CONSTRAINT change_orders_completed_check CHECK (status <> 'completed' OR completed_utc IS NOT NULL),
    CONSTRAINT change_orders_disposition_fkey FOREIGN KEY (tenant_id, disposition_id) REFERENCES change_order_dispositions (tenant_id, id)
);

CREATE TRIGGER change_orders_advance_version BEFORE UPDATE ON change_orders
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first) and its filters.
CREATE INDEX change_orders_created_idx ON change_orders (tenant_id, created_utc DESC, id DESC);
CREATE INDEX change_orders_status_idx ON change_orders (tenant_id, status, created_utc DESC);
CREATE INDEX change_orders_customer_idx ON change_orders (tenant_id, customer_id);
CREATE INDEX change_orders_disposition_idx ON change_orders (tenant_id, disposition_id);
CREATE INDEX change_orders_requested_idx ON change_orders (tenant_id, requested_utc);
CREATE INDEX change_orders_due_idx ON change_orders (tenant_id, due_date_utc);
CREATE INDEX change_orders_completed_idx ON change_orders (tenant_id, completed_utc);
CREATE INDEX change_orders_modified_idx ON change_orders (tenant_id, modified_utc);
CREATE INDEX change_orders_original_item_idx ON change_orders (tenant_id, original_item_id);
CREATE INDEX change_orders_new_item_idx ON change_orders (tenant_id, new_item_id);
-- The search: customer name, revision items' numbers and names, detail contain the text.
CREATE INDEX change_orders_search_trgm_idx ON change_orders USING gin (
    (coalesce(customer_name, '') || ' ' || original_item_number || ' ' || coalesce(original_item_name, '') || ' ' ||
     coalesce(new_item_number, '') || ' ' || coalesce(new_item_name, '') || ' ' || coalesce(detail, '')) gin_trgm_ops);

-- The open document lines and jobs a create found carrying the original revision item.
CREATE TABLE change_order_impacted_records (
    tenant_id                      text NOT NULL REFERENCES tenants (id),
    id                             text NOT NULL CHECK (char_length(id) = 36),
    change_order_id                text NOT NULL,
    position                       integer NOT NULL CHECK (position > 0),
    document_type                  text NOT NULL CHECK (document_type IN ('quote', 'salesOrder', 'job')),
    document_id                    text NOT NULL,
    original_rev_document_line_id  text,
    new_rev_document_line_id       text,
    disposition                    text,
    -- Whether the document was rolled to the new revision: a rolled one makes the change
    -- order applied (it can no longer be deleted).
    rolled_rev                     boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT change_order_impacted_records_order_fkey FOREIGN KEY (tenant_id, change_order_id)
        REFERENCES change_orders (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX change_order_impacted_records_order_idx ON change_order_impacted_records (tenant_id, change_order_id, position);
CREATE INDEX change_order_impacted_records_document_idx ON change_order_impacted_records (tenant_id, document_id);

-- Tasks of a change order, by sequence (1, 2, ...). The sequence key is deferred so that one
-- statement can shift the tasks at and after a new or moved one.
CREATE TABLE change_order_tasks (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 24),
    change_order_id      text NOT NULL,
    sequence             integer NOT NULL CHECK (sequence > 0),
    name                 text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description          text CHECK (char_length(description) <= 2000),
    due_date_utc         timestamptz,
    completed            boolean NOT NULL DEFAULT false,
    completed_utc        timestamptz,
    -- The user who completed it; null when completed with an integration token.
    completed_by_user_id text,
    created_utc          timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT change_order_tasks_sequence_key UNIQUE (tenant_id, change_order_id, sequence) DEFERRABLE INITIALLY DEFERRED,
    CONSTRAINT change_order_tasks_order_fkey FOREIGN KEY (tenant_id, change_order_id)
        REFERENCES change_orders (tenant_id, id) ON DELETE CASCADE
);

CREATE TRIGGER change_order_tasks_advance_version BEFORE UPDATE ON change_order_tasks
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX change_order_tasks_order_idx ON change_order_tasks (tenant_id, change_order_id, sequence);
