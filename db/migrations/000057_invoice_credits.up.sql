-- Invoice credits: refund lines (money given back, off the total after tax), each optionally
-- copied from a refund line of the invoice's sales order (one live invoice carries each).
ALTER TABLE invoices ADD COLUMN refund_total numeric NOT NULL DEFAULT 0;

CREATE TABLE invoice_refund_lines (
    tenant_id                   text NOT NULL REFERENCES tenants (id),
    invoice_id                  text NOT NULL,
    id                          text NOT NULL CHECK (char_length(id) = 36),
    refund_reason_code_id       text NOT NULL,
    -- A part line of this invoice the refund is against; none for the invoice as a whole.
    part_line_id                text,
    amount                      numeric NOT NULL CHECK (amount > 0),
    description                 text CHECK (char_length(description) BETWEEN 1 AND 2000),
    -- The order's refund line this one copies; released (null) when the invoice is deleted,
    -- so the next invoice of the order takes it.
    sales_order_refund_line_id  text,
    created_utc                 timestamptz NOT NULL DEFAULT now(),
    modified_utc                timestamptz NOT NULL DEFAULT now(),
    version                     bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_refund_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_refund_lines_reason_fkey FOREIGN KEY (tenant_id, refund_reason_code_id) REFERENCES refund_reason_codes (tenant_id, id),
    CONSTRAINT invoice_refund_lines_part_line_fkey FOREIGN KEY (tenant_id, part_line_id) REFERENCES invoice_part_lines (tenant_id, id),
    CONSTRAINT invoice_refund_lines_order_refund_fkey FOREIGN KEY (tenant_id, sales_order_refund_line_id) REFERENCES sales_order_refund_lines (tenant_id, id)
);

CREATE TRIGGER invoice_refund_lines_advance_version BEFORE UPDATE ON invoice_refund_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_refund_lines_invoice_idx ON invoice_refund_lines (tenant_id, invoice_id, created_utc, id);
CREATE INDEX invoice_refund_lines_reason_idx ON invoice_refund_lines (tenant_id, refund_reason_code_id);
CREATE INDEX invoice_refund_lines_part_line_idx ON invoice_refund_lines (tenant_id, part_line_id);
CREATE UNIQUE INDEX invoice_refund_lines_order_refund_key ON invoice_refund_lines (tenant_id, sales_order_refund_line_id)
    WHERE sales_order_refund_line_id IS NOT NULL;

-- Deposits: a deposit invoice (is_deposit) bills money upfront against its sales order with one
-- deposit line; a regular invoice of the order carries a deposit-adjustment line taking off
-- the deposit balance not yet adjusted (deposits of issued or paid live deposit invoices, less
-- the adjustments of the order's live invoices), at most the invoice's total before it.
ALTER TABLE invoices ADD COLUMN deposit_total numeric NOT NULL DEFAULT 0,
                     ADD COLUMN deposit_adjustment_total numeric NOT NULL DEFAULT 0;

CREATE TABLE invoice_deposit_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    invoice_id      text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    sales_order_id  text NOT NULL,
    -- The deposit in the invoice's currency, rounded to its minor unit; percentage is the
    -- share of the order's total asked for, when it was given as one.
    amount          numeric NOT NULL CHECK (amount > 0),
    percentage      numeric CHECK (percentage > 0 AND percentage <= 100),
    description     text CHECK (char_length(description) BETWEEN 1 AND 2000),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_deposit_lines_invoice_key UNIQUE (tenant_id, invoice_id),
    CONSTRAINT invoice_deposit_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_deposit_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id)
);

CREATE TRIGGER invoice_deposit_lines_advance_version BEFORE UPDATE ON invoice_deposit_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_deposit_lines_invoice_idx ON invoice_deposit_lines (tenant_id, invoice_id, created_utc, id);
CREATE INDEX invoice_deposit_lines_order_idx ON invoice_deposit_lines (tenant_id, sales_order_id);

CREATE TABLE invoice_deposit_adjustment_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    invoice_id      text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    sales_order_id  text NOT NULL,
    amount          numeric NOT NULL CHECK (amount > 0),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_deposit_adjustment_lines_invoice_key UNIQUE (tenant_id, invoice_id),
    CONSTRAINT invoice_deposit_adjustment_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_deposit_adjustment_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id)
);

CREATE TRIGGER invoice_deposit_adjustment_lines_advance_version BEFORE UPDATE ON invoice_deposit_adjustment_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_deposit_adjustment_lines_invoice_idx ON invoice_deposit_adjustment_lines (tenant_id, invoice_id, created_utc, id);
CREATE INDEX invoice_deposit_adjustment_lines_order_idx ON invoice_deposit_adjustment_lines (tenant_id, sales_order_id);
