-- Custom field definitions: for each module (record kind), the names, types and rules of
-- the values records carry in their customFields map. Deletion is hard (the read shape has
-- no `deleted`): values stored under a deleted name are refused the next time a record is
-- written.
CREATE TABLE custom_fields (
    tenant_id    text NOT NULL REFERENCES tenants (id),
    id           text NOT NULL,
    module       text NOT NULL CHECK (module IN (
        'item', 'item_Make', 'item_Buy', 'customer', 'vendor', 'quote', 'sales_Order', 'job',
        'invoice', 'purchase_Order', 'receive_Order', 'ship_Order', 'quote_Part_LineItem',
        'sales_Order_Part_LineItem', 'purchase_Order_Part_LineItem', 'outsideProcessing_LineItem',
        'shipping_Part_LineItem', 'invoice_Part_LineItem', 'job_Operation', 'ncr', 'capa')),
    name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    label        text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 200),
    type         text NOT NULL CHECK (type IN (
        'text', 'multilineText', 'dropdown', 'multipleChoiceDropdown', 'integerNumber',
        'decimalNumber', 'floatingPointNumber', 'boolean', 'list', 'date', 'multipleChoiceUser')),
    required     boolean NOT NULL DEFAULT false,
    options      text[] NOT NULL DEFAULT '{}',
    prepend      text CHECK (char_length(prepend) BETWEEN 1 AND 200),
    append       text CHECK (char_length(append) BETWEEN 1 AND 200),
    help_text    text CHECK (char_length(help_text) BETWEEN 1 AND 2000),
    created_utc  timestamptz NOT NULL DEFAULT now(),
    modified_utc timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    -- Choice types need options to choose from; other types carry none.
    CONSTRAINT custom_fields_options_match_type
        CHECK ((type IN ('dropdown', 'multipleChoiceDropdown')) = (cardinality(options) > 0))
);
-- Names are unique within a module, case-insensitively: the last line of defence under
-- concurrent creates. Its (tenant_id, module) prefix also serves loading a module's
-- definitions when records are validated.
CREATE UNIQUE INDEX custom_fields_name_key ON custom_fields (tenant_id, module, lower(name));
