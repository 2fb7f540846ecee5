-- Sales orders: what a customer ordered. A sales order belongs to a customer and carries part
-- lines (each with its own routing, owner type salesOrderPartLine), blanket lines (a quantity
-- promised over a period, released into part lines), fee lines, tax lines, at most one
-- discount line, refund lines and a shipping charge. Its totals are stored on the header and
-- recomputed (internal/shared/doclines) in the transaction of every write that changes a line,
-- so lists and reports read them without touching the lines.

-- When true, a new sales order gets a tax line for each usable tax rate its customer lists in
-- taxRateIds.
ALTER TABLE settings ADD COLUMN sales_order_auto_add_tax_rates boolean NOT NULL DEFAULT false;

CREATE TABLE sales_orders (
    tenant_id                    text NOT NULL REFERENCES tenants (id),
    id                           text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind salesOrder): gap-free and never reused.
    number                       bigint NOT NULL CHECK (number > 0),
    customer_id                  text NOT NULL,
    -- As the customer wrote it. Longer values are kept but the list filter never finds them.
    customer_po_number           text CHECK (char_length(customer_po_number) BETWEEN 1 AND 1000),
    -- Copies taken from the customer when written, in the shapes quotes use.
    contact                      jsonb,
    billing_address              jsonb,
    shipping_address             jsonb,
    shipping_method_id           text,
    sales_person_id              text,
    currency_code                text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    payment_terms_id             text,
    status                       text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'needsApproval', 'approved', 'inProgress', 'complete')),
    -- Calendar dates as written (time of day and offset of the request ignored).
    ordered_date                 date NOT NULL CHECK (ordered_date BETWEEN '2000-01-01' AND '2099-12-31'),
    due_date                     date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    production_due_date          date CHECK (production_due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    delivery_due_date            date CHECK (delivery_due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    -- Shipped by the shop straight to the customer's customer, who has their own PO number.
    dropship                     boolean NOT NULL DEFAULT false,
    dropship_customer_po_number  text CHECK (char_length(dropship_customer_po_number) BETWEEN 1 AND 1000),
    -- The quote it was converted from; a quote converts once (index below).
    quote_id                     text,
    -- The shipping charge: what shipping adds to the order (its shipping-charge line).
    shipping_charge              numeric NOT NULL DEFAULT 0 CHECK (shipping_charge >= 0),
    shipping_charge_is_taxable   boolean NOT NULL DEFAULT false,
    notes                        text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    external_references          jsonb NOT NULL DEFAULT '{}',
    custom_fields                jsonb NOT NULL DEFAULT '{}',
    created_by_user_id           text,
    deleted                      boolean NOT NULL DEFAULT false,
    -- Totals in the order's currency (see doclines for each formula); refund_total is the sum
    -- of the refund lines, and total is the doclines total less it.
    line_sub_total               numeric NOT NULL DEFAULT 0,
    fee_total                    numeric NOT NULL DEFAULT 0,
    sub_total                    numeric NOT NULL DEFAULT 0,
    discount_total               numeric NOT NULL DEFAULT 0,
    taxable_base                 numeric NOT NULL DEFAULT 0,
    non_taxable_base             numeric NOT NULL DEFAULT 0,
    tax_total                    numeric NOT NULL DEFAULT 0,
    refund_total                 numeric NOT NULL DEFAULT 0,
    total                        numeric NOT NULL DEFAULT 0,
    created_utc                  timestamptz NOT NULL DEFAULT now(),
    modified_utc                 timestamptz NOT NULL DEFAULT now(),
    version                      bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_orders_number_key UNIQUE (tenant_id, number),
    CONSTRAINT sales_orders_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    CONSTRAINT sales_orders_shipping_method_fkey FOREIGN KEY (tenant_id, shipping_method_id) REFERENCES shipping_methods (tenant_id, id),
    CONSTRAINT sales_orders_sales_person_fkey FOREIGN KEY (tenant_id, sales_person_id) REFERENCES users (tenant_id, id),
    CONSTRAINT sales_orders_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id),
    CONSTRAINT sales_orders_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id),
    CONSTRAINT sales_orders_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER sales_orders_advance_version BEFORE UPDATE ON sales_orders
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A quote becomes at most one live sales order; this index decides concurrent conversions.
CREATE UNIQUE INDEX sales_orders_quote_key ON sales_orders (tenant_id, quote_id) WHERE quote_id IS NOT NULL AND NOT deleted;

