-- Purchase order lines: part lines (items bought), outside-processing lines (a service done by
-- the vendor, for a job operation once jobs exist), fee lines, tax lines, the discount line
-- and vendor-credit lines. Part and outside-processing lines share one line numbering per
-- order (last_line_number), so the line-items view across kinds reads in one order.

ALTER TABLE purchase_orders
    ADD COLUMN last_line_number  integer NOT NULL DEFAULT 0 CHECK (last_line_number >= 0),
    -- What document tax lines apply to, and the rest (doclines' totals).
    ADD COLUMN taxable_base      numeric NOT NULL DEFAULT 0,
    ADD COLUMN non_taxable_base  numeric NOT NULL DEFAULT 0;

CREATE TABLE purchase_order_part_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    purchase_order_id      text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    line_number            integer NOT NULL CHECK (line_number > 0),
    item_id                text NOT NULL,
    vendor_item_number     text CHECK (char_length(vendor_item_number) BETWEEN 1 AND 200),
    description            text CHECK (char_length(description) BETWEEN 1 AND 2000),
    -- The quantity in the unit the vendor sells in (unit_of_measure_name), and the same
    -- quantity in the item's inventory unit: what a receipt puts into stock.
    quantity               numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name   text NOT NULL CHECK (char_length(unit_of_measure_name) BETWEEN 1 AND 100),
    inventory_quantity     numeric NOT NULL CHECK (inventory_quantity > 0),
    -- Price per vendor unit, in the order's currency.
    unit_price             numeric NOT NULL CHECK (unit_price >= 0),
    discount_is_percentage boolean,
    discount_value         numeric CHECK (discount_value >= 0),
    is_taxable             boolean NOT NULL DEFAULT false,
    tax_rate_id            text,
    tax_rate               numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    due_date               date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    -- Filled by receipts, in the line's (vendor) unit: never more than ordered.
    received_quantity      numeric NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_part_lines_number_key UNIQUE (tenant_id, purchase_order_id, line_number),
    CONSTRAINT purchase_order_part_lines_received_check CHECK (received_quantity <= quantity),
    CONSTRAINT purchase_order_part_lines_discount_check CHECK ((discount_is_percentage IS NULL) = (discount_value IS NULL)),
    CONSTRAINT purchase_order_part_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT purchase_order_part_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT purchase_order_part_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER purchase_order_part_lines_advance_version BEFORE UPDATE ON purchase_order_part_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX purchase_order_part_lines_item_idx ON purchase_order_part_lines (tenant_id, item_id);
CREATE INDEX purchase_order_part_lines_tax_rate_idx ON purchase_order_part_lines (tenant_id, tax_rate_id);

CREATE TABLE purchase_order_outside_processing_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    purchase_order_id      text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    line_number            integer NOT NULL CHECK (line_number > 0),
    -- The job operation the vendor performs. Jobs do not exist yet: a plain reference the
    -- jobs area will give its foreign key.
    job_operation_id       text CHECK (char_length(job_operation_id) BETWEEN 24 AND 36),
    -- The part the service is done on, when it is an item of the shop.
    item_id                text,
    description            text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 2000),
    quantity               numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name   text NOT NULL CHECK (char_length(unit_of_measure_name) BETWEEN 1 AND 100),
    unit_price             numeric NOT NULL CHECK (unit_price >= 0),
    discount_is_percentage boolean,
    discount_value         numeric CHECK (discount_value >= 0),
    is_taxable             boolean NOT NULL DEFAULT false,
    tax_rate_id            text,
    tax_rate               numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    due_date               date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    received_quantity      numeric NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_op_lines_number_key UNIQUE (tenant_id, purchase_order_id, line_number),
    CONSTRAINT purchase_order_op_lines_received_check CHECK (received_quantity <= quantity),
    CONSTRAINT purchase_order_op_lines_discount_check CHECK ((discount_is_percentage IS NULL) = (discount_value IS NULL)),
    CONSTRAINT purchase_order_op_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT purchase_order_op_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT purchase_order_op_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER purchase_order_op_lines_advance_version BEFORE UPDATE ON purchase_order_outside_processing_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX purchase_order_op_lines_job_operation_idx ON purchase_order_outside_processing_lines (tenant_id, job_operation_id);
