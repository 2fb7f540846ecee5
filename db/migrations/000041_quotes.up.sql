-- Quotes: the first sales document. A quote belongs to a customer and carries part lines
-- (each with its own routing, owner type quotePartLine), fee lines, tax lines and at most one
-- discount line. Its totals are stored on the header and recomputed (internal/shared/doclines)
-- in the transaction of every write that changes a line, so lists and reports read them
-- without touching the lines.

-- How long a quote is valid: its expirationDate defaults to this many days after the day it
-- is created, and after the day it is sent while the expiration is still that default.
ALTER TABLE settings ADD COLUMN quote_validity_days integer NOT NULL DEFAULT 30
    CHECK (quote_validity_days BETWEEN 1 AND 3650);

CREATE TABLE quotes (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    id                     text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind quote): gap-free and never reused.
    number                 bigint NOT NULL CHECK (number > 0),
    customer_id            text NOT NULL,
    -- Copies taken from the customer when written (a document keeps what it was sent with,
    -- whatever later happens to the customer's contacts and addresses): the contact as
    -- {id, firstName, lastName, email, phone}, the addresses in the address shape.
    contact                jsonb,
    billing_address        jsonb,
    shipping_address       jsonb,
    sales_person_id        text,
    currency_code          text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    payment_terms_id       text,
    status                 text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'needsApproval', 'approved', 'sent', 'won', 'lost', 'expired')),
    -- Stamped with the send time by the move to sent.
    quoted_utc             timestamptz,
    expiration_date        date NOT NULL,
    -- True while expiration_date is the create-time default (validity days after creation):
    -- only then does sending recompute it. Any write of expirationDate clears it.
    expiration_is_default  boolean NOT NULL DEFAULT true,
    due_date               date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    external_references    jsonb NOT NULL DEFAULT '{}',
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    created_by_user_id     text,
    deleted                boolean NOT NULL DEFAULT false,
    -- Totals in the quote's currency (see doclines for each formula).
    line_sub_total         numeric NOT NULL DEFAULT 0,
    fee_total              numeric NOT NULL DEFAULT 0,
    sub_total              numeric NOT NULL DEFAULT 0,
    discount_total         numeric NOT NULL DEFAULT 0,
    taxable_base           numeric NOT NULL DEFAULT 0,
    non_taxable_base       numeric NOT NULL DEFAULT 0,
    tax_total              numeric NOT NULL DEFAULT 0,
    total                  numeric NOT NULL DEFAULT 0,
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT quotes_number_key UNIQUE (tenant_id, number),
    CONSTRAINT quotes_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    CONSTRAINT quotes_sales_person_fkey FOREIGN KEY (tenant_id, sales_person_id) REFERENCES users (tenant_id, id),
    CONSTRAINT quotes_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id),
    CONSTRAINT quotes_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER quotes_advance_version BEFORE UPDATE ON quotes
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id) and its filters.
CREATE INDEX quotes_created_idx ON quotes (tenant_id, created_utc DESC, id DESC);
CREATE INDEX quotes_customer_idx ON quotes (tenant_id, customer_id, created_utc DESC);
CREATE INDEX quotes_status_idx ON quotes (tenant_id, status, created_utc DESC);
CREATE INDEX quotes_modified_idx ON quotes (tenant_id, modified_utc, id);
CREATE INDEX quotes_quoted_idx ON quotes (tenant_id, quoted_utc);
CREATE INDEX quotes_sales_person_idx ON quotes (tenant_id, sales_person_id);
CREATE INDEX quotes_payment_terms_idx ON quotes (tenant_id, payment_terms_id);

