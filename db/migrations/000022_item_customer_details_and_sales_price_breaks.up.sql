-- Item customer details: how a customer knows an item (its number and name for it, the unit
-- it orders in), owned by the items area. One detail per item and customer. The unit is a
-- unit of the item's type (checked by the service; the foreign key keeps it a real unit).
CREATE TABLE item_customer_details (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 36),
    item_id              text NOT NULL,
    customer_id          text NOT NULL,
    customer_item_number text CHECK (char_length(customer_item_number) BETWEEN 1 AND 200),
    customer_item_name   text CHECK (char_length(customer_item_name) BETWEEN 1 AND 200),
    unit_of_measure_id   text NOT NULL,
    created_utc          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    FOREIGN KEY (tenant_id, unit_of_measure_id) REFERENCES units_of_measure (tenant_id, id)
);
-- One detail per item and customer: the last line of defence under concurrent writes (the
-- service maps it to a 400 naming customerId by this name).
CREATE UNIQUE INDEX item_customer_details_customer_key ON item_customer_details (tenant_id, item_id, customer_id);

-- Item sales price breaks: from quantity units of unit_of_measure_id up, one unit sells at
-- price (type price) or at the item's cost marked up to the gross margin percentage (type
-- margin). A break is the item's list price (no customer, no tier), a customer tier's or
-- one customer's: its scope.
CREATE TABLE item_sales_price_breaks (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 36),
    item_id            text NOT NULL,
    quantity           integer NOT NULL CHECK (quantity >= 1),
    type               text NOT NULL CHECK (type IN ('price', 'margin')),
    price              numeric CHECK (price >= 0),
    margin             numeric CHECK (margin >= 0 AND margin < 100),
    currency_code      text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    customer_id        text,
    customer_tier_id   text,
    unit_of_measure_id text NOT NULL,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    FOREIGN KEY (tenant_id, customer_tier_id) REFERENCES customer_tiers (tenant_id, id),
    FOREIGN KEY (tenant_id, unit_of_measure_id) REFERENCES units_of_measure (tenant_id, id),
    -- A price break carries exactly the member its type prices by.
    CONSTRAINT item_sales_price_breaks_priced_by_type CHECK (
        (type = 'price' AND price IS NOT NULL AND margin IS NULL) OR
        (type = 'margin' AND margin IS NOT NULL AND price IS NULL)),
    -- A break is for one customer, one tier or neither (the list price), never both.
    CONSTRAINT item_sales_price_breaks_one_scope CHECK (customer_id IS NULL OR customer_tier_id IS NULL)
);
-- One break per item, scope, unit and quantity, one index per scope (the service reports
-- duplicates of a request first; these hold under concurrency).
CREATE UNIQUE INDEX item_sales_price_breaks_list_key ON item_sales_price_breaks (tenant_id, item_id, unit_of_measure_id, quantity)
    WHERE customer_id IS NULL AND customer_tier_id IS NULL;
CREATE UNIQUE INDEX item_sales_price_breaks_customer_key ON item_sales_price_breaks (tenant_id, item_id, customer_id, unit_of_measure_id, quantity)
    WHERE customer_id IS NOT NULL;
CREATE UNIQUE INDEX item_sales_price_breaks_tier_key ON item_sales_price_breaks (tenant_id, item_id, customer_tier_id, unit_of_measure_id, quantity)
    WHERE customer_tier_id IS NOT NULL;
-- Item reads and the replace find an item's breaks by item.
CREATE INDEX item_sales_price_breaks_item_idx ON item_sales_price_breaks (tenant_id, item_id);
