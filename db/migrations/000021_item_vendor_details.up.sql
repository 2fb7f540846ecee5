-- Item vendor details: how a vendor sells an item (owned by the items area). unit_quantity
-- vendor units (unit_of_measure_id, a unit of the item's type) hold inventory_unit_quantity
-- units of the item's inventory unit; prices are per vendor unit, in the vendor's currency.
CREATE TABLE item_vendor_details (
    tenant_id               text NOT NULL REFERENCES tenants (id),
    id                      text NOT NULL CHECK (char_length(id) = 36),
    item_id                 text NOT NULL,
    vendor_id               text NOT NULL,
    vendor_item_number      text CHECK (char_length(vendor_item_number) BETWEEN 1 AND 200),
    vendor_item_name        text CHECK (char_length(vendor_item_name) BETWEEN 1 AND 200),
    price                   numeric CHECK (price >= 0),
    is_primary              boolean NOT NULL DEFAULT false,
    lead_time_in_days       integer CHECK (lead_time_in_days >= 0),
    unit_of_measure_id      text NOT NULL,
    unit_quantity           numeric NOT NULL CHECK (unit_quantity > 0),
    inventory_unit_quantity numeric NOT NULL CHECK (inventory_unit_quantity > 0),
    notes                   text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc             timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id),
    FOREIGN KEY (tenant_id, unit_of_measure_id) REFERENCES units_of_measure (tenant_id, id)
);
CREATE INDEX item_vendor_details_item_idx ON item_vendor_details (tenant_id, item_id);
-- At most one primary detail per item; the service demotes the old one first.
CREATE UNIQUE INDEX item_vendor_details_primary_key ON item_vendor_details (tenant_id, item_id) WHERE is_primary;

-- The price breaks of a detail: the price of one vendor unit from quantity vendor units up.
CREATE TABLE item_vendor_price_breaks (
    tenant_id        text NOT NULL REFERENCES tenants (id),
    vendor_detail_id text NOT NULL,
    quantity         integer NOT NULL CHECK (quantity >= 1),
    price            numeric NOT NULL CHECK (price >= 0),
    currency_code    text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    PRIMARY KEY (tenant_id, vendor_detail_id, quantity),
    FOREIGN KEY (tenant_id, vendor_detail_id) REFERENCES item_vendor_details (tenant_id, id) ON DELETE CASCADE
);