-- The list's default order (newest first, then id) and its filters. The customer PO filter
-- compares lower-cased values of at most 100 characters.
CREATE INDEX sales_orders_created_idx ON sales_orders (tenant_id, created_utc DESC, id DESC);
CREATE INDEX sales_orders_customer_idx ON sales_orders (tenant_id, customer_id, created_utc DESC);
CREATE INDEX sales_orders_status_idx ON sales_orders (tenant_id, status, created_utc DESC);
CREATE INDEX sales_orders_modified_idx ON sales_orders (tenant_id, modified_utc, id);
CREATE INDEX sales_orders_customer_po_idx ON sales_orders (tenant_id, lower(customer_po_number))
    WHERE char_length(customer_po_number) <= 100;
CREATE INDEX sales_orders_shipping_method_idx ON sales_orders (tenant_id, shipping_method_id);
CREATE INDEX sales_orders_sales_person_idx ON sales_orders (tenant_id, sales_person_id);
CREATE INDEX sales_orders_payment_terms_idx ON sales_orders (tenant_id, payment_terms_id);

-- Blanket lines: an item promised in a total quantity over a period, released over time into
-- part lines (a release creates a part line carrying blanket_line_id). They carry no money of
-- their own: the released part lines do.
CREATE TABLE sales_order_blanket_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    sales_order_id         text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    line_number            integer NOT NULL CHECK (line_number > 0),
    item_id                text NOT NULL,
    description            text CHECK (char_length(description) <= 2000),
    quantity               numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name   text NOT NULL,
    unit_price             numeric NOT NULL CHECK (unit_price >= 0),
    start_date             date CHECK (start_date BETWEEN '2000-01-01' AND '2099-12-31'),
    end_date               date CHECK (end_date BETWEEN '2000-01-01' AND '2099-12-31'),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_blanket_lines_period_check CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
    CONSTRAINT sales_order_blanket_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_blanket_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);

CREATE TRIGGER sales_order_blanket_lines_advance_version BEFORE UPDATE ON sales_order_blanket_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_blanket_lines_order_idx ON sales_order_blanket_lines (tenant_id, sales_order_id, line_number, id);
CREATE INDEX sales_order_blanket_lines_item_idx ON sales_order_blanket_lines (tenant_id, item_id);

-- Part lines: an item in a quantity of one of its units, priced by a scheme, delivered on a
-- calendar date. Each line owns a routing (routing tables, owner type salesOrderPartLine,
-- owner id = the line's id), copied from the item's or from the quote line's.
CREATE TABLE sales_order_part_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    sales_order_id         text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    routing_id             text NOT NULL CHECK (char_length(routing_id) = 36),
    line_number            integer NOT NULL CHECK (line_number > 0),
    item_id                text NOT NULL,
    description            text CHECK (char_length(description) <= 2000),
    quantity               numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name   text NOT NULL,
    -- The quantity in the item's inventory unit; null when the unit has no fixed conversion.
    inventory_quantity     numeric CHECK (inventory_quantity > 0),
    unit_price             numeric NOT NULL CHECK (unit_price >= 0),
    pricing_scheme         text NOT NULL DEFAULT 'price' CHECK (pricing_scheme IN ('price', 'margin')),
    margin                 numeric CHECK (margin >= 0 AND margin < 100),
    estimated_unit_cost    numeric CHECK (estimated_unit_cost >= 0),
    discount_is_percentage boolean,
    discount_value         numeric CHECK (discount_value >= 0),
    is_taxable             boolean NOT NULL DEFAULT false,
    tax_rate_id            text,
    tax_rate               numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    delivery_date          date CHECK (delivery_date BETWEEN '2000-01-01' AND '2099-12-31'),
    lead_time_days         integer CHECK (lead_time_days >= 0),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    -- Where the line came from: a quote part line it was converted from, or the blanket line
    -- it releases.
    quote_part_line_id     text,
    blanket_line_id        text,
    -- Filled by shipments and invoices: how much went out and was billed, and the shop day of
    -- the latest shipment and invoice (the sales-order-lines report's day windows).
    shipped_quantity       numeric NOT NULL DEFAULT 0 CHECK (shipped_quantity >= 0),
    invoiced_quantity      numeric NOT NULL DEFAULT 0 CHECK (invoiced_quantity >= 0),
    last_shipped_date      date,
    last_invoiced_date     date,
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_part_lines_routing_key UNIQUE (tenant_id, routing_id),
    CONSTRAINT sales_order_part_lines_discount_check CHECK ((discount_is_percentage IS NULL) = (discount_value IS NULL)),
    CONSTRAINT sales_order_part_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_part_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT sales_order_part_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id),
    CONSTRAINT sales_order_part_lines_quote_line_fkey FOREIGN KEY (tenant_id, quote_part_line_id) REFERENCES quote_part_lines (tenant_id, id),
    CONSTRAINT sales_order_part_lines_blanket_fkey FOREIGN KEY (tenant_id, blanket_line_id) REFERENCES sales_order_blanket_lines (tenant_id, id)
);

