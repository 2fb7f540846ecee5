-- The scrap register: one row per quantity of an item recorded as scrapped, by a job
-- operation (its complete or add-quantity, the scrap that request added: negative for a
-- correction) or by an inventory pick with secondary type scrap. It is written in the
-- transaction of the request that scrapped, and the scrap report reads it alone. The job
-- members are the production area's ids, kept as given (the stock area reads no job table).
CREATE TABLE scrap_records (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 24),
    source             text NOT NULL CHECK (source IN ('jobOperation', 'inventoryPick')),
    item_id            text NOT NULL,
    quantity           numeric NOT NULL CHECK (quantity <> 0),
    reason             text CHECK (char_length(reason) BETWEEN 1 AND 2000),
    job_id             text,
    item_to_make_id    text,
    job_operation_id   text,
    inventory_event_id text,
    user_id            text,
    recorded_utc       timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT scrap_records_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT scrap_records_event_fkey FOREIGN KEY (tenant_id, inventory_event_id) REFERENCES inventory_events (tenant_id, id),
    -- A job operation's scrap names its job, item to make and operation; a pick's its event
    -- and is never negative (a pick moves a positive quantity).
    CONSTRAINT scrap_records_job_operation CHECK ((source = 'jobOperation') = (job_id IS NOT NULL AND item_to_make_id IS NOT NULL AND job_operation_id IS NOT NULL)),
    CONSTRAINT scrap_records_inventory_pick CHECK ((source = 'inventoryPick') = (inventory_event_id IS NOT NULL)),
    CONSTRAINT scrap_records_pick_positive CHECK (source = 'jobOperation' OR quantity > 0)
);
-- The report's fixed order (newest first, then highest id), unfiltered and by each filter.
CREATE INDEX scrap_records_list_idx ON scrap_records (tenant_id, recorded_utc DESC, id DESC);
CREATE INDEX scrap_records_job_idx ON scrap_records (tenant_id, job_id, recorded_utc DESC, id DESC) WHERE job_id IS NOT NULL;
CREATE INDEX scrap_records_item_idx ON scrap_records (tenant_id, item_id, recorded_utc DESC, id DESC);
CREATE INDEX scrap_records_reason_idx ON scrap_records (tenant_id, lower(reason), recorded_utc DESC, id DESC) WHERE reason IS NOT NULL;
CREATE INDEX scrap_records_source_idx ON scrap_records (tenant_id, source, recorded_utc DESC, id DESC);
