-- The shipments a live invoice bills, one row per shipment and billed order part line; the
-- rows go when the invoice is deleted, so the key holds "one live billing per shipment line".
CREATE TABLE invoice_shipments (
    tenant_id           text NOT NULL REFERENCES tenants (id),
    invoice_id          text NOT NULL,
    shipment_id         text NOT NULL,
    sales_order_line_id text NOT NULL,
    PRIMARY KEY (tenant_id, shipment_id, sales_order_line_id)
);
CREATE INDEX invoice_shipments_invoice ON invoice_shipments (tenant_id, invoice_id);
