-- Attachments: files attached to records of many kinds (owner_type, owner_id), kept in the
-- content-addressed blob store (blob_key, the content's SHA-256) or elsewhere (access_url,
-- a remote attachment). Certifications are attachments bound to a lot (lot_id).
CREATE TABLE attachments (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    -- No length check: records imported from earlier systems may carry invalid ids, which
    -- deleteAttachment removes and answers 410 for.
    id                 text NOT NULL,
    owner_type         text NOT NULL CHECK (owner_type IN ('salesOrder', 'salesOrderReceiving', 'salesOrderPartLineItem',
                           'quote', 'quotePartLineItem', 'purchaseOrder', 'purchaseOrderReceiving', 'purchaseOrderPartLineItem',
                           'invoice', 'workOrderOperation', 'operation', 'item', 'job', 'shipment',
                           'purchaseOrderReceivingLineItem', 'salesOrderReceivingLineItem')),
    owner_id           text NOT NULL CHECK (char_length(owner_id) BETWEEN 24 AND 36),
    parent_type        text,
    parent_id          text,
    name               text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    description        text CHECK (char_length(description) BETWEEN 1 AND 200),
    format             text NOT NULL CHECK (format IN ('undefined', 'cad', 'document', 'image', 'video')),
    size               bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
    -- The stored content (null for a remote attachment). Content is shared: another
    -- attachment (of any tenant) with the same bytes has the same key.
    blob_key           text CHECK (blob_key ~ '^[0-9a-f]{64}$'),
    is_note_attachment boolean NOT NULL DEFAULT false,
    access_url         text,
    access_token       text,
    lot_id             text,
    is_certification   boolean NOT NULL DEFAULT false,
    metadata           jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
    created_utc        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CHECK ((parent_type IS NULL) = (parent_id IS NULL)),
    -- Either stored here or kept elsewhere, never both or neither.
    CHECK ((blob_key IS NULL) <> (access_url IS NULL)),
    CHECK (lot_id IS NULL OR is_certification),
    FOREIGN KEY (tenant_id, lot_id) REFERENCES inventory_lots (tenant_id, id)
);
CREATE INDEX attachments_owner_idx ON attachments (tenant_id, owner_type, owner_id);
-- Whether any record still refers to some content: across tenants, as content is shared.
CREATE INDEX attachments_blob_key_idx ON attachments (blob_key) WHERE blob_key IS NOT NULL;
