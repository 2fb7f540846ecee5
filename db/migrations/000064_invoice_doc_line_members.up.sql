-- The members every fee, tax and discount line of an invoice carries: its number among the
-- invoice's lines of its kind (1, 2, 3 … in creation order; the one discount line is 1), its
-- external references ({} until written) and its accounting details (null: none set); tax and
-- discount lines a description (null until written); fee lines whether their tax rate was
-- changed on the invoice rather than copied with the line.
ALTER TABLE invoice_fee_lines
    ADD COLUMN line_number         integer,
    ADD COLUMN override_tax_rate   boolean NOT NULL DEFAULT false,
    ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details  jsonb;

ALTER TABLE invoice_tax_lines
    ADD COLUMN line_number         integer,
    ADD COLUMN description         text CHECK (char_length(description) BETWEEN 1 AND 2000),
    ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details  jsonb;

ALTER TABLE invoice_discount_lines
    ADD COLUMN line_number         integer NOT NULL DEFAULT 1 CHECK (line_number = 1),
    ADD COLUMN description         text CHECK (char_length(description) BETWEEN 1 AND 2000),
    ADD COLUMN external_references jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN accounting_details  jsonb;

-- The lines stored so far are numbered in creation order.
UPDATE invoice_fee_lines l SET line_number = n.number
FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, invoice_id ORDER BY created_utc, id) AS number
      FROM invoice_fee_lines) n
WHERE n.tenant_id = l.tenant_id AND n.id = l.id;

UPDATE invoice_tax_lines l SET line_number = n.number
FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, invoice_id ORDER BY created_utc, id) AS number
      FROM invoice_tax_lines) n
WHERE n.tenant_id = l.tenant_id AND n.id = l.id;

ALTER TABLE invoice_fee_lines
    ALTER COLUMN line_number SET NOT NULL,
    ADD CONSTRAINT invoice_fee_lines_number_check CHECK (line_number >= 1),
    ADD CONSTRAINT invoice_fee_lines_number_key UNIQUE (tenant_id, invoice_id, line_number);

ALTER TABLE invoice_tax_lines
    ALTER COLUMN line_number SET NOT NULL,
    ADD CONSTRAINT invoice_tax_lines_number_check CHECK (line_number >= 1),
    ADD CONSTRAINT invoice_tax_lines_number_key UNIQUE (tenant_id, invoice_id, line_number);
