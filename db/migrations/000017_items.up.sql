-- Items: the item master. An item's inventory unit of measure is a unit of the tenant's
-- catalogue (migration 000014); its unit type is the unit's type, so the type can never
-- drift from the unit. Legacy items may lack a unit (both read as null); the service
-- refuses to update them (an item without an inventory unit cannot be changed).
CREATE TABLE items (
    tenant_id                   text NOT NULL REFERENCES tenants (id),
    id                          text NOT NULL,
    number                      text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 200 AND number = btrim(number)),
    -- NULL: the item has no revision.
    revision                    text CHECK (char_length(revision) BETWEEN 1 AND 200 AND revision = btrim(revision)),
    description                 text CHECK (char_length(description) <= 2000),
    item_origin                 text NOT NULL CHECK (item_origin IN ('make', 'buy', 'makeOrBuy', 'customerSupplied', 'kit', 'none')),
    unit_of_measure_id          text,
    is_sellable                 boolean NOT NULL DEFAULT false,
    is_archived                 boolean NOT NULL DEFAULT false,
    is_non_inventory            boolean NOT NULL DEFAULT false,
    is_taxable                  boolean NOT NULL DEFAULT false,
    build_to_order              boolean NOT NULL DEFAULT false,
    build_to_stock              boolean NOT NULL DEFAULT false,
    is_single_use_item          boolean NOT NULL DEFAULT false,
    is_lot_tracked              boolean NOT NULL DEFAULT false,
    width                       numeric CHECK (width >= 0),
    height                      numeric CHECK (height >= 0),
    length                      numeric CHECK (length >= 0),
    weight                      numeric CHECK (weight >= 0),
    minimum_stock_on_hand       numeric CHECK (minimum_stock_on_hand >= 0),
    minimum_production_quantity numeric CHECK (minimum_production_quantity >= 0),
    internal_notes              text CHECK (char_length(internal_notes) BETWEEN 1 AND 2000),
    custom_fields               jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(custom_fields) = 'object'),
    external_references         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(external_references) = 'object'),
    enable_remnant_sync         boolean NOT NULL DEFAULT false,
    created_utc                 timestamptz NOT NULL DEFAULT now(),
    modified_utc                timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT items_unit_of_measure_fkey FOREIGN KEY (tenant_id, unit_of_measure_id) REFERENCES units_of_measure (tenant_id, id)
);
-- Number plus revision is unique among active (not archived) items, case-insensitively; no
-- revision counts as one value. The last line of defence under concurrent creates, renames
-- and added revisions.
CREATE UNIQUE INDEX items_number_revision_key ON items (tenant_id, lower(number), lower(coalesce(revision, ''))) WHERE NOT is_archived;
-- Finds the revisions of a number (isLatestRevision, the numbers filter).
CREATE INDEX items_number_idx ON items (tenant_id, lower(number), created_utc, id);

-- The transactional outbox: areas insert an event in the same transaction as the change it
-- reports, so an event exists exactly when its change was saved. A deliverer (the webhooks
-- area) reads undelivered rows in created order and stamps delivered_utc.
CREATE TABLE event_outbox (
    tenant_id      text NOT NULL REFERENCES tenants (id),
    id             text NOT NULL,
    event_type     text NOT NULL CHECK (char_length(event_type) BETWEEN 1 AND 100),
    aggregate_type text NOT NULL CHECK (char_length(aggregate_type) BETWEEN 1 AND 100),
    aggregate_id   text NOT NULL,
    payload        jsonb NOT NULL,
    created_utc    timestamptz NOT NULL DEFAULT clock_timestamp(),
    delivered_utc  timestamptz,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX event_outbox_undelivered_idx ON event_outbox (created_utc, id) WHERE delivered_utc IS NULL;
CREATE INDEX event_outbox_aggregate_idx ON event_outbox (tenant_id, aggregate_type, aggregate_id);