CREATE INDEX purchase_order_op_lines_item_idx ON purchase_order_outside_processing_lines (tenant_id, item_id);
CREATE INDEX purchase_order_op_lines_tax_rate_idx ON purchase_order_outside_processing_lines (tenant_id, tax_rate_id);

-- Fee lines: a named fixed amount (freight, setup charge).
CREATE TABLE purchase_order_fee_lines (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    purchase_order_id  text NOT NULL,
    id                 text NOT NULL CHECK (char_length(id) = 36),
    name               text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description        text CHECK (char_length(description) BETWEEN 1 AND 2000),
    amount             numeric NOT NULL CHECK (amount >= 0),
    is_taxable         boolean NOT NULL DEFAULT false,
    tax_rate_id        text,
    tax_rate           numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_fee_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT purchase_order_fee_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER purchase_order_fee_lines_advance_version BEFORE UPDATE ON purchase_order_fee_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX purchase_order_fee_lines_order_idx ON purchase_order_fee_lines (tenant_id, purchase_order_id, created_utc, id);
CREATE INDEX purchase_order_fee_lines_tax_rate_idx ON purchase_order_fee_lines (tenant_id, tax_rate_id);

-- Tax lines: a tax rate applied to the order's whole taxable base.
CREATE TABLE purchase_order_tax_lines (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    purchase_order_id  text NOT NULL,
    id                 text NOT NULL CHECK (char_length(id) = 36),
    tax_rate_id        text NOT NULL,
    name               text NOT NULL,
    rate               numeric NOT NULL CHECK (rate >= 0 AND rate <= 100),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_tax_lines_rate_key UNIQUE (tenant_id, purchase_order_id, tax_rate_id),
    CONSTRAINT purchase_order_tax_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT purchase_order_tax_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER purchase_order_tax_lines_advance_version BEFORE UPDATE ON purchase_order_tax_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX purchase_order_tax_lines_order_idx ON purchase_order_tax_lines (tenant_id, purchase_order_id, created_utc, id);
CREATE INDEX purchase_order_tax_lines_tax_rate_idx ON purchase_order_tax_lines (tenant_id, tax_rate_id);

-- The discount line: at most one per order.
CREATE TABLE purchase_order_discount_lines (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    purchase_order_id  text NOT NULL,
    id                 text NOT NULL CHECK (char_length(id) = 36),
    name               text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    is_percentage      boolean NOT NULL,
    value              numeric NOT NULL CHECK (value >= 0 AND (NOT is_percentage OR value <= 100)),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_discount_lines_order_key UNIQUE (tenant_id, purchase_order_id),
    CONSTRAINT purchase_order_discount_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id)
);

CREATE TRIGGER purchase_order_discount_lines_advance_version BEFORE UPDATE ON purchase_order_discount_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- Vendor-credit lines: money the vendor credits back (a return, a price correction), optionally
-- against one part line; they reduce the order's total after tax.
CREATE TABLE purchase_order_vendor_credit_lines (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    purchase_order_id  text NOT NULL,
    id                 text NOT NULL CHECK (char_length(id) = 36),
    part_line_id       text,
    amount             numeric NOT NULL CHECK (amount > 0),
    description        text CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_order_vendor_credit_lines_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT purchase_order_vendor_credit_lines_part_line_fkey FOREIGN KEY (tenant_id, part_line_id) REFERENCES purchase_order_part_lines (tenant_id, id)
);

CREATE TRIGGER purchase_order_vendor_credit_lines_advance_version BEFORE UPDATE ON purchase_order_vendor_credit_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX purchase_order_vendor_credit_lines_order_idx ON purchase_order_vendor_credit_lines (tenant_id, purchase_order_id, created_utc, id);
CREATE INDEX purchase_order_vendor_credit_lines_part_line_idx ON purchase_order_vendor_credit_lines (tenant_id, part_line_id);
