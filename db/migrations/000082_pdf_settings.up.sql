-- What the tenant's PDFs show (quote, sales order, invoice, purchase order, packing slip):
-- read at every render, never copied into a document. One row per tenant that saved them; a
-- tenant without one reads the column defaults.
CREATE TABLE pdf_settings (
    tenant_id                 text PRIMARY KEY REFERENCES tenants (id),
    show_logo                 boolean NOT NULL DEFAULT true,
    -- A stored PNG or JPEG attachment of the tenant, checked when written. No foreign key: the
    -- attachment may be deleted later, and documents then print without a logo.
    logo_attachment_id        text CHECK (char_length(logo_attachment_id) = 24),
    footer_text               text CHECK (char_length(footer_text) BETWEEN 1 AND 500),
    date_format               text NOT NULL DEFAULT 'yyyy-MM-dd'
        CHECK (date_format IN ('yyyy-MM-dd', 'MM/dd/yyyy', 'dd/MM/yyyy', 'dd.MM.yyyy', 'MMM d, yyyy', 'd MMM yyyy')),
    page_size                 text NOT NULL DEFAULT 'letter' CHECK (page_size IN ('letter', 'a4')),
    -- Printed in the header instead of the primary company's email when set.
    document_email            text CHECK (char_length(document_email) BETWEEN 3 AND 200),
    packing_slip_shows_prices boolean NOT NULL DEFAULT false,
    quote_terms               text CHECK (char_length(quote_terms) BETWEEN 1 AND 4000),
    sales_order_terms         text CHECK (char_length(sales_order_terms) BETWEEN 1 AND 4000),
    invoice_terms             text CHECK (char_length(invoice_terms) BETWEEN 1 AND 4000),
    purchase_order_terms      text CHECK (char_length(purchase_order_terms) BETWEEN 1 AND 4000),
    packing_slip_terms        text CHECK (char_length(packing_slip_terms) BETWEEN 1 AND 4000),
    modified_utc              timestamptz NOT NULL DEFAULT now(),
    version                   bigint NOT NULL DEFAULT 1
);

CREATE TRIGGER pdf_settings_advance_version BEFORE UPDATE ON pdf_settings
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();
