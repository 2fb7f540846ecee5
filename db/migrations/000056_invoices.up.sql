-- Invoices: money asked of a customer against one of its sales orders. An invoice bills part
-- lines of the order (each advancing the order line's invoiced quantity in the same
-- transaction) and copies the order's fee lines, tax lines (rates), discount line and shipping
-- charge as its own. Each line kind has its own table (part, fee, tax, discount; later kinds
-- add theirs); the header's totals are stored and recomputed by one function in the
-- transaction of every write that changes a line.
CREATE TABLE invoices (
    tenant_id                    text NOT NULL REFERENCES tenants (id),
    id                           text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind invoice): gap-free and never reused.
    number                       bigint NOT NULL CHECK (number > 0),
    status                       text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'needsApproval', 'approved', 'issued', 'paid')),
    customer_id                  text NOT NULL,
    sales_order_id               text NOT NULL,
    -- The order's number (it never changes), for the report.
    sales_order_number           bigint NOT NULL DEFAULT 0,
    -- The document currency (the order's) and the tenant's primary currency when created;
    -- exchange_rate converts one unit of the first into the second.
    currency_code                text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    primary_currency_code        text NOT NULL CHECK (primary_currency_code ~ '^[A-Z]{3}$'),
    exchange_rate                numeric NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
    -- issue_date is the instant shown: midnight UTC of a day as written, or the instant the
    -- invoice was sent when sending stamped it. issue_day is the day the list filters on: the
    -- day as written, or the shop day of the stamped instant.
    issue_date                   timestamptz,
    issue_day                    date CHECK (issue_day BETWEEN '2000-01-01' AND '2099-12-31'),
    issue_date_stamped           boolean NOT NULL DEFAULT false,
    due_date                     date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    paid_date                    date CHECK (paid_date BETWEEN '2000-01-01' AND '2099-12-31'),
    customer_po_number           text CHECK (char_length(customer_po_number) BETWEEN 1 AND 1000),
    notes_to_customer            text CHECK (char_length(notes_to_customer) BETWEEN 1 AND 2000),
    payment_terms_id             text,
    company_info_id              text,
    billing_address              jsonb,
    -- The order's charges this invoice carries: the first live invoice of an order takes its
    -- amount discount and its shipping charge (indexes below).
    takes_order_discount         boolean NOT NULL DEFAULT false,
    takes_order_shipping         boolean NOT NULL DEFAULT false,
    shipping_charge              numeric NOT NULL DEFAULT 0 CHECK (shipping_charge >= 0),
    shipping_charge_is_taxable   boolean NOT NULL DEFAULT false,
    is_deposit                   boolean NOT NULL DEFAULT false,
    external_references          jsonb NOT NULL DEFAULT '{}',
    custom_fields                jsonb NOT NULL DEFAULT '{}',
    deleted                      boolean NOT NULL DEFAULT false,
    -- Totals in the document currency (doclines for each formula) and sub_total, the billed
    -- lines in the primary currency.
    line_sub_total               numeric NOT NULL DEFAULT 0,
    fee_total                    numeric NOT NULL DEFAULT 0,
    line_items_total             numeric NOT NULL DEFAULT 0,
    discount_total               numeric NOT NULL DEFAULT 0,
    taxable_base                 numeric NOT NULL DEFAULT 0,
    non_taxable_base             numeric NOT NULL DEFAULT 0,
    tax_total                    numeric NOT NULL DEFAULT 0,
    total                        numeric NOT NULL DEFAULT 0,
    sub_total                    numeric NOT NULL DEFAULT 0,
    created_utc                  timestamptz NOT NULL DEFAULT now(),
    modified_utc                 timestamptz NOT NULL DEFAULT now(),
    version                      bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoices_number_key UNIQUE (tenant_id, number),
    CONSTRAINT invoices_customer_fkey FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id),
    CONSTRAINT invoices_sales_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT invoices_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id),
    CONSTRAINT invoices_company_fkey FOREIGN KEY (tenant_id, company_info_id) REFERENCES companies (tenant_id, id)
);

CREATE TRIGGER invoices_advance_version BEFORE UPDATE ON invoices
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- One live invoice per order carries its amount discount, one its shipping charge.
CREATE UNIQUE INDEX invoices_order_discount_key ON invoices (tenant_id, sales_order_id) WHERE takes_order_discount AND NOT deleted;
CREATE UNIQUE INDEX invoices_order_shipping_key ON invoices (tenant_id, sales_order_id) WHERE takes_order_shipping AND NOT deleted;

-- The list's default order (newest first, then id), its filters and the report's.
CREATE INDEX invoices_created_idx ON invoices (tenant_id, created_utc DESC, id DESC);
CREATE INDEX invoices_customer_idx ON invoices (tenant_id, customer_id, created_utc DESC);
CREATE INDEX invoices_sales_order_idx ON invoices (tenant_id, sales_order_id, created_utc DESC);
CREATE INDEX invoices_status_idx ON invoices (tenant_id, status, created_utc DESC);
CREATE INDEX invoices_modified_idx ON invoices (tenant_id, modified_utc, id);
CREATE INDEX invoices_issue_day_idx ON invoices (tenant_id, issue_day);
CREATE INDEX invoices_due_date_idx ON invoices (tenant_id, due_date);
CREATE INDEX invoices_payment_terms_idx ON invoices (tenant_id, payment_terms_id);
CREATE INDEX invoices_company_idx ON invoices (tenant_id, company_info_id);
CREATE INDEX invoices_external_references ON invoices USING gin (external_references jsonb_path_ops);

