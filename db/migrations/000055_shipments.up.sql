-- Shipments: goods going out against one sales order. A shipment is open while it is being
-- packed, shipped once it left (its lines then hold inventory pick events, secondary type
-- ship, taken in the transaction that moved it), or cancelled. The quantities of a sales
-- order part line on its open and shipped shipments never exceed the line's quantity: the
-- line is locked for update by every write that changes them.
CREATE TABLE shipments (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    id                     text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind shipment): gap-free and never reused.
    number                 bigint NOT NULL CHECK (number > 0),
    name                   text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    status                 text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'shipped', 'cancelled')),
    sales_order_id         text NOT NULL,
    -- The order's number, copied when the shipment is created (the shipping report shows and
    -- filters it).
    sales_order_number     bigint NOT NULL,
    -- The order's customer, copied when the shipment is created (lists filter on it).
    customer_id            text NOT NULL,
    ship_to                jsonb,
    shipping_method_id     text,
    tracking_number        text CHECK (char_length(tracking_number) BETWEEN 1 AND 200),
    ship_by_date           date CHECK (ship_by_date BETWEEN '2000-01-01' AND '2099-12-31'),
    -- Stamped when the shipment moves to shipped, cleared when it moves back to open.
    shipped_utc            timestamptz,
    -- The calendar day the shipment counts as shipped when set (it takes precedence over
    -- the shop day of shipped_utc).
    shipped_date_override  date CHECK (shipped_date_override BETWEEN '2000-01-01' AND '2099-12-31'),
    -- The effective shipped day: the override, else the shop day of shipped_utc (kept by the
    -- service, which knows the tenant's timezone); null while not shipped without override.
    shipped_day            date,
    shipping_cost          numeric NOT NULL DEFAULT 0 CHECK (shipping_cost >= 0),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    external_references    jsonb NOT NULL DEFAULT '{}',
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT shipments_number_key UNIQUE (tenant_id, number),
    CONSTRAINT shipments_sales_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT shipments_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    CONSTRAINT shipments_shipping_method_fkey FOREIGN KEY (tenant_id, shipping_method_id) REFERENCES shipping_methods (tenant_id, id)
);

CREATE TRIGGER shipments_advance_version BEFORE UPDATE ON shipments
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id), its filters and sorts, and the report's
-- order (shipped day, then id).
CREATE INDEX shipments_created_idx ON shipments (tenant_id, created_utc DESC, id DESC);
CREATE INDEX shipments_sales_order_idx ON shipments (tenant_id, sales_order_id);
CREATE INDEX shipments_customer_idx ON shipments (tenant_id, customer_id);
CREATE INDEX shipments_shipping_method_idx ON shipments (tenant_id, shipping_method_id);
CREATE INDEX shipments_status_idx ON shipments (tenant_id, status, created_utc DESC);
CREATE INDEX shipments_name_idx ON shipments (tenant_id, lower(name));
CREATE INDEX shipments_ship_by_idx ON shipments (tenant_id, ship_by_date, id);
CREATE INDEX shipments_shipped_day_idx ON shipments (tenant_id, shipped_day, id);
CREATE INDEX shipments_modified_idx ON shipments (tenant_id, modified_utc, id);
CREATE INDEX shipments_sales_order_number_idx ON shipments (tenant_id, sales_order_number);
CREATE INDEX shipments_external_references ON shipments USING gin (external_references jsonb_path_ops);

CREATE TABLE shipment_lines (
    tenant_id                   text NOT NULL REFERENCES tenants (id),
    shipment_id                 text NOT NULL,
    id                          text NOT NULL CHECK (char_length(id) = 36),
    sales_order_part_line_id    text NOT NULL,
    -- The order line's item, copied when the line is created.
    item_id                     text NOT NULL,
    -- In the order line's unit, whose name is copied when the line is created.
    quantity                    numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name        text NOT NULL,
    -- The quantity in the item's inventory unit by the order line's conversion (null when
    -- its unit has none), kept by every write of the line and when it ships.
    inventory_quantity          numeric CHECK (inventory_quantity > 0),
    location_id                 text,
    lot_id                      text,
    custom_fields               jsonb NOT NULL DEFAULT '{}',
    external_references         jsonb NOT NULL DEFAULT '{}',
    -- The inventory pick event (secondary type ship) while the shipment is shipped.
    inventory_event_id          text,
    created_utc                 timestamptz NOT NULL DEFAULT now(),
    modified_utc                timestamptz NOT NULL DEFAULT now(),
    version                     bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT shipment_lines_shipment_fkey FOREIGN KEY (tenant_id, shipment_id) REFERENCES shipments (tenant_id, id) ON DELETE CASCADE,
    CONSTRAINT shipment_lines_so_part_line_fkey FOREIGN KEY (tenant_id, sales_order_part_line_id) REFERENCES sales_order_part_lines (tenant_id, id),
    CONSTRAINT shipment_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT shipment_lines_location_fkey FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, id),
    CONSTRAINT shipment_lines_lot_fkey FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id)
);

CREATE TRIGGER shipment_lines_advance_version BEFORE UPDATE ON shipment_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX shipment_lines_shipment_idx ON shipment_lines (tenant_id, shipment_id, created_utc, id);
CREATE INDEX shipment_lines_so_part_line_idx ON shipment_lines (tenant_id, sales_order_part_line_id);
CREATE INDEX shipment_lines_item_idx ON shipment_lines (tenant_id, item_id);
CREATE INDEX shipment_lines_location_idx ON shipment_lines (tenant_id, location_id);
CREATE INDEX shipment_lines_lot_idx ON shipment_lines (tenant_id, lot_id);
CREATE INDEX shipment_lines_created_idx ON shipment_lines (tenant_id, created_utc, id);
