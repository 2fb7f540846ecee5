-- In-process tracking fields: what operators record while a job runs. A dropDown field
-- carries its options; other types carry none.
CREATE TABLE in_process_tracking_fields (
    tenant_id         text NOT NULL REFERENCES tenants (id),
    id                text NOT NULL,
    name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    data_type         text NOT NULL CHECK (data_type IN ('boolean', 'text', 'number', 'dropDown', 'date')),
    description       text CHECK (char_length(description) BETWEEN 1 AND 200),
    drop_down_options text[] NOT NULL DEFAULT '{}',
    unit_type_name    text CHECK (char_length(unit_type_name) BETWEEN 1 AND 200),
    created_utc       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    CONSTRAINT in_process_tracking_fields_options_check
        CHECK ((data_type = 'dropDown') = (cardinality(drop_down_options) > 0))
);
-- Names are unique per tenant, case-insensitively: the last line of defence under
-- concurrent creates. Fields are never deleted, so no predicate is needed.
CREATE UNIQUE INDEX in_process_tracking_fields_name_key ON in_process_tracking_fields (tenant_id, lower(name));