CREATE TRIGGER sales_order_part_lines_advance_version BEFORE UPDATE ON sales_order_part_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_part_lines_order_idx ON sales_order_part_lines (tenant_id, sales_order_id, line_number, id);
CREATE INDEX sales_order_part_lines_item_idx ON sales_order_part_lines (tenant_id, item_id);
CREATE INDEX sales_order_part_lines_tax_rate_idx ON sales_order_part_lines (tenant_id, tax_rate_id);
CREATE INDEX sales_order_part_lines_quote_line_idx ON sales_order_part_lines (tenant_id, quote_part_line_id);
CREATE INDEX sales_order_part_lines_blanket_idx ON sales_order_part_lines (tenant_id, blanket_line_id);
-- The report's filters.
CREATE INDEX sales_order_part_lines_modified_idx ON sales_order_part_lines (tenant_id, modified_utc, id);
CREATE INDEX sales_order_part_lines_shipped_idx ON sales_order_part_lines (tenant_id, last_shipped_date);
CREATE INDEX sales_order_part_lines_invoiced_idx ON sales_order_part_lines (tenant_id, last_invoiced_date);

-- Fee lines: a named fixed amount (tooling, expedite).
CREATE TABLE sales_order_fee_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    sales_order_id  text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description     text CHECK (char_length(description) BETWEEN 1 AND 2000),
    amount          numeric NOT NULL CHECK (amount >= 0),
    is_taxable      boolean NOT NULL DEFAULT false,
    tax_rate_id     text,
    tax_rate        numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_fee_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_fee_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER sales_order_fee_lines_advance_version BEFORE UPDATE ON sales_order_fee_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_fee_lines_order_idx ON sales_order_fee_lines (tenant_id, sales_order_id, created_utc, id);
CREATE INDEX sales_order_fee_lines_tax_rate_idx ON sales_order_fee_lines (tenant_id, tax_rate_id);

-- Tax lines: a tax rate applied to the order's whole taxable base.
CREATE TABLE sales_order_tax_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    sales_order_id  text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    tax_rate_id     text NOT NULL,
    name            text NOT NULL,
    rate            numeric NOT NULL CHECK (rate >= 0 AND rate <= 100),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_tax_lines_rate_key UNIQUE (tenant_id, sales_order_id, tax_rate_id),
    CONSTRAINT sales_order_tax_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_tax_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER sales_order_tax_lines_advance_version BEFORE UPDATE ON sales_order_tax_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_tax_lines_order_idx ON sales_order_tax_lines (tenant_id, sales_order_id, created_utc, id);
CREATE INDEX sales_order_tax_lines_tax_rate_idx ON sales_order_tax_lines (tenant_id, tax_rate_id);

-- The discount line: at most one per order.
CREATE TABLE sales_order_discount_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    sales_order_id  text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    name            text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    is_percentage   boolean NOT NULL,
    value           numeric NOT NULL CHECK (value >= 0 AND (NOT is_percentage OR value <= 100)),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_discount_lines_order_key UNIQUE (tenant_id, sales_order_id),
    CONSTRAINT sales_order_discount_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id)
);

CREATE TRIGGER sales_order_discount_lines_advance_version BEFORE UPDATE ON sales_order_discount_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- Refund lines: money given back to the customer, for a reason, optionally against a part line.
CREATE TABLE sales_order_refund_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    sales_order_id         text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    refund_reason_code_id  text NOT NULL,
    part_line_id           text,
    amount                 numeric NOT NULL CHECK (amount > 0),
    description            text CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_refund_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_refund_lines_reason_fkey FOREIGN KEY (tenant_id, refund_reason_code_id) REFERENCES refund_reason_codes (tenant_id, id),
    CONSTRAINT sales_order_refund_lines_part_line_fkey FOREIGN KEY (tenant_id, part_line_id) REFERENCES sales_order_part_lines (tenant_id, id)
);

CREATE TRIGGER sales_order_refund_lines_advance_version BEFORE UPDATE ON sales_order_refund_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_refund_lines_order_idx ON sales_order_refund_lines (tenant_id, sales_order_id, created_utc, id);
CREATE INDEX sales_order_refund_lines_reason_idx ON sales_order_refund_lines (tenant_id, refund_reason_code_id);
CREATE INDEX sales_order_refund_lines_part_line_idx ON sales_order_refund_lines (tenant_id, part_line_id);
