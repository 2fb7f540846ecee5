-- Item material vendor details: the vendors that supply an item as material, with what each
-- vendor calls it (owned by the items area). Purchase price breaks need no table of their
-- own: they are item_vendor_price_breaks, the breaks of the item's vendor details.
CREATE TABLE item_material_vendor_details (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 36),
    item_id            text NOT NULL,
    vendor_id          text NOT NULL,
    vendor_item_number text CHECK (char_length(vendor_item_number) BETWEEN 1 AND 200),
    vendor_item_name   text CHECK (char_length(vendor_item_name) BETWEEN 1 AND 200),
    notes              text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id)
);
-- One material vendor detail per vendor of an item: the service answers 400 naming vendorId
-- from this index, so concurrent requests for one vendor cannot both succeed. It also serves
-- the reads of an item's details (its leading columns).
CREATE UNIQUE INDEX item_material_vendor_details_vendor_key ON item_material_vendor_details (tenant_id, item_id, vendor_id);
