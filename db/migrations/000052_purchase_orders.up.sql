-- Purchase orders: what the shop orders from a vendor. The header only; lines and receipts
-- come with their own tables.
CREATE TABLE purchase_orders (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind purchaseOrder): gap-free and never reused.
    number               bigint NOT NULL CHECK (number > 0),
    vendor_id            text NOT NULL,
    status               text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'ordered', 'paid', 'closed', 'cancelled')),
    -- NULL: the default title the answer shows for the status.
    title                text CHECK (char_length(title) BETWEEN 1 AND 100 AND title = btrim(title)),
    -- Calendar dates as written (time of day and offset of the request ignored).
    order_date           date NOT NULL CHECK (order_date BETWEEN '2000-01-01' AND '2099-12-31'),
    due_date             date CHECK (due_date BETWEEN '2000-01-01' AND '2099-12-31'),
    currency_code        text NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
    payment_terms_id     text,
    -- A copy of the address the goods go to, in the shape sales documents use.
    ship_to              jsonb,
    notes                text CHECK (char_length(notes) BETWEEN 1 AND 2000),
    external_references  jsonb NOT NULL DEFAULT '{}',
    custom_fields        jsonb NOT NULL DEFAULT '{}',
    created_by_user_id   text,
    deleted              boolean NOT NULL DEFAULT false,
    -- Totals in the order's currency: zero until the order has lines.
    line_sub_total       numeric NOT NULL DEFAULT 0,
    fee_total            numeric NOT NULL DEFAULT 0,
    sub_total            numeric NOT NULL DEFAULT 0,
    discount_total       numeric NOT NULL DEFAULT 0,
    tax_total            numeric NOT NULL DEFAULT 0,
    vendor_credit_total  numeric NOT NULL DEFAULT 0,
    total                numeric NOT NULL DEFAULT 0,
    created_utc          timestamptz NOT NULL DEFAULT now(),
    modified_utc         timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT purchase_orders_number_key UNIQUE (tenant_id, number),
    CONSTRAINT purchase_orders_vendor_fkey FOREIGN KEY (tenant_id, vendor_id) REFERENCES vendors (tenant_id, id),
    CONSTRAINT purchase_orders_payment_terms_fkey FOREIGN KEY (tenant_id, payment_terms_id) REFERENCES payment_terms (tenant_id, id),
    CONSTRAINT purchase_orders_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER purchase_orders_advance_version BEFORE UPDATE ON purchase_orders
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id) and its filters.
CREATE INDEX purchase_orders_created_idx ON purchase_orders (tenant_id, created_utc DESC, id DESC);
CREATE INDEX purchase_orders_vendor_idx ON purchase_orders (tenant_id, vendor_id, created_utc DESC);
CREATE INDEX purchase_orders_status_idx ON purchase_orders (tenant_id, status, created_utc DESC);
CREATE INDEX purchase_orders_modified_idx ON purchase_orders (tenant_id, modified_utc, id);
CREATE INDEX purchase_orders_order_date_idx ON purchase_orders (tenant_id, order_date);
CREATE INDEX purchase_orders_due_date_idx ON purchase_orders (tenant_id, due_date);
CREATE INDEX purchase_orders_payment_terms_idx ON purchase_orders (tenant_id, payment_terms_id);
CREATE INDEX purchase_orders_external_references ON purchase_orders USING gin (external_references jsonb_path_ops);
