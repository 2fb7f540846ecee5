-- Material vendors: one vendor's offer of one material shape (who supplies a 1/4 in A36
-- plate, at what price per weight, length, area or piece). Removing an offer deletes its row.
CREATE TABLE material_vendors (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    id                     text NOT NULL,
    material_id            text NOT NULL,
    vendor_id              text NOT NULL,
    vendor_item_number     text CHECK (char_length(vendor_item_number) BETWEEN 1 AND 200),
    vendor_item_name       text CHECK (char_length(vendor_item_name) BETWEEN 1 AND 200),
    price                  numeric NOT NULL CHECK (price >= 0),
    price_unit             text NOT NULL CHECK (price_unit IN ('pound', 'kilogram', 'inch', 'foot', 'millimeter', 'meter',
                                                               'squareInch', 'squareFoot', 'squareMeter', 'piece')),
    currency_code          text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    lead_time_in_days      integer CHECK (lead_time_in_days BETWEEN 0 AND 3650),
    minimum_order_quantity numeric CHECK (minimum_order_quantity > 0),
    is_primary             boolean NOT NULL DEFAULT false,
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, material_id) REFERENCES material_shapes (tenant_id, id),
    FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id)
);

CREATE TRIGGER material_vendors_advance_version BEFORE UPDATE ON material_vendors
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- One offer per shape and vendor: this index decides between concurrent creates. It also
-- serves the shape's list and the materialIds filter.
CREATE UNIQUE INDEX material_vendors_material_vendor_key ON material_vendors (tenant_id, material_id, vendor_id);
-- At most one primary offer per shape: the last line behind the per-shape lock writes take.
CREATE UNIQUE INDEX material_vendors_primary_key ON material_vendors (tenant_id, material_id) WHERE is_primary;

-- A vendor's catalogue and the vendorIds filter; the isPrimary and modifiedAfterUtc filters.
CREATE INDEX material_vendors_vendor_idx ON material_vendors (tenant_id, vendor_id, material_id);
CREATE INDEX material_vendors_primary_idx ON material_vendors (tenant_id, is_primary, material_id);
CREATE INDEX material_vendors_modified_idx ON material_vendors (tenant_id, modified_utc);
