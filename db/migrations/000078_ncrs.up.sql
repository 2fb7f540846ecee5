-- Non-conformance reports (NCRs): a problem found with a job's work or an item, numbered per
-- tenant, starting New. An NCR created with a job and/or an item carries ONE impact naming
-- them and how much is affected. NCRs read jobs and items only through their services; the
-- foreign keys are the database's last line.

-- NCRs take their numbers from document_numbers like the other documents: the kind check
-- learns 'ncr'.
ALTER TABLE document_numbers DROP CONSTRAINT document_numbers_kind_check;
ALTER TABLE document_numbers ADD CONSTRAINT document_numbers_kind_check
    CHECK (kind IN ('quote', 'salesOrder', 'purchaseOrder', 'invoice', 'shipment', 'receipt', 'workOrder', 'job', 'ncr'));

CREATE TABLE ncrs (
    tenant_id          text NOT NULL REFERENCES tenants (id),
    id                 text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind ncr): gap-free and never reused.
    number             bigint NOT NULL CHECK (number > 0),
    type               text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 2000),
    title              text CHECK (char_length(title) BETWEEN 1 AND 2000),
    detail             text NOT NULL CHECK (char_length(detail) BETWEEN 1 AND 2000),
    cause              text CHECK (char_length(cause) BETWEEN 1 AND 2000),
    reason             text CHECK (char_length(reason) BETWEEN 1 AND 2000),
    disposition        text CHECK (char_length(disposition) BETWEEN 1 AND 2000),
    -- New on create; NCRs have no status moves yet.
    status             text NOT NULL DEFAULT 'New' CHECK (char_length(status) BETWEEN 1 AND 100),
    custom_fields      jsonb NOT NULL DEFAULT '{}',
    created_by_user_id text,
    created_utc        timestamptz NOT NULL DEFAULT now(),
    modified_utc       timestamptz NOT NULL DEFAULT now(),
    version            bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT ncrs_number_key UNIQUE (tenant_id, number),
    CONSTRAINT ncrs_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER ncrs_advance_version BEFORE UPDATE ON ncrs
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list: newest first by default, and each filter of its own.
CREATE INDEX ncrs_created_idx ON ncrs (tenant_id, created_utc DESC, id DESC);
CREATE INDEX ncrs_type_idx ON ncrs (tenant_id, type, created_utc DESC);
CREATE INDEX ncrs_status_idx ON ncrs (tenant_id, status, created_utc DESC);
-- The list's search: the title or the detail contains the text (the number uses the key).
CREATE INDEX ncrs_title_trgm_idx ON ncrs USING gin (title gin_trgm_ops);
CREATE INDEX ncrs_detail_trgm_idx ON ncrs USING gin (detail gin_trgm_ops);

-- What an NCR impacts: a job and/or an item (at least one), the quantity and its
-- disposition. All is resolved at create to the job's quantity made, stored as sent.
CREATE TABLE ncr_impacts (
    tenant_id                     text NOT NULL REFERENCES tenants (id),
    id                            text NOT NULL CHECK (char_length(id) = 36),
    ncr_id                        text NOT NULL,
    job_id                        text,
    item_id                       text,
    quantity_impacted             numeric CHECK (quantity_impacted >= 0),
    quantity_impacted_disposition text NOT NULL DEFAULT 'Partial'
        CHECK (quantity_impacted_disposition IN ('All', 'Partial', 'Unknown')),
    PRIMARY KEY (tenant_id, id),
    CHECK (job_id IS NOT NULL OR item_id IS NOT NULL),
    CONSTRAINT ncr_impacts_ncr_fkey FOREIGN KEY (tenant_id, ncr_id) REFERENCES ncrs (tenant_id, id),
    CONSTRAINT ncr_impacts_job_fkey FOREIGN KEY (tenant_id, job_id) REFERENCES jobs (tenant_id, id),
    CONSTRAINT ncr_impacts_item_fkey FOREIGN KEY (tenant_id, item_id) REFERENCES items (tenant_id, id)
);

CREATE INDEX ncr_impacts_ncr_idx ON ncr_impacts (tenant_id, ncr_id);
CREATE INDEX ncr_impacts_job_idx ON ncr_impacts (tenant_id, job_id) WHERE job_id IS NOT NULL;
CREATE INDEX ncr_impacts_item_idx ON ncr_impacts (tenant_id, item_id) WHERE item_id IS NOT NULL;