-- Part lines: an item in a quantity of one of its units, priced by a scheme. Each line owns
-- a routing (routing tables, owner type quotePartLine, owner id = the line's id), copied from
-- the item's when the line is created; routing_id is the id the line's routing paths carry.
CREATE TABLE quote_part_lines (
    tenant_id              text NOT NULL REFERENCES tenants (id),
    quote_id               text NOT NULL,
    id                     text NOT NULL CHECK (char_length(id) = 36),
    routing_id             text NOT NULL CHECK (char_length(routing_id) = 36),
    -- The line's place on the quote: 1, 2, 3 … in creation order unless written.
    line_number            integer NOT NULL CHECK (line_number > 0),
    item_id                text NOT NULL,
    description            text CHECK (char_length(description) <= 2000),
    quantity               numeric NOT NULL CHECK (quantity > 0),
    -- A unit of the item's unit type (stored by name, as item units are).
    unit_of_measure_name   text NOT NULL,
    unit_price             numeric NOT NULL CHECK (unit_price >= 0),
    pricing_scheme         text NOT NULL DEFAULT 'price' CHECK (pricing_scheme IN ('price', 'margin')),
    -- Percent, under the margin scheme: price = estimated unit cost / (1 − margin / 100).
    margin                 numeric CHECK (margin >= 0 AND margin < 100),
    -- The estimated unit cost the last margin pricing used; null until then.
    estimated_unit_cost    numeric CHECK (estimated_unit_cost >= 0),
    -- At most one line discount: a percentage (0 to 100) or an amount.
    discount_is_percentage boolean,
    discount_value         numeric CHECK (discount_value >= 0),
    is_taxable             boolean NOT NULL DEFAULT false,
    tax_rate_id            text,
    -- The tax rate's percentage when the line was written (a later change of the rate does
    -- not reprice a quote already written); 0 without a tax rate.
    tax_rate               numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    lead_time_days         integer CHECK (lead_time_days >= 0),
    notes                  text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    custom_fields          jsonb NOT NULL DEFAULT '{}',
    created_utc            timestamptz NOT NULL DEFAULT now(),
    modified_utc           timestamptz NOT NULL DEFAULT now(),
    version                bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT quote_part_lines_routing_key UNIQUE (tenant_id, routing_id),
    CONSTRAINT quote_part_lines_discount_check CHECK ((discount_is_percentage IS NULL) = (discount_value IS NULL)),
    CONSTRAINT quote_part_lines_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id),
    CONSTRAINT quote_part_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT quote_part_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER quote_part_lines_advance_version BEFORE UPDATE ON quote_part_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A quote's lines in order; the item unit-change check finds the quotes using an item.
CREATE INDEX quote_part_lines_quote_idx ON quote_part_lines (tenant_id, quote_id, line_number, id);
CREATE INDEX quote_part_lines_item_idx ON quote_part_lines (tenant_id, item_id);
CREATE INDEX quote_part_lines_tax_rate_idx ON quote_part_lines (tenant_id, tax_rate_id);

-- Fee lines: a named fixed amount (freight, tooling, expedite).
CREATE TABLE quote_fee_lines (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    quote_id      text NOT NULL,
    id            text NOT NULL CHECK (char_length(id) = 36),
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description   text CHECK (char_length(description) BETWEEN 1 AND 2000),
    amount        numeric NOT NULL CHECK (amount >= 0),
    is_taxable    boolean NOT NULL DEFAULT false,
    tax_rate_id   text,
    tax_rate      numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    version       bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT quote_fee_lines_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id),
    CONSTRAINT quote_fee_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER quote_fee_lines_advance_version BEFORE UPDATE ON quote_fee_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX quote_fee_lines_quote_idx ON quote_fee_lines (tenant_id, quote_id, created_utc, id);
CREATE INDEX quote_fee_lines_tax_rate_idx ON quote_fee_lines (tenant_id, tax_rate_id);

-- Tax lines: a tax rate applied to the quote's whole taxable base.
CREATE TABLE quote_tax_lines (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    quote_id      text NOT NULL,
    id            text NOT NULL CHECK (char_length(id) = 36),
    tax_rate_id   text NOT NULL,
    -- The tax rate's name and percentage when the line was written.
    name          text NOT NULL,
    rate          numeric NOT NULL CHECK (rate >= 0 AND rate <= 100),
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    version       bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    -- A tax rate applies to a quote once.
    CONSTRAINT quote_tax_lines_rate_key UNIQUE (tenant_id, quote_id, tax_rate_id),
    CONSTRAINT quote_tax_lines_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id),
    CONSTRAINT quote_tax_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER quote_tax_lines_advance_version BEFORE UPDATE ON quote_tax_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX quote_tax_lines_quote_idx ON quote_tax_lines (tenant_id, quote_id, created_utc, id);
CREATE INDEX quote_tax_lines_tax_rate_idx ON quote_tax_lines (tenant_id, tax_rate_id);

-- The discount line: at most one per quote, a percentage of the subtotal or an amount.
CREATE TABLE quote_discount_lines (
    tenant_id      text NOT NULL REFERENCES tenants (id),
    quote_id       text NOT NULL,
    id             text NOT NULL CHECK (char_length(id) = 36),
    name           text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    is_percentage  boolean NOT NULL,
    value          numeric NOT NULL CHECK (value >= 0 AND (NOT is_percentage OR value <= 100)),
    created_utc    timestamptz NOT NULL DEFAULT now(),
    modified_utc   timestamptz NOT NULL DEFAULT now(),
    version        bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT quote_discount_lines_quote_key UNIQUE (tenant_id, quote_id),
    CONSTRAINT quote_discount_lines_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id)
);

CREATE TRIGGER quote_discount_lines_advance_version BEFORE UPDATE ON quote_discount_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
