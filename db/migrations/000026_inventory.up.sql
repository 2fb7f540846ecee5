-- Inventory: locations, lots, the append-only ledger of inventory events with their
-- transactions (one per balance an event changed), and the balances derived from it.

-- Stock locations (the locations area). Soft-deleted: events keep naming them.
CREATE TABLE locations (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           text NOT NULL CHECK (char_length(id) = 24),
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    deleted      boolean NOT NULL DEFAULT false,
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX locations_name_key ON locations (tenant_id, lower(name)) WHERE NOT deleted;

-- Lots of an item (the lots area). name is NULL for an unnamed lot; system lots are created by
-- the service for a receipt of a lot-tracked item that named none.
CREATE TABLE inventory_lots (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    id              text NOT NULL CHECK (char_length(id) = 24),
    item_id         text NOT NULL,
    name            text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    system          boolean NOT NULL DEFAULT false,
    expiration_date date,
    created_utc     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);
-- Lot names are unique within an item only (case-insensitive).
CREATE UNIQUE INDEX inventory_lots_name_key ON inventory_lots (tenant_id, item_id, lower(name)) WHERE name IS NOT NULL;
CREATE INDEX inventory_lots_item_idx ON inventory_lots (tenant_id, item_id);

-- The ledger: one row per pick, receive, override, revert (adjustment and setItemValue are
-- reserved for the areas that will produce them). Immutable except note and
-- external_references. quantity is the (positive) number of units moved; the *_value
-- columns are the signed total value changes by kind (their per-unit values are derived).
CREATE TABLE inventory_events (
    tenant_id                 text NOT NULL REFERENCES tenants (id),
    id                        text NOT NULL CHECK (char_length(id) IN (24, 36)),
    action_date               timestamptz NOT NULL,
    type                      text NOT NULL CHECK (type IN ('pick', 'receive', 'revert', 'adjustment', 'setItemValue', 'eventOverride')),
    secondary_type            text NOT NULL CHECK (secondary_type IN ('pick', 'receive', 'override', 'revert', 'deposit', 'create', 'consume', 'ship', 'sold', 'transferOut', 'transferIn', 'found', 'expired', 'damaged', 'lost', 'returnVendor', 'returnStock', 'receivedNoPo', 'returnIncrease', 'returnDecrease', 'otherIncrease', 'otherDecrease', 'scrap', 'waste', 'transferredFromSalesOrder', 'overrideItemValue', 'transferFromLot', 'transferToLot', 'stockAdjustmentIncrease', 'stockAdjustmentDecrease', 'stockTake')),
    source_type               text CHECK (source_type IN ('purchaseOrder', 'job', 'shipment', 'shipmentLineItem', 'shipping', 'receiving', 'item', 'workOrder', 'salesOrder', 'jobOperation', 'workOrderOperation', 'fulfillment', 'itemToMakeMaterialRemnant', 'poRcvValueAdj')),
    source_name               text,
    source_entity_id          text,
    source_related_type       text,
    source_related_entity_id  text,
    source_item_to_make_id    text,
    -- The job owning the event, when a job caused it (transactions report it as source.jobId).
    source_job_id             text,
    item_id                   text NOT NULL,
    item_to_make_id           text,
    quantity                  numeric NOT NULL CHECK (quantity >= 0),
    labor_value               numeric NOT NULL DEFAULT 0,
    machine_value             numeric NOT NULL DEFAULT 0,
    outside_processing_value  numeric NOT NULL DEFAULT 0,
    material_value            numeric NOT NULL DEFAULT 0,
    reserved_for_id           text,
    reserved_for_type         text CHECK (reserved_for_type IN ('job', 'salesOrder', 'shipment', 'shipmentLineItem', 'invoice', 'invoiceLineItem', 'customer', 'customerAddress', 'item', 'receivingInspection', 'failedInspection')),
    lot_id                    text,
    location_id               text,
    revert_inventory_event_id text,
    note                      text CHECK (char_length(note) BETWEEN 1 AND 2000),
    external_references       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(external_references) = 'object'),
    created_utc               timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id),
    FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, id),
    FOREIGN KEY (tenant_id, revert_inventory_event_id) REFERENCES inventory_events (tenant_id, id),
    CHECK ((type = 'revert') = (revert_inventory_event_id IS NOT NULL))
);
-- An event is reverted at most once.
CREATE UNIQUE INDEX inventory_events_revert_key ON inventory_events (tenant_id, revert_inventory_event_id) WHERE revert_inventory_event_id IS NOT NULL;
CREATE INDEX inventory_events_created_idx ON inventory_events (tenant_id, created_utc DESC, id DESC);
CREATE INDEX inventory_events_item_idx ON inventory_events (tenant_id, item_id);

-- Balances: what is on hand of an item per lot and location (either may be NULL), with the
-- total value of those units by kind. Changed only together with the event and transaction
-- that explain the change, in one transaction; quantity never goes below 0.
CREATE TABLE inventory_balances (
    tenant_id                text NOT NULL REFERENCES tenants (id),
    id                       text NOT NULL CHECK (char_length(id) = 24),
    item_id                  text NOT NULL,
    lot_id                   text,
    location_id              text,
    quantity                 numeric NOT NULL DEFAULT 0 CHECK (quantity >= 0),
    labor_value              numeric NOT NULL DEFAULT 0,
    machine_value            numeric NOT NULL DEFAULT 0,
    outside_processing_value numeric NOT NULL DEFAULT 0,
    material_value           numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id),
    FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, id)
);
-- One balance per item, lot and location ('' stands for none, so NULLs collide too).
CREATE UNIQUE INDEX inventory_balances_key ON inventory_balances (tenant_id, item_id, coalesce(lot_id, ''), coalesce(location_id, ''));
CREATE INDEX inventory_balances_lot_idx ON inventory_balances (tenant_id, lot_id) WHERE lot_id IS NOT NULL;
CREATE INDEX inventory_balances_location_idx ON inventory_balances (tenant_id, location_id) WHERE location_id IS NOT NULL;

-- Transactions: the effects of events, one per balance an event changed, with the balance
-- after the change (for the transaction list's quantity, value and totalValue).
CREATE TABLE inventory_transactions (
    tenant_id                text NOT NULL REFERENCES tenants (id),
    id                       text NOT NULL CHECK (char_length(id) = 36),
    event_id                 text NOT NULL,
    item_id                  text NOT NULL,
    lot_id                   text,
    location_id              text,
    quantity_change          numeric NOT NULL,
    labor_value              numeric NOT NULL DEFAULT 0,
    machine_value            numeric NOT NULL DEFAULT 0,
    outside_processing_value numeric NOT NULL DEFAULT 0,
    material_value           numeric NOT NULL DEFAULT 0,
    balance_quantity         numeric NOT NULL CHECK (balance_quantity >= 0),
    balance_value            numeric NOT NULL,
    created_utc              timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, event_id) REFERENCES inventory_events (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id),
    FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, id)
);
CREATE INDEX inventory_transactions_event_idx ON inventory_transactions (tenant_id, event_id);
CREATE INDEX inventory_transactions_item_idx ON inventory_transactions (tenant_id, item_id);
