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

-- Progress billing: a schedule of milestones on a sales order (a percentage of the order's
-- total or an amount, a due day); billing a milestone creates an invoice of one progress
-- billing line and records the invoice on the milestone (released when that invoice is
-- deleted). A regular invoice of the order carries a progress-billing adjustment line taking
-- off what issued or paid progress billings billed and live invoices have not yet adjusted.
CREATE TABLE sales_order_progress_milestones (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    sales_order_id  text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    position        integer NOT NULL CHECK (position > 0),
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    percentage      numeric CHECK (percentage > 0 AND percentage <= 100),
    amount          numeric CHECK (amount > 0),
    due_date        date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    invoice_id      text,
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT sales_order_progress_milestones_one_measure CHECK ((percentage IS NULL) <> (amount IS NULL)),
    CONSTRAINT sales_order_progress_milestones_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT sales_order_progress_milestones_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id)
);

CREATE TRIGGER sales_order_progress_milestones_advance_version BEFORE UPDATE ON sales_order_progress_milestones
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX sales_order_progress_milestones_order_idx ON sales_order_progress_milestones (tenant_id, sales_order_id, position);
CREATE INDEX sales_order_progress_milestones_invoice_idx ON sales_order_progress_milestones (tenant_id, invoice_id);

ALTER TABLE invoices ADD COLUMN progress_billing_total numeric NOT NULL DEFAULT 0,
                     ADD COLUMN progress_billing_adjustment_total numeric NOT NULL DEFAULT 0;

-- Kind 'billing' is a milestone billed (quantity 1 at the amount, never taxed); kind
-- 'adjustment' is what a regular invoice takes off for the order's progress billings.
CREATE TABLE invoice_progress_billing_lines (
    tenant_id       text NOT NULL REFERENCES tenants (id),
    invoice_id      text NOT NULL,
    id              text NOT NULL CHECK (char_length(id) = 36),
    sales_order_id  text NOT NULL,
    kind            text NOT NULL CHECK (kind IN ('billing', 'adjustment')),
    milestone_id    text,
    name            text,
    amount          numeric NOT NULL CHECK (amount > 0),
    created_utc     timestamptz NOT NULL DEFAULT now(),
    modified_utc    timestamptz NOT NULL DEFAULT now(),
    version         bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_progress_billing_lines_kind_key UNIQUE (tenant_id, invoice_id, kind),
    CONSTRAINT invoice_progress_billing_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_progress_billing_lines_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT invoice_progress_billing_lines_milestone_fkey FOREIGN KEY (tenant_id, milestone_id) REFERENCES sales_order_progress_milestones (tenant_id, id)
);

CREATE TRIGGER invoice_progress_billing_lines_advance_version BEFORE UPDATE ON invoice_progress_billing_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

CREATE INDEX invoice_progress_billing_lines_order_idx ON invoice_progress_billing_lines (tenant_id, sales_order_id, kind);
CREATE INDEX invoice_progress_billing_lines_milestone_idx ON invoice_progress_billing_lines (tenant_id, milestone_id);
