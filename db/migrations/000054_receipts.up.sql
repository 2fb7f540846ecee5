-- Receipts: goods received against one purchase order (bought parts, outside processing done
-- by a vendor, landed-cost fees) or one sales order (material the customer supplies for its
-- order). A received part line puts its units into stock through an inventory receive event
-- written in the receipt's transaction; the event is kept on the line so a change of the line
-- can revert it.
CREATE TABLE receipts (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind receipt): gap-free and never reused.
    number               bigint NOT NULL CHECK (number > 0),
    -- Exactly one source order.
    purchase_order_id    text,
    sales_order_id       text,
    -- The calendar day the goods arrived, as written.
    received_date        date NOT NULL CHECK (received_date BETWEEN '2000-01-01' AND '2099-12-31'),
    notes                text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    external_references  jsonb NOT NULL DEFAULT '{}',
    custom_fields        jsonb NOT NULL DEFAULT '{}',
    -- Set while a line is held for inspection: accounting is deferred until the hold is
    -- released (then NULL again).
    accounting_held_utc  timestamptz,
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT receipts_number_key UNIQUE (tenant_id, number),
    CONSTRAINT receipts_source_check CHECK ((purchase_order_id IS NULL) <> (sales_order_id IS NULL)),
    CONSTRAINT receipts_purchase_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT receipts_sales_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id)
);

CREATE TRIGGER receipts_advance_version BEFORE UPDATE ON receipts
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id) among receipts not held, and its filters.
CREATE INDEX receipts_created_idx ON receipts (tenant_id, created_utc DESC, id DESC) WHERE accounting_held_utc IS NULL;
CREATE INDEX receipts_purchase_order_idx ON receipts (tenant_id, purchase_order_id) WHERE purchase_order_id IS NOT NULL;
CREATE INDEX receipts_sales_order_idx ON receipts (tenant_id, sales_order_id) WHERE sales_order_id IS NOT NULL;
CREATE INDEX receipts_received_date_idx ON receipts (tenant_id, received_date);

CREATE TABLE receipt_lines (
    tenant_id                           text NOT NULL REFERENCES tenants (id),
    receipt_id                          text NOT NULL,
    id                                  text NOT NULL CHECK (char_length(id) = 36),
    line_item_type                      text NOT NULL CHECK (line_item_type IN ('part', 'outsideProcessing', 'fee')),
    -- The order line received: exactly one for part and outside-processing lines, none for fees.
    purchase_order_part_line_id         text,
    purchase_order_outside_processing_line_id text,
    sales_order_part_line_id            text,
    -- The item received (the order line's), when it has one.
    item_id                             text,
    -- A fee's name (freight, duty); NULL on other lines.
    name                                text CHECK (char_length(name) BETWEEN 1 AND 200),
    -- In the order line's unit; 1 for a fee.
    quantity                            numeric NOT NULL CHECK (quantity > 0),
    -- The order line's price per unit as it stood when received (0 for fees).
    unit_price                          numeric NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
    -- Cost and tax per inventory unit (per fee for a fee), and what the line lands at in all.
    unit_cost                           numeric NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
    unit_tax                            numeric NOT NULL DEFAULT 0 CHECK (unit_tax >= 0),
    landed_cost                         numeric NOT NULL DEFAULT 0 CHECK (landed_cost >= 0),
    location_id                         text,
    lot_id                              text,
    hold_for_inspection                 boolean NOT NULL DEFAULT false,
    notes                               text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    -- The inventory receive event that put the line's units into stock (part lines of items
    -- that hold stock).
    inventory_event_id                  text,
    created_utc                         timestamptz NOT NULL DEFAULT now(),
    modified_utc                        timestamptz NOT NULL DEFAULT now(),
    version                             bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT receipt_lines_source_check CHECK (
        (line_item_type = 'fee' AND num_nonnulls(purchase_order_part_line_id, purchase_order_outside_processing_line_id, sales_order_part_line_id) = 0)
        OR (line_item_type <> 'fee' AND num_nonnulls(purchase_order_part_line_id, purchase_order_outside_processing_line_id, sales_order_part_line_id) = 1)),
    CONSTRAINT receipt_lines_receipt_fkey FOREIGN KEY (tenant_id, receipt_id) REFERENCES receipts (tenant_id, id),
    CONSTRAINT receipt_lines_po_part_line_fkey FOREIGN KEY (tenant_id, purchase_order_part_line_id) REFERENCES purchase_order_part_lines (tenant_id, id),
    CONSTRAINT receipt_lines_po_op_line_fkey FOREIGN KEY (tenant_id, purchase_order_outside_processing_line_id) REFERENCES purchase_order_outside_processing_lines (tenant_id, id),
    CONSTRAINT receipt_lines_so_part_line_fkey FOREIGN KEY (tenant_id, sales_order_part_line_id) REFERENCES sales_order_part_lines (tenant_id, id),
    CONSTRAINT receipt_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT receipt_lines_location_fkey FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, id),
    CONSTRAINT receipt_lines_lot_fkey FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id)
);

CREATE TRIGGER receipt_lines_advance_version BEFORE UPDATE ON receipt_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX receipt_lines_receipt_idx ON receipt_lines (tenant_id, receipt_id, created_utc, id);
CREATE INDEX receipt_lines_po_part_line_idx ON receipt_lines (tenant_id, purchase_order_part_line_id);
CREATE INDEX receipt_lines_po_op_line_idx ON receipt_lines (tenant_id, purchase_order_outside_processing_line_id);
CREATE INDEX receipt_lines_so_part_line_idx ON receipt_lines (tenant_id, sales_order_part_line_id);
CREATE INDEX receipt_lines_item_idx ON receipt_lines (tenant_id, item_id);
CREATE INDEX receipt_lines_location_idx ON receipt_lines (tenant_id, location_id);
CREATE INDEX receipt_lines_lot_idx ON receipt_lines (tenant_id, lot_id);
