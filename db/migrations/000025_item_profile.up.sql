-- The rest of an item's own record: its codes (Tag-shaped lists), accounting details,
-- shipping profile, quality plan status, bar code number and sales unit conversions.

-- Codes and accounting accounts name records of the tags table (the service checks each
-- names a live record of the right list; the keys make sure the record exists).
ALTER TABLE items
    ADD COLUMN accounting_code_id  text,
    ADD COLUMN accounting_code2_id text,
    ADD COLUMN material_code_id    text,
    ADD COLUMN category_id         text,
    ADD COLUMN grade_id            text,
    ADD COLUMN shape_id            text,
    ADD COLUMN gauge_id            text,
    ADD COLUMN accounting_class_id   text,
    ADD COLUMN income_account_id     text,
    ADD COLUMN asset_account_id      text,
    ADD COLUMN expense_account_id    text,
    ADD COLUMN cogs_account_id       text,
    ADD COLUMN shipping_class           text CHECK (shipping_class IN ('50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500')),
    ADD COLUMN shipping_nmfc            text CHECK (char_length(shipping_nmfc) BETWEEN 1 AND 20),
    ADD COLUMN shipping_is_hazmat       boolean NOT NULL DEFAULT false,
    ADD COLUMN shipping_unit_weight     numeric CHECK (shipping_unit_weight >= 0),
    ADD COLUMN shipping_tariff_code     text CHECK (char_length(shipping_tariff_code) BETWEEN 1 AND 20),
    ADD COLUMN shipping_country_of_origin text CHECK (shipping_country_of_origin ~ '^[A-Z]{2}$'),
    ADD COLUMN quality_plan_status text NOT NULL DEFAULT 'notRequired' CHECK (quality_plan_status IN ('notRequired', 'needsApproval', 'approved')),
    ADD COLUMN bar_code_number text,
    ADD CONSTRAINT items_accounting_code_fkey FOREIGN KEY (tenant_id, accounting_code_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_accounting_code2_fkey FOREIGN KEY (tenant_id, accounting_code2_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_material_code_fkey FOREIGN KEY (tenant_id, material_code_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_category_fkey FOREIGN KEY (tenant_id, category_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_grade_fkey FOREIGN KEY (tenant_id, grade_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_shape_fkey FOREIGN KEY (tenant_id, shape_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_gauge_fkey FOREIGN KEY (tenant_id, gauge_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_accounting_class_fkey FOREIGN KEY (tenant_id, accounting_class_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_income_account_fkey FOREIGN KEY (tenant_id, income_account_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_asset_account_fkey FOREIGN KEY (tenant_id, asset_account_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_expense_account_fkey FOREIGN KEY (tenant_id, expense_account_id) REFERENCES tags (tenant_id, id),
    ADD CONSTRAINT items_cogs_account_fkey FOREIGN KEY (tenant_id, cogs_account_id) REFERENCES tags (tenant_id, id);

-- Bar code numbers count up per tenant from 1, eight digits at least. The counter row is
-- taken FOR UPDATE by the creating transaction, so numbers are unique and never reused.
CREATE TABLE item_bar_code_counters (
    tenant_id text PRIMARY KEY REFERENCES tenants (id),
    last      bigint NOT NULL CHECK (last >= 0)
);
WITH numbered AS (
    SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY created_utc, id) AS n FROM items
)
UPDATE items i SET bar_code_number = lpad(numbered.n::text, 8, '0')
FROM numbered WHERE numbered.tenant_id = i.tenant_id AND numbered.id = i.id;
INSERT INTO item_bar_code_counters (tenant_id, last)
SELECT tenant_id, count(*) FROM items GROUP BY tenant_id;
ALTER TABLE items ALTER COLUMN bar_code_number SET NOT NULL;
CREATE UNIQUE INDEX items_bar_code_number_key ON items (tenant_id, bar_code_number);

-- Sales units of an item: sourceQuantity of the item's inventory unit sell as
-- destinationQuantity of the destination unit. position keeps the order they were written in.
CREATE TABLE item_sales_unit_conversions (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    item_id              text NOT NULL,
    destination_unit_id  text NOT NULL,
    position             integer NOT NULL CHECK (position >= 0),
    source_quantity      numeric NOT NULL CHECK (source_quantity > 0),
    destination_quantity numeric NOT NULL CHECK (destination_quantity > 0),
    is_custom            boolean NOT NULL,
    is_default           boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tenant_id, item_id, destination_unit_id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, destination_unit_id) REFERENCES units_of_measure (tenant_id, id)
);
CREATE UNIQUE INDEX item_sales_unit_conversions_default_key ON item_sales_unit_conversions (tenant_id, item_id) WHERE is_default;
