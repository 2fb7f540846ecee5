-- Refund reason codes: why money goes back to a customer ("Damaged in transit", "Returned
-- unused"), with an optional short code (DMG).
CREATE TABLE refund_reason_codes (
    tenant_id     text NOT NULL REFERENCES tenants (id),
    id            text NOT NULL,
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200 AND name = btrim(name)),
    code          text CHECK (char_length(code) BETWEEN 1 AND 50 AND code = btrim(code)),
    description   text CHECK (char_length(description) <= 200),
    is_archived   boolean NOT NULL DEFAULT false,
    created_utc   timestamptz NOT NULL DEFAULT now(),
    modified_utc  timestamptz NOT NULL DEFAULT now(),
    version       bigint NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, id)
);

CREATE TRIGGER refund_reason_codes_advance_version BEFORE UPDATE ON refund_reason_codes
    FOR EACH ROW EXECUTE FUNCTION advance_record_version();

-- A name, and a code when present, is unique among the tenant's non-archived refund reason
-- codes, case-insensitively; archiving frees both. These indexes decide races between
-- concurrent writes.
CREATE UNIQUE INDEX refund_reason_codes_name_key ON refund_reason_codes (tenant_id, lower(name)) WHERE NOT is_archived;
CREATE UNIQUE INDEX refund_reason_codes_code_key ON refund_reason_codes (tenant_id, lower(code))
    WHERE NOT is_archived AND code IS NOT NULL;

-- The list's default order (name, then id), and its name (substring) filter.
CREATE INDEX refund_reason_codes_name_idx ON refund_reason_codes (tenant_id, lower(name), id);
CREATE INDEX refund_reason_codes_name_trgm_idx ON refund_reason_codes USING gin (name gin_trgm_ops);
