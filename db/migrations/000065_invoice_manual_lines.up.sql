-- Lines an accountant writes on an invoice by hand rather than bills from the sales order, of
-- four kinds, each with its own members (null for the members of the other kinds):
--   priced:   price (a flat charge, counted as 1 × price)
--   amount:   amount (counted as a fee, never taxed)
--   quantity: quantity, price, unit_of_measure, is_taxable, tax_rate_id, tax_rate, override_tax_rate
--   item:     quantity, price, item_id, is_taxable
-- Every kind has an accounting code (a tag of the accounting-code list), a number (1, 2, 3 …
-- per invoice in creation order, never reused: the invoice keeps the last one given), a name,
-- a description, external references and accounting details. They bill no line of the sales
-- order: sales_order_line_id is always null.
ALTER TABLE invoices ADD COLUMN last_manual_line_number integer NOT NULL DEFAULT 0;

CREATE TABLE invoice_manual_lines (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    invoice_id           text NOT NULL,
    id                   text NOT NULL CHECK (char_length(id) = 36),
    kind                 text NOT NULL CHECK (kind IN ('priced', 'amount', 'quantity', 'item')),
    line_number          integer NOT NULL CHECK (line_number > 0),
    name                 text CHECK (char_length(name) BETWEEN 1 AND 200),
    description          text CHECK (char_length(description) BETWEEN 1 AND 2000),
    quantity             numeric CHECK (quantity > 0),
    price                numeric CHECK (price >= 0),
    amount               numeric CHECK (amount >= 0),
    unit_of_measure      text CHECK (char_length(unit_of_measure) BETWEEN 1 AND 50),
    item_id              text,
    is_taxable           boolean,
    tax_rate_id          text,
    tax_rate             numeric CHECK (tax_rate >= 0 AND tax_rate <= 100),
    override_tax_rate    boolean,
    accounting_code_id   text,
    sales_order_line_id  text CHECK (sales_order_line_id IS NULL),
    external_references  jsonb NOT NULL DEFAULT '{}',
    accounting_details   jsonb,
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT invoice_manual_lines_invoice_fkey FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
    CONSTRAINT invoice_manual_lines_tax_rate_fkey FOREIGN KEY (tenant_id, tax_rate_id) REFERENCES tax_rates (tenant_id, id),
    CONSTRAINT invoice_manual_lines_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id),
    -- Each kind sets exactly its members.
    CONSTRAINT invoice_manual_lines_members_check CHECK (CASE kind
        WHEN 'priced' THEN price IS NOT NULL AND quantity IS NULL AND amount IS NULL AND unit_of_measure IS NULL
            AND item_id IS NULL AND is_taxable IS NULL AND tax_rate IS NULL AND override_tax_rate IS NULL
        WHEN 'amount' THEN amount IS NOT NULL AND price IS NULL AND quantity IS NULL AND unit_of_measure IS NULL
            AND item_id IS NULL AND is_taxable IS NULL AND tax_rate IS NULL AND override_tax_rate IS NULL
        WHEN 'quantity' THEN quantity IS NOT NULL AND price IS NOT NULL AND unit_of_measure IS NOT NULL
            AND is_taxable IS NOT NULL AND tax_rate IS NOT NULL AND override_tax_rate IS NOT NULL
            AND amount IS NULL AND item_id IS NULL
        WHEN 'item' THEN quantity IS NOT NULL AND price IS NOT NULL AND item_id IS NOT NULL AND is_taxable IS NOT NULL
            AND amount IS NULL AND unit_of_measure IS NULL AND tax_rate IS NULL AND override_tax_rate IS NULL
    END),
    CONSTRAINT invoice_manual_lines_tax_rate_id_check CHECK (tax_rate_id IS NULL OR kind = 'quantity')
);

CREATE TRIGGER invoice_manual_lines_advance_version BEFORE UPDATE ON invoice_manual_lines
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- Numbers are unique per invoice; the index also serves the list in number order.
CREATE UNIQUE INDEX invoice_manual_lines_number_key ON invoice_manual_lines (tenant_id, invoice_id, line_number);
CREATE INDEX invoice_manual_lines_tax_rate_idx ON invoice_manual_lines (tenant_id, tax_rate_id);
CREATE INDEX invoice_manual_lines_item_idx ON invoice_manual_lines (tenant_id, item_id);