-- Part lines: a quantity of a sales order part line billed, in the order line's unit, at its
-- unit price, with its line discount and tax (copied when billed).
CREATE TABLE invoice_part_lines (
    tenant_id                  text NOT NULL REFERENCES tenants (id),
    invoice_id                 text NOT NULL,
    id                         text NOT NULL CHECK (char_length(id) = 36),
    line_number                integer NOT NULL CHECK (line_number > 0),
    sales_order_line_id        text NOT NULL,
    item_id                    text NOT NULL,
    name                       text,
    description                text CHECK (char_length(description) <= 2000),
    quantity                   numeric NOT NULL CHECK (quantity > 0),
    unit_of_measure_name       text NOT NULL,
    unit_price                 numeric NOT NULL CHECK (unit_price >= 0),
    discount_is_percentage     boolean,
    discount_value             numeric CHECK (discount_value >= 0),
    is_taxable                 boolean NOT NULL DEFAULT false,
    tax_rate_id                text,
    tax_rate                   numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    override_tax_rate          boolean NOT NULL DEFAULT false,
    accounting_code_id         text,
    accounting_details         jsonb NOT NULL DEFAULT '{}',
    customer_part_number       text CHECK (char_length(customer_part_number) <= 200),
    customer_part_description  text CHECK (char_length(customer_part_description) <= 2000),
    external_references        jsonb NOT NULL DEFAULT '{}',
    custom_fields              jsonb NOT NULL DEFAULT '{}',
    created_utc                timestamptz NOT NULL DEFAULT now(),
    modified_utc               timestamptz NOT NULL DEFAULT now(),
    version                    bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_part_lines_discount_check CHECK ((discount_is_percentage IS NULL) = (discount_value IS NULL)),
    CONSTRAINT invoice_part_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_part_lines_order_line_fkey FOREIGN KEY (tenant_id, sales_order_line_id) REFERENCES sales_order_part_lines (tenant_id, id),
    CONSTRAINT invoice_part_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    CONSTRAINT invoice_part_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER invoice_part_lines_advance_version BEFORE UPDATE ON invoice_part_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_part_lines_invoice_idx ON invoice_part_lines (tenant_id, invoice_id, line_number, id);
CREATE INDEX invoice_part_lines_order_line_idx ON invoice_part_lines (tenant_id, sales_order_line_id);
CREATE INDEX invoice_part_lines_item_idx ON invoice_part_lines (tenant_id, item_id);
CREATE INDEX invoice_part_lines_tax_rate_idx ON invoice_part_lines (tenant_id, tax_rate_id);

-- Fee lines: the order's fee lines as billed (sales_order_fee_line_id: the order's fee line it
-- copies, released when the invoice is deleted, so one live invoice carries each), or a fee
-- written on the invoice.
CREATE TABLE invoice_fee_lines (
    tenant_id                text NOT NULL REFERENCES tenants (id),
    invoice_id               text NOT NULL,
    id                       text NOT NULL CHECK (char_length(id) = 36),
    sales_order_fee_line_id  text,
    name                     text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    description              text CHECK (char_length(description) BETWEEN 1 AND 2000),
    amount                   numeric NOT NULL CHECK (amount >= 0),
    is_taxable               boolean NOT NULL DEFAULT false,
    tax_rate_id              text,
    tax_rate                 numeric NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 100),
    created_utc              timestamptz NOT NULL DEFAULT now(),
    modified_utc             timestamptz NOT NULL DEFAULT now(),
    version                  bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_fee_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_fee_lines_order_fee_fkey FOREIGN KEY (tenant_id, sales_order_fee_line_id) REFERENCES sales_order_fee_lines (tenant_id, id),
    CONSTRAINT invoice_fee_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER invoice_fee_lines_advance_version BEFORE UPDATE ON invoice_fee_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_fee_lines_invoice_idx ON invoice_fee_lines (tenant_id, invoice_id, created_utc, id);
CREATE INDEX invoice_fee_lines_tax_rate_idx ON invoice_fee_lines (tenant_id, tax_rate_id);
CREATE UNIQUE INDEX invoice_fee_lines_order_fee_key ON invoice_fee_lines (tenant_id, sales_order_fee_line_id)
    WHERE sales_order_fee_line_id IS NOT NULL;

-- Tax lines: a tax rate applied to the invoice's whole taxable base (the order's rates).
CREATE TABLE invoice_tax_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    invoice_id      text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    tax_rate_id     text NOT NULL,
    name            text NOT NULL,
    rate            numeric NOT NULL CHECK (rate >= 0 AND rate <= 100),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_tax_lines_rate_key UNIQUE (tenant_id, invoice_id, tax_rate_id),
    CONSTRAINT invoice_tax_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_tax_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id)
);

CREATE TRIGGER invoice_tax_lines_advance_version BEFORE UPDATE ON invoice_tax_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_tax_lines_invoice_idx ON invoice_tax_lines (tenant_id, invoice_id, created_utc, id);
CREATE INDEX invoice_tax_lines_tax_rate_idx ON invoice_tax_lines (tenant_id, tax_rate_id);

-- The discount line: at most one per invoice.
CREATE TABLE invoice_discount_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    invoice_id      text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    name            text CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    is_percentage   boolean NOT NULL,
    value           numeric NOT NULL CHECK (value >= 0 AND (NOT is_percentage OR value <= 100)),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_discount_lines_invoice_key UNIQUE (tenant_id, invoice_id),
    CONSTRAINT invoice_discount_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id)
);

CREATE TRIGGER invoice_discount_lines_advance_version BEFORE UPDATE ON invoice_discount_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
