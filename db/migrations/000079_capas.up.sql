-- Corrective and preventive actions (CAPAs), numbered per tenant, raised on their own or from
-- an NCR, moved through New, Hold, Quality Review, Engineering Review and Closed by the
-- transition table of updateCapaStatus (the service holds the table; the check below holds
-- the set).

-- CAPAs take their numbers from document_numbers: the kind check learns 'capa'.
ALTER TABLE document_numbers DROP CONSTRAINT document_numbers_kind_check;
ALTER TABLE document_numbers ADD CONSTRAINT document_numbers_kind_check
    CHECK (kind IN ('quote', 'salesOrder', 'purchaseOrder', 'invoice', 'shipment', 'receipt', 'workOrder', 'job', 'ncr', 'capa'));

CREATE TABLE capas (
    tenant_id           text NOT NULL REFERENCES tenants (id),
    id                  text NOT NULL CHECK (char_length(id) = 24),
    -- Per tenant, from document_numbers (kind capa): gap-free and never reused.
    number              bigint NOT NULL CHECK (number > 0),
    capa_type           text NOT NULL
        CHECK (capa_type IN ('correctiveAction', 'preventiveAction', 'supplierIssue', 'safetyIssue')),
    problem_statement   text NOT NULL CHECK (char_length(problem_statement) BETWEEN 1 AND 2000),
    status              text NOT NULL DEFAULT 'New'
        CHECK (status IN ('New', 'Hold', 'Quality Review', 'Engineering Review', 'Closed')),
    root_cause_analysis text CHECK (char_length(root_cause_analysis) BETWEEN 1 AND 2000),
    corrective_action   text CHECK (char_length(corrective_action) BETWEEN 1 AND 2000),
    -- The NCR the CAPA was raised from, if any.
    ncr_id              text,
    due_date            timestamptz NOT NULL,
    -- Stamped by the move to Closed, cleared by a reopening: set exactly while Closed.
    closed_utc          timestamptz,
    custom_fields       jsonb NOT NULL DEFAULT '{}',
    created_by_user_id  text,
    created_utc         timestamptz NOT NULL DEFAULT now(),
    modified_utc        timestamptz NOT NULL DEFAULT now(),
    version             bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT capas_number_key UNIQUE (tenant_id, number),
    CHECK ((status = 'Closed') = (closed_utc IS NOT NULL)),
    CONSTRAINT capas_ncr_fkey FOREIGN KEY (tenant_id, ncr_id) REFERENCES ncrs (tenant_id, id),
    CONSTRAINT capas_created_by_fkey FOREIGN KEY (tenant_id, created_by_user_id) REFERENCES users (tenant_id, id)
);

CREATE TRIGGER capas_advance_version BEFORE UPDATE ON capas
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- The list: newest first by default, and each filter of its own.
CREATE INDEX capas_created_idx ON capas (tenant_id, created_utc DESC, id DESC);
CREATE INDEX capas_status_idx ON capas (tenant_id, status, created_utc DESC);
CREATE INDEX capas_type_idx ON capas (tenant_id, capa_type, created_utc DESC);
CREATE INDEX capas_ncr_idx ON capas (tenant_id, ncr_id) WHERE ncr_id IS NOT NULL;
CREATE INDEX capas_due_idx ON capas (tenant_id, due_date, id);
