-- Invoice refund lines carry the members every invoice line has: a number (1, 2, 3 … per
-- invoice in creation order, never reused: the invoice keeps the last one given), a name,
-- external references, and the sales order refund line copied, kept after the invoice is
-- deleted (sales_order_refund_line_id, the live claim, is then released).
ALTER TABLE invoices ADD COLUMN last_refund_line_number integer NOT NULL DEFAULT 0;

ALTER TABLE invoice_refund_lines
    ADD COLUMN line_number integer,
    ADD COLUMN name text CHECK (char_length(name) BETWEEN 1 AND 200),
    ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN copied_sales_order_refund_line_id text;

UPDATE invoice_refund_lines l
SET line_number = n.number, copied_sales_order_refund_line_id = l.sales_order_refund_line_id
FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, invoice_id ORDER BY created_utc, id) AS number
      FROM invoice_refund_lines) n
WHERE n.tenant_id = l.tenant_id AND n.id = l.id;

UPDATE invoices i SET last_refund_line_number = c.last
FROM (SELECT tenant_id, invoice_id, max(line_number) AS last FROM invoice_refund_lines GROUP BY tenant_id, invoice_id) c
WHERE c.tenant_id = i.tenant_id AND c.invoice_id = i.id;

ALTER TABLE invoice_refund_lines ALTER COLUMN line_number SET NOT NULL,
    ADD CONSTRAINT invoice_refund_lines_number_check CHECK (line_number > 0);

-- Numbers are unique per invoice; the index also serves the list in number order.
CREATE UNIQUE INDEX invoice_refund_lines_number_key ON invoice_refund_lines (tenant_id, invoice_id, line_number);
