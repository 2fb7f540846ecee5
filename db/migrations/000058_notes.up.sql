-- Notes: append-only free text written on one business document (a sales order, purchase
-- order, quote or invoice). A note is never changed or deleted; the version column serves
-- conditional reads like every record's.
CREATE TABLE notes (
    tenant_id            text NOT NULL REFERENCES tenants (id),
    id                   text NOT NULL CHECK (char_length(id) = 24),
    text                 text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000 AND text = btrim(text)),
    -- Exactly one document. The invoice has no foreign key until invoices land.
    sales_order_id       text,
    purchase_order_id    text,
    quote_id             text,
    invoice_id           text,
    -- The user of a user-bound token; NULL for a tenant-bound (integration) token.
    created_by_user_id   text,
    external_references  jsonb NOT NULL DEFAULT '{}',
    created_utc          timestamptz NOT NULL DEFAULT now(),
    version              bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT notes_document_check CHECK (num_nonnulls(sales_order_id, purchase_order_id, quote_id, invoice_id) = 1),
    CONSTRAINT notes_sales_order_fkey FOREIGN KEY (tenant_id, sales_order_id) REFERENCES sales_orders (tenant_id, id),
    CONSTRAINT notes_purchase_order_fkey FOREIGN KEY (tenant_id, purchase_order_id) REFERENCES purchase_orders (tenant_id, id),
    CONSTRAINT notes_quote_fkey FOREIGN KEY (tenant_id, quote_id) REFERENCES quotes (tenant_id, id),
    CONSTRAINT notes_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER notes_advance_version BEFORE UPDATE ON notes
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list's default order (newest first, then id) and its createdAfterUtc and
-- createdBeforeUtc filters; one index per document kind for the notes of given documents.
CREATE INDEX notes_created_idx ON notes (tenant_id, created_utc DESC, id DESC);
CREATE INDEX notes_sales_order_idx ON notes (tenant_id, sales_order_id, created_utc DESC) WHERE sales_order_id IS NOT NULL;
CREATE INDEX notes_purchase_order_idx ON notes (tenant_id, purchase_order_id, created_utc DESC) WHERE purchase_order_id IS NOT NULL;
CREATE INDEX notes_quote_idx ON notes (tenant_id, quote_id, created_utc DESC) WHERE quote_id IS NOT NULL;
CREATE INDEX notes_invoice_idx ON notes (tenant_id, invoice_id, created_utc DESC) WHERE invoice_id IS NOT NULL;
